import Testing

@testable import HairlineYAML

@Suite("YAML 1.2 core schema")
struct CoreSchemaTests {
    static let plainTable: [(String, ScalarValue)] = [
        ("", .null), ("~", .null), ("null", .null), ("Null", .null), ("NULL", .null),
        ("true", .bool(true)), ("True", .bool(true)), ("TRUE", .bool(true)),
        ("false", .bool(false)), ("False", .bool(false)), ("FALSE", .bool(false)),
        ("0", .int(0)), ("16", .int(16)), ("-4", .int(-4)), ("+8", .int(8)), ("0o17", .int(15)), ("0x1F", .int(31)),
        ("0.5", .float(0.5)), ("-1.5e3", .float(-1500)), (".5", .float(0.5)), ("1.", .float(1)), ("1e2", .float(100)),
        (".inf", .float(.infinity)), ("-.Inf", .float(-.infinity)),
        // YAML 1.1 spellings stay strings under the core schema (the "Norway problem").
        ("yes", .string("yes")), ("no", .string("no")), ("on", .string("on")), ("off", .string("off")),
        ("y", .string("y")), ("NO", .string("NO")),
        ("0b101", .string("0b101")), ("1_000", .string("1_000")), ("12:30", .string("12:30")),
        ("16pt", .string("16pt")), ("#F3F6FB", .null),  // unquoted, a colour is a comment ("e3", .string("e3")), (".", .string(".")),
        ("0x", .string("0x")), ("+", .string("+")), ("1.2.3", .string("1.2.3")),
        // Words that start and end like a null or a boolean, or have its length and second letter, are strings.
        ("t100", .string("t100")), ("t1000", .string("t1000")), ("note", .string("note")), ("nul1", .string("nul1")),
        ("nUll", .string("nUll")), ("tRUE", .string("tRUE")), ("trve", .string("trve")), ("fAlse", .string("fAlse")),
        ("fxlse", .string("fxlse")), ("Nu", .string("Nu")), ("n", .string("n")), ("f", .string("f")),
    ]

    @Test(arguments: plainTable)
    func plainScalars(_ text: String, _ expected: ScalarValue) throws {
        let root = try YAMLSource.parse("v: \(text)\n", file: "t.yaml")
        #expect(root["v"]?.scalar?.value == expected, "plain '\(text)'")
    }

    /// A plain scalar's bytes said certainly a string are one: checked against `resolve` on every word of up to
    /// four characters from letters that start or spell a null or a boolean, digits and signs, and on random
    /// longer ones; and the names most sets use are told from their bytes.
    @Test func theBytesTellAStringOnlyWhereResolveWould() {
        let alphabet = Array("nNtTfFuUlLrReEaAsS01.+-~x_ ".utf8)
        var words: [[UInt8]] = [[]]
        var frontier: [[UInt8]] = [[]]
        for _ in 1...4 {
            frontier = frontier.flatMap { word in alphabet.map { word + [$0] } }
            words += frontier
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            words.append((0..<Int.random(in: 5...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
        }
        words += Self.plainTable.map { Array($0.0.utf8) }
        var certain = 0
        for word in words {
            let isCertain = word.withUnsafeBufferPointer { CoreSchema.isCertainlyString(plain: $0) }
            guard isCertain else { continue }
            certain += 1
            let text = String(decoding: word, as: UTF8.self)
            guard case .string = CoreSchema.resolve(text) else {
                Issue.record("'\(text)' was said certainly a string, and resolves to \(CoreSchema.resolve(text))")
                continue
            }
        }
        #expect(certain > words.count / 2)
        for name in ["t0", "t100", "spacing", "g1", "note", "nUll1", "fAlse1", "Large", "card-padding"] {
            #expect(Array(name.utf8).withUnsafeBufferPointer { CoreSchema.isCertainlyString(plain: $0) }, "\(name)")
        }
    }

    /// The cursor's scalars, made from their bytes, have the values the table gives.
    @Test func scalarsMadeFromTheirBytesResolveAsTheTableSays() throws {
        let texts = Self.plainTable.filter { !$0.0.hasPrefix("#") }
        let yaml = texts.map { "- \($0.0)\n" }.joined()
        var cursor = try EventCursor(bytes: Array(yaml.utf8), file: "t.yaml")
        var values: [ScalarValue] = []
        while true {
            let event = try cursor.next()
            if case .documentEnd = event { break }
            if case .scalar(let raw) = event { values.append(try cursor.scalar(raw).value) }
        }
        #expect(values == texts.map { $0.1 })
    }

    @Test func notANumber() throws {
        let root = try YAMLSource.parse("v: .nan\n", file: "t.yaml")
        guard case .float(let value) = root["v"]?.scalar?.value else {
            Issue.record("expected a float")
            return
        }
        #expect(value.isNaN)
    }

    @Test(arguments: ["'true'", "\"16\"", "'null'", "\"no\"", "''"])
    func quotedScalarsAreStrings(_ quoted: String) throws {
        let root = try YAMLSource.parse("v: \(quoted)\n", file: "t.yaml")
        guard case .string = root["v"]?.scalar?.value else {
            Issue.record("\(quoted) should be a string")
            return
        }
    }

    @Test func blockScalarsAreStrings() throws {
        let root = try YAMLSource.parse("v: |\n  16\n", file: "t.yaml")
        #expect(root["v"]?.scalar?.value == .string("16\n"))
    }

    @Test func explicitTags() throws {
        let root = try YAMLSource.parse("a: !!str 16\nb: !!int \"16\"\nc: !!float 1\nd: !!bool true\n", file: "t.yaml")
        #expect(root["a"]?.scalar?.value == .string("16"))
        #expect(root["b"]?.scalar?.value == .int(16))
        #expect(root["c"]?.scalar?.value == .float(1))
        #expect(root["d"]?.scalar?.value == .bool(true))
        #expect(throws: YAMLError.invalidTaggedScalar(tag: "!!int", text: "x", at: .init(file: "t.yaml", line: 1, column: 4))) {
            try YAMLSource.parse("a: !!int x\n", file: "t.yaml")
        }
    }

    @Test func overflowingIntegersBecomeFloats() throws {
        let root = try YAMLSource.parse("v: 99999999999999999999999\n", file: "t.yaml")
        #expect(root["v"]?.scalar?.value == .float(1e23))
    }
}
