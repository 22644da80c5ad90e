import HairlineDiagnostics
import HairlineTokens
import HairlineYAML
import Testing

@testable import HairlineLint

@Suite("Rule files")
struct RuleFileTests {
    /// The errors of a rule file, each as `line:col: message [code]`.
    static func errors(_ text: String, tokens: String? = nil) -> [String] {
        do {
            let rules = try RuleSetReader.read(try YAMLSource.parse(text, file: "r.yaml"), file: "r.yaml")
            let set = try tokens.map { try TokenHelpers.resolve($0) }
            _ = try LintSystem(name: "t", tokens: set, rules: rules)
            return []
        } catch let error as DiagnosticError {
            return error.diagnostics.map { "\($0.mark.line):\($0.mark.column): \($0.message) [\($0.code)]" }
        } catch {
            return ["unexpected: \(error)"]
        }
    }

    @Test func aValidFile() {
        #expect(Self.errors("""
            system: X
            rules:
              - {id: a, given: card, check: {required: [title]}}
              - {id: b, tokens: "type.*", check: {max: {properties: [fontWeight], value: 500}}}
            """) == [])
    }

    @Test func unknownCheckWithDidYouMean() {
        #expect(Self.errors("rules:\n  - {id: a, given: card, check: {alowed: {properties: [x], values: [1]}}}\n")
            == ["2:34: unknown check 'alowed'; did you mean 'allowed'?; the checks are allowed, required, forbidden, count, max-count, max-distinct, min, max, multiple-of, pattern, token-only, token-meta, contrast, order, color, compare [rule-check]"])
    }

    @Test func badOptionsAreReportedAtTheirKeys() {
        #expect(Self.errors("""
            rules:
              - id: a
                given: card
                check:
                  max-count: {of: text, maximum: 3}
            """) == [
                "5:18: max-count needs 'max' [rule-structure]",
                "5:29: unknown key 'maximum'; expected one of of, max [rule-structure]",
            ])
    }

    @Test func anUnquotedSelectorSaysToQuoteIt() {
        #expect(Self.errors("rules:\n  - {id: a, given: [shadow], check: {required: [x]}}\n")
            == ["2:20: a selector must be a string; found a list. Quote it: YAML reads [x] as a list, #x as a comment, *x as an alias [rule-selector]"])
    }

    @Test func aSelectorSyntaxErrorPointsIntoTheString() {
        #expect(Self.errors("rules:\n  - {id: a, given: \"card >\", check: {required: [x]}}\n")
            == ["2:27: invalid selector 'card >': expected a kind, '*', '[attribute]' or ':pseudo-class'; found the end [rule-selector]"])
    }

    @Test func duplicateIDs() {
        #expect(Self.errors("""
            rules:
              - {id: a, given: card, check: {required: [x]}}
              - {id: a, given: text, check: {required: [y]}}
            """) == ["3:10: rule id 'a' is already used; ids are unique across every rule set in a run [rule-duplicate-id]"])
    }

    /// Across files: the same rule read twice (a rule file two systems share) is that rule; another rule with
    /// its id, from another file, is an error at the second one.
    @Test func ruleIDsAcrossFiles() throws {
        let text = "rules:\n  - {id: a, given: card, check: {required: [x]}}\n"
        let first = try RuleSetReader.read(try YAMLSource.parse(text, file: "one.yaml"), file: "one.yaml")[0]
        let other = try RuleSetReader.read(try YAMLSource.parse("\n" + text, file: "two.yaml"), file: "two.yaml")[0]
        var ids = RuleIDs()
        guard case .new = ids.admit(first) else { Issue.record("the first rule is new"); return }
        guard case .again = ids.admit(first) else { Issue.record("the same rule read again is that rule"); return }
        guard case .duplicate(let error) = ids.admit(other) else { Issue.record("another rule with the id is an error"); return }
        #expect(error.diagnostic.mark.file == "two.yaml")
        #expect(error.diagnostic.mark.line == 3)
        #expect(error.diagnostic.code == "rule-duplicate-id")
    }

    @Test func unknownPlaceholder() {
        #expect(Self.errors("rules:\n  - {id: a, given: card, message: \"{kind} lacks {thing}\", check: {required: [x]}}\n")
            == ["2:35: unknown placeholder '{thing}'; a message may use {value}, {property}, {kind}, {max}, {min}, {expected} [rule-message]"])
    }

    @Test func missingPartsAndUnknownKeys() {
        #expect(Self.errors("rules:\n  - {id: a, check: {required: [x]}, colour: red}\n") == [
            "2:5: a rule needs 'given' or 'tokens' [rule-structure]",
            "2:37: unknown key 'colour'; expected one of id, severity, summary, why, message, given, tokens, check, examples, fix [rule-structure]",
        ])
        #expect(Self.errors("rules:\n  - {id: a, given: card}\n") == ["2:5: a rule needs 'check' [rule-structure]"])
        #expect(Self.errors("rules:\n  - {id: a, given: card, check: {required: [x], forbidden: {of: y}}}\n")
            == ["2:33: 'check' holds exactly one check; found 2 [rule-check]"])
    }

    @Test func multipleOfTakesAStepAboveZero() {
        #expect(Self.errors("rules:\n  - {id: a, given: card, check: {multiple-of: {properties: [height], value: 0}}}\n").first?.contains("'value' must be a number above 0; found 0") == true)
        #expect(Self.errors("rules:\n  - {id: a, given: card, check: {multiple-of: {properties: [height], value: 8}}}\n") == [])
    }

    @Test func badSeverityAndRegex() {
        #expect(Self.errors("rules:\n  - {id: a, given: card, severity: fatal, check: {pattern: {properties: [x], match: \"(\"}}}\n") == [
            "2:36: 'severity' must be error, warning (or warn), info (or note); found 'fatal' [rule-structure]",
            "2:85: invalid regular expression '(': not a valid ICU regular expression [rule-check]",
        ])
    }

    @Test func aGroupThatNamesNothing() {
        #expect(Self.errors(
            "rules:\n  - {id: a, given: card, check: {allowed: {properties: [padding], values: \"{spacing.scal}\"}}}\n",
            tokens: "spacing:\n  $type: dimension\n  scale:\n    base: 8\n")
            == ["2:75: '{spacing.scal}' names no token or group; did you mean '{spacing.scale}'? [rule-reference]"])
    }

    @Test func aTokenRuleWithAScreenOnlyCheck() {
        #expect(Self.errors("rules:\n  - {id: a, tokens: \"color.*\", check: {required: [x]}}\n")
            == ["2:40: 'required' cannot check tokens; a 'tokens:' rule uses allowed, min, max, pattern or same-in-all-modes [rule-check]"])
    }

    @Test func contrastNeedsABackgroundToFallBackOn() {
        #expect(Self.errors("rules:\n  - {id: a, given: text, check: {contrast: {min: 4.5}}}\n", tokens: "x:\n  $type: number\n  y: 1\n")
            == ["2:44: 'default-background' is needed: give one, or a {color.canvas} token in the token set [rule-reference]"])
    }

    @Test func overridesTurnRulesOffAndChangeSeverity() throws {
        let rules = try RuleSetReader.read(
            try YAMLSource.parse("rules:\n  - {id: a, given: card, check: {required: [x]}}\n  - {id: b, given: card, check: {required: [y]}}\n", file: "r.yaml"),
            file: "r.yaml")
        let system = try LintSystem(name: "t", tokens: nil, rules: rules, overrides: ["a": .off, "b": .severity(.warning)])
        let screen = try ScreenReader.read("screen: S\nchildren:\n  - card: {}\n", file: "s.yaml", tokens: nil)
        let findings = system.lint(screen)
        #expect(findings.map(\.code) == ["b"])
        #expect(findings.map(\.severity) == [.warning])
    }

    @Test func messageTemplates() throws {
        let rules = try RuleSetReader.read(
            try YAMLSource.parse("rules:\n  - {id: a, given: card, message: \"{kind}: {property} {value} not in {expected}\", check: {allowed: {properties: [gap], values: [4, 8]}}}\n", file: "r.yaml"),
            file: "r.yaml")
        let system = try LintSystem(name: "t", tokens: nil, rules: rules)
        let screen = try ScreenReader.read("screen: S\nchildren:\n  - card: {gap: 6}\n", file: "s.yaml", tokens: nil)
        #expect(system.lint(screen).map(\.message) == ["card: gap 6 not in 4 · 8"])
    }

    /// A screen of more elements than one core lints is linted in runs, one on each core: its findings come out as
    /// a serial lint's would, in document order, each with its element's path.
    @Test func aScreenOfManyElementsIsLintedInRunsWithItsFindingsInOrder() throws {
        let rules = try RuleSetReader.read(
            try YAMLSource.parse("rules:\n  - {id: a, given: card, check: {allowed: {properties: [gap, padding], values: [4, 8]}}}\n", file: "r.yaml"),
            file: "r.yaml")
        let system = try LintSystem(name: "t", tokens: nil, rules: rules)
        let count = LintSystem.elementsToSplit + 7
        let text = "screen: S\nchildren:\n" + (0..<count).map { "  - card: {padding: \($0 % 3 == 0 ? 8 : 5), gap: 6}\n" }.joined()
        let screen = try ScreenReader.read(text, file: "s.yaml", tokens: nil)
        let findings = system.lint(screen)
        var expected: [String] = []
        var paths = ElementPaths(screen)
        for card in screen.elements.dropFirst() {
            let line = card.kindMark.line
            if (line - 3) % 3 != 0 { expected.append("\(line):21 \(paths.path(of: card))/padding") }
            expected.append("\(line):29 \(paths.path(of: card))/gap")
        }
        #expect(findings.count == expected.count)
        #expect(findings.map { "\($0.mark.line):\($0.mark.column) \($0.anchor ?? "")" } == expected)
    }

    /// A template is filled in one pass: a value that holds a placeholder's name stays as it is, a placeholder the
    /// finding does not give becomes nothing, and braces around anything else are kept.
    @Test func aTemplateIsFilledInOnePass() {
        let values = Placeholders(value: "{kind}", property: "gap", kind: "card")
        #expect(MessageTemplate.fill("{property} is {value} on {kind}{max} {{kind}} {other} {", with: values) == "gap is {kind} on card {card} {other} {")
    }

    @Test func aCatastrophicPatternEndsWithinItsTimeBound() throws {
        let regex = try BoundedRegex("^(a+)+$")
        let text = String(repeating: "a", count: 40) + "!"
        let start = Date()
        let result = regex.matches(text, within: SlowMatches())
        #expect(Date().timeIntervalSince(start) < 2)
        #expect(result == nil || result == false)
    }

    /// Forty values each a catastrophe for the pattern: its slow matches stop once they have taken their budget in
    /// all, not a quarter second a value (which was ten seconds).
    @Test func aCatastrophicPatternOverManyValuesHasOneBudget() throws {
        let regex = try BoundedRegex("^(a+)+$")
        let budget = SlowMatches()
        let start = Date()
        let results = (0..<40).map { index in regex.matches(String(repeating: "a", count: 40 + index) + "!", within: budget) }
        #expect(Date().timeIntervalSince(start) < BoundedRegex.slowBudget + 2 * BoundedRegex.timeLimit + 1)
        #expect(results.suffix(10).allSatisfy { $0 == nil }, "once the budget is spent, a match is not run")
        // A quick pattern is never cut short, however often it runs.
        let quick = try BoundedRegex("^a")
        #expect((0..<10_000).allSatisfy { _ in quick.matches("abc", within: budget) == true })
    }
}

import Foundation
