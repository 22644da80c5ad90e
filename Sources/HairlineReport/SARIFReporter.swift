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
    private static func fingerprints(_ finding: Diagnostic, _ report: LintReport, into writer: inout JSONWriter) {
        writer.object("partialFingerprints") { writer in
            writer.member("hairlineFindingHash/v1", report.fingerprintHash(finding))
            if let anchor = finding.anchor {
                var place = Fingerprint()
                place.add(finding.mark.file)
                place.add(finding.code)
                place.add(anchor)
                writer.member("hairlinePlaceHash/v1", place)
            }
        }
    }

    /// A file under `SRCROOT`, as the value of `key`.
    private static func artifact(_ key: StaticString, _ uri: String, into writer: inout JSONWriter) {
        writer.object(key) { writer in
            writer.member("uri", uri)
            writer.member("uriBaseId", "SRCROOT")
        }
    }

    /// Where a diagnostic is: its start, and its end where its range is known (the column just past its last
    /// character, as SARIF counts it).
    private static func locations(_ diagnostic: Diagnostic, uri: String, into writer: inout JSONWriter) {
        writer.array("locations") { writer in
            writer.element()
            writer.object { writer in
                writer.object("physicalLocation") { writer in
                    artifact("artifactLocation", uri, into: &writer)
                    writer.object("region") { writer in
                        if let range = diagnostic.range {
                            writer.member("endColumn", range.end.column)
                            writer.member("endLine", range.end.line)
                        }
                        writer.member("startColumn", diagnostic.mark.column)
                        writer.member("startLine", diagnostic.mark.line)
                    }
                }
            }
        }
    }

    /// A fix as SARIF writes one: its edits as replacements of regions of the finding's file.
    private static func fixes(_ fix: Fix, uri: String, into writer: inout JSONWriter) {
        writer.array("fixes") { writer in
            writer.element()
            writer.object { writer in
                writer.array("artifactChanges") { writer in
                    writer.element()
                    writer.object { writer in
                        artifact("artifactLocation", uri, into: &writer)
                        writer.array("replacements") { writer in
                            for edit in fix.edits {
                                writer.element()
                                writer.object { writer in
                                    writer.object("deletedRegion") { writer in
                                        writer.member("endColumn", edit.range.end.column)
                                        writer.member("endLine", edit.range.end.line)
                                        writer.member("startColumn", edit.range.start.column)
                                        writer.member("startLine", edit.range.start.line)
                                    }
                                    writer.object("insertedContent") { $0.member("text", edit.text) }
                                }
                            }
                        }
                    }
                }
                writer.object("description") { $0.member("text", fix.title) }
                writer.object("properties") { $0.member("safety", fix.safety.rawValue) }
            }
        }
    }

    public static func write(_ report: LintReport, to output: ReportOutput) {
        var rules = report.rules
        for code in Set(report.findings.map(\.code)) where !rules.contains(where: { $0.id == code }) {
            rules.append(
                RuleInfo(
                    id: code, severity: "warning", system: nil, target: "", check: "", summary: BuiltInRules.summary(code),
                    why: BuiltInRules.summary(code), file: "", line: 0, failing: [], passing: []))
        }
        // One entry an id: each system's vocabulary is a rule named `components`.
        var seen: Set<String> = []
        rules = rules.filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
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
        // Each file's URI, worked out once.
        var uris: [FileID: String] = [:]
        for diagnostics in [report.findings, report.inputErrors] {
            for diagnostic in diagnostics where uris[diagnostic.mark.fileID] == nil {
                uris[diagnostic.mark.fileID] = uri(diagnostic.mark.file)
            }
        }
        let (findings, errors) = (report.findings, report.inputErrors)
        let results = JSONItems(count: findings.count) { position, writer in
            let finding = findings[position]
            let uri = uris[finding.mark.fileID]!
            writer.object { writer in
                if let fix = finding.fix, !fix.edits.isEmpty { fixes(fix, uri: uri, into: &writer) }
                writer.member("level", level(finding.severity))
                locations(finding, uri: uri, into: &writer)
                writer.object("message") { $0.member("text", finding.message) }
                fingerprints(finding, report, into: &writer)
                writer.member("ruleId", finding.code)
                if let ruleIndex = index[finding.code] { writer.member("ruleIndex", ruleIndex) }
            }
        }
        let notifications = JSONItems(count: errors.count) { position, writer in
            let error = errors[position]
            writer.object { writer in
                writer.member("level", "error")
                locations(error, uri: uris[error.mark.fileID]!, into: &writer)
                writer.object("message") { $0.member("text", "\(error.message) [\(error.code)]") }
            }
        }
        let files = report.files
        let artifacts = JSONItems(count: files.count) { position, writer in
            writer.object { artifact("location", uri(files[position]), into: &$0) }
        }
        let run: [String: Any] = [
            "tool": ["driver": ["name": "Hairline", "semanticVersion": report.toolVersion, "version": report.toolVersion, "rules": driverRules]],
            "originalUriBaseIds": ["SRCROOT": ["uri": URL(fileURLWithPath: report.workingDirectory, isDirectory: true).absoluteString]],
            "columnKind": "unicodeCodePoints",
            "results": results,
            "artifacts": artifacts,
            "invocations": [["executionSuccessful": report.inputErrors.isEmpty, "toolExecutionNotifications": notifications]],
        ]
        JSONOutput.write([
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [run],
        ], to: output)
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
