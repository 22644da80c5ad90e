import Foundation
import HairlineDiagnostics

/// `sarif`: SARIF 2.1.0 as GitHub code scanning reads it — the driver's rules with their descriptions, levels and
/// help, results with relative URIs under `SRCROOT`, regions in Unicode code points, and partial fingerprints
/// that survive edits elsewhere in a file. Input errors are tool execution notifications.
public enum SARIFReporter: Reporter {
    public static let name = "sarif"

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    static func uri(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
    }

    /// The finding's fingerprints: its line's text and message (v1), and where it is in the screen's structure
    /// (`hairlinePlaceHash/v1`, the key baselines use), which an edit to another property on its line leaves alone.
    private static func fingerprints(_ finding: Diagnostic, _ report: LintReport) -> [String: String] {
        var fingerprints = ["hairlineFindingHash/v1": report.fingerprint(finding)]
        if let anchor = finding.anchor { fingerprints["hairlinePlaceHash/v1"] = Fingerprint.hex([finding.mark.file, finding.code, anchor]) }
        return fingerprints
    }

    /// Where a diagnostic is: its start, and its end where its range is known (the column just past its last
    /// character, as SARIF counts it).
    static func location(_ diagnostic: Diagnostic) -> [String: Any] {
        let mark = diagnostic.mark
        var region: [String: Any] = ["startLine": mark.line, "startColumn": mark.column]
        if let range = diagnostic.range {
            region["endLine"] = range.end.line
            region["endColumn"] = range.end.column
        }
        return ["physicalLocation": ["artifactLocation": ["uri": uri(mark.file), "uriBaseId": "SRCROOT"], "region": region]]
    }

    /// A fix as SARIF writes one: its edits as replacements of regions of the finding's file.
    static func fix(_ fix: Fix, in file: String) -> [String: Any] {
        let replacements: [[String: Any]] = fix.edits.map { edit in
            [
                "deletedRegion": [
                    "startLine": edit.range.start.line, "startColumn": edit.range.start.column, "endLine": edit.range.end.line,
                    "endColumn": edit.range.end.column,
                ],
                "insertedContent": ["text": edit.text],
            ]
        }
        return [
            "description": ["text": fix.title],
            "artifactChanges": [["artifactLocation": ["uri": uri(file), "uriBaseId": "SRCROOT"], "replacements": replacements]],
            "properties": ["safety": fix.safety.rawValue],
        ]
    }

    public static func render(_ report: LintReport) -> String {
        var rules = report.rules
        for code in Set(report.findings.map(\.code)) where !rules.contains(where: { $0.id == code }) {
            rules.append(
                RuleInfo(
                    id: code, severity: "warning", system: nil, target: "", check: "", summary: BuiltInRules.summary(code),
                    why: BuiltInRules.summary(code), file: "", line: 0, failing: [], passing: []))
        }
        rules.sort { $0.id < $1.id }
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let driverRules: [[String: Any]] = rules.map { rule in
            let summary = rule.summary ?? rule.id
            var entry: [String: Any] = [
                "id": rule.id,
                "name": rule.id,
                "shortDescription": ["text": summary],
                "fullDescription": ["text": rule.why ?? summary],
                "help": ["text": [rule.why, rule.target.isEmpty ? nil : "Selector: \(rule.target) · check: \(rule.checkText)"].compactMap { $0 }.joined(separator: "\n\n")],
                "defaultConfiguration": ["level": level(Severity(rawValue: rule.severity) ?? .error)],
            ]
            if let url = rule.helpURL, RuleInfo.isWebURL(url) { entry["helpUri"] = url }
            if let system = rule.system { entry["properties"] = ["tags": [system]] }
            return entry
        }
        func result(_ finding: Diagnostic) -> [String: Any] {
            var result: [String: Any] = [
                "ruleId": finding.code,
                "level": level(finding.severity),
                "message": ["text": finding.message],
                "locations": [location(finding)],
                "partialFingerprints": fingerprints(finding, report),
            ]
            if let position = index[finding.code] { result["ruleIndex"] = position }
            if let fix = finding.fix, !fix.edits.isEmpty { result["fixes"] = [Self.fix(fix, in: finding.mark.file)] }
            return result
        }
        let notifications: [[String: Any]] = report.inputErrors.map { error in
            ["level": "error", "message": ["text": "\(error.message) [\(error.code)]"], "locations": [location(error)]]
        }
        let run: [String: Any] = [
            "tool": ["driver": ["name": "Hairline", "semanticVersion": report.toolVersion, "version": report.toolVersion, "rules": driverRules]],
            "originalUriBaseIds": ["SRCROOT": ["uri": URL(fileURLWithPath: report.workingDirectory, isDirectory: true).absoluteString]],
            "columnKind": "unicodeCodePoints",
            "results": report.findings.map(result),
            "artifacts": report.files.map { ["location": ["uri": uri($0), "uriBaseId": "SRCROOT"]] },
            "invocations": [["executionSuccessful": report.inputErrors.isEmpty, "toolExecutionNotifications": notifications]],
        ]
        return JSONOutput.serialize([
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [run],
        ])
    }
}

/// Findings Hairline makes itself, not from a rule file.
public enum BuiltInRules {
    public static func summary(_ code: String) -> String {
        switch code {
        case "unused-suppression": "A hairline:disable comment suppresses nothing"
        case "deprecated-token": "A screen uses a deprecated token"
        default: code
        }
    }
}
