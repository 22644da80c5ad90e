import Foundation
import HairlineDiagnostics

/// A large document parsed in pieces on every core.
///
/// libyaml reads one stream on one core, and a token file of a hundred thousand tokens is one document. When
/// its root is a block mapping, every line that starts at column 0 with a key begins a top-level pair that
/// nothing before it can continue: a plain scalar ends before a line at column 0, a block scalar ends at a
/// line less indented than its content, and a quoted scalar or flow collection still open there leaves the
/// piece before it unparseable. So the document is cut at such lines, each piece is parsed alone with its
/// marks moved down to its place in the file, and the pieces' root pairs are joined in order.
///
/// Whatever could make the pieces disagree with the whole sends the document back to be parsed whole, which
/// also reports any error at its place: a piece that fails (an alias to an anchor in another piece, a limit
/// crossed, any syntax error), a root that is not a mapping, a key given in two pieces, aliases that expand
/// past the limit together, a directive or a second document, and line breaks other than LF, which libyaml
/// counts in ways a byte scan would have to mirror.
extension EventParser {
    /// Documents smaller than this are parsed whole: cutting and joining is not worth a thread.
    static let piecewiseMinimumBytes = 256 * 1024

    /// The smallest piece worth a core of its own.
    static let minimumPieceBytes = 64 * 1024

    /// The document's root, parsed in the pieces `PieceCuts.pieces(of:count:)` cuts it into (`pieces`: at most
    /// this many, whatever its size); nil when it is not cut, or when the pieces cannot be joined safely.
    static func parseInPieces(
        _ bytes: UnsafeBufferPointer<UInt8>, pieces: Int? = nil, file: String, limits: YAMLLimits
    ) -> Node? {
        guard let cuts = PieceCuts.pieces(of: bytes, count: pieces) else { return nil }
        let roots = Parallel.map(cuts) { piece in
            try? parseDocument(UnsafeBufferPointer(rebasing: bytes[piece.bytes]), file: file, limits: limits, lineOffset: piece.line)
        }
        return join(roots, limits: limits)
    }

    /// The pieces' roots as one mapping, at the first root's place; nil when a piece failed
    /// or is not a block mapping starting at column 1 (`{a: 1}`, or `  a: 1` indented, then `b: 2` parse
    /// apart, not together), when a key is given in two pieces, or when the aliases expand past the limit.
    private static func join(_ parsed: [Parsed?], limits: YAMLLimits) -> Node? {
        var pairs: [Node.Pair] = []
        var keys: Set<String> = []
        var aliasWeight = 0
        for piece in parsed {
            guard let piece, piece.rootIsBlockMapping, case .mapping(let piecePairs) = piece.root.content
            else { return nil }
            for pair in piecePairs where !keys.insert(KeyIdentity.of(pair.key)).inserted { return nil }
            pairs += piecePairs
            aliasWeight += piece.aliasWeight
        }
        guard aliasWeight <= limits.maxAliasExpansion, let first = parsed.first??.root else { return nil }
        return Node(.mapping(pairs), at: first.mark)
    }
}

/// Where a document is cut into pieces: at lines that start at column 0 with what can begin a key, the
/// first at or after the end of each piece's share of the bytes, each share shorter than the one before.
struct PieceCuts {
    /// Each piece's bytes, and the lines of the file before it.
    let pieces: [(bytes: Range<Int>, line: Int)]

    /// Where a document is cut to be read in pieces: into `count` pieces at most, whatever its size (for tests);
    /// by default, a document of `piecewiseMinimumBytes` or more into as many pieces as `Parallel.parts`, but no more
    /// than leave the last, shortest one's share `minimumPieceBytes`. Nil when it is not cut into two or more.
    static func pieces(of bytes: UnsafeBufferPointer<UInt8>, count: Int? = nil) -> [(bytes: Range<Int>, line: Int)]? {
        let count = count
            ?? min(Parallel.parts(bytes.count, minimum: EventParser.piecewiseMinimumBytes), mostPieces(bytes.count))
        guard count > 1, let cuts = PieceCuts(bytes, pieces: count), cuts.pieces.count > 1 else { return nil }
        return cuts.pieces
    }

    /// Nil when the document holds what a cut could change: a directive (`%`), a document marker (`---` past
    /// the first line, `...`), or a line break libyaml counts that a scan for LF would not (CR, NEL, LS, PS).
    init?(_ bytes: UnsafeBufferPointer<UInt8>, pieces count: Int) {
        var pieces: [(bytes: Range<Int>, line: Int)] = []
        var pieceStart = 0
        var pieceLine = 0
        var line = 0
        var nextShare = Self.nextShare(after: 0, of: bytes.count, piecesLeft: count)
        var index = 0
        guard !Self.holdsOtherLineBreaks(bytes) else { return nil }
        // Line by line: `memchr` finds each line's end, and only a line's first bytes are looked at.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") { return nil }
            if Self.isMarker(bytes, at: index, UInt8(ascii: "-")) && index > 0 { return nil }
            if Self.isMarker(bytes, at: index, UInt8(ascii: ".")) { return nil }
            if index >= nextShare, pieces.count < count - 1, Self.canBeginKey(byte) {
                pieces.append((pieceStart..<index, pieceLine))
                (pieceStart, pieceLine) = (index, line)
                nextShare = Self.nextShare(after: index, of: bytes.count, piecesLeft: count - pieces.count)
            }
            guard let end = Self.find(0x0A, in: bytes, from: index) else { break }
            index = end + 1
            line += 1
        }
        pieces.append((pieceStart..<bytes.count, pieceLine))
        self.pieces = pieces
    }

    /// Whether the bytes hold a line break other than LF: CR, NEL (C2 85), LS or PS (E2 80 A8, E2 80 A9).
    private static func holdsOtherLineBreaks(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if find(0x0D, in: bytes, from: 0) != nil { return true }
        func follows(_ lead: UInt8, _ isBreak: (Int) -> Bool) -> Bool {
            var from = 0
            while let found = find(lead, in: bytes, from: from) {
                if isBreak(found) { return true }
                from = found + 1
            }
            return false
        }
        return follows(0xC2) { $0 + 1 < bytes.count && bytes[$0 + 1] == 0x85 }
            || follows(0xE2) { $0 + 2 < bytes.count && bytes[$0 + 1] == 0x80 && (bytes[$0 + 2] == 0xA8 || bytes[$0 + 2] == 0xA9) }
    }

    /// Where `byte` is next, at `start` or after.
    private static func find(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress, let found = memchr(base + start, Int32(byte), bytes.count - start) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// The most pieces a document is cut into: `n` pieces take `n + (n - 1) + … + 1` shares, the last one share,
    /// which is to be `minimumPieceBytes` at least.
    static func mostPieces(_ bytes: Int) -> Int {
        var pieces = 1
        while (pieces + 1) * (pieces + 2) / 2 * EventParser.minimumPieceBytes <= bytes { pieces += 1 }
        return pieces
    }

    /// Where the next piece is to end, at the first cut after it: the rest cut as `Parallel.ranges` cuts, each piece
    /// shorter than the one before, so that the cores, taking them in order, finish together.
    private static func nextShare(after index: Int, of count: Int, piecesLeft: Int) -> Int {
        index + 2 * (count - index) / (piecesLeft + 1)
    }

    /// Whether a line starts with three of `byte` (`---` or `...`).
    private static func isMarker(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ byte: UInt8) -> Bool {
        index + 2 < bytes.count && bytes[index] == byte && bytes[index + 1] == byte && bytes[index + 2] == byte
    }

    /// A letter, digit, `_`, `$` or quote: what a top-level key's line starts with, and not an indicator that
    /// could carry on what came before (`-`, `?`, `:`, `#`, `]`, `}`, `,`, `&`, `*`, `!`, `|`, `>`, `%`, `@`).
    private static func canBeginKey(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "\""), UInt8(ascii: "'"):
            true
        default:
            false
        }
    }
}
