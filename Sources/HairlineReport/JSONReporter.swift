import Foundation
import HairlineDiagnostics

/// `json`: a stable document (docs/reports.md) with every finding and input error, the files and a summary.
public enum JSONReporter: Reporter {
    public static let name = "json"

    public static func write(_ report: LintReport, to output: ReportOutput) {
        let (findings, inputErrors) = (report.findings, report.inputErrors)
        let counts = report.severityCounts
        let document: [String: Any] = [
            "version": 1,
            "tool": ["name": "hairline", "version": report.toolVersion],
            "findings": JSONItems(count: findings.count) { write(findings[$0], kind: "finding", report, into: &$1) },
            "inputErrors": JSONItems(count: inputErrors.count) { write(inputErrors[$0], kind: "input-error", report, into: &$1) },
            "files": report.files,
            "summary": [
                "errors": counts.errors,
                "warnings": counts.warnings,
                "infos": counts.infos,
                "inputErrors": inputErrors.count,
                "files": report.files.count,
                "text": report.summary,
            ],
        ]
        JSONOutput.write(document, to: output)
    }

    /// One finding or input error, its members in the order of their keys.
    private static func write(_ diagnostic: Diagnostic, kind: String, _ report: LintReport, into writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("column", diagnostic.mark.column)
            if let range = diagnostic.range {
                writer.member("endColumn", range.end.column)
                writer.member("endLine", range.end.line)
            }
            writer.member("file", diagnostic.mark.file)
            if kind == "finding" { writer.member("fingerprint", report.fingerprintHash(diagnostic)) }
            if let fix = diagnostic.fix, !fix.edits.isEmpty {
                writer.object("fix") { writer in
                    writer.array("edits") { writer in
                        for edit in fix.edits {
                            writer.element()
                            writer.object { writer in
                                writer.member("column", edit.range.start.column)
                                writer.member("endColumn", edit.range.end.column)
                                writer.member("endLine", edit.range.end.line)
                                writer.member("length", edit.bytes.count)
                                writer.member("line", edit.range.start.line)
                                writer.member("offset", edit.bytes.lowerBound)
                                writer.member("text", edit.text)
                            }
                        }
                    }
                    writer.member("safety", fix.safety.rawValue)
                    writer.member("title", fix.title)
                }
            }
            writer.member("kind", kind)
            writer.member("line", diagnostic.mark.line)
            writer.member("message", diagnostic.message)
            if !diagnostic.notes.isEmpty {
                writer.array("notes") { writer in
                    for note in diagnostic.notes {
                        writer.element()
                        writer.object { writer in
                            if let mark = note.mark {
                                writer.member("column", mark.column)
                                writer.member("file", mark.file)
                                writer.member("line", mark.line)
                            }
                            writer.member("message", note.message)
                        }
                    }
                }
            }
            writer.member("rule", diagnostic.code)
            writer.member("severity", diagnostic.severity.rawValue)
        }
    }
}
