import Foundation
import HairlineDiagnostics
import HairlineEngine
import HairlineLint
import HairlineYAML
import Testing

/// A rule set's `components:` (CONTRACT 6.2) closes the vocabulary: undeclared kinds, properties and enumerated
/// values, children a kind may not hold and required properties left out are findings, each with the nearest
/// declared name as an unsafe fix.
@Suite("Component vocabulary")
struct ComponentsTests {
    static let rules = """
        components:
          button:
            properties:
              style: {values: [filled, bordered, link]}
              label: string
              height: dimension
            required: [style, label]
          card:
            properties: {padding: dimension, gap: dimension, border: {width: dimension, color: color}}
            children: [text, button]
          text:
            properties: {role: {values: [label, title, caption, body]}, value: string}
        rules: []
        """

    static func lint(_ screen: String, rules: String = rules, config: String? = nil) throws -> LintEngine.Result {
        var files: [String: [UInt8]] = [
            "/nonexistent-vocabulary/rules.yaml": Array(rules.utf8), "/nonexistent-vocabulary/tokens.yaml": Array("spacing:\n  $type: dimension\n  s: 8\n".utf8),
            "/nonexistent-vocabulary/s.yaml": Array(screen.utf8),
        ]
        let folder = URL(fileURLWithPath: "/nonexistent-vocabulary")
        if let config {
            files["/nonexistent-vocabulary/.hairline.yml"] = Array(config.utf8)
            let documents = Documents(files)
            let loaded = try ConfigFile.load(explicit: nil, from: folder, documents: documents)
            return LintEngine(config: loaded, documents: documents, workingDirectory: folder).lint(document: "s.yaml")
        }
        let engine = LintEngine(
            config: nil, explicitSystem: .init(tokens: "tokens.yaml", rules: ["rules.yaml"]), documents: Documents(files), workingDirectory: folder)
        return engine.lint(document: "s.yaml")
    }

    static func described(_ result: LintEngine.Result) -> [String] {
        result.findings.map { "\($0.mark.line):\($0.mark.column) \($0.code) \($0.fix?.value ?? "-")" }
    }

    @Test func aScreenInTheVocabularyHasNoFinding() throws {
        let result = try Self.lint(
            "screen: S\nchildren:\n  - card:\n      padding: 8\n      border: {width: 1, color: ink}\n      children:\n        - text: {role: title, value: Hi}\n        - button: {style: filled, label: Go, id: go}\n")
        #expect(result.inputErrors.isEmpty, "\(result.inputErrors)")
        #expect(result.findings.isEmpty, "\(Self.described(result))")
    }

    @Test func whatTheVocabularyLacksIsAFindingWithTheNearestNameAsAnUnsafeFix() throws {
        let screen = """
            screen: S
            children:
              - buton: {style: filled, label: Go}
              - card:
                  paddng: 8
                  border: {width: 1, colour: ink}
                  children:
                    - text: {role: titl, value: Hi}
                    - chart: {}
              - button: {style: solid}
            """
        let result = try Self.lint(screen)
        #expect(Self.described(result) == [
            "3:5 component-kind button",
            "5:7 component-property padding",
            "6:26 component-property color",
            "8:24 component-value title",
            "9:11 component-kind -",
            "10:5 component-required -",
            "10:21 component-value -",
        ])
        #expect(result.findings.compactMap(\.fix).allSatisfy { $0.safety == .unsafe })
        #expect(result.findings.first?.message == "buton is not a component of this system; did you mean 'button'?")
        // Two names as near: the suggestion is made, no fix.
        let tie = try Self.lint("screen: S\nchildren:\n  - text: {role: bady}\n", rules: Self.rules.replacingOccurrences(of: "caption, body", with: "caption, body, lady"))
        #expect(Self.described(tie) == ["3:18 component-value -"])
        // A declared kind where its parent may not hold it.
        let child = try Self.lint("screen: S\nchildren:\n  - card:\n      children:\n        - card: {}\n")
        #expect(Self.described(child) == ["5:11 component-child -"])
    }

    @Test func theConfigOverridesTheFindingsByTheirIds() throws {
        let config = "systems:\n  app:\n    tokens: tokens.yaml\n    rules: [rules.yaml]\n    screens: [\"*.yaml\"]\nrules:\n  component-kind: off\n  component-required: warning\n"
        let result = try Self.lint("screen: S\nchildren:\n  - widget: {}\n  - button: {style: link}\n", config: config)
        #expect(result.findings.map(\.code) == ["component-required"])
        #expect(result.findings.map(\.severity) == [.warning])
    }

    @Test func anInvalidVocabularyIsAnInputErrorAtItsPlace() throws {
        let result = try Self.lint("screen: S\n", rules: "components:\n  button:\n    properties: {height: dimensions}\n    required: [label]\nrules: []\n")
        #expect(result.inputErrors.map { "\($0.mark.line):\($0.mark.column)" } == ["3:26", "4:15"], "\(result.inputErrors)")
    }

    @Test func twoSystemsEachWithAVocabularyLintInOneRun() throws {
        let folder = URL(fileURLWithPath: "/nonexistent-vocabularies")
        let documents = Documents([
            "/nonexistent-vocabularies/.hairline.yml": Array(
                "systems:\n  a:\n    rules: [a.yaml]\n    screens: [\"a/*.yaml\"]\n  b:\n    rules: [b.yaml]\n    screens: [\"b/*.yaml\"]\n".utf8),
            "/nonexistent-vocabularies/a.yaml": Array("components:\n  card: {}\nrules: []\n".utf8),
            "/nonexistent-vocabularies/b.yaml": Array("components:\n  tile: {}\nrules: []\n".utf8),
            "/nonexistent-vocabularies/a/s.yaml": Array("screen: S\nchildren:\n  - card: {}\n  - tile: {}\n".utf8),
            "/nonexistent-vocabularies/b/s.yaml": Array("screen: S\nchildren:\n  - card: {}\n  - tile: {}\n".utf8),
        ])
        let config = try ConfigFile.load(explicit: nil, from: folder, documents: documents)
        let engine = LintEngine(config: config, documents: documents, workingDirectory: folder)
        for (file, kind) in [("a/s.yaml", "4:5"), ("b/s.yaml", "3:5")] {
            let result = engine.lint(document: file)
            #expect(result.inputErrors.isEmpty, "\(result.inputErrors)")
            #expect(result.findings.map { "\($0.mark.line):\($0.mark.column) \($0.code)" } == ["\(kind) component-kind"])
        }
        #expect(try ConfigFile.rules(in: ["a.yaml", "b.yaml"], from: folder, documents: documents).filter { $0.id == "components" }.count == 2)
    }
}
