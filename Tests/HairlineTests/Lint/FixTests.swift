import Foundation
import HairlineDiagnostics
import HairlineEngine
import HairlineYAML
import Testing

/// The fixes checks attach to findings (CONTRACT 6.3): what each offers, its safety, and an edit that rewrites only
/// the node's bytes in their own style.
@Suite("Fixes")
struct FixTests {
    static let tokens = """
        $modes: [light, dark]
        color:
          $type: color
          accent: {$value: "#0066CC", $extensions: {hairline: {usage: control}}}
          ink: {light: "#111111", dark: "#EEEEEE"}
          paper: "#FAFAFA"
          snow: "#fafafa"
        spacing:
          $type: dimension
          small: 8
          large: 16
          card: 16
          gutter: 24
        """
    static let rules = """
        rules:
          - id: scale
            given: "*"
            check: {allowed: {properties: [padding, gap], values: "{spacing}"}}
          - id: literal
            given: text
            check: {token-only: {properties: [color, background]}}
          - id: control
            given: button
            check: {token-meta: {properties: [fill], key: usage, equals: control}}
          - id: flat
            given: card
            check: {forbidden: {properties: [shadow]}}
        """

    /// The findings of a screen, with their fixes' edits, linted in memory.
    static func lint(_ screen: String) -> [Diagnostic] {
        let documents = Documents([
            "/nonexistent-fixes/tokens.yaml": Array(tokens.utf8), "/nonexistent-fixes/rules.yaml": Array(rules.utf8),
            "/nonexistent-fixes/s.yaml": Array(screen.utf8),
        ])
        let engine = LintEngine(
            config: nil, explicitSystem: .init(tokens: "tokens.yaml", rules: ["rules.yaml"]), documents: documents,
            workingDirectory: URL(fileURLWithPath: "/nonexistent-fixes"))
        let result = engine.lint(document: "s.yaml")
        #expect(result.inputErrors.isEmpty, "\(result.inputErrors)")
        return result.findings
    }

    /// The screen with every fix's edits applied, last first.
    static func applied(_ screen: String, _ findings: [Diagnostic]) -> String {
        var bytes = Array(screen.utf8)
        for edit in findings.compactMap(\.fix).flatMap(\.edits).sorted(by: { $0.bytes.lowerBound > $1.bytes.lowerBound }) {
            bytes.replaceSubrange(edit.bytes, with: Array(edit.text.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A forbidden property is removed with its value (unsafely: the screen changes): a block pair with its line, a
    /// flow pair with the comma beside it; a pair whose value runs over lines of its own is not fixed.
    @Test func aForbiddenPropertyIsRemovedWithItsLineOrItsComma() throws {
        let screen = """
            screen: S
            children:
              - card:
                  padding: 8
                  shadow: soft   # the old style
                  gap: 8
              - card: {padding: 8, shadow: soft, gap: 8}
              - card: {padding: 8, shadow: "0 1 2"}
              - card: {shadow: soft}
              - card:
                  shadow:
                    blur: 4

            """
        let findings = Self.lint(screen).filter { $0.code == "flat" }
        #expect(findings.count == 5)
        #expect(findings.map { $0.fix?.title } == ["Remove shadow", "Remove shadow", "Remove shadow", "Remove shadow", nil])
        #expect(findings.compactMap(\.fix).allSatisfy { $0.safety == .unsafe })
        let fixed = Self.applied(screen, findings)
        #expect(
            fixed == """
                screen: S
                children:
                  - card:
                      padding: 8
                      gap: 8
                  - card: {padding: 8, gap: 8}
                  - card: {padding: 8}
                  - card: {}
                  - card:
                      shadow:
                        blur: 4

                """)
        #expect(Self.lint(fixed).filter { $0.code == "flat" }.count == 1)
    }

    @Test func aValueOffTheScaleOffersTheNearestUnsafely() throws {
        let screen = "screen: S\nchildren:\n  - card: {padding: 10, gap: 12}  # keep this comment\n"
        let findings = Self.lint(screen)
        #expect(findings.map(\.code) == ["scale", "scale"])
        let fix = try #require(findings[0].fix)
        #expect(fix.safety == .unsafe)
        #expect(fix.value == "8")
        // 12 is as near 8 as 16: a tie is not fixed.
        #expect(findings[1].fix == nil)
        #expect(Self.applied(screen, findings) == "screen: S\nchildren:\n  - card: {padding: 8, gap: 12}  # keep this comment\n")
    }

    @Test func aLiteralWithOneTokensValueInEveryModeOffersTheReferenceSafely() throws {
        let screen = "screen: S\nchildren:\n  - text: {color: '#fafafa', value: Hi}\n"
        let findings = Self.lint(screen)
        #expect(findings.map(\.code) == ["literal"])
        // Two colour tokens are #FAFAFA (paper and snow, in either case): no one token to name.
        #expect(findings[0].fix == nil)

        let unique = "screen: S\nchildren:\n  - text:\n      color: \"#0066cc\"\n      background: '#0066CC'\n"
        let uniqueFindings = Self.lint(unique)
        #expect(uniqueFindings.compactMap(\.fix).map(\.safety) == [.safe, .safe])
        // The quote style stays: double stays double, single stays single.
        #expect(Self.applied(unique, uniqueFindings) == "screen: S\nchildren:\n  - text:\n      color: \"{color.accent}\"\n      background: '{color.accent}'\n")
    }

    @Test func aPlainLiteralIsQuotedWhenItBecomesAReference() throws {
        let screen = "screen: S\nchildren:\n  - card: {padding: 24}\n  - text: {color: \"#111111\"}\n  - button: {fill: 24}\n"
        // The ink token differs by mode: #111111 is its light value only, so no token has it in every mode.
        let findings = Self.lint(screen)
        #expect(findings.first { $0.code == "literal" }?.fix == nil)
        let control = try #require(findings.first { $0.code == "control" })
        // 24 is spacing.gutter's value in every mode, but gutter has no usage: control, so nothing to offer.
        #expect(control.fix == nil)
        // A plain 24 (spacing.gutter's value alone) becomes a quoted reference: a plain `{` would start a mapping.
        let plain = "screen: S\nchildren:\n  - text: {value: a, background: 24}\n"
        #expect(Self.applied(plain, Self.lint(plain)) == "screen: S\nchildren:\n  - text: {value: a, background: \"{spacing.gutter}\"}\n")
    }

    @Test func applyingTheFixesLeavesNoFindingTheyFixAndNothingElseChanged() throws {
        let screen = """
            screen: S   # a comment
            children:
              - card:
                  padding: 10
                  gap: 16
              - text:
                  color: "#0066CC"
                  value: "x"

            """
        let fixed = Self.applied(screen, Self.lint(screen))
        #expect(Self.lint(fixed).isEmpty)
        let changed = zip(screen.split(separator: "\n"), fixed.split(separator: "\n")).filter { $0 != $1 }
        #expect(changed.count == 2)
        #expect(fixed.hasPrefix("screen: S   # a comment\n"))
    }

    @Test func aDeprecatedTokenIsAWarningWithItsReplacementAsASafeFix() throws {
        let tokens = """
            color:
              $type: color
              accent: "#0066CC"
              brand: {$value: "#0066CC", $deprecated: "Use {color.accent}: brand was renamed."}
              old: {$value: "#111111", $deprecated: true}
              either: {$value: "#222222", $deprecated: "Use {color.accent} or {color.old}"}
            """
        let screen = "screen: S\nchildren:\n  - text: {value: a, color: \"{color.brand}\"}\n  - text: {value: b, color: '{color.old}'}\n  - text: {value: c, color: \"{color.either}\"}\n"
        let documents = Documents([
            "/nonexistent-fixes/tokens.yaml": Array(tokens.utf8), "/nonexistent-fixes/rules.yaml": Array("rules: []\n".utf8),
            "/nonexistent-fixes/s.yaml": Array(screen.utf8),
        ])
        let engine = LintEngine(
            config: nil, explicitSystem: .init(tokens: "tokens.yaml", rules: ["rules.yaml"]), documents: documents,
            workingDirectory: URL(fileURLWithPath: "/nonexistent-fixes"))
        let findings = engine.lint(document: "s.yaml").findings
        #expect(findings.map(\.code) == ["deprecated-token", "deprecated-token", "deprecated-token"])
        #expect(findings.allSatisfy { $0.severity == .warning })
        #expect(findings[0].message == "{color.brand} is deprecated: Use {color.accent}: brand was renamed.")
        #expect(findings[1].message == "{color.old} is deprecated")
        // Only a deprecation that names one token offers it.
        #expect(findings.map { $0.fix?.value } == ["{color.accent}", nil, nil])
        #expect(findings[0].fix?.safety == .safe)
        #expect(Self.applied(screen, findings).contains("color: \"{color.accent}\""))
    }

    @Test func aValueReachedThroughAnAliasIsNotFixedAndSaysSo() throws {
        let screen = "screen: S\nchildren:\n  - card: &c {padding: 10}\n  - card: *c\n  - card: {gap: 10}\n"
        let findings = Self.lint(screen)
        #expect(findings.count == 3)
        let shared = findings.filter { $0.mark.line == 3 }
        #expect(shared.count == 2)
        #expect(shared.allSatisfy { $0.fix == nil && $0.notes.contains { $0.message.hasPrefix("not fixed: the value is an anchor's") } })
        // The value outside the anchor is fixed as ever.
        #expect(findings.first { $0.mark.line == 5 }?.fix?.value == "8")
    }

    @Test(arguments: [
        ("10", "8", "8"), ("10", "{spacing.small}", "\"{spacing.small}\""), ("'10'", "a'b", "'a''b'"),
        ("\"x\"", "say \"hi\"", "\"say \\\"hi\\\"\""), ("plain", "a: b", "\"a: b\""), ("plain", "#fff", "\"#fff\""),
    ])
    func aScalarIsRewrittenInItsOwnStyle(_ original: String, _ value: String, _ expected: String) {
        #expect(ScalarText.replacing(Array(original.utf8)[...], with: value) == expected)
    }

    @Test(arguments: ["{a: 1}", "[1]", "|\n  x", "&a 1", "*a", "!!str 1"])
    func aNodeThatIsNotAPlainOrQuotedScalarIsNotRewritten(_ original: String) {
        #expect(ScalarText.replacing(Array(original.utf8)[...], with: "8") == nil)
    }
}
