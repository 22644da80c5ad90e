import Foundation
import HairlineDiagnostics

/// `json`: a stable document (docs/reports.md) with every finding and input error, the files and a summary.
public enum JSONReporter: Reporter {
    public static let name = "json"

    public static func render(_ report: LintReport) -> String {
        func entry(_ diagnostic: Diagnostic, kind: String) -> [String: Any] {
            var object: [String: Any] = [
                "kind": kind, "file": diagnostic.mark.file, "line": diagnostic.mark.line, "column": diagnostic.mark.column,
                "severity": diagnostic.severity.rawValue, "rule": diagnostic.code, "message": diagnostic.message,
            ]
            if let range = diagnostic.range {
                object["endLine"] = range.end.line
                object["endColumn"] = range.end.column
            }
            if kind == "finding" { object["fingerprint"] = report.fingerprint(diagnostic) }
            if let fix = diagnostic.fix, !fix.edits.isEmpty {
                object["fix"] = [
                    "title": fix.title, "safety": fix.safety.rawValue,
                    "edits": fix.edits.map { edit -> [String: Any] in
                        [
                            "line": edit.range.start.line, "column": edit.range.start.column, "endLine": edit.range.end.line,
                            "endColumn": edit.range.end.column, "offset": edit.bytes.lowerBound, "length": edit.bytes.count, "text": edit.text,
                        ]
                    },
                ]
            }
            if !diagnostic.notes.isEmpty {
                object["notes"] = diagnostic.notes.map { note -> [String: Any] in
                    var value: [String: Any] = ["message": note.message]
                    if let mark = note.mark { value["file"] = mark.file; value["line"] = mark.line; value["column"] = mark.column }
                    return value
                }
            }
            return object
        }
        let document: [String: Any] = [
            "version": 1,
            "tool": ["name": "hairline", "version": report.toolVersion],
            "findings": report.findings.map { entry($0, kind: "finding") },
            "inputErrors": report.inputErrors.map { entry($0, kind: "input-error") },
            "files": report.files,
            "summary": [
                "errors": report.findings.filter { $0.severity == .error }.count,
                "warnings": report.findings.filter { $0.severity == .warning }.count,
                "infos": report.findings.filter { $0.severity == .info }.count,
                "inputErrors": report.inputErrors.count,
                "files": report.files.count,
                "text": report.summary,
            ],
        ]
        return JSONOutput.serialize(document)
    }
}

/// Deterministic JSON through JSONSerialization: sorted keys, two-space indentation, slashes unescaped.
enum JSONOutput {
    static func serialize(_ object: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) else {
            return "{}\n"
        }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
