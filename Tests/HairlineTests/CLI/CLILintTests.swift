import Foundation
import Testing

@Suite("hairline lint")
struct CLILintTests {
    static let tokens = "$name: Mini\nspacing:\n  $type: dimension\n  scale:\n    half: 4\n    base: 8\n"
    static let rules = """
        rules:
          - id: mini-spacing
            given: "*"
            check: {allowed: {properties: [padding], values: "{spacing.scale}"}}
          - id: mini-title
            severity: warning
            given: card
            check: {required: [title]}

        """
    static let config = """
        systems:
          mini:
            tokens: tokens.yaml
            rules: [rules.yaml]
            screens: ["screens/*.yaml"]

        """

    /// A folder with a config, a token set, rules, and the given screens.
    /// The note a run prints once when its rules declare no components, as the mini system's do.
    static let noVocabulary = "note: the rules of 'mini' declare no components, so property names are not checked (a typo such as 'pading' passes); declare them in a components: block (docs/rules.md, \"Components\")\n"

    static func project(
        _ screens: [String: String], config: String = config, tokens: String = tokens, rules: String = rules
    ) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(".hairline.yml", config)
        try folder.write("tokens.yaml", tokens)
        try folder.write("rules.yaml", rules)
        for (name, text) in screens { try folder.write(name, text) }
        return folder
    }

    @Test func theRepositoryExamplesLintClean() throws {
        let result = try Binary.run(["lint"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("no findings in "))
    }

    @Test func findingsAreExitOneInTheCompilerForm() throws {
        let folder = try Self.project(["screens/a.yaml": "screen: A\npadding: 6\nchildren:\n  - card: {title: x}\n"])
        let result = try Binary.run(["lint"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stdout == "screens/a.yaml:2:10: error: padding 6 is off the scale 4 · 8; nearest is 4, as near as 8 (a tie: not fixed) [mini-spacing]\n")
        #expect(result.stderr == Self.noVocabulary + "1 error in 1 file\n")
    }

    @Test func failOnDecidesWhichSeveritiesFail() throws {
        let folder = try Self.project(["screens/a.yaml": "screen: A\nchildren:\n  - card: {padding: 8}\n"])
        let plain = try Binary.run(["lint"], in: folder.url)
        #expect(plain.status == 0)
        #expect(plain.stdout == "screens/a.yaml:3:5: warning: card has no title [mini-title]\n")
        #expect(plain.stderr == Self.noVocabulary + "1 warning in 1 file\n")
        #expect(try Binary.run(["lint", "--fail-on", "warning"], in: folder.url).status == 1)
        #expect(try Binary.run(["lint", "--fail-on", "loud"], in: folder.url).status == 2)
    }

    @Test func anInputErrorWinsButOtherFilesAreStillReported() throws {
        let folder = try Self.project([
            "screens/a.yaml": "screen: A\npadding: 6\n",
            "screens/b.yaml": "screen: B\npadding: [6\n",
        ])
        let result = try Binary.run(["lint"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stdout == "screens/a.yaml:2:10: error: padding 6 is off the scale 4 · 8; nearest is 4, as near as 8 (a tie: not fixed) [mini-spacing]\n")
        #expect(result.stderr.hasPrefix("screens/b.yaml:3:1: error: "), "\(result.stderr)")
    }

    /// One typo hides nothing: a reference to no token (or to a group, or unquoted) is an error finding at its mark,
    /// with the nearest token, and the rest of the file is linted; the exit is 1, not 2.
    @Test func aReferenceToNothingIsAFindingAndTheRestIsLinted() throws {
        let folder = try Self.project([
            "screens/b.yaml": "screen: B\npadding: \"{spacing.scale.hlf}\"\nchildren:\n  - card: {padding: 6, gap: \"{spacing.scale}\"}\n  - card: {padding: {spacing.scale.half}}\n"
        ])
        let result = try Binary.run(["lint"], in: folder.url)
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "screens/b.yaml:2:10: error: '{spacing.scale.hlf}' refers to no token; did you mean '{spacing.scale.half}'? [screen-reference]", "\(lines)")
        #expect(lines.contains { $0.hasPrefix("screens/b.yaml:4:21: error: padding 6 is off the scale") })
        #expect(lines.contains("screens/b.yaml:4:29: error: '{spacing.scale}' refers to a group, not a token [screen-reference]"))
        #expect(lines.contains { $0.hasPrefix("screens/b.yaml:5:21: error: an unquoted {group.token} is a YAML mapping") })
        #expect(result.stderr == Self.noVocabulary + "4 errors, 2 warnings in 1 file\n")
    }

    @Test func noScreenAtAllIsExitTwo() throws {
        let folder = try Self.project([:])
        let result = try Binary.run(["lint"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr == "no screen specs found\n")
    }

    @Test func foldersAreWalkedAndNonScreensSkippedUnlessNamed() throws {
        let folder = try Self.project([
            "screens/a.yaml": "screen: A\npadding: 8\n",
            "screens/notes.yml": "title: not a screen\n",
            "screens/.hidden/c.yaml": "screen: C\npadding: 3\n",
            "screens/deeper/d.yaml": "screen: D\nsystem: mini\npadding: 5\n",
        ])
        let walked = try Binary.run(["lint", "screens"], in: folder.url)
        #expect(walked.status == 1)
        #expect(walked.stdout == "screens/deeper/d.yaml:3:10: error: padding 5 is off the scale 4 · 8; nearest is 4 [mini-spacing]\n")
        #expect(walked.stderr == Self.noVocabulary + "1 error in 2 files\n")
        let named = try Binary.run(["lint", "screens/notes.yml"], in: folder.url)
        #expect(named.status == 2)
        #expect(named.stderr.hasPrefix("screens/notes.yml:1:1: error: not a screen spec: the top-level mapping has no 'screen:' key [screen-structure]\n"))
    }

    @Test func aSystemKeyTheConfigLacks() throws {
        let folder = try Self.project(["screens/a.yaml": "screen: A\nsystem: maxi\n"])
        let result = try Binary.run(["lint"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("screens/a.yaml:2:9: error: no system 'maxi' in .hairline.yml; the systems are mini [config]\n"))
    }

    @Test func aScreenNoSystemMaps() throws {
        let folder = try Self.project(["elsewhere/a.yaml": "screen: A\n"])
        let result = try Binary.run(["lint", "elsewhere/a.yaml"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("elsewhere/a.yaml:1:1: error: no design system for this screen"))
    }

    @Test func commandLineTokensAndRulesApplyToEveryPath() throws {
        let folder = try Self.project(["elsewhere/a.yaml": "screen: A\nsystem: nowhere\npadding: 6\n"])
        let result = try Binary.run(["lint", "elsewhere/a.yaml", "--tokens", "tokens.yaml", "--rules", "rules.yaml"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stdout.contains("[mini-spacing]"))
    }

    @Test func configOverridesTurnRulesOffAndChangeSeverity() throws {
        let folder = try Self.project(
            ["screens/a.yaml": "screen: A\npadding: 6\nchildren:\n  - card: {}\n"],
            config: Self.config + "rules:\n  mini-spacing: {severity: warning}\n  mini-title: off\n")
        let result = try Binary.run(["lint"], in: folder.url)
        #expect(result.status == 0)
        #expect(result.stdout == "screens/a.yaml:2:10: warning: padding 6 is off the scale 4 · 8; nearest is 4, as near as 8 (a tie: not fixed) [mini-spacing]\n")
    }

    @Test func configErrorsHavePositions() throws {
        let folder = try Self.project([:], config: "systems:\n  mini:\n    tokenz: tokens.yaml\nrules:\n  mini-title: loud\n")
        let result = try Binary.run(["lint"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains(".hairline.yml:3:5: error: unknown key 'tokenz'; expected one of tokens, rules, screens [config]"))
        #expect(result.stderr.contains(".hairline.yml:5:15: error: 'mini-title' must be off, a severity (error, warning (or warn), info (or note)) or {severity: …, fix: true|false}; found a string [config]"))
    }

    @Test func excludeGlobs() throws {
        let folder = try Self.project(
            ["screens/a.yaml": "screen: A\npadding: 6\n", "screens/b.yaml": "screen: B\npadding: 8\n"],
            config: Self.config + "exclude: [\"screens/a.yaml\"]\n")
        let result = try Binary.run(["lint"], in: folder.url)
        #expect(result.status == 0)
        #expect(result.stderr == Self.noVocabulary + "no findings in 1 file\n")
    }

    @Test func theConfigIsFoundByWalkingUp() throws {
        let folder = try Self.project(["screens/a.yaml": "screen: A\npadding: 6\n"])
        let result = try Binary.run(["lint", "a.yaml"], in: folder.url.appendingPathComponent("screens"))
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("a.yaml:2:10: error:"))
    }

    @Test func outputFileAndStdinPath() throws {
        let folder = try Self.project([:])
        let result = try Binary.run(
            ["lint", "--stdin-path", "screens/x.yaml", "--output", "out.txt"], in: folder.url, stdin: "screen: X\npadding: 6\n")
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        let written = try String(contentsOf: folder.url.appendingPathComponent("out.txt"), encoding: .utf8)
        #expect(written == "screens/x.yaml:2:10: error: padding 6 is off the scale 4 · 8; nearest is 4, as near as 8 (a tie: not fixed) [mini-spacing]\n")
    }

    @Test func anUnknownFormatIsAUsageError() throws {
        let result = try Binary.run(["lint", "--format", "yaml"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: unknown format 'yaml'"))
    }
}

@Suite("hairline rules")
struct CLIRulesTests {
    @Test func tableOfTheConfiguredRules() throws {
        let result = try Binary.run(["rules"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("ID") == true)
        #expect(lines.first?.contains("SEVERITY") == true)
        #expect(result.stdout.contains("bb-chart-window-source"))
        #expect(lines.last?.hasSuffix(" rules") == true)
    }

    @Test func oneRuleWithItsWhyAndExamples() throws {
        let result = try Binary.run(["rules", "bb-chart-window-source"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("bb-chart-window-source (error) · Black Belt\nEvery chart states its window and source\n"))
        #expect(result.stdout.contains("Why\n  Every chart states its window and source in the context line."))
        #expect(result.stdout.contains("Triggers on\n    screen: S"))
    }

    @Test func anUnknownRule() throws {
        let result = try Binary.run(["rules", "bb-chart-windo"])
        #expect(result.status == 2)
        #expect(result.stderr == "error: no rule 'bb-chart-windo'; did you mean 'bb-chart-window-source'?\n")
    }
}
