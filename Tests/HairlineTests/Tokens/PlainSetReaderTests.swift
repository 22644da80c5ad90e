import Foundation
import HairlineDiagnostics
import HairlineYAML
import Testing

@testable import HairlineTokens

/// `PlainSetReader` reads plain sets straight into resolved tokens: whatever it reads must be the set the tree
/// way loads, token for token (segments, type, values, marks, metadata), and whatever the full way would report
/// on, it must refuse.
@Suite("Plain set reader")
struct PlainSetReaderTests {
    /// Everything a set holds, one line each.
    static func dump(_ set: TokenSet) -> [String] {
        ["name \(set.name)", "modes \(set.modes)", "warnings \(set.warnings.count)"] + set.groups.sorted().map { "group \($0)" }
            + set.tokens.map { token in
                "\(token.path) \(token.segments) \(token.type.rawValue) \(token.values.map(\.json)) "
                    + "description \(token.description ?? "-") system \(token.system ?? "-") metadata \(token.metadata) "
                    + "key \(token.keyMark) at \(token.mark) lookup \(set[token.path] === token)"
            }
    }

    static func plain(_ text: String, pieces: Int? = nil, maxTokens: Int = TokenSetReader.maxTokens) -> [String]? {
        PlainSetReader.load(bytes: Array(text.utf8), file: "t.yaml", defaultName: "t", limits: .standard, maxTokens: maxTokens, pieces: pieces)
            .map(dump)
    }

    /// The set loaded the tree way, or nil when that reports anything.
    static func tree(_ bytes: [UInt8]) -> [String]? {
        (try? TokenSetLoader.load(bytes: bytes, path: "t.yaml", way: .tree)).map(dump)
    }

    /// Checks that the plain reader reads `text` as the tree way loads it, or refuses it; true when it read it.
    @discardableResult
    static func agrees(_ text: String, pieces: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard let read = plain(text, pieces: pieces) else { return false }
        let tree = Self.tree(Array(text.utf8))
        #expect(tree != nil, "read what the full way reports on:\n\(text)", sourceLocation: sourceLocation)
        #expect(read == tree, "\(text)", sourceLocation: sourceLocation)
        return true
    }

    /// The token files of the repository and the public sets: every one the plain reader reads, it reads as the
    /// tree way loads it, whole and cut into two to four pieces.
    @Test func agreesWithTheTreeOnEveryTokenFile() throws {
        let files = TokenHelpers.tokenFiles()
        var read = 0
        for url in files {
            let text = try String(contentsOf: url, encoding: .utf8)
            guard let whole = Self.plain(text) else { continue }
            read += 1
            #expect(whole == Self.tree(Array(text.utf8)), "\(url.path)")
            for pieces in 2...4 {
                if let cut = Self.plain(text, pieces: pieces) { #expect(cut == whole, "\(url.path) in \(pieces)") }
            }
        }
        // Most public sets hold `$extensions`, composite values or references to other files; the repository's
        // example set is plain.
        #expect(read >= 2, "read \(read) of \(files.count)")
        #expect(read < files.count, "read every one of \(files.count)")
    }

    static let plainForms = [
        "$type: number\na: 1\n",
        "$name: N\n$modes: [light, dark]\n$type: number\n$description: d\n$schema: s\nc:\n  x: {light: 1, dark: 2}\n  y: 3\n",
        "$modes: [light, dark]\nc:\n  $type: color\n  x: {dark: \"#000\", light: \"#fff\"}\n  y: \"#AbCdEf80\"\n",
        "g:\n  $type: dimension\n  $description: spacing\n  inner:\n    small: 4\n    big: \"{g.inner.small}\"\n    rem: 1.5rem\n",
        "g:\n  $description: first\n  $type: fontWeight\n  a: bold\n  b: 700\n",
        // Groups one to four deep.
        "$type: number\nr: 0\na:\n  s: 1\n  b:\n    t: 2\n    c:\n      u: 3\n      d:\n        v: 4\n",
        "\"quoted\": {$type: string, a: \"x y\"}\n'4': {$type: number, 100: 1, 200: 2}\n",
        // Aliases: a chain, one in a mode, one that takes its type from its target, one across the root's groups.
        "$modes: [light, dark]\nc:\n  $type: color\n  base: {light: \"#111111\", dark: \"#eeeeee\"}\n  mid: \"{c.base}\"\n"
            + "  top: {light: \"{c.mid}\", dark: \"#000000\"}\nu:\n  alias: \"{c.top}\"\n",
        "d:\n  $type: duration\n  fast: 100ms\n  slow: 0.4s\nn:\n  $type: number\n  x: \"{n.y}\"\n  y: 2\n",
        // Tokens with their properties: a value after its type or before it, a description, modes in `$value`.
        "t: {$value: 4, $type: dimension}\ng:\n  $type: number\n  a: {$description: \"the a\", $value: \"{g.b}\"}\n  b: {$value: 2}\n",
        "$modes: [light, dark]\nc:\n  $type: color\n  a:\n    $value: {light: \"#fff\", dark: \"{c.b}\"}\n    $description: two\n  b: \"#000\"\n",
    ]

    /// The forms it reads, each as the tree way loads it.
    @Test func readsThePlainForms() {
        for text in Self.plainForms { #expect(Self.agrees(text), "refused:\n\(text)") }
    }

    static let refused = [
        // What the full way reports.
        "a: 1\n",  // no type
        "$type: number\na: x\n", "$type: color\na: red\n", "$type: fontWeight\na: 1001\n", "$type: number\na: .inf\n",
        "$type: number\na: \"{b}\"\n",  // an alias to nothing
        "$type: number\ng: {x: 1}\na: \"{g}\"\n",  // an alias to a group
        "$type: number\na: \"{b}\"\nb: \"{a}\"\n", "$type: number\na: \"{a}\"\n",  // cycles
        "a: {$type: number, x: 1}\nb: {$type: dimension, y: \"{a.x}\"}\n",  // another type
        "$modes: [l, d]\n$type: number\na: {l: 1, d: 2}\nb: {l: \"{a}\", d: x}\n",
        "b: \"{a}\"\nc: {$type: number, x: 1}\na: \"{c}\"\n",  // an alias to a group, untyped
        "$type: dimension\na: 1\na: 2\n",
        // Names the full way refuses, told from the key's bytes: a dot, a brace, a leading `$`, empty; at the root
        // and in a group, before a non-ASCII byte and after one.
        "$type: number\na.b: 1\n", "$type: number\ng: {x.y: 1}\n", "$type: number\ng: {é.y: 1}\n", "$type: number\ng: {y.é: 1}\n",
        "$type: number\n\"{a}\": 1\n", "$type: number\ng: {\"a}\": 1}\n", "$type: number\ng: {\"é{\": 1}\n", "$type: number\ng: {a$b: 1, $c: 2}\n",
        "$type: number\n\"\": 1\n", "$type: number\ng: {\"\": 1}\n", "$type: number\ng:\n  h.i:\n    x: 1\n",
        // What it leaves to the full way.
        "t: {$value: [4], $type: dimension}\n", "$type: fontFamily\nt: [Inter]\n", "t: {$value: 4, $type: dimension, x: 1}\n", "$type: color\nt: {system: systemRed, fallback: \"#f00\"}\n",
        "g:\n  $type: dimension\n  t: {value: 4, unit: px}\n", "g: {$type: number, $extensions: {hairline: {x: 1}}, a: 1}\n",
        "$type: number\ng:\n  a: 1\n  $type: number\n", "$type: number\na: 1\n$description: late\n", "$modes: [light, dark]\nt: {light: 1}\n",
        "$modes: [light, dark]\n$type: number\nt: {light: 1, dark: \"{x}\"}\nx: 1\ng: {a: 1, light: 2}\n",
        "$modes: [l, d]\nt: {l: \"{x}\", d: 1}\nx: {$type: number, $value: 1}\n",  // an untyped literal beside an alias
        "$type: number\na: 1\nprops: {}\n", "- a\n", "$type: number\na: &x 1\nb: *x\n", "$type: number\ng: {}\n", "$type: number\n~: 1\n",
    ]

    /// What it leaves to the full way: what the full way reports on, and the forms it does not read.
    @Test func refusesTheRest() {
        for text in Self.refused {
            #expect(Self.plain(text) == nil, "read:\n\(text)")
            // And what it refused loads the full way as it always did.
            let full = Self.tree(Array(text.utf8))
            #expect((try? TokenSetLoader.load(bytes: Array(text.utf8), path: "t.yaml")).map(Self.dump) == full, "\(text)")
        }
    }

    /// The literals read from their bytes (plain decimals, quoted colours and aliases) and those beside them
    /// read the scalar way, as a token's one value and in every mode: each as the tree way reads it, or refused.
    @Test func readsLiteralsFromTheirBytesAsTheTreeDoes() {
        let literals: [(type: String, valid: String, cases: [String], read: [String])] = [
            ("dimension", "4", ["0", "7", "007", "123456789012345678", "1234567890123456789", "99999999999999999999", "-4", "+4", "\"4\"",
                "'4pt'", "4.5", "1e3", "0x10", "0o17", ".inf", "1.5rem", "capsule", "~"], ["0", "7", "007", "123456789012345678", "-4", "4.5"]),
            ("number", "1", ["0", "42", "-0", "0.25", "\"42\"", "true", "| \n        42"], ["0", "42", "0.25"]),
            ("fontWeight", "400", ["0", "1", "1000", "1001", "700", "\"700\"", "bold", "7e2"], ["1", "1000", "700", "bold"]),
            ("color", "\"#000000\"", ["\"#abcdef\"", "'#ABCDEF80'", "\"#abcdefff\"", "\"#fff\"", "\"#GGGGGG\"", "|-\n        #abcdef", "\"#abcdef \"", "red"],
                ["\"#abcdef\"", "'#ABCDEF80'", "\"#abcdefff\"", "\"#fff\"", "|-\n        #abcdef"]),
            ("number", "1", ["\"{g.ref}\"", "'{g.ref}'", "\"{g..ref}\"", "\"{}\"", "\"{g.ref}x\"", "\"{g.nope}\"", "|-\n        {g.ref}"], ["\"{g.ref}\"", "'{g.ref}'", "|-\n        {g.ref}"]),
        ]
        for (type, valid, cases, read) in literals {
            for literal in cases {
                let one = "$type: \(type)\ng:\n  ref: \(valid)\n  a: \(literal)\n"
                let modes = "$modes: [light, dark]\n$type: \(type)\ng:\n  ref: \(valid)\n  a:\n    dark: \(valid)\n    light: \(literal)\n"
                let value = "$type: \(type)\ng:\n  ref: \(valid)\n  a:\n    $value: \(literal)\n"
                for text in [one, modes, value] {
                    let wasRead = Self.agrees(text)
                    if read.contains(literal) { #expect(wasRead, "refused:\n\(text)") }
                }
            }
        }
    }

    /// A key names a mode as the tree way reads it: told from its bytes only when it is certainly an ASCII
    /// string and so is every mode.
    @Test func namesModesAsTheTreeDoes() {
        // Plain `true` and `false` are booleans, not the modes named so; quoted, they are the modes.
        #expect(!Self.agrees("$modes: [\"true\", \"false\"]\n$type: number\nt: {true: 1, false: 2}\n"))
        #expect(Self.agrees("$modes: [\"true\", \"false\"]\n$type: number\nt: {\"true\": 1, 'false': 2}\n"))
        // As Unicode text: U+037E is `;`, U+0340 is U+0300 (of the same length), a composed `é` the decomposed.
        for (mode, key) in [("\u{37E}", ";"), (";", "\u{37E}"), ("a\u{340}", "a\u{300}"), ("\u{E9}", "e\u{301}")] {
            #expect(Self.agrees("$modes: [\"\(mode)\", b]\n$type: number\nt: {\"\(key)\": 1, b: 2}\n"), "\(mode) \(key)")
            #expect(Self.agrees("$modes: [\"\(mode)\"]\n$type: number\nt: {\"\(key)\": 1}\n"), "\(mode) \(key)")
            // A token's `$value` in every mode, and a group whose child is named as a mode.
            #expect(Self.agrees("$modes: [\"\(mode)\"]\n$type: number\nt: {$value: {\"\(key)\": 1}}\n"), "\(mode) \(key)")
            #expect(Self.plain("$modes: [\"\(mode)\"]\n$type: number\ng:\n  $description: d\n  \"\(key)\": 1\n") == nil, "\(mode) \(key)")
        }
        #expect(Self.agrees("$modes: [light, dark]\n$type: number\nt: {light: 1, \"dark\": 2}\n"))
    }

    /// Keys are not checked as they are read: every duplicate a group, a token or its modes can hold is refused
    /// once the paths are sorted (or as it is read), in a small group and in a large one, whole and in pieces;
    /// and the full way reports each.
    @Test func refusesDuplicateKeys() {
        let large = (0..<100).map { "  t\($0): \($0)\n" }.joined()
        let duplicates = [
            "g:\n  $type: number\n  a: 1\n  a: 2\n",
            "g:\n  $type: number\n\(large)  t3: 5\n",
            "g:\n  $type: number\n  a: 1\n  a: {b: 2}\n", "g:\n  $type: number\n  a: {b: 2}\n  a: 1\n",
            "g:\n  $type: number\n  h: {a: 1}\n  h: {b: 2}\n",
            "g: {$type: number, a: 1}\ng: {$type: number, b: 1}\n", "$type: number\na: 1\nb: 2\na: 3\n",
            "t: {$value: 1, $type: number, $value: 2}\n", "t: {$type: number, $value: 1, $type: number}\n",
            "g: {$type: number, $description: a, $description: b, a: 1}\n",
            "$modes: [l, d]\n$type: number\nt: {l: 1, l: 2, d: 3}\n",
            // One key in two spellings: an integer, and a name composed and decomposed.
            "$type: number\ng:\n  1: 1\n  01: 2\n", "$type: number\ng:\n  0x1: 1\n  1: 2\n",
            "$type: number\ng:\n  \u{E9}: 1\n  e\u{301}: 2\n", "$type: number\n\u{E9}: 1\ng: {x: 1}\ne\u{301}: 2\n",
        ]
        for text in duplicates {
            for pieces in [nil, 2] { #expect(Self.plain(text, pieces: pieces) == nil, "read:\n\(text)") }
            #expect(throws: DiagnosticError.self, "\(text)") { try TokenSetLoader.load(bytes: Array(text.utf8), path: "t.yaml") }
        }
        // A collection as a key is refused too; what the full way makes of it is its own affair.
        for text in ["$type: number\ng:\n  ? [a]\n  : 1\n", "$type: number\n? {a: 1}\n: 2\n", "$modes: [l]\n$type: number\nt: {? [l]: 1}\n"] {
            #expect(Self.plain(text) == nil, "read:\n\(text)")
        }
        // Distinct names read as before: integers written as their decimals, in a group too large to check its
        // keys one by one, and names that differ only past their first eight bytes.
        let numbered = "$type: number\ng:\n" + (0..<100).map { "  \($0 * 50): \($0)\n" }.joined() + "  name-is-long-a: 1\n  name-is-long-b: 2\n"
        #expect(Self.agrees(numbered), "refused:\n\(numbered)")
        #expect(Self.agrees(numbered, pieces: 2), "refused in pieces:\n\(numbered)")
    }

    /// A large plain set cut into two to four pieces reads as the whole does, aliases across pieces included; a
    /// key in two pieces and the token limit refuse it.
    @Test func piecesReadAsTheWholeDoes() throws {
        let text = TokenHelpers.piecesSet { group, token in "  t\(token): \"{g\((group + 6) % 12).t\(token - 3)}\"\n" }
        let whole = try #require(Self.plain(text, pieces: 1))
        #expect(whole.count == 3 + 12 + 12 * 40)
        #expect(Self.agrees(text))
        for pieces in 2...4 {
            #expect(Self.plain(text, pieces: pieces) == whole, "\(pieces) pieces")
        }
        #expect(Self.plain(text + "g0: {x: 1}\n", pieces: 2) == nil)
        #expect(Self.plain(text + "$description: late\n", pieces: 2) == nil)
        for pieces in 1...3 {
            #expect(Self.plain(text, pieces: pieces, maxTokens: 100) == nil)
            #expect(Self.plain(text, pieces: pieces, maxTokens: 12 * 40 + 1) != nil)
        }
    }

    /// A path is found as the tree way's index finds it: by its bytes among ASCII paths (a binary search), and as
    /// Unicode text among others, or when the path asked for is not ASCII.
    @Test func findsPathsAsTheIndexFindsThem() throws {
        // Names whose bytes lie between a path's and those of the other form it is asked for in, so that a search
        // by bytes alone would pass it by.
        let others = (100..<300).map { "  aa\($0): 1\n" }.joined() + (100..<400).map { "  caff\($0): 2\n" }.joined()
        let texts = [
            "$type: number\ng:\n  \"a;\": 1\n  b: 2\n" + others,
            "$type: number\ng:\n  café: 1\n  b: 2\n" + others + "h: {$type: number, x: 3}\n",
            "$type: number\ng:\n  \"cafe\u{301}\": 1\n" + others,
            // A group's name that is not ASCII, its tokens' names ASCII.
            "$type: number\n\"cafe\u{301}\":\n  x: 1\ng:\n  b: 2\n" + others,
        ]
        let queries = ["g.a;", "g.a\u{37E}", "g.café", "g.cafe\u{301}", "g.b", "g.c", "g", "h.x", "café.x", "cafe\u{301}.x", "", "zzz"]
        for text in texts {
            let plain = try #require(PlainSetReader.load(bytes: Array(text.utf8), file: "t.yaml", defaultName: "t", limits: .standard, maxTokens: 10_000))
            let tree = try TokenSetLoader.load(bytes: Array(text.utf8), path: "t.yaml", way: .tree)
            for query in queries {
                #expect(plain[query]?.path == tree[query]?.path, "\(query) in\n\(text)")
            }
            #expect(plain.tokens.allSatisfy { plain[$0.path] === $0 })
        }
    }

    /// Aliases are found in a table of the paths' hashes, or, where building it takes too many probes, by a binary
    /// search of the sorted paths: both read the set as the tree way does, and both give up on an alias to a path
    /// that is not there.
    @Test func findsAliasesWithOrWithoutTheTable() throws {
        let text = TokenHelpers.piecesSet { group, token in "  t\(token): \"{g\((group + 6) % 12).t\(token / 2)}\"\n" }
        let tree = try #require(Self.tree(Array(text.utf8)))
        let missing = text + "late:\n  $type: number\n  x: \"{g3.t40}\"\n"
        for probes in [PathTable.probesPerPath, 0] {
            for pieces in [1, 3] {
                let read = PlainSetReader.load(
                    bytes: Array(text.utf8), file: "t.yaml", defaultName: "t", limits: .standard, maxTokens: 10_000, pieces: pieces,
                    probesPerPath: probes)
                #expect(read.map(Self.dump) == tree, "\(probes) probes, \(pieces) pieces")
                let refused = PlainSetReader.load(
                    bytes: Array(missing.utf8), file: "t.yaml", defaultName: "t", limits: .standard, maxTokens: 10_000, pieces: pieces,
                    probesPerPath: probes)
                #expect(refused == nil, "\(probes) probes, \(pieces) pieces")
            }
        }
    }

    /// The table finds each path by its bytes, whatever its length (whole words of eight bytes and the bytes after
    /// them), and nothing that differs in a byte, in length, or only in Unicode form.
    @Test func pathTableFindsPathsByTheirBytes() throws {
        let names = ["", "a", "ab", "café", "cafe\u{301}", "g.t1", "g.t10", "g.t1.", "spacing.card", "spacing.cardPadding"]
            + (0..<20).map { String(repeating: "x", count: $0) + "y" }
        let paths = names + (0..<3_000).map { "group\($0 % 37).token\($0)" }
        let table = try #require(PathTable(paths))
        for (position, path) in paths.enumerated() {
            #expect(table.position(of: path, in: paths) == position, "\(path)")
            #expect(table.position(of: path + "z", in: paths) == nil, "\(path)z")
            #expect(table.position(of: "z" + path, in: paths) == nil, "z\(path)")
        }
        #expect(table.position(of: "cafe\u{301}", in: paths) == 4)
        #expect(table.position(of: "group1.token38", in: paths) == names.count + 38)
        #expect(table.position(of: "group1.token39", in: paths) == nil)
        #expect(table.position(of: "spacing.cardpadding", in: paths) == nil)
        // With no probe allowed, thousands of paths collide somewhere: no table, and the caller searches instead.
        #expect(PathTable(paths, probesPerPath: 0) == nil)
        #expect(PathTable(["only"], probesPerPath: 0) != nil)
    }

    /// A chain of 10,000 aliases resolves without recursion, each to the chain's one value.
    @Test func resolvesALongChain() throws {
        var text = "$type: number\nc:\n  t0: 7\n"
        for index in 1..<10_000 { text += "  t\(index): \"{c.t\(index - 1)}\"\n" }
        let set = try #require(PlainSetReader.load(bytes: Array(text.utf8), file: "t.yaml", defaultName: "t", limits: .standard, maxTokens: 20_000))
        #expect(set.tokens.count == 10_000)
        #expect(set.tokens.allSatisfy { $0.values == [.number(7)] })
    }

    /// The literals read without a node, each as the full parse reads it.
    @Test func commonLiterals() {
        func literal(_ text: String, _ type: TokenType, _ style: ScalarStyle = .plain) -> TokenValue? {
            ValueParser.commonLiteral(Scalar(text: text, style: style), as: type)
        }
        #expect(literal("16", .dimension) == .number(16))
        #expect(literal("-1.5", .number) == .number(-1.5))
        #expect(literal("0x10", .number) == .number(16))
        #expect(literal(".inf", .number) == nil)
        #expect(literal("16", .dimension, .doubleQuoted) == nil)  // a string: "16" goes through the units
        #expect(literal("16px", .dimension) == nil)
        #expect(literal("1", .fontWeight) == .number(1))
        #expect(literal("1000", .fontWeight) == .number(1000))
        #expect(literal("0", .fontWeight) == nil)
        #expect(literal("1001", .fontWeight) == nil)
        #expect(literal("400.5", .fontWeight) == nil)
        #expect(literal("200", .duration) == nil)  // a bare number is no duration
        #expect(literal("#abcdef", .color) == .string("#ABCDEF"))
        #expect(literal("#abcdefFF", .color) == .string("#ABCDEF"))
        #expect(literal("#abcdef80", .color) == .string("#ABCDEF80"))
        #expect(literal("#abc", .color) == nil)
        #expect(literal("#abcdeg", .color) == nil)
        #expect(literal("#ab#def", .color) == nil)
        #expect(literal("16", .string) == nil)
    }
}
