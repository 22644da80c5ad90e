import Foundation
import HairlineDiagnostics
import HairlineEngine
import HairlineYAML
import Testing

/// Values in messages read as a person reads them: a composite (a type role) is named by its token, never JSON.
@Suite("Message text")
struct MessageTextTests {
    static let tokens = """
        type:
          $type: typography
          title: {fontSize: 20, fontWeight: 600}
          body: {fontSize: 17}
          caption: {fontSize: 12}
        size:
          $type: dimension
          s: 8
        """
    static let rules = """
        rules:
          - id: two-roles
            given: card
            check: {max-distinct: {property: font, of: text, max: 2}}
          - id: body-only
            given: text
            check: {allowed: {properties: [font], values: ["{type.body}"]}}
        """

    static func lint(_ screen: String) throws -> [Diagnostic] {
        let documents = Documents([
            "/nonexistent-text/tokens.yaml": Array(tokens.utf8), "/nonexistent-text/rules.yaml": Array(rules.utf8),
            "/nonexistent-text/s.yaml": Array(screen.utf8),
        ])
        let engine = LintEngine(
            config: nil, explicitSystem: .init(tokens: "tokens.yaml", rules: ["rules.yaml"]), documents: documents,
            workingDirectory: URL(fileURLWithPath: "/nonexistent-text"))
        let result = engine.lint(document: "s.yaml")
        #expect(result.inputErrors.isEmpty, "\(result.inputErrors)")
        return result.findings
    }

    @Test func typeRolesAreNamedByTheirTokens() throws {
        let findings = try Self.lint("""
            screen: S
            children:
              - card:
                  children:
                    - text: {value: a, font: "{type.title}"}
                    - text: {value: b, font: "{type.body}"}
                    - text: {value: c, font: "{type.caption}"}
            """)
        let messages = findings.map(\.message)
        #expect(messages.contains("card has more than 2 distinct font values; {type.caption} is number 3 (after {type.title}, {type.body})"))
        #expect(messages.contains { $0.hasPrefix("font {type.title} is not one of") })
        #expect(!messages.contains { $0.contains("{\"") || $0.contains("\"fontSize\"") }, "\(messages)")
    }

    /// Usage metadata reaches the tokens that alias a palette, and a finding says where it came from; a key the
    /// palette marks `private` stays with it.
    @Test func inheritedMetadataIsNamedAndPrivateKeysStay() throws {
        let tokens = """
            palette:
              $type: color
              blue500: {$value: "#0066CC", $extensions: {hairline: {usage: raw}}}
              red500: {$value: "#B42318", $extensions: {hairline: {usage: raw, private: [usage]}}}
            color:
              $type: color
              accent: "{palette.blue500}"
              danger: "{palette.red500}"
            """
        let rules = "rules:\n  - id: no-raw\n    given: \"*\"\n    check: {token-meta: {properties: [fill], key: usage, not: raw}}\n"
        let documents = Documents([
            "/nonexistent-meta/tokens.yaml": Array(tokens.utf8), "/nonexistent-meta/rules.yaml": Array(rules.utf8),
            "/nonexistent-meta/s.yaml": Array("screen: S\nchildren:\n  - button: {fill: \"{color.accent}\"}\n  - button: {fill: \"{color.danger}\"}\n".utf8),
        ])
        let engine = LintEngine(
            config: nil, explicitSystem: .init(tokens: "tokens.yaml", rules: ["rules.yaml"]), documents: documents,
            workingDirectory: URL(fileURLWithPath: "/nonexistent-meta"))
        let result = engine.lint(document: "s.yaml")
        #expect(result.inputErrors.isEmpty, "\(result.inputErrors)")
        #expect(result.findings.map(\.message) == ["fill {color.accent} is a token with usage raw (inherited from {palette.blue500}), which is not allowed on button"])
    }
}
