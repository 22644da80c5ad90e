import Foundation
import HairlineDiagnostics
import HairlineReport
import Testing

/// Every reporter on the same findings: golden files, and each format checked against what reads it.
@Suite("Reporters")
struct ReporterTests {
    static func mark(_ file: String, _ line: Int, _ column: Int) -> Mark { Mark(file: file, line: line, column: column) }

    /// Findings with every character the formats must escape: `%`, `:`, `,`, a newline, XML's `<&>"'`.
    static let report = LintReport(
        findings: [
            Diagnostic(severity: .error, code: "bb-spacing-scale", message: "padding 10 is off the scale 4 · 8 · 16 · 24 · 32; nearest is 8", mark: mark("screens/home.yaml", 14, 11)),
            Diagnostic(severity: .warning, code: "bb-no-sentences", message: "value 'A <b>&\"quoted\"</b>, 100% done: yes' ends\nwith a full stop", mark: mark("screens/home.yaml", 3, 5)),
            Diagnostic(severity: .info, code: "bb-note", message: "a note", mark: mark("screens/a b.yaml", 1, 1)),
            Diagnostic(severity: .warning, code: "unused-suppression", message: "hairline:disable-line bb-x suppresses nothing here", mark: mark("screens/home.yaml", 20, 9)),
        ],
        inputErrors: [
            .inputError("yaml-syntax", "did not find expected ',' or ']'", at: mark("screens/broken.yaml", 3, 1), notes: [.init("while parsing a flow sequence", at: mark("screens/broken.yaml", 2, 11))])
        ],
        files: ["screens/home.yaml", "screens/clean.yaml", "screens/a b.yaml"],
        rules: [
            RuleInfo(id: "bb-spacing-scale", severity: "error", system: "Black Belt", target: "*", check: "allowed", summary: "Spacing is on the 8-point scale", why: "Allowed spacing: 4 · 8 · 16 · 24 · 32.", file: "Rules/bb.yaml", line: 4, failing: [], passing: [], helpURL: "https://example.com/rules#bb-spacing-scale"),
            RuleInfo(id: "bb-no-sentences", severity: "warning", system: "Black Belt", target: "text", check: "pattern", summary: "Labels are not sentences", why: nil, file: "Rules/bb.yaml", line: 9, failing: [], passing: []),
            RuleInfo(id: "bb-note", severity: "info", system: nil, target: "card", check: "required", summary: nil, why: nil, file: "Rules/bb.yaml", line: 12, failing: [], passing: []),
        ],
        toolVersion: "1.2.3", workingDirectory: "/repo",
        lineTexts: [mark("screens/home.yaml", 14, 11): "    padding: 10"])

    @Test(arguments: Reporters.names)
    func goldenOutput(_ name: String) throws {
        let reporter = try #require(Reporters.named(name))
        let output = reporter.render(Self.report)
        try Golden.check(output, named: "report.\(name)")
        #expect(output == reporter.render(Self.report), "deterministic")
    }

    /// Every format of a report of many findings is handed over a piece at a time, never whole: the pieces, put
    /// together, are the output, and none holds much of it.
    @Test(arguments: Reporters.names)
    func aLargeReportIsWrittenInPieces(_ name: String) throws {
        let reporter = try #require(Reporters.named(name))
        let findings = (1...3_000).map { line in
            Diagnostic(severity: .error, code: "r", message: "padding 10 is off the scale; nearest is 8", mark: Self.mark("screens/a.yaml", line, 3))
        }
        let report = LintReport(findings: findings, inputErrors: [], files: ["screens/a.yaml"], rules: [], toolVersion: "1", workingDirectory: "/repo")
        var pieces: [[UInt8]] = []
        let output = ReportOutput(piece: 4_096) { pieces.append(Array($0)) }
        reporter.write(report, to: output)
        output.flush()
        let whole = Array(reporter.render(report).utf8)
        #expect(pieces.joined().elementsEqual(whole))
        #expect(pieces.count > 3, "\(name): \(pieces.count) pieces of \(whole.count) bytes")
        #expect(pieces.allSatisfy { $0.count < whole.count / 2 })
    }

    @Test func orderIsFileLineColumnRule() {
        #expect(Self.report.findings.map { "\($0.mark)" } == ["screens/a b.yaml:1:1", "screens/home.yaml:3:5", "screens/home.yaml:14:11", "screens/home.yaml:20:9"])
    }

    @Test func githubEscaping() {
        #expect(GitHubReporter.escapeData("100% done\r\nnext") == "100%25 done%0D%0Anext")
        #expect(GitHubReporter.escapeProperty("a:b,c%\n") == "a%3Ab%2Cc%25%0A")
        let output = GitHubReporter.render(Self.report)
        #expect(output.contains("::warning file=screens/home.yaml,line=3,col=5,title=hairline bb-no-sentences::value 'A <b>&\"quoted\"</b>, 100%25 done: yes' ends%0Awith a full stop\n"))
        #expect(output.contains("::error file=screens/broken.yaml,line=3,col=1,title=hairline yaml-syntax::did not find expected ',' or ']'\n"))
        #expect(output.contains("::notice file=screens/a b.yaml,line=1,col=1,title=hairline bb-note::a note\n"))
        #expect(output.hasSuffix("::notice title=Hairline::1 input error, 1 error, 2 warnings, 1 note in 4 files\n"), "the file with the input error counts")
    }

    @Test func fingerprintsIgnoreLineNumbers() {
        let a = Diagnostic(severity: .error, code: "r", message: "m", mark: Self.mark("f", 3, 1))
        let b = Diagnostic(severity: .error, code: "r", message: "m", mark: Self.mark("f", 30, 1))
        let report = LintReport(findings: [a, b], inputErrors: [], files: ["f"], rules: [], toolVersion: "1", workingDirectory: "/",
                                lineTexts: [a.mark: "  x: 1", b.mark: "x: 1"])
        #expect(report.fingerprint(a) == report.fingerprint(b))
        #expect(report.fingerprint(a) != LintReport(findings: [a], inputErrors: [], files: [], rules: [], toolVersion: "1", workingDirectory: "/", lineTexts: [a.mark: "y: 1"]).fingerprint(a))
    }

    /// SARIF is validated against the official SARIF 2.1.0 schema with Python's jsonschema (installed by .ci/run;
    /// without it the test is reported as skipped, with that reason).
    @Test(.enabled(if: Python.has("jsonschema"), "SKIPPED: Python's jsonschema is not installed (pip install jsonschema)"))
    func sarifValidatesAgainstTheSchema() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("out.sarif", SARIFReporter.render(Self.report))
        let schema = Binary.packageRoot.appendingPathComponent("Tests/Fixtures/External/schemas/sarif/sarif-schema-2.1.0.json").standardizedFileURL
        let result = try Python.run(
            "import json, sys, jsonschema\njsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))\nprint('valid')",
            arguments: [file.path, schema.path])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("valid"))
    }

    static let xmlFormats = [("junit", "Tests/Fixtures/External/schemas/junit/junit-10.xsd"), ("checkstyle", "Tests/Fixtures/External/schemas/checkstyle/checkstyle-report-1.0.0.xsd")]

    /// The report with characters XML 1.0 does not allow in a document: U+FFFE, U+FFFF and a C0 control.
    static let unspeakable = LintReport(
        findings: [Diagnostic(severity: .error, code: "r", message: "value \u{FFFE}\u{FFFF}\u{01}\u{7F} end", mark: mark("screens/\u{FFFF}.yaml", 1, 1))],
        inputErrors: [], files: ["screens/\u{FFFF}.yaml"], rules: [], toolVersion: "1.2.3", workingDirectory: "/repo", lineTexts: [:])

    @Test(arguments: xmlFormats)
    func xmlIsWellFormed(_ format: String, _ schemaPath: String) throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("out.xml", try #require(Reporters.named(format)).render(Self.report))
        let hostile = try folder.write("hostile.xml", try #require(Reporters.named(format)).render(Self.unspeakable))
        let strict = try Python.run("import sys, xml.etree.ElementTree as ET\nprint(ET.parse(sys.argv[1]).getroot().tag)", arguments: [hostile.path])
        #expect(strict.status == 0, "\(strict.output)")
        let parsed = try Python.run("import sys, xml.etree.ElementTree as ET\nprint(ET.parse(sys.argv[1]).getroot().tag)", arguments: [file.path])
        #expect(parsed.status == 0, "\(parsed.output)")
        #expect(parsed.output.hasPrefix(format == "junit" ? "testsuites" : "checkstyle"))
    }

    /// JUnit and Checkstyle output validate against their published schemas (lxml, installed by .ci/run).
    @Test(.enabled(if: Python.has("lxml"), "SKIPPED: lxml is not installed (pip install lxml)"), arguments: xmlFormats)
    func xmlValidatesAgainstItsSchema(_ format: String, _ schemaPath: String) throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("out.xml", try #require(Reporters.named(format)).render(Self.report))
        let schema = Binary.packageRoot.appendingPathComponent(schemaPath).standardizedFileURL
        let valid = try Python.run(
            "import sys\nfrom lxml import etree\ns = etree.XMLSchema(etree.parse(sys.argv[2]))\nd = etree.parse(sys.argv[1])\nprint('valid' if s.validate(d) else s.error_log)",
            arguments: [file.path, schema.path])
        #expect(valid.output.hasPrefix("valid"), "\(valid.output)")
    }
}
