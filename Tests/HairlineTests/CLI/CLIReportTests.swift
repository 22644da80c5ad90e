import Foundation
import Testing

@Suite("hairline lint outputs, suppression and baselines")
struct CLIReportTests {
    @Test func severalOutputsInOneRun() throws {
        let folder = try CLILintTests.project(["screens/a.yaml": "screen: A\npadding: 6\n"])
        let result = try Binary.run(
            ["lint", "--format", "text", "--report", "sarif=out.sarif", "--report", "junit=out.xml", "--report", "json=out.json"],
            in: folder.url)
        #expect(result.status == 1)
        #expect(result.stdout == "screens/a.yaml:2:10: error: padding 6 is off the scale 4 · 8; nearest is 4, as near as 8 (a tie: not fixed) [mini-spacing]\n")
        let sarif = try String(contentsOf: folder.url.appendingPathComponent("out.sarif"), encoding: .utf8)
        #expect(sarif.contains("\"ruleId\" : \"mini-spacing\""))
        #expect(sarif.contains("\"uri\" : \"screens/a.yaml\""))
        let junit = try String(contentsOf: folder.url.appendingPathComponent("out.xml"), encoding: .utf8)
        #expect(junit.contains("<testcase classname=\"screens/a.yaml\" name=\"mini-spacing at 2:10\">"))
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out.json").path))
    }

    @Test func aBadReportArgumentIsAUsageError() throws {
        let result = try Binary.run(["lint", "--report", "pdf=out.pdf"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: --report takes FORMAT=FILE"))
    }

    @Test(.enabled(if: Python.has("jsonschema"), "SKIPPED: Python's jsonschema is not installed (pip install jsonschema)"))
    func theExamplesAsSARIFValidate() throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("examples.sarif")
        let result = try Binary.run(["lint", "Examples", "--format", "sarif", "--output", out.path])
        #expect(result.status == 1)
        let schema = Binary.packageRoot.appendingPathComponent("Tests/Fixtures/External/schemas/sarif/sarif-schema-2.1.0.json").standardizedFileURL
        let check = try Python.run(
            "import json, sys, jsonschema\njsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))\nprint(len(json.load(open(sys.argv[1]))['runs'][0]['results']))",
            arguments: [out.path, schema.path])
        #expect(check.status == 0, "\(check.output)")
        #expect((Int(check.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 100)
    }

    @Test func suppressionEndToEnd() throws {
        let folder = try CLILintTests.project([
            "screens/a.yaml": """
                screen: A
                # hairline:disable-next-line mini-spacing -- legacy inset, fixed in the redesign
                padding: 6
                margin: 3
                children:
                  - card: {title: x, padding: 5}  # hairline:disable-line mini-title

                """
        ])
        let result = try Binary.run(["lint"], in: folder.url)
        #expect(result.stdout == """
            screens/a.yaml:6:31: error: padding 5 is off the scale 4 · 8; nearest is 4 [mini-spacing]
            screens/a.yaml:6:35: warning: hairline:disable-line mini-title suppresses nothing here; remove it (mini-title has no finding to hide) [unused-suppression]

            """)
    }

    @Test func aBaselineSurvivesEditsAboveAndReportsANewDuplicate() throws {
        let folder = try CLILintTests.project(["screens/a.yaml": "screen: A\npadding: 6\n"])
        let written = try Binary.run(["lint", "--write-baseline", "baseline.json"], in: folder.url)
        // Recording is what was asked: exit 0, and it says what it recorded.
        #expect(written.status == 0)
        #expect(written.stderr.hasSuffix("recorded 1 finding in baseline.json; lint with --baseline baseline.json to report only new ones\n"))
        let baseline = try String(contentsOf: folder.url.appendingPathComponent("baseline.json"), encoding: .utf8)
        #expect(baseline.contains("\"lineText\" : \"padding: 6\""))
        #expect(baseline.contains("\"count\" : 1"))
        // The same finding, three lines lower: still hidden.
        try folder.write("screens/a.yaml", "screen: A\n# a comment\nid: a\nname: x\npadding: 6\n")
        let moved = try Binary.run(["lint", "--baseline", "baseline.json"], in: folder.url)
        #expect(moved.status == 0)
        #expect(moved.stdout.isEmpty)
        // A second identical finding grows the group: both report again.
        try folder.write("screens/a.yaml", "screen: A\npadding: 6\nchildren:\n  - card:\n      title: t\n      padding: 6\n")
        let grown = try Binary.run(["lint", "--baseline", "baseline.json"], in: folder.url)
        #expect(grown.status == 1)
        #expect(grown.stdout.contains("screens/a.yaml:6:16: error: padding 6"))
        // A new finding elsewhere is reported.
        try folder.write("screens/a.yaml", "screen: A\npadding: 6\nmargin: 0\nchildren:\n  - card: {padding: 7, title: t}\n")
        let fresh = try Binary.run(["lint", "--baseline", "baseline.json"], in: folder.url)
        #expect(fresh.stdout == "screens/a.yaml:5:21: error: padding 7 is off the scale 4 · 8; nearest is 8 [mini-spacing]\n")
    }

    @Test func aMissingBaselineIsAnInputError() throws {
        let folder = try CLILintTests.project(["screens/a.yaml": "screen: A\n"])
        let result = try Binary.run(["lint", "--baseline", "nope.json"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("nope.json:1:1: error: cannot read a baseline from nope.json: there is no such file; write one with --write-baseline [baseline]"))
    }

    @Test func quietDropsWarnings() throws {
        let folder = try CLILintTests.project(["screens/a.yaml": "screen: A\npadding: 6\nchildren:\n  - card: {}\n"])
        let loud = try Binary.run(["lint"], in: folder.url)
        #expect(loud.stdout.split(separator: "\n").count == 2)
        let quiet = try Binary.run(["lint", "--quiet"], in: folder.url)
        #expect(quiet.stdout.split(separator: "\n").count == 1)
        #expect(quiet.stdout.contains("[mini-spacing]"))
    }

    @Test(arguments: ["markdown", "json", "html"])
    func rulesReportFormats(_ format: String) throws {
        let result = try Binary.run(["rules", "--format", format])
        #expect(result.status == 0)
        #expect(result.stdout.contains("bb-chart-window-source"))
        #expect(result.stdout.contains("Every chart states its window and source"))
        switch format {
        case "json": #expect((try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) != nil)
        case "html":
            #expect(result.stdout.hasPrefix("<!DOCTYPE html>"))
            #expect(!result.stdout.contains("<script"))
            #expect(!result.stdout.contains("http"), "self-contained: no external resource")
            for system in ["Black Belt", "Fitbit", "Sculpt", "Tideturn"] { #expect(result.stdout.contains("<h2 id=\"system-\(system)\">")) }
            // What designers read leads: the table gives summary and reason, and a rule's section its reason before
            // its selector and check.
            #expect(result.stdout.contains("<tr><th>Rule</th><th>What it asks</th><th>Severity</th></tr>"))
            let section = try #require(result.stdout.components(separatedBy: "<section id=\"bb-chart-window-source\">").last)
            let why = try #require(section.range(of: "<blockquote>"))
            let check = try #require(section.range(of: "<code>required"))
            #expect(why.lowerBound < check.lowerBound)
        default: #expect(result.stdout.hasPrefix("# Rules\n"))
        }
    }

    /// A baseline keys findings by their place in the screen's structure: editing another property on their line
    /// leaves them hidden; a baseline written before places (version 1) is still read, by line text.
    @Test func aBaselineKeepsFindingsByTheirPlace() throws {
        let rules = CLILintTests.rules + "  - id: mini-gap\n    given: card\n    check: {allowed: {properties: [gap], values: \"{spacing.scale}\"}}\n"
        let folder = try CLILintTests.project(["screens/a.yaml": "screen: A\nchildren:\n  - card: {padding: 6, gap: 5, title: x}\n"], rules: rules)
        #expect(try Binary.run(["lint", "--write-baseline", "baseline.json"], in: folder.url).status == 0)
        let baseline = try String(contentsOf: folder.url.appendingPathComponent("baseline.json"), encoding: .utf8)
        #expect(baseline.contains("\"anchor\" : \"screen/card[0]/padding\""))
        #expect(baseline.contains("\"version\" : 2"))
        // Another property of the one-line element edited: both findings stay hidden.
        try folder.write("screens/a.yaml", "screen: A\nchildren:\n  - card: {padding: 6, gap: 5, title: renamed}\n")
        let edited = try Binary.run(["lint", "--baseline", "baseline.json"], in: folder.url)
        #expect(edited.status == 0, "\(edited.stdout)")
        // A card inserted before it: its place (card[1]) is new, so its findings report.
        try folder.write("screens/a.yaml", "screen: A\nchildren:\n  - card: {padding: 4, title: new}\n  - card: {padding: 6, gap: 5, title: renamed}\n")
        #expect(try Binary.run(["lint", "--baseline", "baseline.json"], in: folder.url).status == 1)
        // With an id, the place survives the insertion.
        try folder.write("screens/a.yaml", "screen: A\nchildren:\n  - card: {id: stats, padding: 6, gap: 5, title: x}\n")
        _ = try Binary.run(["lint", "--write-baseline", "baseline.json"], in: folder.url)
        try folder.write("screens/a.yaml", "screen: A\nchildren:\n  - card: {padding: 4, title: new}\n  - card: {id: stats, padding: 6, gap: 5, title: y}\n")
        #expect(try Binary.run(["lint", "--baseline", "baseline.json"], in: folder.url).status == 0)
        // Version 1: keyed by line text and message.
        try folder.write(
            "old.json",
            "{\"version\": 1, \"findings\": [{\"file\": \"screens/a.yaml\", \"rule\": \"mini-spacing\", \"lineText\": \"- card: {padding: 6, gap: 4, title: x}\", \"message\": \"padding 6 is off the scale 4 · 8; nearest is 4, as near as 8 (a tie: not fixed)\", \"count\": 1}]}")
        try folder.write("screens/a.yaml", "screen: A\n# a line above\nchildren:\n  - card: {padding: 6, gap: 4, title: x}\n")
        let old = try Binary.run(["lint", "--baseline", "old.json"], in: folder.url)
        #expect(old.status == 0, "\(old.stdout)\(old.stderr)")
    }

    @Test func sarifCarriesThePlaceFingerprint() throws {
        let folder = try CLILintTests.project(["screens/a.yaml": "screen: A\npadding: 6\n"])
        let sarif = try Binary.run(["lint", "--format", "sarif"], in: folder.url)
        #expect(sarif.stdout.contains("\"hairlinePlaceHash/v1\""))
        #expect(sarif.stdout.contains("\"hairlineFindingHash/v1\""))
    }
}
