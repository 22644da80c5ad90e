/// `text`: one line per finding in the compiler form, `path:line:col: severity: message [rule]` (no colour;
/// the executable colours a terminal).
public enum TextReporter: Reporter {
    public static let name = "text"

    public static func render(_ report: LintReport) -> String {
        let formatter = TextFormatter(colour: false)
        return report.findings.map { formatter.format($0) + "\n" }.joined()
    }
}
