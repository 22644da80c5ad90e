import Foundation
import HairlineDiagnostics
import HairlineTokens
import HairlineYAML
import Testing

@testable import HairlineLint

/// The fast way of reading a screen must read every screen it reads exactly as `ScreenReader` reads the
/// parsed tree, and give up on every screen with something to report.
@Suite("Screens read straight from events")
struct ScreenStreamReaderTests {
    static let tokens = "spacing:\n  $type: dimension\n  card: 16\n  scale:\n    base: 8\n"

    /// Every field of a screen, one line per element, to compare two readings.
    static func dump(_ screen: Screen) -> [String] {
        ["\(screen.file) '\(screen.name)' system \(screen.system.map { "\($0.name) at \($0.mark)" } ?? "none")"]
            + screen.elements.map { element in
                "\(element.index) \(element.kind) at \(element.kindMark) end \(element.end) parent \(String(describing: element.parent)) "
                    + "children \(element.children) position \(element.position): "
                    + element.properties.map(dump).joined(separator: "; ")
            }
    }

    static func dump(_ property: Property) -> String {
        "\(property.name) at \(property.keyMark) = \(dump(property.value))"
    }

    static func dump(_ value: PropertyValue) -> String {
        switch value {
        case .leaf(let leaf):
            return "\(leaf.scalar.style) \(leaf.scalar.value) '\(leaf.text)' at \(leaf.mark) token \(leaf.token?.path ?? "none")"
        case .list(let items): return "[" + items.map(dump).joined(separator: ", ") + "]"
        case .mapping(let properties): return "{" + properties.map(dump).joined(separator: "; ") + "}"
        }
    }

    static func system(_ name: String, tokens: String? = tokens) throws -> LintSystem {
        try LintSystem(name: name, tokens: tokens.map { try TokenHelpers.resolve($0) }, rules: [])
    }

    /// The fast reading, with one system for every screen.
    static func fast(_ text: String, system: LintSystem?) -> Screen? {
        ScreenStreamReader.read(bytes: Array(text.utf8), file: "s.yaml") { _ in system }?.screen
    }

    @Test func readsAsTheTreeReaderDoes() throws {
        let system = try Self.system("s")
        let screens = [
            "screen: P\nsystem: bb\npadding: 16\nchildren:\n  - card:\n      padding: \"{spacing.card}\"\n      children:\n        - text: {role: label}\n  - divider:\n",
            // Root properties after the children, nested values, lists, nulls, numbers in every form.
            "screen: 7\nchildren:\n  - row: {gap: [8, \"{spacing.scale.base}\"], inset: {top: 4, bottom: ~}}\n  - chart: ~\nmargin: 0x10\nlabel: 'Tap {here}'\n",
            "screen: S\nchildren: ~\n",
            // Keys sharing a first letter, in every kind of mapping: none is taken for another.
            [
                "screen: S\npad: 1\npadding: 2\np: 3\n",
                "children:\n  - card: {gap: 1, grow: 2, children: [{text: {a: 1, ab: 2, b: [{top: 1, to: 2}]}}]}\n",
                "inset: {top: 1, trailing: 2, t: 3}\n\u{E9}t\u{E9}: 1\n\u{E8}re: 2\n",
            ].joined(),
            "screen: S\nchildren: []\n",
            "\u{FEFF}screen: S\r\nchildren:\r\n  - card:\r\n      children:\r\n        - card: {children: [{text: {value: \"é ünïcödé\"}}]}\r\n",
            "{screen: Flow, children: [{card: {radius: 12}}, {text: {}}]}\n",
            // More properties, values and children than the reader gathers at first, nested in one another.
            "screen: Wide\n" + (0..<70).map { "p\($0): \($0)\n" }.joined() + "children:\n"
                + (0..<90).map { "  - card: {n: \($0), list: [\((0..<($0 % 7)).map { "[\($0), {k: \($0)}]" }.joined(separator: ", "))]}\n" }.joined()
                + "  - row:\n      values: [" + (0..<200).map(String.init).joined(separator: ", ") + "]\n"
                // The same references again and again, another between them.
                + "  - text: {gap: \"{spacing.card}\", pad: [\"{spacing.scale.base}\", \"{spacing.card}\"], inset: {top: \"{spacing.card}\"}}\n",
        ]
        for text in screens {
            let tree = try ScreenReader.read(try YAMLSource.parse(text, file: "s.yaml"), file: "s.yaml", tokens: system.tokens)
            let fast = try #require(Self.fast(text, system: system), "\(text)")
            #expect(Self.dump(fast) == Self.dump(tree))
            // The names' initials the reader noted as it read them find every property, as the tree's elements do.
            for element in fast.elements {
                for property in element.properties { #expect(element.property(property.name) != nil, "\(property.name)") }
            }
        }
    }

    /// The reader keeps the first 16 tokens a screen names; the others are looked up in the set each time.
    @Test func aScreenNamingMoreTokensThanTheReaderKeepsReadsAsTheTreeReaderDoes() throws {
        let tokens = "spacing:\n  $type: dimension\n" + (0..<40).map { "  s\($0): \($0)\n" }.joined()
        let system = try Self.system("many", tokens: tokens)
        let order = Array(0..<40) + (0..<40).reversed()
        let text = "screen: Many\nchildren:\n" + order.map { "  - card: {gap: \"{spacing.s\($0)}\"}\n" }.joined()
        let tree = try ScreenReader.read(try YAMLSource.parse(text, file: "s.yaml"), file: "s.yaml", tokens: system.tokens)
        let fast = try #require(Self.fast(text, system: system))
        #expect(Self.dump(fast) == Self.dump(tree))
    }

    @Test func readsTheRepositorysScreensAsTheTreeReaderDoes() throws {
        let root = Binary.packageRoot
        var read = 0
        for name in ["blackbelt", "fitbit", "sculpt", "tideturn"] {
            let tokens = try TokenSetLoader.load(path: root.appendingPathComponent("Tokens/\(name).yaml").path)
            let system = try LintSystem(name: name, tokens: tokens, rules: [])
            let folder = root.appendingPathComponent("Examples/\(name)")
            let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                guard url.pathExtension == "yaml" else { continue }
                let bytes = [UInt8](try Data(contentsOf: url))
                guard let fast = ScreenStreamReader.read(bytes: bytes, file: url.path, system: { _ in system }) else { continue }
                let tree = try ScreenReader.read(try YAMLSource.parse(bytes: bytes, file: url.path), file: url.path, tokens: tokens)
                #expect(Self.dump(fast.screen) == Self.dump(tree), "\(url.path)")
                read += 1
            }
        }
        #expect(read >= 20)
    }

    @Test func givesUpOnEverythingThereIsToReportAndOnWhatOnlyTheTreeReads() throws {
        let system = try Self.system("s")
        let reported = [
            "- a\n- b\n", "title: x\n", "screen: S\nchildren:\n  - card: {}\n    text: {}\n", "screen: S\nchildren:\n  - plain\n",
            "screen: S\nchildren:\n  - card: 3\n", "screen: S\nchildren: {card: {}}\n", "screen: S\npadding: \"{spacing.crd}\"\n",
            "screen: S\npadding: \"{spacing.scale}\"\n", "screen: S\npadding: {spacing.card}\n", "screen: ~\n", "screen: [a]\n",
            "screen: S\nsystem: 3\n", "screen: S\n~: 1\n", "screen: S\nchildren:\n  - 7: {}\n", "screen: S\nchildren:\n  - {}\n",
            "screen: S\ngap: &g 8\n", "screen: S\npadding: 8\npadding: 16\n", "screen: S\n---\nscreen: T\n",
            // A key met twice in one mapping, of every kind the reader reads; the same key in two mappings is not.
            "screen: S\nscreen: T\n", "screen: S\nsystem: a\nsystem: b\n", "screen: S\nchildren: []\nchildren: []\n",
            "screen: S\ngap: 1\nchildren: []\npad: 2\ngap: 3\n", "screen: S\nchildren:\n  - card: {pad: 1, gap: 2, pad: 3}\n",
            "screen: S\nchildren:\n  - card: {children: [], children: []}\n", "screen: S\ninset: {top: 1, top: 2}\n",
            "screen: S\ninset: [{top: 1, bottom: 2}, {top: 1, top: 2}]\n",
            // Names Swift calls equal, one starting with a byte that is not ASCII (a composed é), one with `e`.
            "screen: S\n\u{E9}t\u{E9}: 1\ne\u{301}t\u{E9}: 2\n", "screen: S\ne\u{301}t\u{E9}: 1\n\u{E9}t\u{E9}: 2\n",
            // A key that is not a string: a number, a boolean, a collection.
            "screen: S\n1: one\n", "screen: S\ntrue: yes\n", "screen: S\ninset: {0x1: a}\n", "screen: S\n? [a]\n: 1\n",
            "screen: S\nchildren:\n  - card:\n      ? {a: b}\n      : 1\n",
        ]
        for text in reported {
            #expect(Self.fast(text, system: system) == nil, "\(text)")
        }
        #expect(Self.fast("screen: S\npadding: \"{spacing.card}\"\n", system: try Self.system("s", tokens: nil)) == nil)
        #expect(Self.fast("screen: S\n", system: nil) == nil)
    }

    @Test func aSystemKeyAfterAReferenceMustNameTheSystemTheReferenceResolvedIn() throws {
        let (glob, other) = (try Self.system("glob"), try Self.system("other"))
        let text = "screen: S\npadding: \"{spacing.card}\"\nsystem: other\n"
        var asked: [String?] = []
        let mismatch = ScreenStreamReader.read(bytes: Array(text.utf8), file: "s.yaml") { key in
            asked.append(key?.name)
            return key == nil ? glob : other
        }
        #expect(mismatch == nil)
        #expect(asked == [nil, "other"])
        let same = ScreenStreamReader.read(bytes: Array(text.utf8), file: "s.yaml") { _ in glob }
        #expect(same?.system.name == "glob")
        // With the key first, the system is chosen once, by the key.
        asked = []
        let keyFirst = ScreenStreamReader.read(bytes: Array("screen: S\nsystem: other\npadding: \"{spacing.card}\"\n".utf8), file: "s.yaml") { key in
            asked.append(key?.name)
            return other
        }
        #expect(keyFirst?.system.name == "other")
        #expect(asked == ["other"])
    }
}
