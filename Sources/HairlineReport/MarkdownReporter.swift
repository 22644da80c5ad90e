import HairlineDiagnostics

/// `markdown`: a summary for a pull-request comment — a table of findings per rule with the rule's summary, then
/// every finding under a fold.
public enum MarkdownReporter: Reporter {
    public static let name = "markdown"

    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    public static func render(_ report: LintReport) -> String {
        var out = "## Hairline: \(report.summary)\n"
        guard !report.findings.isEmpty || !report.inputErrors.isEmpty else { return out + "\nNo findings.\n" }
        let byRule = Dictionary(grouping: report.findings, by: \.code)
        if !byRule.isEmpty {
            out += "\n| Rule | Severity | Findings | Summary |\n| --- | --- | ---: | --- |\n"
            let order = byRule.keys.sorted { (byRule[$0]!.count, $1) > (byRule[$1]!.count, $0) }
            for id in order {
                let findings = byRule[id]!
                let rule = report.rules.first { $0.id == id }
                let severity = findings.map(\.severity).max()?.rawValue ?? "error"
                out += "| `\(id)` | \(severity) | \(findings.count) | \(cell(rule?.summary ?? BuiltInRules.summary(id))) |\n"
            }
        }
        if !report.inputErrors.isEmpty {
            out += "\n**Input errors**\n\n"
            for error in report.inputErrors { out += "- `\(error.mark)` \(cell(error.message)) (`\(error.code)`)\n" }
        }
        if !report.findings.isEmpty {
            out += "\n<details><summary>\(report.findings.count) finding\(report.findings.count == 1 ? "" : "s")</summary>\n\n"
            for finding in report.findings {
                out += "- `\(finding.mark)` **\(finding.severity.rawValue)** \(cell(finding.message)) (`\(finding.code)`)\n"
            }
            out += "\n</details>\n"
        }
        return out
    }
}
