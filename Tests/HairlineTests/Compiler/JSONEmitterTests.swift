import Foundation
import HairlineCompiler
import HairlineDiagnostics
import HairlineTokens
import Testing

@Suite("Resolved JSON and DTCG output")
struct JSONEmitterTests {
    /// The two token lines of CONTRACT §4.1's example, byte for byte.
    @Test func tokenLinesAreTheContractsShape() throws {
        let set = try TokenHelpers.resolve("""
            $name: Black Belt
            $modes: [light, dark]
            color:
              $type: color
              canvas: {light: "#F3F6FB", dark: "#0B1020"}
            spacing:
              $type: dimension
              cardPadding: 16
            """)
        #expect(ResolvedJSONEmitter.emit(set) == """
            {
              "system": "Black Belt",
              "modes": ["light", "dark"],
              "tokens": {
                "color.canvas": {"type": "color", "value": "#F3F6FB", "modes": {"light": "#F3F6FB", "dark": "#0B1020"}},
                "spacing.cardPadding": {"type": "dimension", "value": 16}
              }
            }

            """)
    }

    @Test func noModesAndNoTokens() throws {
        let set = try TokenHelpers.resolve("$name: empty\n")
        #expect(ResolvedJSONEmitter.emit(set) == "{\n  \"system\": \"empty\",\n  \"modes\": [],\n  \"tokens\": {}\n}\n")
    }

    @Test func keysAreSortedByUTF8Bytes() throws {
        let set = try TokenHelpers.resolve("a:\n  $type: number\n  b: 1\n  B: 2\n  é: 3\n  _: 4\n")
        #expect(set.tokens.map(\.path) == ["a.B", "a._", "a.b", "a.é"])
    }

    @Test func systemColourKeepsItsName() throws {
        let set = try TokenHelpers.resolve("c:\n  $type: color\n  teal: {system: systemTeal, fallback: \"#30B0C7\"}\n")
        #expect(ResolvedJSONEmitter.emit(set).contains("\"c.teal\": {\"type\": \"color\", \"value\": \"#30B0C7\", \"system\": \"systemTeal\"}"))
    }

    @Test func stringsAreEscapedAsJSONReadsThem() throws {
        let tricky = "quote \" backslash \\ newline \n return \r tab \t control \u{01} \u{1F} delete \u{7F} slash / é 😀"
        let text = JSONText.string(tricky)
        let decoded = try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) as? String
        #expect(decoded == tricky)
    }

    /// One JSON string escaper serves the compiler's outputs and the reports: the reports' way is Foundation's, byte
    /// for byte; the compiler's differs only in writing backspace and form feed as `\u` escapes.
    @Test func jsonStringsAreEscapedOneWayWithTwoSpellingsOfBackspaceAndFormFeed() throws {
        let tricky = "quote \" backslash \\ newline \n return \r tab \t backspace \u{08} feed \u{0C} control \u{01} \u{1F} delete \u{7F} slash / é 😀"
        var named = TextBuffer()
        named.writeJSONString(tricky, namedControls: true)
        let foundation = try JSONSerialization.data(withJSONObject: tricky, options: [.fragmentsAllowed, .withoutEscapingSlashes])
        let expected = [UInt8](foundation)
        #expect(named.bytes == expected)
        var unicode = TextBuffer()
        unicode.writeJSONString(tricky)
        let spelled: String = named.text.replacingOccurrences(of: "\\b", with: "\\u0008").replacingOccurrences(of: "\\f", with: "\\u000c")
        #expect(unicode.text == spelled)
        #expect(unicode.text.contains("\\u0008") && unicode.text.contains("\\u001f"))
        var plain = TextBuffer()
        plain.writeJSONString("plain é")
        #expect(plain.text == "\"plain é\"")
    }

    @Test(arguments: SwiftEmitterTests.sets)
    func resolvedJSONParsesAndIsDeterministic(_ path: String) throws {
        let json = ResolvedJSONEmitter.emit(try SwiftEmitterTests.fixture(path))
        #expect(json == ResolvedJSONEmitter.emit(try SwiftEmitterTests.fixture(path)))
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(object?["tokens"] as? [String: Any] != nil)
    }

    /// DTCG output compiles back through Hairline to the same resolved JSON.
    @Test(arguments: SwiftEmitterTests.sets)
    func dtcgRoundTrips(_ path: String) throws {
        let set = try SwiftEmitterTests.fixture(path)
        let dtcg = DTCGEmitter.emit(set)
        let again = try TokenHelpers.resolve(dtcg)
        #expect(ResolvedJSONEmitter.emit(again) == ResolvedJSONEmitter.emit(set))
        #expect(try JSONSerialization.jsonObject(with: Data(dtcg.utf8)) is [String: Any])
    }

    @Test func dtcgUsesTheSpecsObjectForms() throws {
        let set = try TokenHelpers.resolve("""
            s:
              $type: dimension
              pad: 16
            c:
              $type: color
              ink: "#0066CC80"
            d:
              $type: duration
              quick: 0.28s
            """)
        let dtcg = DTCGEmitter.emit(set)
        #expect(dtcg.contains("\"pad\": {\"$type\": \"dimension\", \"$value\": {\"value\": 16, \"unit\": \"px\"}}"))
        #expect(dtcg.contains("\"quick\": {\"$type\": \"duration\", \"$value\": {\"value\": 280, \"unit\": \"ms\"}}"))
        #expect(dtcg.contains("\"$value\": {\"colorSpace\": \"srgb\", \"components\": [0, 0.4, 0.8], \"alpha\": 0.501961, \"hex\": \"#0066CC\"}"))
    }

    /// The committed generated files are what the compiler makes of Tokens/ today (golden files; regenerate
    /// with `hairline compile … --swift … --json …`, as .ci/checks does with --check).
    @Test(arguments: SwiftEmitterTests.sets.filter { $0.hasPrefix("Tokens/") })
    func committedOutputsAreFresh(_ path: String) throws {
        let set = try SwiftEmitterTests.fixture(path)
        let system = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let root = Binary.packageRoot.appendingPathComponent("Generated")
        let json = try String(contentsOf: root.appendingPathComponent("\(system).json"), encoding: .utf8)
        let swift = try String(contentsOf: root.appendingPathComponent("\(system).swift"), encoding: .utf8)
        let dtcg = try String(contentsOf: root.appendingPathComponent("\(system).tokens.json"), encoding: .utf8)
        #expect(json == ResolvedJSONEmitter.emit(set))
        #expect(swift == (try SwiftEmitter.emit(set)))
        #expect(dtcg == DTCGEmitter.emit(set))
    }

    /// Spot checks of the Black Belt values against the document's own numbers.
    @Test func blackBeltCarriesTheDocumentsValues() throws {
        let set = try SwiftEmitterTests.fixture("Tokens/blackbelt.yaml")
        #expect(set.name == "Black Belt")
        #expect(set.tokens(under: "spacing.scale").compactMap(\.value.number).sorted() == [4, 8, 16, 24, 32])
        #expect(set["spacing.row.gap"]?.value == .number(12))
        #expect(set["radius.control"]?.value == .string("capsule"))
        #expect(set["color.canvas"]?.values == [.string("#F3F6FB"), .string("#0B1020")])
        #expect(set["color.chart.hue"]?.system == "systemCyan")
        #expect(set["color.chart.hue"]?.metadata["usage"] == .string("data"))
        #expect(set["size.chart.height.card"]?.value == .number(132))
        #expect(set.tokens(under: "type").count == 7)
        #expect(set["type.numeral"]?.value["design"] == .string("rounded"))
    }
}
