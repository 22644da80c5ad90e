import Foundation
import HairlineDiagnostics
import Testing

@testable import HairlineYAML

/// A large document parsed in pieces (`EventParser+Pieces`) must be the very tree the whole parse builds,
/// marks included, or not be cut at all.
@Suite("YAML parsed in pieces")
struct PiecewiseParseTests {
    /// Why two trees differ, or nil when they are the same: content and marks, node by node.
    static func difference(_ lhs: Node, _ rhs: Node, at path: String = "root") -> String? {
        if lhs.mark != rhs.mark { return "\(path): mark \(lhs.mark) vs \(rhs.mark)" }
        switch (lhs.content, rhs.content) {
        case (.scalar(let a), .scalar(let b)):
            return a == b ? nil : "\(path): scalar \(a.text) vs \(b.text)"
        case (.sequence(let a), .sequence(let b)):
            guard a.count == b.count else { return "\(path): \(a.count) items vs \(b.count)" }
            for (index, (x, y)) in zip(a, b).enumerated() {
                if let found = difference(x, y, at: "\(path)[\(index)]") { return found }
            }
            return nil
        case (.mapping(let a), .mapping(let b)):
            guard a.count == b.count else { return "\(path): \(a.count) pairs vs \(b.count)" }
            for (index, (x, y)) in zip(a, b).enumerated() {
                if let found = difference(x.key, y.key, at: "\(path).key\(index)") { return found }
                if let found = difference(x.value, y.value, at: "\(path).\(x.key.scalar?.text ?? "?")") { return found }
            }
            return nil
        default:
            return "\(path): different kinds"
        }
    }

    /// The whole parse, or nil when it fails.
    static func whole(_ bytes: [UInt8]) -> Node? {
        bytes.withUnsafeBufferPointer { buffer in
            try? EventParser.parseDocument(buffer, file: "t.yaml", limits: .standard, lineOffset: 0).root
        }
    }

    static func pieces(_ bytes: [UInt8], _ count: Int) -> Node? {
        bytes.withUnsafeBufferPointer { buffer in
            EventParser.parseInPieces(buffer, pieces: count, file: "t.yaml", limits: .standard)
        }
    }

    /// A token-like document: `groups` top-level groups of `tokens` tokens each.
    static func groups(_ groups: Int, tokens: Int) -> String {
        var text = "$name: Pieces\n$modes: [light, dark]\n"
        for group in 0..<groups {
            text += "g\(group):\n  $type: dimension\n"
            for token in 0..<tokens {
                text += token % 2 == 0 ? "  t\(token): \(token)\n" : "  t\(token): \"{g\(group).t\(token - 1)}\"\n"
            }
        }
        return text
    }

    /// Left to itself, a document is cut from 256 KiB on, into `Parallel.parts` pieces at most (more than the cores,
    /// so that a core that finishes first takes another), each shorter than the one before (by a line at most the
    /// other way, as cuts fall at line starts), the last and shortest 64 KiB at least.
    @Test func documentsAreCutIntoShorterAndShorterPiecesOfAtLeastTheSmallestShare() {
        func cut(_ groups: Int) -> (bytes: Int, pieces: [Int]?) {
            let bytes = Array(Self.groups(groups, tokens: 100).utf8)
            return (bytes.count, bytes.withUnsafeBufferPointer { PieceCuts.pieces(of: $0)?.map(\.bytes.count) })
        }
        let small = cut(150)
        #expect(small.bytes < 256 * 1024 && small.pieces == nil)
        let line = 40
        for groups in [230, 2_000] {
            let (bytes, found) = cut(groups)
            #expect(bytes >= 256 * 1024)
            let pieces = found ?? []
            #expect(pieces.count >= 2 && pieces.count <= max(2, Parallel.cores) * Parallel.partsPerCore)
            #expect(pieces.reduce(0, +) == bytes)
            #expect(zip(pieces, pieces.dropFirst()).allSatisfy { $0 + line >= $1 }, "\(pieces)")
            #expect((pieces.last ?? 0) + line >= 64 * 1024, "\(pieces)")
            // A share more would leave the last under 64 KiB.
            let shares = (pieces.count + 1) * (pieces.count + 2) / 2
            #expect(pieces.count == max(2, Parallel.cores) * Parallel.partsPerCore || bytes / shares < 64 * 1024, "\(pieces)")
        }
        #expect((cut(2_000).pieces?.count ?? 0) > max(2, min(Parallel.cores, 4)))
    }

    /// Every file the repository and the YAML test suite hold, cut into two to four pieces: each either is not
    /// cut or gives the whole parse's tree, and nothing the whole parse rejects is accepted in pieces.
    @Test func piecesAgreeWithTheWholeParseOnEveryKnownFile() throws {
        let root = Binary.packageRoot
        var files = YAMLTestSuiteTests.cases().map { YAMLTestSuiteTests.suite.appendingPathComponent("\($0)/in.yaml") }
        for folder in ["Tokens", "Rules", "Examples", "Tests/HairlineTests/Fixtures"] {
            let walker = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                if ["yaml", "yml"].contains(url.pathExtension) { files.append(url) }
            }
        }
        #expect(files.count > 400)
        var cut = 0
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: file))
            // What YAMLSource refuses before libyaml sees a byte is never parsed, whole or in pieces.
            guard TextEncoding.foreignEncoding(of: bytes) == nil, !bytes.starts(with: [0xEF, 0xBB, 0xBF]),
                TextEncoding.firstInvalidUTF8Offset(in: bytes) == nil
            else { continue }
            let expected = Self.whole(bytes)
            for count in 2...4 {
                guard let parsed = Self.pieces(bytes, count) else { continue }
                cut += 1
                guard let expected else {
                    Issue.record("\(file.path): accepted in \(count) pieces, rejected whole")
                    continue
                }
                #expect(Self.difference(parsed, expected) == nil, "\(file.path) in \(count) pieces")
            }
        }
        // The repository's token files and many suite cases are cut.
        #expect(cut > 100)
    }

    /// The cuts found another way: the lines split at LF, and each line's first bytes looked at; nil where the
    /// document holds CR, NEL, LS or PS anywhere, or a line starts with `%`, `...`, or `---` past the first.
    static func expectedCuts(_ bytes: [UInt8], count: Int) -> [(bytes: Range<Int>, line: Int)]? {
        let breaks: [[UInt8]] = [[0x0D], [0xC2, 0x85], [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xA9]]
        for index in bytes.indices where breaks.contains(where: { bytes[index...].starts(with: $0) }) { return nil }
        let starts = ([0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }).filter { $0 < bytes.count }
        let keyStarts = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$\"'".utf8)
        var pieces: [(bytes: Range<Int>, line: Int)] = []
        // Each share shorter than the one before: of what is left, 2 / (pieces left + 1).
        var (pieceStart, pieceLine, nextShare) = (0, 0, 2 * bytes.count / (count + 1))
        for (line, start) in starts.enumerated() {
            let rest = bytes[start...]
            if rest.first == UInt8(ascii: "%") || rest.starts(with: "...".utf8) || (start > 0 && rest.starts(with: "---".utf8)) { return nil }
            if start >= nextShare, pieces.count < count - 1, keyStarts.contains(bytes[start]) {
                pieces.append((pieceStart..<start, pieceLine))
                (pieceStart, pieceLine) = (start, line)
                nextShare = start + 2 * (bytes.count - start) / (count - pieces.count + 1)
            }
        }
        pieces.append((pieceStart..<bytes.count, pieceLine))
        return pieces
    }

    /// The scan that cuts a document, which finds each line's end and each other line break with `memchr`, finds
    /// the cuts and refusals the plain reading of its lines finds: on documents of random lines, with line breaks
    /// libyaml counts and LF does not, characters of two to four bytes, directives and markers, at every length.
    @Test func theScanFindsWhatTheLinesHold() {
        let fragments: [String] = [
            "key: value", "  nested: 1", "- item", "", "g12:", "  $type: dimension", "  t1: \"{g1.t0}\"", "é: 1",
            "  name: café ¥ 😀", "  long: " + String(repeating: "abcdefg", count: 9), "'quoted': 2", "$name: x", "# note",
            "%YAML 1.2", "---", "...", "a\r", "b\u{85}c", "\u{2028}", "d\u{2029}", "  ---", "\u{A0}x: 1", "\u{C1}",
        ]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33) % bound
        }
        var (cut, refused) = (0, 0)
        for _ in 0..<1_000 {
            var text = ""
            for _ in 0..<next(60) {
                // The rare fragments (a directive, a marker, a break LF does not count) one line in twenty.
                let fragment = fragments[next(20) == 0 ? 13 + next(fragments.count - 13) : next(13)]
                text += fragment + (next(9) == 0 ? "" : "\n")
            }
            let bytes = Array(text.utf8)
            for count in 2...4 {
                let found = bytes.withUnsafeBufferPointer { PieceCuts($0, pieces: count)?.pieces }
                let expected = Self.expectedCuts(bytes, count: count)
                #expect(found?.map(\.bytes) == expected?.map(\.bytes), "\(text.debugDescription) in \(count)")
                #expect(found?.map(\.line) == expected?.map(\.line), "\(text.debugDescription) in \(count)")
                if let found { cut += found.count > 1 ? 1 : 0 } else { refused += 1 }
            }
        }
        // Both outcomes are common.
        #expect(cut > 300 && refused > 300, "\(cut) cut, \(refused) refused")
    }

    @Test func aLargeDocumentIsCutAndMarksEachNodeAtItsLineInTheFile() throws {
        let text = Self.groups(40, tokens: 50)
        let bytes = Array(text.utf8)
        let parsed = try #require(Self.pieces(bytes, 3))
        let expected = try #require(Self.whole(bytes))
        #expect(Self.difference(parsed, expected) == nil)
        // g39's key comes after the 2 header lines and 39 groups of 52 lines (key, $type, 50 tokens).
        let key = try #require(parsed.pair(forKey: "g39")?.key)
        #expect(key.mark == Mark(file: "t.yaml", line: 2 + 39 * 52 + 1, column: 1))
        #expect(parsed["g39"]?["t49"]?.mark == Mark(file: "t.yaml", line: 2 + 39 * 52 + 1 + 51, column: 8))
        // Through YAMLSource, a document past the size threshold gives the same tree.
        let large = Array(Self.groups(400, tokens: 60).utf8)
        #expect(large.count >= EventParser.piecewiseMinimumBytes)
        let loaded = try YAMLSource.parse(bytes: large, file: "t.yaml")
        #expect(Self.difference(loaded, try #require(Self.whole(large))) == nil)
    }

    @Test func whatACutCouldChangeIsParsedWhole() throws {
        let body = Self.groups(20, tokens: 20)
        // An alias to an anchor in an earlier piece, a directive, a second document, a CR line break.
        let anchored = "a: &shared 4\n" + body + "z: *shared\n"
        let refused = [anchored, "%YAML 1.2\n---\n" + body, body + "---\nb: 1\n", body.replacingOccurrences(of: "\n", with: "\r\n")]
        for text in refused {
            #expect(Self.pieces(Array(text.utf8), 2) == nil)
        }
        let loaded = try YAMLSource.parse(anchored, file: "t.yaml")
        #expect(loaded["z"]?.scalar?.text == "4")
        // A flow mapping, or an indented block mapping (the larger half, so the cut falls right after it),
        // then keys at column 0: each part parses alone, the whole does not, and nor may the pieces.
        let flow = "{\n" + (0..<2_000).map { "  a\($0): 1,\n" }.joined() + "}\n"
        let indented = (0..<2_000).map { "  a\($0): 1\n" }.joined()
        for text in [flow + body, "--- " + flow + body, indented + body, "---\n" + indented + body] {
            #expect(Self.pieces(Array(text.utf8), 2) == nil)
            #expect(Self.whole(Array(text.utf8)) == nil)
        }
    }

    @Test func aKeyRepeatedInAnotherPieceIsReportedWhereTheWholeParseReportsIt() throws {
        let text = Self.groups(400, tokens: 60) + "g0: 1\n"
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(Self.pieces(Array(text.utf8), 2) == nil)
        #expect {
            try YAMLSource.parse(text, file: "t.yaml")
        } throws: { error in
            guard let error = error as? YAMLError, case .duplicateKey(let key, let at, let first) = error else { return false }
            return key == "g0" && at.line == lines && first.line == 3
        }
    }
}
