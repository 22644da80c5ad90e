import Foundation
import HairlineDiagnostics
import HairlineTokens
import HairlineYAML
import Testing

@testable import HairlineLint

/// Each rule over a system's token set, run with that system's own rule file on a token set that breaks it: the
/// rule fires, at the token's value. (The systems' real token sets keep every one of these rules: `hairline lint`
/// is clean.)
@Suite("Token rules of the four systems")
struct TokenRuleTests {
    static let cases: [(rules: String, rule: String, tokens: String)] = [
        ("Rules/blackbelt.yaml", "bb-type-weights", "fontWeight: {$type: fontWeight, light: 300}\ntype: {$type: typography, title: {fontSize: 20, fontWeight: 600}}\n"),
        ("Rules/blackbelt.yaml", "bb-weight-tokens", "fontWeight: {$type: fontWeight, bold: 700}\n"),
        ("Rules/fitbit.yaml", "fb-metric-hues-fixed", "$modes: [dark, light]\nfontWeight: {$type: fontWeight, regular: 400, semibold: 600, bold: 700}\ncolor: {$type: color, metric: {sleep: {dark: \"#7C5CFF\", light: \"#5A3FE0\"}}}\n"),
        ("Rules/fitbit.yaml", "fb-weights", "fontWeight: {$type: fontWeight, bold: 700}\ntype: {$type: typography, body: {fontSize: 16, fontWeight: 300}}\n"),
        ("Rules/fitbit.yaml", "fb-weight-tokens", "fontWeight: {$type: fontWeight, thin: 100}\n"),
        ("Rules/fitbit.yaml", "fb-hero-number", "fontWeight: {$type: fontWeight, regular: 400, semibold: 600, bold: 700}\ntype: {$type: typography, hero: {fontSize: 36, fontWeight: 700}}\n"),
        ("Rules/fitbit.yaml", "fb-hero-number-max", "fontWeight: {$type: fontWeight, regular: 400, semibold: 600, bold: 700}\ntype: {$type: typography, hero: {fontSize: 48, fontWeight: 700}}\n"),
        ("Rules/fitbit.yaml", "fb-body-tracking", "fontWeight: {$type: fontWeight, regular: 400, semibold: 600, bold: 700}\ntype: {$type: typography, body: {fontSize: 16, letterSpacing: 0.5}}\n"),
    ]

    @Test(arguments: cases.indices)
    func theRuleFires(_ index: Int) throws {
        let (rulesPath, id, tokensText) = Self.cases[index]
        let rules = try RuleSetReader.load(path: Binary.packageRoot.appendingPathComponent(rulesPath).path, displayPath: rulesPath)
        let tokens = try TokenSetLoader.resolve(try YAMLSource.parse(tokensText, file: "broken.yaml"), defaultName: "broken")
        // Bind only the rules over tokens: the screen rules need groups this small set does not have.
        let tokenRules = rules.filter { if case .tokens = $0.target { return true } else { return false } }
        let system = try LintSystem(name: "t", tokens: tokens, rules: tokenRules)
        let findings = system.lintTokens().filter { $0.code == id }
        #expect(!findings.isEmpty, "\(id) does not fire on:\n\(tokensText)")
        #expect(findings.allSatisfy { $0.mark.file == "broken.yaml" })
    }

    @Test func everyTokenRuleIsCovered() throws {
        var ids: [String] = []
        for path in ["Rules/blackbelt.yaml", "Rules/fitbit.yaml", "Rules/sculpt.yaml", "Rules/tideturn.yaml"] {
            for rule in try RuleSetReader.load(path: Binary.packageRoot.appendingPathComponent(path).path) {
                if case .tokens = rule.target { ids.append(rule.id) }
            }
        }
        #expect(Set(ids) == Set(Self.cases.map(\.rule)))
    }
}
