import Foundation
import HairlineCompiler
import HairlineDiagnostics
import HairlineYAML
import Testing

@testable import HairlineTokens

/// `TokenStreamReader` is compiling's fast path: whatever it reads must be what `TokenSetReader` reads from
/// the tree, token for token (marks, types, value nodes), and whatever the tree reader would report on, or
/// that the stream reader cannot read the same way, it must refuse.
@Suite("Token stream reader")
struct TokenStreamReaderTests {
    /// A node, its marks and tags included, one line.
    static func describe(_ node: Node) -> String {
        let at = "\(node.mark.line):\(node.mark.column)\(node.tag.map { " !\($0)" } ?? "")"
        switch node.content {
        case .scalar(let scalar): return "\(at) \(scalar.style) \(scalar.value) '\(scalar.text)'"
        case .sequence(let items): return "\(at) [" + items.map(describe).joined(separator: ", ") + "]"
        case .mapping(let pairs): return "\(at) {" + pairs.map { describe($0.key) + ": " + describe($0.value) }.joined(separator: ", ") + "}"
        }
    }

    /// Everything a reader read, one line each.
    static func dump(_ reader: TokenSetReader) -> [String] {
        ["name \(reader.name ?? "-")", "modes \(reader.modes)"] + reader.groups.sorted().map { "group \($0)" }
            + reader.tokens.map { token in
                "\(token.path) \(token.segments) key \(token.keyMark) at \(token.mark) type \(token.declaredType.map(\.rawValue) ?? "-") "
                    + "description \(token.description ?? "-") metadata \(token.metadata) values "
                    + token.values.map(describe).joined(separator: " | ")
            }
    }

    /// The tree reader's reading of the bytes: its dump, and whether it reported anything.
    static func tree(_ bytes: [UInt8], file: String) -> (dump: [String], reports: Bool)? {
        guard let root = try? YAMLSource.parse(bytes: bytes, file: file) else { return nil }
        var reader = TokenSetReader()
        reader.read(root)
        return (dump(reader), !reader.errors.isEmpty || !reader.warnings.isEmpty)
    }

    static func stream(_ bytes: [UInt8], file: String, pieces: Int? = nil, maxTokens: Int = TokenSetReader.maxTokens) -> [String]? {
        TokenStreamReader.read(bytes: bytes, file: file, limits: .standard, maxTokens: maxTokens, pieces: pieces).map(dump)
    }

    /// Checks that the stream reader reads `text` as the tree reader does, or refuses it; true when it read it.
    @discardableResult
    static func agrees(_ text: String, pieces: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let bytes = Array(text.utf8)
        guard let streamed = stream(bytes, file: "t.yaml", pieces: pieces) else { return false }
        let tree = Self.tree(bytes, file: "t.yaml")
        #expect(tree?.reports == false, "read what the tree reader reports on:\n\(text)", sourceLocation: sourceLocation)
        #expect(streamed == tree?.dump, "\(text)", sourceLocation: sourceLocation)
        return true
    }

    /// The token files of the repository and the public sets: every one the stream reader reads, it reads as
    /// the tree reader does, whole and cut into two to four pieces.
    @Test func agreesWithTheTreeReaderOnEveryTokenFile() throws {
        let files = TokenHelpers.tokenFiles()
        var read = 0
        for url in files {
            let bytes = [UInt8](try Data(contentsOf: url))
            guard let streamed = Self.stream(bytes, file: "t.yaml") else { continue }
            read += 1
            let tree = try #require(Self.tree(bytes, file: "t.yaml"), "\(url.path)")
            #expect(!tree.reports, "\(url.path)")
            #expect(streamed == tree.dump, "\(url.path)")
            for pieces in 2...4 {
                if let cut = Self.stream(bytes, file: "t.yaml", pieces: pieces) { #expect(cut == tree.dump, "\(url.path) in \(pieces)") }
            }
        }
        #expect(read >= 60, "read \(read) of \(files.count)")
        #expect(read < files.count, "read every one of \(files.count)")
    }

    /// A set's resolved JSON, or its errors with their places, loaded one way or the other.
    static func loaded(_ text: String, way: TokenSetLoader.Way) -> String {
        do throws(DiagnosticError) {
            return ResolvedJSONEmitter.emit(try TokenSetLoader.load(bytes: Array(text.utf8), path: "t.yaml", way: way))
        } catch {
            return error.diagnostics.map { "\($0.mark) \($0.message)" }.joined(separator: "\n")
        }
    }

    /// Loaded from events or from the tree, each of these sets resolves to the same tokens, or the same errors.
    @Test func loadsToWhatTheTreeLoads() {
        let more = [
            "a: {$type: number, $value: \"{b}\"}\n", "a: {$type: size, $value: 1}\n",
            // A type's value fields after the group's own `$type`: a composite value or a group, read alike.
            "g: {$type: dimension, value: 4, unit: px}\n", "g: {$type: color, system: systemRed, fallback: \"#f00\"}\n",
        ]
        for text in Self.commonForms + Self.refused + more {
            #expect(Self.loaded(text, way: .events) == Self.loaded(text, way: .tree), "\(text)")
        }
    }

    static let commonForms = [
        "a: 1\n",
        "$name: N\n$modes: [light, dark]\n$type: number\n$description: d\n$schema: s\nc:\n  x: {light: 1, dark: 2}\n  y: 3\n",
        "$modes: [light, dark]\nc:\n  $type: color\n  x: {dark: \"#000\", light: \"#fff\"}\n",
        "g:\n  $type: dimension\n  $description: spacing\n  inner:\n    small: 4\n    big: \"{g.inner.small}\"\n",
        "t: {$value: 4, $type: dimension, $description: \"a token\"}\n",
        "t: {$type: fontFamily, $value: [Inter, sans-serif]}\n",
        "t: [0.4, 0, 0.2, 1]\n",
        "$modes: [a, b]\nt:\n  $value: {b: 2, a: 1}\n  $type: number\n",
        "\"quoted\": 1\n'4': 2\ng: {100: 1, 200: 2}\n",
        "{\"g\": {\"$type\": \"color\", \"x\": {\"$value\": \"#123456\"}}}\n",
        "a: ~\nb: {$value: null}\n",  // no value: the resolver reports it, from the same raw tokens
    ]

    /// The forms it reads, each as the tree reader does.
    @Test func readsTheCommonForms() {
        for text in Self.commonForms { #expect(Self.agrees(text), "refused:\n\(text)") }
    }

    static let refused = [
        "- a\n",  // a root that is not a mapping
        "$name: [N]\na: 1\n", "$modes: []\na: 1\n", "$modes: [a, a]\na: 1\n", "$type: size\na: 1\n",
        "a: 1\n$type: number\n",  // a root property after a group
        "$extensions: {}\na: 1\n", "$unknown: 1\na: 1\n",
        "g:\n  a: 1\n  $type: number\n",  // a group's property after a child
        "g: {$type: number, $extensions: {hairline: {x: 1}}, a: 1}\n",
        "t: {$value: 1, $deprecated: true}\n", "t: {$ref: \"#/a\"}\n", "t: {$value: 1, note: loose}\n",
        "t: {$type: number}\n",  // properties and nothing else
        "g: {$extends: \"{h}\"}\nh: {a: 1}\n", "g: {$root: 1}\n",
        "$modes: [light, dark]\nt: {light: 1}\n",  // a mode missing
        "$modes: [light, dark]\nt: {light: 1, dim: 2}\n",  // a mode not declared
        "$modes: [light, dark]\ng: {x: 1, light: 2}\n",  // a mode among a group's names
        "$modes: [light, dark]\nt: {light: [a], dark: [b]}\n",
        "g:\n  $type: dimension\n  t: {value: 4, unit: px}\n",  // a composite value
        "g: {}\n", "a.b: 1\n", "g: {x.y: 1}\n", "g: {\"{x}\": 1}\n", "~: 1\n", "g: {~: 1}\n",
        "t: {g0.t1}\n",  // an unquoted reference
        "props: {a: {value: 1}}\n", "resolutionOrder: []\n",
        "a: &x 1\nb: *x\n", "a: !!str 1\n", "a: 1\na: 2\n",
        "t: [[1]]\n", "t: {$value: {a: 1}}\n",
    ]

    /// What it leaves to the tree: what the tree reader reports on, and the forms it does not read.
    @Test func refusesTheRest() {
        for text in Self.refused {
            #expect(Self.stream(Array(text.utf8), file: "t.yaml") == nil, "read:\n\(text)")
        }
    }

    /// A large set in every form it reads, cut into two to four pieces: the pieces read as the whole does; a
    /// key in two pieces, a piece whose root is not a block mapping at column 1, and the token limit refuse it.
    @Test func piecesReadAsTheWholeDoes() throws {
        var text = TokenHelpers.piecesSet { _, token in "  t\(token):\n    $value: \(token)\n    $description: token \(token)\n" }
        text += "lone: {$type: number, $value: 1}\n"
        let whole = try #require(Self.stream(Array(text.utf8), file: "t.yaml", pieces: 1))
        #expect(whole.count == 2 + 12 + 12 * 40 + 1)
        #expect(Self.agrees(text))
        for pieces in 2...4 {
            #expect(Self.stream(Array(text.utf8), file: "t.yaml", pieces: pieces) == whole, "\(pieces) pieces")
        }
        // A top-level key given twice, far apart, is a duplicate the pieces must not miss.
        #expect(Self.stream(Array((text + "g0: {x: 1}\n").utf8), file: "t.yaml", pieces: 2) == nil)
        // A root property past the first piece.
        #expect(Self.stream(Array((text + "$description: late\n").utf8), file: "t.yaml", pieces: 2) == nil)
        // A first piece that is a flow mapping, with keys at column 1 after it, parses apart but not together.
        #expect(Self.stream(Array(("{a: 1,\nb: 2}\n" + text.split(separator: "\n").dropFirst(2).joined(separator: "\n")).utf8), file: "t.yaml", pieces: 2) == nil)
        // The token limit, however the tokens fall among the pieces.
        for pieces in 1...3 {
            #expect(Self.stream(Array(text.utf8), file: "t.yaml", pieces: pieces, maxTokens: 100) == nil)
        }
    }
}
