import Foundation
import HairlineDiagnostics
import HairlineLint

/// `--select` and `--ignore`: rule ids or prefixes of them (`bb-` selects every Black Belt rule), as Ruff takes
/// them; input errors are never left out.
public struct RuleSelection: Sendable {
    public let select: [String]
    public let ignore: [String]

    public init(select: [String], ignore: [String]) {
        func split(_ values: [String]) -> [String] {
            values.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
        }
        (self.select, self.ignore) = (split(select), split(ignore))
    }

    public func admits(_ id: String) -> Bool {
        (select.isEmpty || select.contains { id.hasPrefix($0) }) && !ignore.contains { id.hasPrefix($0) }
    }

    public func filter(_ findings: [Diagnostic]) -> [Diagnostic] {
        select.isEmpty && ignore.isEmpty ? findings : findings.filter { admits($0.code) }
    }
}

/// What a lint run reports of its findings, as `hairline lint` reports them: the selected rules' findings (input
/// errors always), less those a baseline records, and errors only when asked. One place, so that every front end
/// filters as the command line does.
public struct LintFilters: Sendable {
    public var selection: RuleSelection
    public var baseline: Baseline?
    public var errorsOnly: Bool

    public init(selection: RuleSelection, baseline: Baseline? = nil, errorsOnly: Bool = false) {
        (self.selection, self.baseline, self.errorsOnly) = (selection, baseline, errorsOnly)
    }

    /// The findings of a result to report.
    public func reported(_ result: LintEngine.Result) -> [Diagnostic] {
        var findings = selection.filter(result.findings)
        if let baseline { findings = baseline.newFindings(findings, lineTexts: result.lineTexts) }
        return errorsOnly ? findings.filter { $0.severity == .error } : findings
    }
}
