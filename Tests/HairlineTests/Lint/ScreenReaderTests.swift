import HairlineDiagnostics
import HairlineTokens
import HairlineYAML
import Testing

@testable import HairlineLint

@Suite("Screen specs")
struct ScreenReaderTests {
    /// The screen a text reads as, in `s.yaml`.
    static func read(_ text: String, tokens: TokenSet? = nil) throws -> Screen {
        try ScreenReader.read(text, file: "s.yaml", tokens: tokens)
    }

    static func errors(_ text: String, tokens: String? = "spacing:\n  $type: dimension\n  card: 16\n  scale:\n    base: 8\n") -> [String] {
        do {
            let set = try tokens.map { try TokenHelpers.resolve($0) }
            _ = try read(text, tokens: set)
            return []
        } catch let error as DiagnosticError {
            return error.diagnostics.map { "\($0.mark.line):\($0.mark.column): \($0.message)" }
        } catch {
            return ["unexpected: \(error)"]
        }
    }

    @Test func treeAndMarks() throws {
        let tokens = try TokenHelpers.resolve("spacing:\n  $type: dimension\n  card: 16\n")
        let screen = try Self.read(
            "screen: P\nsystem: bb\npadding: 16\nchildren:\n  - card:\n      padding: \"{spacing.card}\"\n      children:\n        - text: {role: label}\n  - divider:\n",
            tokens: tokens)
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

    /// A leaf's first value a predicate holds for is the first of its distinct values it holds for, a token's in
    /// its modes' order or the literal; `forEachLeaf` gives what `leafEntries` lists, nested leaves with their
    /// dotted paths.
    @Test func leavesAndTheirValues() throws {
        let tokens = try TokenHelpers.resolve(
            "$modes: [light, dark, dim]\ngap:\n  $type: dimension\n  s: {light: 8, dark: 8, dim: 6}\n  m: {light: 4, dark: 12, dim: 12}\n")
        let screen = try Self.read(
            "screen: P\ngap: \"{gap.s}\"\nmargin: \"{gap.m}\"\nheight: 44\nlabel: null\npadding: {top: 4, sides: [8, \"{gap.m}\"]}\n",
            tokens: tokens)
        let root = screen.root
        func leaf(_ name: String) -> Leaf? {
            guard case .leaf(let leaf) = root.property(name) else { return nil }
            return leaf
        }
        let cases: [(String, (TokenValue) -> Bool)] = [
            ("gap", { $0 != .number(8) }), ("gap", { _ in true }), ("gap", { _ in false }), ("margin", { $0 != .number(4) }),
            ("height", { $0 == .number(44) }), ("height", { _ in false }), ("label", { _ in true }),
        ]
        for (name, predicate) in cases {
            let leaf = try #require(leaf(name))
            #expect(leaf.firstValue(where: predicate) == leaf.values.first(where: predicate), "\(name)")
        }
        #expect(leaf("gap")?.firstValue { $0 != .number(8) } == .number(6))
        #expect(leaf("margin")?.firstValue { $0 != .number(4) } == .number(12))
        var visited: [String] = []
        root.forEachLeaf("padding") { path, leaf in visited.append("\(path) \(leaf.text)") }
        #expect(visited == ["padding.top 4", "padding.sides 8", "padding.sides {gap.m}"])
        #expect(root.leafEntries("padding").map { "\($0.path) \($0.leaf.text)" } == visited)
        root.forEachLeaf("absent") { path, _ in visited.append(path) }
        #expect(visited.count == 3)
    }

    /// A property is found by a name Swift calls equal: `é` composed finds `é` decomposed, of another length,
    /// and of another first byte where the name starts with it.
    @Test func propertiesAreFoundByEqualNames() throws {
        let text = "screen: P\ncaf\u{E9}: 1\nx: 2\n"
        let screen = try Self.read(text)
        guard case .leaf(let leaf) = screen.root.property("cafe\u{301}") else {
            Issue.record("the property should be found")
            return
        }
        #expect(leaf.text == "1")
        #expect(screen.root.property("caf") == nil)
        #expect(screen.root.property("y") == nil)
        for (written, asked) in [("\u{E9}t\u{E9}", "e\u{301}te\u{301}"), ("e\u{301}t", "\u{E9}t"), ("\u{E9}", "\u{E9}")] {
            let screen = try Self.read("screen: P\nx: 0\n\(written): 1\n")
            guard case .leaf(let leaf) = screen.root.property(asked) else {
                Issue.record("'\(asked)' should find '\(written)'")
                continue
            }
            #expect(leaf.text == "1")
        }
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

    static func system(_ name: String) throws -> LintSystem {
        try LintSystem(name: name, tokens: try TokenHelpers.resolve("spacing:\n  $type: dimension\n  card: 16\n"), rules: [])
    }

    @Test func referencesResolveInTheSystemChosenWhenTheFirstIsMet() throws {
        let (glob, other) = (try Self.system("glob"), try Self.system("other"))
        // The key after the reference: the reference resolves in the system chosen without it, and the outcome
        // says so, for a caller whose final choice differs to read again.
        var asked: [String?] = []
        let late = try ScreenReader.read(bytes: Array("screen: S\npadding: \"{spacing.card}\"\nsystem: other\n".utf8), file: "s.yaml") { key in
            asked.append(key?.name)
            return key == nil ? glob : other
        }
        #expect(asked == [nil])
        #expect(late.referenceSystem?.name == "glob")
        #expect(late.systemKey?.name == "other")
        // The key first: the system is chosen once, by the key.
        asked = []
        let first = try ScreenReader.read(bytes: Array("screen: S\nsystem: other\npadding: \"{spacing.card}\"\n".utf8), file: "s.yaml") { key in
            asked.append(key?.name)
            return other
        }
        #expect(asked == ["other"])
        #expect(first.referenceSystem?.name == "other")
        #expect(first.screen != nil)
    }

    @Test func aReferenceBeforeAnySystemCanBeChosenIsLeftForASecondRead() throws {
        // Before the `screen:` key nothing is chosen: the file may be no screen at all.
        let read = try ScreenReader.read(bytes: Array("padding: \"{spacing.card}\"\nscreen: S\n".utf8), file: "s.yaml") { _ in
            Issue.record("no system is chosen before the screen key")
            return nil
        }
        #expect(read.needsSystem)
        #expect(read.isScreen)
        #expect(read.errors.isEmpty)
    }

    @Test func yamlErrorsAreThrownAtTheirPlace() {
        #expect(throws: YAMLError.duplicateKey(key: "pad", at: .init(file: "s.yaml", line: 3, column: 14), first: .init(file: "s.yaml", line: 3, column: 6))) {
            try ScreenReader.read(bytes: Array("screen: S\nchildren:\n  - {pad: 1, pad: 2}\n".utf8), file: "s.yaml") { _ in nil }
        }
        #expect(throws: YAMLError.unknownAnchor(name: "x", at: .init(file: "s.yaml", line: 2, column: 6))) {
            try ScreenReader.read(bytes: Array("screen: S\ngap: *x\n".utf8), file: "s.yaml") { _ in nil }
        }
    }

    @Test func anchorsAndAliasesAreReadAsTheirNodes() throws {
        let screen = try Self.read("screen: S\nchildren:\n  - card: &c {padding: 16, gap: 8}\n  - card: *c\n")
        #expect(screen.elements.map(\.kind) == ["screen", "card", "card"])
        #expect(screen.elements[2].properties.map(\.name) == ["padding", "gap"])
    }
}
