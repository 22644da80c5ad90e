import HairlineDiagnostics

/// `checkstyle`: Checkstyle's XML report, version 4.3 — one `file` element per file, one `error` per finding with
/// its line, column, severity, message and rule id as `source`.
public enum CheckstyleReporter: Reporter {
    public static let name = "checkstyle"

    public static func write(_ report: LintReport, to output: ReportOutput) {
        let byFile = report.indicesByFile()
        let files = Array(Set(report.files).union(byFile.keys)).sorted()
        output.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n")
        for file in files {
            let indices = byFile[file] ?? []
            if indices.isEmpty {
                output.write("  <file name=\"\(XMLText.escape(file))\"/>\n")
                continue
            }
            output.write("  <file name=\"\(XMLText.escape(file))\">\n")
            output.writeEach(indices.count) { position, out in
                let finding = report.diagnostic(indices[position])
                out.write("    <error line=\"")
                out.write(finding.mark.line)
                out.write("\" column=\"")
                out.write(finding.mark.column)
                out.write("\" severity=\"")
                out.write(finding.severity.rawValue)
                out.write("\" message=\"")
                out.write(XMLText.escape(finding.message))
                out.write("\" source=\"hairline.")
                out.write(XMLText.escape(finding.code))
                out.write("\"/>\n")
            }
            output.write("  </file>\n")
        }
        output.write("</checkstyle>\n")
    }
}
