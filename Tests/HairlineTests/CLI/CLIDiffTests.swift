import Foundation
import Testing

/// `hairline diff` and `hairline coverage` as a user runs them (CONTRACT 6.6): an old set read from git, the report
/// in each format, the screen lines a breaking change breaks, the exit codes.
@Suite("hairline diff and coverage")
struct CLIDiffTests {
    static let tokens = """
        $name: Mini
        spacing:
          $type: dimension
          half: 4
          base: 8
          wide: {$value: 24, $description: Section gap.}
        color:
          $type: color
          ink: "#111111"
          paper: "#FFFFFF"
          text: "{color.ink}"

        """

    /// A project whose tokens.yaml is committed to git, then edited: base renamed to step, wide removed, ink
    /// changed, text aliased to paper, a token added.
    static func project() throws -> TemporaryFolder {
        let folder = try CLILintTests.project(
            ["screens/a.yaml": "screen: A\npadding: \"{spacing.base}\"\ngap: \"{spacing.wide}\" # the section gap\nchildren:\n  - card: {padding: 4, background: \"#FFFFFF\", color: \"{color.text}\"}\n"],
            tokens: tokens, rules: "rules:\n  - id: mini-spacing\n    given: \"*\"\n    check: {allowed: {properties: [padding], values: \"{spacing}\"}}\n")
        for arguments in [["init", "-q"], ["add", "."], ["-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "tokens"]] {
            let result = try Subprocess.run("git", arguments, in: folder.url)
            try #require(result.status == 0, "\(result.output)")
        }
        try folder.write(
            "tokens.yaml",
            tokens.replacingOccurrences(of: "  base: 8\n", with: "  step: 8\n").replacingOccurrences(of: "  wide: {$value: 24, $description: Section gap.}\n", with: "")
                .replacingOccurrences(of: "ink: \"#111111\"", with: "ink: \"#222222\"").replacingOccurrences(of: "{color.ink}", with: "{color.paper}")
                + "  accent: \"#0066CC\"\n")
        return folder
    }

    @Test func aBreakingChangeIsListedWithTheScreenLinesItBreaks() throws {
        let folder = try Self.project()
        let result = try Binary.run(["diff", "HEAD:tokens.yaml", "tokens.yaml"], in: folder.url)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stdout == """
                HEAD:tokens.yaml → tokens.yaml: major (2 breaking)
                removed        spacing.wide: dimension 24 [Swift: Mini.Spacing.wide]
                renamed        spacing.step: spacing.base → spacing.step (the only removed and the only added token with this type and these values) [Swift: Mini.Spacing.base]
                changed        color.ink: value #111111 → #222222
                changed        color.text: value #111111 → #FFFFFF
                alias changed  color.text: {color.ink} → {color.paper}
                added          color.accent: color #0066CC

                Screens that name a removed, renamed or retyped token:
                screens/a.yaml:2:10: {spacing.base} was renamed to {spacing.step}
                screens/a.yaml:3:6: {spacing.wide} was removed

                """)
        let allowed = try Binary.run(["diff", "HEAD:tokens.yaml", "tokens.yaml", "--allow-breaking"], in: folder.url)
        #expect(allowed.status == 0)
    }

    /// The screens a change breaks are found by the engine, as lint finds them: a config that does not read is an
    /// input error (it was passed over, and the diff said no screen broke), and a screen named on the command line is
    /// read wherever it is, as lint reads it.
    @Test func theScreensAChangeBreaksAreReadAsLintReadsThem() throws {
        let folder = try Self.project()
        let config = try String(contentsOf: folder.url.appendingPathComponent(".hairline.yml"), encoding: .utf8)
        try folder.write(".hairline.yml", config + "systms: {}\n")
        let broken = try Binary.run(["diff", "HEAD:tokens.yaml", "tokens.yaml"], in: folder.url)
        #expect(broken.status == 2, "\(broken.stdout)")
        #expect(broken.stderr.contains(".hairline.yml:"), "\(broken.stderr)")
        try folder.write(".hairline.yml", config)
        let outside = try TemporaryFolder()
        try outside.write("b.yaml", "screen: B\npadding: \"{spacing.base}\"\n")
        let named = try Binary.run(["diff", "HEAD:tokens.yaml", "tokens.yaml", "screens", outside.url.appendingPathComponent("b.yaml").path], in: folder.url)
        #expect(named.stdout.contains("screens/a.yaml:2:10") && named.stdout.contains("b.yaml:2:10: {spacing.base} was renamed"), "\(named.stdout)")
        // At the value, where lint reports the reference that no longer names a token; a reference in a comment
        // is none.
        let lint = try Binary.run(["lint", "screens"], in: folder.url)
        #expect(lint.stdout.contains("screens/a.yaml:2:10: error: ") && lint.stdout.contains("screens/a.yaml:3:6: error: "), "\(lint.stdout)")
        try folder.write("screens/c.yaml", "screen: C # was \"{spacing.wide}\"\nnote: \"{spacing.wide\"\n")
        let commented = try Binary.run(["diff", "HEAD:tokens.yaml", "tokens.yaml", "screens/c.yaml"], in: folder.url)
        #expect(!commented.stdout.contains("screens/c.yaml"), "\(commented.stdout)")
    }

    @Test func markdownAndJSONCarryTheSameChanges() throws {
        let folder = try Self.project()
        let markdown = try Binary.run(["diff", "HEAD:tokens.yaml", "tokens.yaml", "--format", "markdown", "--allow-breaking"], in: folder.url)
        #expect(markdown.stdout.hasPrefix("### Token changes: **major**\n"))
        #expect(markdown.stdout.contains("| removed | 1 |\n| renamed | 1 |\n| changed | 2 |\n| alias changed | 1 |\n| added | 1 |"))
        #expect(markdown.stdout.contains("<details><summary>Every change</summary>"))
        #expect(markdown.stdout.contains("- `screens/a.yaml:3:6`: `{spacing.wide}` was removed"))
        let json = try Binary.run(["diff", "HEAD:tokens.yaml", "tokens.yaml", "--format", "json"], in: folder.url)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["verdict"] as? String == "major")
        let changes = try #require(object["changes"] as? [[String: Any]])
        #expect(changes.map { $0["kind"] as? String } == ["removed", "renamed", "changed", "changed", "alias changed", "added"])
        #expect(changes[1]["from"] as? String == "spacing.base")
        #expect(changes[1]["swift"] as? String == "Mini.Spacing.base")
        let uses = try #require(object["uses"] as? [[String: Any]])
        #expect(uses.map { "\($0["file"]!):\($0["line"]!):\($0["column"]!)" } == ["screens/a.yaml:2:10", "screens/a.yaml:3:6"])
    }

    @Test func aChangeThatBreaksNothingExitsZero() throws {
        let folder = try CLILintTests.project([:], tokens: Self.tokens)
        try folder.write("new.yaml", Self.tokens.replacingOccurrences(of: "half: 4", with: "half: 5") + "  accent: \"#0066CC\"\n")
        let result = try Binary.run(["diff", "tokens.yaml", "new.yaml"], in: folder.url)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("tokens.yaml → new.yaml: minor\n"))
        let same = try Binary.run(["diff", "tokens.yaml", "tokens.yaml"], in: folder.url)
        #expect(same.stdout == "tokens.yaml → tokens.yaml: none\n")
    }

    @Test func anUnknownRevisionOrFileIsAnInputError() throws {
        let folder = try Self.project()
        let revision = try Binary.run(["diff", "nope:tokens.yaml", "tokens.yaml"], in: folder.url)
        #expect(revision.status == 2)
        #expect(revision.stderr.hasPrefix("nope:tokens.yaml:1:1: error: cannot read nope:tokens.yaml from git: fatal:"))
        let missing = try Binary.run(["diff", "tokens.yaml", "missing.yaml"], in: folder.url)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("missing.yaml"))
        let broken = try Binary.run(["diff", "tokens.yaml", "rules.yaml"], in: folder.url)
        #expect(broken.status == 2)
        #expect(broken.stdout.isEmpty)
    }

    @Test func coverageCountsReferencesAndFindsUnusedTokens() throws {
        let folder = try Self.project()
        try folder.write("tokens.yaml", Self.tokens)
        let result = try Binary.run(["coverage", "--format", "json"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        // padding and gap are references; the card's padding (4) and background (#FFFFFF) are literals, its colour
        // a reference: 3 of 5.
        #expect(object["references"] as? Int == 3)
        #expect(object["values"] as? Int == 5)
        let properties = try #require(object["properties"] as? [[String: Any]])
        #expect(properties.map { $0["property"] as? String } == ["background", "color", "gap", "padding"])
        #expect(properties.first { $0["property"] as? String == "padding" }?["values"] as? Int == 2)
        let system = try #require((object["systems"] as? [[String: Any]])?.first)
        #expect(system["uses"] as? [String: Int] == ["spacing.base": 1, "spacing.wide": 1, "color.text": 1])
        // color.ink is reached through color.text's alias.
        #expect(system["unused"] as? [String] == ["color.paper", "spacing.half"])
        let text = try Binary.run(["coverage"], in: folder.url)
        #expect(text.stdout.hasPrefix("60% of 5 values are token references, in 1 files\n"))
    }

    @Test func theTokenSheetShowsUseCountsAndDeprecations() throws {
        let folder = try Self.project()
        try folder.write("tokens.yaml", Self.tokens.replacingOccurrences(of: "  half: 4\n", with: "  half: {$value: 4, $deprecated: \"Use {spacing.base}.\"}\n"))
        let result = try Binary.run(["compile", "tokens.yaml", "--html", "sheet.html", "--screens", "screens"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let sheet = try String(contentsOf: folder.url.appendingPathComponent("sheet.html"), encoding: .utf8)
        #expect(sheet.contains("<code>spacing.base</code> <small class=\"uses\">1 use</small>"))
        #expect(sheet.contains("<code>color.paper</code> <small class=\"uses\">unused</small>"))
        #expect(sheet.contains("<code>spacing.half</code> <small class=\"deprecated\" title=\"Use {spacing.base}.\">deprecated</small> <small class=\"uses\">unused</small>"))
        // Without screens, no counts.
        _ = try Binary.run(["compile", "tokens.yaml", "--html", "plain.html"], in: folder.url)
        #expect(try !String(contentsOf: folder.url.appendingPathComponent("plain.html"), encoding: .utf8).contains("class=\"uses\""))
    }

    /// A revision is never an option of git's: `--output=DIR:PATH` once had `git show` write the old file into a
    /// folder the pull request committed. Now git refuses it, and nothing is written.
    @Test func aRevisionThatLooksLikeAnOptionWritesNothing() throws {
        let folder = try Self.project()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("o:."), withIntermediateDirectories: true)
        let result = try Binary.run(["diff", "--", "--output=o:tokens.yaml", "tokens.yaml"], in: folder.url)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("o:.").path).isEmpty)
    }

    /// A blob over the file limit is refused, as a file of that size is, without git's whole output held.
    @Test func aRevisionOverTheFileLimitIsRefused() throws {
        let folder = try Self.project()
        try folder.write("big.yaml", "# " + String(repeating: "x", count: 33 * 1024 * 1024) + "\n")
        for arguments in [["add", "big.yaml"], ["-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "big"]] {
            try #require(try Subprocess.run("git", arguments, in: folder.url).status == 0)
        }
        let result = try Binary.run(["diff", "HEAD:big.yaml", "tokens.yaml"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("HEAD:big.yaml:1:1: error: file is over the limit of 33554432 bytes [file-too-large]"), "\(result.stderr)")
    }

    /// A type role named by `role:` counts as a use of its typography token (by the token's `role` metadata, or by
    /// its name): `coverage` listed type roles as unused although every text used them.
    @Test func coverageCountsTypeRolesNamedByRole() throws {
        let tokens = """
            type:
              $type: typography
              title: {fontFamily: [SF Pro], fontSize: 22}
              smallest: {$value: {fontFamily: [SF Pro], fontSize: 11}, $extensions: {hairline: {role: caption}}}
              unused: {fontFamily: [SF Pro], fontSize: 40}
            spacing:
              $type: dimension
              scale: {half: 4}

            """
        let folder = try CLILintTests.project(
            ["screens/a.yaml": "screen: A\nchildren:\n  - text: {role: title, value: Hi}\n  - text: {role: caption, value: Small}\n"],
            tokens: tokens)
        let result = try Binary.run(["coverage", "--format", "json"], in: folder.url)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let system = try #require((object["systems"] as? [[String: Any]])?.first)
        #expect(system["uses"] as? [String: Int] == ["type.title": 1, "type.smallest": 1], "\(result.stdout)")
        #expect(system["unused"] as? [String] == ["spacing.scale.half", "type.unused"])
    }
}
