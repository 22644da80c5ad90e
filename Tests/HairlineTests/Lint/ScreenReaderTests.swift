import HairlineDiagnostics
import HairlineTokens
import HairlineYAML
import Testing

@testable import HairlineLint

@Suite("Screen specs")
struct ScreenReaderTests {
    static func errors(_ text: String, tokens: String? = "spacing:\n  $type: dimension\n  card: 16\n  scale:\n    base: 8\n") -> [String] {
        do {
            let set = try tokens.map { try TokenHelpers.resolve($0) }
            _ = try ScreenReader.read(try YAMLSource.parse(text, file: "s.yaml"), file: "s.yaml", tokens: set)
            return []
        } catch let error as DiagnosticError {
            return error.diagnostics.map { "\($0.mark.line):\($0.mark.column): \($0.message)" }
        } catch {
            return ["unexpected: \(error)"]
        }
    }

    @Test func treeAndMarks() throws {
        let tokens = try TokenHelpers.resolve("spacing:\n  $type: dimension\n  card: 16\n")
        let screen = try ScreenReader.read(
            try YAMLSource.parse("screen: P\nsystem: bb\npadding: 16\nchildren:\n  - card:\n      padding: \"{spacing.card}\"\n      children:\n        - text: {role: label}\n  - divider:\n", file: "s.yaml"),
            file: "s.yaml", tokens: tokens)
        #expect(screen.name == "P")
        #expect(screen.system?.name == "bb")
        #expect(screen.elements.map(\.kind) == ["screen", "card", "text", "divider"])
        #expect(screen.elements.map(\.parent) == [nil, 0, 1, 0])
        #expect(screen.root.properties.map(\.name) == ["padding"])
        #expect(screen.elements[1].kindMark.line == 5)
        #expect(screen.elements[1].kindMark.column == 5)
        guard case .leaf(let leaf) = screen.elements[1].property("padding") else {
            Issue.record("padding should be a leaf")
            return
        }
        #expect(leaf.token?.path == "spacing.card")
        #expect(leaf.values == [.number(16)])
        #expect(screen.descendants(of: screen.elements[1]).map(\.kind) == ["text"])
    }

    @Test func notAScreen() {
        #expect(Self.errors("- a\n- b\n") == ["1:1: a screen spec is a mapping with a 'screen:' key; found a list"])
        #expect(Self.errors("title: x\n") == ["1:1: not a screen spec: the top-level mapping has no 'screen:' key"])
    }

    @Test func elementsThatAreNotOneKeyMappings() {
        #expect(Self.errors("screen: S\nchildren:\n  - card: {}\n    text: {}\n  - plain\n  - card: 3\n") == [
            "3:5: an element is a one-key mapping, '- kind: {properties}'; found a mapping with 2 keys",
            "5:5: an element is a one-key mapping, '- kind: {properties}'; found a string",
            "6:11: the properties of 'card' must be a mapping; found a number",
        ])
        #expect(Self.errors("screen: S\nchildren: {card: {}}\n") == ["2:11: 'children' must be a list of elements; found a mapping"])
    }

    @Test func references() {
        #expect(Self.errors("screen: S\npadding: \"{spacing.crd}\"\n") == ["2:10: '{spacing.crd}' refers to no token; did you mean '{spacing.card}'?"])
        #expect(Self.errors("screen: S\npadding: \"{spacing.scale}\"\n") == ["2:10: '{spacing.scale}' refers to a group, not a token"])
        #expect(Self.errors("screen: S\npadding: {spacing.card}\n") == ["2:10: an unquoted {group.token} is a YAML mapping; quote the reference: \"{group.token}\""])
        #expect(Self.errors("screen: S\npadding: \"{spacing.card}\"\n", tokens: nil) == ["2:10: '{spacing.card}' cannot be resolved: this screen is linted without a token set"])
        #expect(Self.errors("screen: S\nlabel: \"Tap {here} now\"\n") == [])
    }

    @Test func everyErrorIsReported() {
        #expect(Self.errors("screen: S\nchildren:\n  - card: {padding: \"{nope.a}\"}\n  - 7\n").count == 2)
    }
}
