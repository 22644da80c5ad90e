import HairlineDiagnostics

/// `github`: GitHub Actions workflow commands, `::error file=…,line=…,col=…,title=…::message`, escaped as the
/// Actions toolkit escapes them, so each finding is an annotation on the pull request; a summary notice last.
public enum GitHubReporter: Reporter {
    public static let name = "github"

    /// Escapes a command's message: `%`, CR and LF.
    public static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Escapes a property value: as data, plus `:` and `,`.
    public static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    static func command(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "notice"
        }
    }

    public static func render(_ report: LintReport) -> String {
        var out = ""
        for finding in report.inputErrors + report.findings {
            let properties = [
                "file=\(escapeProperty(finding.mark.file))", "line=\(finding.mark.line)", "col=\(finding.mark.column)",
                "title=\(escapeProperty("hairline \(finding.code)"))",
            ].joined(separator: ",")
            out += "::\(command(finding.severity)) \(properties)::\(escapeData(finding.message))\n"
        }
        out += "::notice title=Hairline::\(escapeData(report.summary))\n"
        return out
    }
}
