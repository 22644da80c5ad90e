/// `text`: one line per finding in the compiler form, `path:line:col: severity: message [rule]` (no colour;
/// the executable colours a terminal).
public enum TextReporter: Reporter {
    public static let name = "text"

    public static func write(_ report: LintReport, to output: ReportOutput) {
        write(report, colour: false, to: output)
    }

    /// The text output, its severity words coloured for a terminal or not.
    public static func write(_ report: LintReport, colour: Bool, to output: ReportOutput) {
        let formatter = TextFormatter(colour: colour)
        let findings = report.findings
        output.writeEach(findings.count) { formatter.write(findings[$0], into: &$1) }
    }
}
