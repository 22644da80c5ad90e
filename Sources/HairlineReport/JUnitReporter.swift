import HairlineDiagnostics

/// `junit`: one testsuite per file, one failing testcase per finding (named by rule and line), and one passing
/// testcase for a clean file — the shape Jenkins, GitLab and other CI test views read.
public enum JUnitReporter: Reporter {
    public static let name = "junit"

    public static func write(_ report: LintReport, to output: ReportOutput) {
        let byFile = report.indicesByFile()
        let files = Array(Set(report.files).union(byFile.keys)).sorted()
        let failures = report.findings.count + report.inputErrors.count
        let tests = files.reduce(0) { $0 + max(1, byFile[$1]?.count ?? 0) }
        output.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        output.write("<testsuites name=\"hairline\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\">\n")
        for file in files {
            let indices = byFile[file] ?? []
            let escapedFile = XMLText.escape(file)
            output.write("  <testsuite name=\"\(escapedFile)\" tests=\"\(max(1, indices.count))\" failures=\"\(indices.count)\" errors=\"0\">\n")
            if indices.isEmpty {
                output.write("    <testcase classname=\"\(escapedFile)\" name=\"no findings\"/>\n")
            }
            output.writeEach(indices.count) { position, out in
                let finding = report.diagnostic(indices[position])
                let name = "\(finding.code) at \(finding.mark.line):\(finding.mark.column)"
                out.write("    <testcase classname=\"")
                out.write(escapedFile)
                out.write("\" name=\"")
                out.write(XMLText.escape(name))
                out.write("\">\n      <failure message=\"")
                out.write(XMLText.escape(finding.message))
                out.write("\" type=\"")
                out.write(finding.severity.rawValue)
                out.write("\">")
                out.write(XMLText.escape("\(finding.mark): \(finding.severity.rawValue): \(finding.message) [\(finding.code)]"))
                out.write("</failure>\n    </testcase>\n")
            }
            output.write("  </testsuite>\n")
        }
        output.write("</testsuites>\n")
    }
}
