import Foundation
import HairlineDiagnostics
import Testing

@testable import HairlineYAML

/// `EventReader` is linting's fast path: whatever it reads must read exactly as the full parser's tree, and
/// whatever it cannot read the same way it must refuse (the caller then takes the full parser, which reports).
@Suite("YAML event reader")
struct EventReaderTests {
    /// Every event the reader gives, one line each, or nil when it stops before the document ends.
    static func events(_ bytes: [UInt8], limits: YAMLLimits = .standard, checksKeys: Bool = true, reusesScalars: Bool = false) -> [String]? {
        guard var reader = EventReader(bytes: bytes, file: "t.yaml", limits: limits, checksKeys: checksKeys, reusesScalars: reusesScalars)
        else { return nil }
        var lines: [String] = []
        while true {
            switch reader.next() {
            case .scalar(let scalar, let mark): lines.append("\(mark.line):\(mark.column) \(describe(scalar))")
            case .sequenceStart(let mark): lines.append("\(mark.line):\(mark.column) [")
            case .mappingStart(let mark): lines.append("\(mark.line):\(mark.column) {")
            case .end: lines.append("end")
            case .documentEnd: return lines
            case .stopped: return nil
            }
        }
    }

    static func events(_ text: String, limits: YAMLLimits = .standard, checksKeys: Bool = true) -> [String]? {
        events(Array(text.utf8), limits: limits, checksKeys: checksKeys)
    }

    static func describe(_ scalar: Scalar) -> String {
        "\(scalar.style) \(scalar.value) '\(scalar.text)'"
    }

    /// The same lines, from the full parser's tree.
    static func treeEvents(_ node: Node) -> [String] {
        let at = "\(node.mark.line):\(node.mark.column)"
        switch node.content {
        case .scalar(let scalar): return ["\(at) \(describe(scalar))"]
        case .sequence(let items): return ["\(at) ["] + items.flatMap(treeEvents) + ["end"]
        case .mapping(let pairs): return ["\(at) {"] + pairs.flatMap { treeEvents($0.key) + treeEvents($0.value) } + ["end"]
        }
    }

    @Test func readsScalarsCollectionsAndMarks() {
        #expect(
            Self.events("screen: S\nchildren:\n  - card: {gap: 8, on: true, x: ~}\n")
                == [
                    "1:1 {", "1:1 plain string(\"screen\") 'screen'", "1:9 plain string(\"S\") 'S'",
                    "2:1 plain string(\"children\") 'children'", "3:3 [", "3:5 {", "3:5 plain string(\"card\") 'card'", "3:11 {",
                    "3:12 plain string(\"gap\") 'gap'", "3:17 plain int(8) '8'", "3:20 plain string(\"on\") 'on'",
                    "3:24 plain bool(true) 'true'", "3:30 plain string(\"x\") 'x'", "3:33 plain null '~'", "end", "end", "end",
                    "end",
                ])
    }

    /// A reader that reuses the thread's scalars reads what one that makes each reads: the same bytes in
    /// another style are another scalar (`1`, `'1'`), the longest kept and the shortest not kept alike, and
    /// scalars that take one another's slots still read as themselves, on a first pass and on a second.
    @Test func reusedScalarsReadAsMadeOnes() {
        let texts = [
            "1", "0x1", "~", "", "true", "caption", "{color.ink}", String(repeating: "x", count: 31),
            String(repeating: "y", count: 32), String(repeating: "z", count: 33), "Last 12 weeks · Journal", "é", "e\u{301}",
        ]
        var lines = ["screen: S", "items:"]
        for (index, text) in texts.enumerated() {
            lines += ["  - {plain: \(text.isEmpty ? "''" : text), single: '\(text)', double: \"\(text)\"}", "  - k\(index): |", "      \(text)"]
        }
        // Enough different scalars that many share a slot.
        for index in 0..<5_000 { lines.append("  - v\(index): w\(index * 7)") }
        let document = Array((lines.joined(separator: "\n") + "\n").utf8)
        let made = Self.events(document) ?? []
        #expect(made.count > 15_000)
        for pass in 1...2 {
            let reused = Self.events(document, reusesScalars: true) ?? []
            #expect(reused.count == made.count, "pass \(pass)")
            // The first line that differs, not the whole document.
            let differing = zip(reused, made).first { $0 != $1 }
            #expect(differing == nil, "pass \(pass): \(differing.map { "\($0) where made: \($1)" } ?? "")")
        }
    }

    @Test func stopsAtWhatOnlyTheFullParserReads() {
        let refused = [
            "a: &x 1\nb: 2\n",  // an anchor
            "a: 1\nb: *x\n",  // an alias
            "a: !!str 1\n",  // a tag
            "a: ! 1\n",  // the non-specific tag
            "? [a]\n: 1\n",  // a complex key
            "? {a: 1}\n: 1\n",
            "{a: 1, a: 2}\n",  // a duplicate key
            "1: a\n0x1: b\n",  // a duplicate by value
            "a: 1\n---\nb: 2\n",  // a second document
            "a: [1,\n",  // a syntax error
            "",  // no document
        ]
        for text in refused { #expect(Self.events(text) == nil, "\(text)") }
        // Keys that differ only as written are different keys.
        #expect(Self.events("\"1\": a\n1: b\n") != nil)
    }

    @Test func stopsAtTheLimitsAndForeignBytes() {
        let shallow = YAMLLimits(maxFileBytes: 1_000, maxDepth: 2, maxAliasExpansion: 10)
        #expect(Self.events("a: {b: 1}\n", limits: shallow) != nil)
        #expect(Self.events("a: {b: {c: 1}}\n", limits: shallow) == nil)
        #expect(Self.events("a: \(String(repeating: "x", count: 1_000))\n", limits: shallow) == nil)
        #expect(Self.events([0xFF, 0xFE, 0x61, 0x00]) == nil)  // UTF-16
        #expect(Self.events([0x61, 0x3A, 0x20, 0xC3, 0x28, 0x0A]) == nil)  // invalid UTF-8
        #expect(Self.events([0xEF, 0xBB, 0xBF] + Array("a: 1\n".utf8)) == Self.events("a: 1\n"))
    }

    /// Past 64 keys a mapping's keys are checked in a set of strings: a duplicate there still stops the
    /// reader, and so does a key other than a string, before or after the 64th.
    @Test func largeMappingsAreCheckedForDuplicatesInASet() {
        let keys = (0..<64).map { "k\($0): \($0)" }.joined(separator: "\n")
        let many = (0..<200).map { "k\($0): \($0)" }.joined(separator: "\n")
        #expect(Self.events(keys + "\nk64: 64\n")?.count == 2 + 65 * 2)
        #expect(Self.events(many + "\n")?.count == 2 + 200 * 2)
        #expect(Self.events(many + "\nk199: again\n") == nil)
        #expect(Self.events(many + "\nk0: again\n") == nil)
        #expect(Self.events(many + "\n\"k7\": quoted\n") == nil)
        #expect(Self.events(many + "\n1: a number\n") == nil)
        #expect(Self.events("1: a number\n" + many + "\n") == nil)
        // A large mapping inside another: each checks its own keys, the outer's set still its own after the
        // inner closes.
        let inner = "inner:\n" + (0..<100).map { "  i\($0): \($0)" }.joined(separator: "\n") + "\n"
        // The root, 202 outer pairs, the inner key, and the inner mapping with its 100 pairs.
        let nested: Int = 2 + 202 * 2 + 1 + 2 + 100 * 2
        let outerAndInner = many + "\n" + inner + "i5: outer\nk200: 200\n"
        #expect(Self.events(outerAndInner)?.count == nested)
        #expect(Self.events(many + "\n" + inner + "k150: again\n") == nil)
        #expect(Self.events(many + "\n" + inner + "  i99: again\n") == nil)
        // Fewer keys than that are compared by value, whatever they are.
        #expect(Self.events("1: a\n\"1\": b\n" + keys + "\n") == nil)
        #expect(Self.events("1: a\n" + (0..<62).map { "k\($0): \($0)" }.joined(separator: "\n") + "\n") != nil)
    }

    /// A reader that leaves keys to its caller reads duplicates and collections as keys through, and stops at
    /// everything else as before.
    @Test func leavesKeysToACallerThatAsks() {
        let many = (0..<200).map { "k\($0): \($0)" }.joined(separator: "\n")
        for text in ["{a: 1, a: 2}\n", "1: a\n0x1: b\n", many + "\nk0: again\n1: a number\n", "? [a]\n: 1\n"] {
            #expect(Self.events(text) == nil, "\(text)")
            #expect(Self.events(text, checksKeys: false) != nil, "\(text)")
        }
        #expect(Self.events("{a: 1, a: 2}\n", checksKeys: false) == ["1:1 {", "1:2 plain string(\"a\") 'a'", "1:5 plain int(1) '1'", "1:8 plain string(\"a\") 'a'", "1:11 plain int(2) '2'", "end"])
        let shallow = YAMLLimits(maxFileBytes: 1_000, maxDepth: 2, maxAliasExpansion: 10)
        for text in ["a: &x 1\nb: *x\n", "a: !!str 1\n", "a: 1\n---\nb: 2\n", "a: [1,\n"] { #expect(Self.events(text, checksKeys: false) == nil, "\(text)") }
        #expect(Self.events("a: {b: {c: 1}}\n", limits: shallow, checksKeys: false) == nil)
        // Depth counted down again at each end: collections side by side at the limit are read.
        let three = YAMLLimits(maxFileBytes: 1_000, maxDepth: 3, maxAliasExpansion: 10)
        #expect(Self.events("a: {b: 1}\nc: [1]\nd: {e: [2]}\n", limits: three, checksKeys: false) != nil)
    }

    /// Every YAML file in the repository and every case of the YAML test suite: where the reader reads a
    /// document through, its events are the full parser's tree, event for event.
    @Test func agreesWithTheFullParserEverywhereItReads() throws {
        let root = Binary.packageRoot
        var files: [URL] = []
        for folder in ["Tokens", "Rules", "Examples", "Tests/HairlineTests/Fixtures"] {
            let walker = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                if ["yaml", "yml"].contains(url.pathExtension) { files.append(url) }
            }
        }
        files += YAMLTestSuiteTests.cases().map { YAMLTestSuiteTests.suite.appendingPathComponent("\($0)/in.yaml") }
        var read = 0
        var refused = 0
        for url in files {
            let bytes = [UInt8](try Data(contentsOf: url))
            guard let events = Self.events(bytes) else {
                refused += 1
                continue
            }
            read += 1
            let tree = try YAMLSource.parse(bytes: bytes, file: "t.yaml")
            #expect(events == Self.treeEvents(tree), "\(url.path)")
        }
        #expect(read > 200, "read \(read), refused \(refused)")
        #expect(refused > 100, "read \(read), refused \(refused)")
    }
}
