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
            let findings = (byFile[file] ?? []).lazy.map(report.diagnostic)
            output.write("  <testsuite name=\"\(XMLText.escape(file))\" tests=\"\(max(1, findings.count))\" failures=\"\(findings.count)\" errors=\"0\">\n")
            if findings.isEmpty {
                output.write("    <testcase classname=\"\(XMLText.escape(file))\" name=\"no findings\"/>\n")
            }
            for finding in findings {
                let name = "\(finding.code) at \(finding.mark.line):\(finding.mark.column)"
                output.write("    <testcase classname=\"\(XMLText.escape(file))\" name=\"\(XMLText.escape(name))\">\n")
                output.write("      <failure message=\"\(XMLText.escape(finding.message))\" type=\"\(finding.severity.rawValue)\">")
                output.write(XMLText.escape("\(finding.mark): \(finding.severity.rawValue): \(finding.message) [\(finding.code)]"))
                output.write("</failure>\n")
                output.write("    </testcase>\n")
            }
            output.write("  </testsuite>\n")
        }
        output.write("</testsuites>\n")
    }
}
