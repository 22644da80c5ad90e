import Foundation
import HairlineDiagnostics
import HairlineEngine
import Testing

/// `hairline lint --fix`, `--unsafe-fixes` and `--diff` (CONTRACT 6.3), end to end: only the fixed nodes' bytes
/// change, the exit code is what remains, and nothing that must not change does.
@Suite("Lint --fix")
struct CLIFixTests {
    static let config = "systems:\n  app:\n    tokens: tokens.yaml\n    rules: [rules.yaml]\n    screens: [\"screens/*.yaml\"]\n"
    static let tokens = """
        color:
          $type: color
          accent: "#0066CC"
          ink: "#111111"
        spacing:
          $type: dimension
          small: 8
          large: 16

        """
    static let rules = """
        rules:
          - id: scale
            given: "*"
            check: {allowed: {properties: [padding, gap], values: "{spacing}"}}
          - id: literal
            given: text
            check: {token-only: {properties: [color]}}

        """

    static func project(_ screens: [String: String], rules: String = rules, config: String = config) throws -> TemporaryFolder {
        try CLILintTests.project(screens, config: config, tokens: tokens, rules: rules)
    }

    static func read(_ folder: TemporaryFolder, _ name: String) throws -> String {
        try String(contentsOf: folder.url.appendingPathComponent(name), encoding: .utf8)
    }

    /// A screen with a safe fix (a literal colour that is one token's), an unsafe one (10 off the scale, nearest
    /// 8), a tie (12, as near 8 as 16) and comments, quoting and CRLF line endings that must stay.
    static let screen = "screen: A   # home\r\nchildren:\r\n  - card: {padding: 10, gap: 12}  # keep\r\n  - text: {value: 'Hi', color: '#0066cc'}\r\n"

    @Test func fixAppliesTheSafeFixesInPlaceAndReportsWhatRemains() throws {
        let folder = try Self.project(["screens/a.yaml": Self.screen, "screens/clean.yaml": "screen: B\npadding: 8\n"])
        let cleanPath = folder.url.appendingPathComponent("screens/clean.yaml").path
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000_000), .posixPermissions: 0o664], ofItemAtPath: cleanPath)
        try FileManager.default.setAttributes([.posixPermissions: 0o664], ofItemAtPath: folder.url.appendingPathComponent("screens/a.yaml").path)
        let result = try Binary.run(["lint", "--fix"], in: folder.url)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(try Self.read(folder, "screens/a.yaml") == Self.screen.replacingOccurrences(of: "'#0066cc'", with: "'{color.accent}'"))
        // What remains is reported: the two values off the scale, the unsafe one offered to --unsafe-fixes.
        #expect(result.stdout.split(separator: "\n").map { $0.contains("[scale]") } == [true, true])
        #expect(result.stderr.contains("fixed 1 finding in 1 file; 1 more finding fixable with --unsafe-fixes"))
        // A file with nothing to fix is not touched, and the fixed one keeps its permissions.
        let clean = try FileManager.default.attributesOfItem(atPath: cleanPath)
        #expect((clean[.modificationDate] as? Date) == Date(timeIntervalSince1970: 1_000_000_000))
        let fixed = try FileManager.default.attributesOfItem(atPath: folder.url.appendingPathComponent("screens/a.yaml").path)
        #expect((fixed[.posixPermissions] as? NSNumber)?.intValue == 0o664)
        // A second --fix changes nothing.
        let again = try Binary.run(["lint", "--fix"], in: folder.url)
        #expect(again.stderr.contains("fixed 0 findings in 0 files"))
        #expect(try Self.read(folder, "screens/a.yaml") == Self.screen.replacingOccurrences(of: "'#0066cc'", with: "'{color.accent}'"))
    }

    @Test func unsafeFixesApplyTheNearestValueButNeverATie() throws {
        let folder = try Self.project(["screens/a.yaml": Self.screen])
        let result = try Binary.run(["lint", "--fix", "--unsafe-fixes"], in: folder.url)
        #expect(result.status == 1)
        let expected = Self.screen.replacingOccurrences(of: "padding: 10", with: "padding: 8").replacingOccurrences(of: "'#0066cc'", with: "'{color.accent}'")
        #expect(try Self.read(folder, "screens/a.yaml") == expected)
        // The tie remains (a column to the left, now that 10 is 8).
        #expect(result.stdout == "screens/a.yaml:3:29: error: gap 12 is off the scale 8 · 16; nearest is 8, as near as 16 (a tie: not fixed) [scale]\n")
    }

    @Test func diffPrintsAUnifiedDiffThatPatchAppliesAndWritesNothing() throws {
        let screen = Self.screen.replacingOccurrences(of: "\r\n", with: "\n")
        let folder = try Self.project(["screens/a.yaml": screen])
        let result = try Binary.run(["lint", "--diff", "--unsafe-fixes"], in: folder.url)
        #expect(try Self.read(folder, "screens/a.yaml") == screen)
        #expect(result.stdout.hasPrefix("--- a/screens/a.yaml\n+++ b/screens/a.yaml\n@@ -1,4 +1,4 @@\n"))
        #expect(result.stdout.contains("-  - card: {padding: 10, gap: 12}  # keep\n+  - card: {padding: 8, gap: 12}  # keep\n"))
        #expect(result.stderr.contains("would fix 2 findings in 1 file"))
        #expect(result.status == 1)
        // `patch` applies it, to the same text `--fix --unsafe-fixes` writes.
        let patchFile = try folder.write("fix.diff", result.stdout)
        let patched = try Binary.run(["-c", "patch -p1 -s < \(patchFile.path)"], in: folder.url, shell: true)
        #expect(patched.status == 0, "\(patched.stderr)")
        let viaPatch = try Self.read(folder, "screens/a.yaml")
        try folder.write("screens/a.yaml", screen)
        _ = try Binary.run(["lint", "--fix", "--unsafe-fixes"], in: folder.url)
        #expect(try Self.read(folder, "screens/a.yaml") == viaPatch)
    }

    @Test func standardInputIsWrittenFixedToStandardOutput() throws {
        let folder = try Self.project([:])
        let result = try Binary.run(["lint", "--stdin-path", "screens/a.yaml", "--fix"], in: folder.url, stdin: Self.screen)
        #expect(result.stdout == Self.screen.replacingOccurrences(of: "'#0066cc'", with: "'{color.accent}'"))
        #expect(result.stderr.contains("[scale]"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("screens/a.yaml").path))
    }

    @Test func neverChangedAFileWithAnInputErrorOrASuppressedFinding() throws {
        let broken = "screen: A\npadding: 10\nchildren: [\n"
        let suppressed = "screen: B\n# hairline:disable-next-line scale -- kept on purpose\npadding: 10\n"
        let folder = try Self.project(["screens/broken.yaml": broken, "screens/suppressed.yaml": suppressed])
        let result = try Binary.run(["lint", "--fix", "--unsafe-fixes"], in: folder.url)
        #expect(result.status == 2)
        #expect(try Self.read(folder, "screens/broken.yaml") == broken)
        #expect(try Self.read(folder, "screens/suppressed.yaml") == suppressed)
    }

    @Test func aRuleOrTheConfigCanTurnItsFixesOff() throws {
        let offInRule = Self.rules.replacingOccurrences(of: "  - id: literal\n", with: "  - id: literal\n    fix: false\n")
        let ruleFolder = try Self.project(["screens/a.yaml": Self.screen], rules: offInRule)
        _ = try Binary.run(["lint", "--fix"], in: ruleFolder.url)
        #expect(try Self.read(ruleFolder, "screens/a.yaml") == Self.screen)
        let listed = try Binary.run(["lint"], in: ruleFolder.url)
        #expect(!listed.stdout.contains("[*]"))

        let offInConfig = Self.config + "rules:\n  literal: {fix: false}\n  scale: {severity: warning, fix: false}\n"
        let configFolder = try Self.project(["screens/a.yaml": Self.screen], config: offInConfig)
        _ = try Binary.run(["lint", "--fix", "--unsafe-fixes"], in: configFolder.url)
        #expect(try Self.read(configFolder, "screens/a.yaml") == Self.screen)
        let bad = try Self.project(["screens/a.yaml": Self.screen], config: Self.config + "rules:\n  literal: {fix: maybe}\n")
        #expect(try Binary.run(["lint"], in: bad.url).status == 2)
    }

    @Test func theTextOutputMarksWhatFixWouldRepair() throws {
        let folder = try Self.project(["screens/a.yaml": Self.screen])
        let lines = try Binary.run(["lint"], in: folder.url).stdout.split(separator: "\n")
        #expect(lines.filter { $0.hasSuffix("[literal] [*]") }.count == 1)
        #expect(lines.filter { $0.hasSuffix("[scale]") }.count == 2)
    }

    @Test func overlappingFixesTheFirstWinsAndTheRestAreReported() {
        let bytes = Array("padding: 10\n".utf8)
        let text = SourceText(bytes)
        let range = SourceRange(start: text.position(line: 1, column: 10), end: text.position(line: 1, column: 12))
        func finding(_ code: String, _ value: String) -> Diagnostic {
            Diagnostic(
                severity: .error, code: code, message: code, mark: Mark(file: "s.yaml", line: 1, column: 10), range: range,
                fix: Fix(title: value, safety: .safe, value: value, edits: [Fix.Edit(range: range, text: value)]))
        }
        let outcome = FixApplier(scope: .safe).apply([finding("b", "16"), finding("a", "8")], to: bytes)
        #expect(String(decoding: outcome.bytes, as: UTF8.self) == "padding: 8\n")
        #expect(outcome.applied.map(\.code) == ["a"])
        #expect(outcome.overlapping.map(\.code) == ["b"])
    }

    /// A screen with CRLF line breaks: its diff keeps each CR LF whole (it once marked every line as without a final
    /// line break), and git applies it.
    @Test func aCRLFScreensDiffApplies() throws {
        let folder = try CLILintTests.project(["screens/a.yaml": "screen: A\r\npadding: 7\r\nchildren:\r\n  - card: {title: x}\r\n"])
        let result = try Binary.run(["lint", "--diff", "--unsafe-fixes", "screens/a.yaml"], in: folder.url)
        #expect(!result.stdout.contains("No newline at end of file"), "\(result.stdout)")
        #expect(result.stdout.contains("-padding: 7\r\n+padding: 8\r\n"), "\(result.stdout)")
        try folder.write("fix.diff", result.stdout)
        try #require(try Subprocess.run("git", ["init", "-q"], in: folder.url).status == 0)
        let apply = try Subprocess.run("git", ["apply", "fix.diff"], in: folder.url)
        #expect(apply.status == 0, "\(apply.output)")
        let fixed = try String(contentsOf: folder.url.appendingPathComponent("screens/a.yaml"), encoding: .utf8)
        #expect(fixed.hasPrefix("screen: A\r\npadding: 8\r\n"))
    }

    /// Fixes run to a fixed point in one run: a rename fix (`pading` → `padding`) lets the scale rule see the value,
    /// whose fix (10 → 8) comes in the next pass. It took two runs.
    @Test func unsafeFixesSettleInOneRun() throws {
        let rules = """
            components:
              card: {properties: {padding: dimension, gap: dimension}}
            rules:
              - id: scale
                given: "*"
                check: {allowed: {properties: [padding, gap], values: "{spacing}"}}

            """
        let folder = try Self.project(["screens/a.yaml": "screen: A\nchildren:\n  - card: {pading: 10}\n"], rules: rules)
        let result = try Binary.run(["lint", "--fix", "--unsafe-fixes"], in: folder.url)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(try Self.read(folder, "screens/a.yaml") == "screen: A\nchildren:\n  - card: {padding: 8}\n")
        #expect(result.stderr.contains("fixed 2 findings in 1 file"), "\(result.stderr)")
    }

    /// A "safe" fix whose result has a finding its input did not is not applied, and the message says why: a
    /// literal colour replaced by the one token of its value brought a finding of its own (here, the token is
    /// deprecated).
    @Test func aSafeFixThatBringsANewFindingIsSetAside() throws {
        let tokens = """
            color:
              $type: color
              hue: {$value: "#00AEEF", $deprecated: "Use the new hue."}

            """
        let rules = """
            rules:
              - {id: literal, given: text, check: {token-only: {properties: [color]}}}

            """
        let screen = "screen: A\nchildren:\n  - text: {value: Hi, color: '#00AEEF'}\n"
        let folder = try CLILintTests.project(["screens/a.yaml": screen], config: Self.config, tokens: tokens, rules: rules)
        let before = try Binary.run(["lint", "--format", "json"], in: folder.url)
        #expect(before.stdout.contains("\"rule\" : \"literal\""))
        let result = try Binary.run(["lint", "--fix"], in: folder.url)
        #expect(try Self.read(folder, "screens/a.yaml") == screen)
        #expect(result.stderr.contains("screens/a.yaml:3:30: the literal fix is not applied as safe: it would bring deprecated-token ({color.hue} is deprecated: Use the new hue.); apply it with --unsafe-fixes"), "\(result.stderr)")
        #expect(result.stdout.contains("[literal]"))
        // Asked for, the unsafe scope applies it.
        let unsafe = try Binary.run(["lint", "--fix", "--unsafe-fixes"], in: folder.url)
        #expect(try Self.read(folder, "screens/a.yaml").contains("{color.hue}"), "\(unsafe.stderr)")
    }

    /// A finding of the token set itself (a token rule's) is not one a screen's fix brings: the safe fix is applied,
    /// and the token set's finding is reported once (each relint counted it as new, setting every safe fix aside).
    @Test func aTokenSetsOwnFindingDoesNotSetAScreensFixAside() throws {
        let tokens = "spacing:\n  $type: dimension\n  sm: 8\n  md: 16\n  odd: 7\n"
        let rules = """
            rules:
              - {id: literal, given: "*", check: {token-only: {properties: [padding]}}}
              - {id: token-scale, tokens: "spacing.*", check: {allowed: {values: [8, 16]}}}

            """
        let folder = try CLILintTests.project(["screens/a.yaml": "screen: A\npadding: 16\n"], config: Self.config, tokens: tokens, rules: rules)
        let result = try Binary.run(["lint", "--fix"], in: folder.url)
        #expect(try Self.read(folder, "screens/a.yaml") == "screen: A\npadding: \"{spacing.md}\"\n", "\(result.stderr)")
        #expect(!result.stderr.contains("not applied as safe"), "\(result.stderr)")
        #expect(result.stdout.components(separatedBy: "[token-scale]").count == 2, "\(result.stdout)")
    }

    /// Where a fix is set aside, the others of its pass are still applied at their own places: each is tried on
    /// the pass's text, and those kept are applied together (applied one after another, a longer replacement moved
    /// the next one's bytes).
    @Test func theFixesBesideOneSetAsideLandWhereTheyBelong() throws {
        let tokens = """
            color:
              $type: color
              ink: "#111111"
              hue: {$value: "#00AEEF", $deprecated: "Use the new hue."}
              paper: "#FAFAFA"

            """
        let rules = "rules:\n  - {id: literal, given: text, check: {token-only: {properties: [color]}}}\n"
        let screen = "screen: A\nchildren:\n  - text: {value: a, color: '#111111'}\n  - text: {value: b, color: '#00AEEF'}\n  - text: {value: c, color: '#FAFAFA'}\n"
        let folder = try CLILintTests.project(["screens/a.yaml": screen], config: Self.config, tokens: tokens, rules: rules)
        let result = try Binary.run(["lint", "--fix"], in: folder.url)
        #expect(
            try Self.read(folder, "screens/a.yaml")
                == "screen: A\nchildren:\n  - text: {value: a, color: '{color.ink}'}\n  - text: {value: b, color: '#00AEEF'}\n  - text: {value: c, color: '{color.paper}'}\n",
            "\(result.stderr)")
        #expect(result.stderr.contains("fixed 2 findings in 1 file; screens/a.yaml:4:29: the literal fix is not applied as safe"))
    }
}
