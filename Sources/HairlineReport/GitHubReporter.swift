import HairlineDiagnostics

/// `github`: GitHub Actions workflow commands, `::error file=…,line=…,col=…,title=…::message`, escaped as the
/// Actions toolkit escapes them, so each finding is an annotation on the pull request; a summary notice last.
public enum GitHubReporter: Reporter {
    public static let name = "github"

    /// Escapes a command's message: `%`, CR and LF as the toolkit does; any other control character (ESC, BEL,
    /// a C1 control, LS, PS), which the log would act on, written as `\u{…}`.
    public static func escapeData(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x25: out += "%25"
            case 0x0D: out += "%0D"
            case 0x0A: out += "%0A"
            case 0x09: out.unicodeScalars.append(scalar)
            case _ where ControlCharacters.contains(scalar): out += ControlCharacters.visible(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
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

    public static func write(_ report: LintReport, to output: ReportOutput) {
        let (errors, findings) = (report.inputErrors, report.findings)
        output.writeEach(errors.count + findings.count) { index, out in
            let finding = index < errors.count ? errors[index] : findings[index - errors.count]
            out += "::\(command(finding.severity)) file=\(escapeProperty(finding.mark.file)),line=\(finding.mark.line),".utf8
            out += "col=\(finding.mark.column),title=\(escapeProperty("hairline \(finding.code)"))::\(escapeData(finding.message))\n".utf8
        }
        output.write("::notice title=Hairline::\(escapeData(report.summary))\n")
    }
}
