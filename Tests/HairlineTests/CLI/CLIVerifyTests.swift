import Foundation
import Testing

/// `hairline rules --verify`: a rule author's test of their rules — examples and `# expect:` marks, both ways.
@Suite("hairline rules --verify")
struct CLIVerifyTests {
    static let rules = """
        rules:
          - id: mini-spacing
            given: "*"
            check: {allowed: {properties: [padding], values: "{spacing.scale}"}}
            examples:
              fail:
                - "screen: S\\npadding: 6\\n"
                - "screen: S\\npadding: 8\\n"
              pass:
                - "screen: S\\npadding: 4\\n"
                - "screen: S\\npadding: 5\\n"

        """

    @Test func theRepositorysRulesAndExamplesAgree() throws {
        let result = try Binary.run(["rules", "--verify", "Examples"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.hasSuffix("marked screens checked: all agree\n"))
    }

    @Test func eachDisagreementIsReportedAtItsLine() throws {
        let folder = try CLILintTests.project(
            [
                "screens/a.yaml": "screen: A\npadding: 6 # expect: mini-spacing\ngap: 1\nchildren:\n  - card: {padding: 7} # expect: mini-title\n",
                "screens/clean.yaml": "screen: B\npadding: 7\n",
            ], rules: Self.rules)
        let result = try Binary.run(["rules", "--verify", "screens"], in: folder.url)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        // The examples: a failing one that passes, a passing one that fails.
        #expect(lines.contains { $0.hasPrefix("rules.yaml:") && $0.contains("mini-spacing does not trigger on this failing example [verify]") })
        #expect(lines.contains { $0.hasPrefix("rules.yaml:") && $0.contains("mini-spacing triggers on this passing example: padding 5 is off the scale") })
        // The marked screen: an unmatched mark, and a finding with no mark; the unmarked screen is not compared.
        #expect(lines.contains("screens/a.yaml:5:1: error: expected mini-title on this line; found none [verify]"))
        #expect(lines.contains { $0.hasPrefix("screens/a.yaml:5:") && $0.contains("mini-spacing is found here but not marked '# expect: mini-spacing'") })
        #expect(!lines.contains { $0.contains("screens/a.yaml:2:") })
        #expect(!lines.contains { $0.contains("clean.yaml") })
        #expect(result.stderr.hasSuffix("4 rule examples and 1 marked screen checked: 4 disagreements\n"))
    }

    /// The rule set is checked against its own vocabulary: a property no component it selects declares (a typo), a
    /// kind the vocabulary lacks, a value outside an enumeration, and a `required` the vocabulary does not ask for.
    @Test func aRuleThatNamesWhatTheVocabularyLacksIsADisagreement() throws {
        let rules = """
            components:
              card: {properties: {padding: dimension, tone: {values: [info, warning]}, title: string}}
              text: {properties: {value: string}}
            rules:
              - id: card-pad
                given: card
                check: {allowed: {properties: [pading], values: [16]}}
              - id: chip-pad
                given: "chip, card[tone=danger]"
                check: {max: {properties: [padding], value: 16}}
              - id: card-title
                given: card
                check: {required: [title]}
              - id: fine
                given: "card[tone=info], text"
                check: {pattern: {properties: [value, title], case: sentence}}

            """
        let folder = try CLILintTests.project(["screens/a.yaml": "screen: A\n"], rules: rules)
        let result = try Binary.run(["rules", "--verify", "screens"], in: folder.url)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("rules.yaml:5:9: error: card-pad: it reads pading, which card does not declare [verify-vocabulary]"), "\(lines)")
        #expect(lines.contains { $0.contains("chip-pad: its selector 'chip, card[tone=danger]' names chip, which is not a component") })
        #expect(lines.contains { $0.contains("chip-pad: its selector 'chip, card[tone=danger]' compares tone with danger, which is not one of its declared values (card: info, warning)") })
        #expect(lines.contains { $0.contains("card-title: it requires title on card; add it to card's 'required'") })
        // A property declared on one of the kinds a selector matches is read there: `fine` is fine.
        #expect(!lines.contains { $0.contains("fine:") })
        #expect(lines.count == 4, "\(lines)")
    }
}
