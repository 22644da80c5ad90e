import HairlineDiagnostics

/// `markdown`: a summary for a pull-request comment — a table of findings per rule with the rule's summary, then
/// every finding under a fold.
public enum MarkdownReporter: Reporter {
    public static let name = "markdown"

    /// Text as plain text in a table cell or a list item (MarkdownText.plain).
    public static func cell(_ text: String) -> String { MarkdownText.plain(text) }

    /// Text as a code span (MarkdownText.code).
    public static func code(_ text: String) -> String { MarkdownText.code(text) }

    public static func write(_ report: LintReport, to output: ReportOutput) {
        output.write("## Hairline: \(report.summary)\n")
        guard !report.findings.isEmpty || !report.inputErrors.isEmpty else {
            output.write("\nNo findings.\n")
            return
        }
        // Each rule's count of findings and their highest severity.
        var byRule: [String: (count: Int, severity: Severity)] = [:]
        for finding in report.findings {
            let seen = byRule[finding.code]
            byRule[finding.code] = ((seen?.count ?? 0) + 1, max(seen?.severity ?? finding.severity, finding.severity))
        }
        if !byRule.isEmpty {
            output.write("\n| Rule | Severity | Findings | Summary |\n| --- | --- | ---: | --- |\n")
            let order = byRule.keys.sorted { (byRule[$0]!.count, $1) > (byRule[$1]!.count, $0) }
            for id in order {
                let (count, severity) = byRule[id]!
                let rule = report.rules.first { $0.id == id }
                output.write("| \(code(id)) | \(severity.rawValue) | \(count) | \(cell(rule?.summary ?? BuiltInRules.summary(id))) |\n")
            }
        }
        if !report.inputErrors.isEmpty {
            output.write("\n**Input errors**\n\n")
            for error in report.inputErrors { output.write("- \(code(error.mark.description)) \(cell(error.message)) (\(code(error.code)))\n") }
        }
        if !report.findings.isEmpty {
            output.write("\n<details><summary>\(report.findings.count) finding\(report.findings.count == 1 ? "" : "s")</summary>\n\n")
            let findings = report.findings
            output.writeEach(findings.count) { index, out in
                let finding = findings[index]
                out.write("- ")
                out.write(code(finding.mark.description))
                out.write(" **")
                out.write(finding.severity.rawValue)
                out.write("** ")
                out.write(cell(finding.message))
                out.write(" (")
                out.write(code(finding.code))
                out.write(")\n")
            }
            output.write("\n</details>\n")
        }
    }
}
