import HairlineDiagnostics

/// `github`: GitHub Actions workflow commands, `::error file=…,line=…,col=…,title=…::message`, escaped as the
/// Actions toolkit escapes them, so each finding is an annotation on the pull request; a summary notice last.
public enum GitHubReporter: Reporter {
    public static let name = "github"

    /// Escapes a command's message: `%`, CR and LF as the toolkit does; any other control character (ESC, BEL,
    /// a C1 control, LS, PS), which the log would act on, written as `\u{…}`.
    public static func escapeData(_ text: String) -> String {
        escape(text, property: false)
    }

    /// Escapes a property value: as data, plus `:` and `,`.
    public static func escapeProperty(_ text: String) -> String {
        escape(text, property: true)
    }

    private static func escape(_ text: String, property: Bool) -> String {
        // Most text has nothing to escape: returned as it is.
        let special = text.utf8.contains { $0 == 0x25 || (property && ($0 == 0x3A || $0 == 0x2C)) }
        if !special, !ControlCharacters.occur(in: text) { return text }
        return (property ? propertyEscaper : dataEscaper)(text)
    }

    private static let data: [Unicode.Scalar: String] = ["%": "%25", "\r": "%0D", "\n": "%0A"]
    private static let dataEscaper = Escaper(data, other: visibleControl)
    private static let propertyEscaper = Escaper(data.merging([":": "%3A", ",": "%2C"]) { first, _ in first }, other: visibleControl)

    /// A control character other than a tab, which the log would act on, written as `\u{…}`.
    @Sendable private static func visibleControl(_ scalar: Unicode.Scalar) -> String? {
        scalar != "\t" && ControlCharacters.contains(scalar) ? ControlCharacters.visible(scalar) : nil
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
            out.write("::")
            out.write(command(finding.severity))
            out.write(" file=")
            out.write(escapeProperty(finding.mark.file))
            out.write(",line=")
            out.write(finding.mark.line)
            out.write(",col=")
            out.write(finding.mark.column)
            out.write(",title=hairline ")
            out.write(escapeProperty(finding.code))
            out.write("::")
            out.write(escapeData(finding.message))
            out.write(byte: UInt8(ascii: "\n"))
        }
        output.write("::notice title=Hairline::\(escapeData(report.summary))\n")
    }
}
