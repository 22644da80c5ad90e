import Foundation
import HairlineDiagnostics

/// A resolved token set: every token with its value in every mode, sorted by path.
public struct TokenSet: Sendable {
    /// The system's display name: `$name`, or the file name without its extensions.
    public let name: String
    /// The declared modes, the first the default; empty when none are declared.
    public let modes: [String]
    /// The tokens, sorted by the UTF-8 bytes of their paths.
    public let tokens: [Token]
    /// The path of every group, the root excluded.
    public let groups: Set<String>
    /// What lenient mode let through, as warnings.
    public let warnings: [Diagnostic]
    /// Each token's position in `indexed` by path.
    private let index: PathIndex
    /// The tokens as they were given, before sorting.
    private let indexed: [Token]

    /// Creates a set; sorts the tokens by path. A large set sorts each half on a core of its own and merges
    /// them.
    public init(name: String, modes: [String], tokens: [Token], groups: Set<String>, warnings: [Diagnostic] = []) {
        self.init(name: name, modes: modes, tokens: tokens, groups: groups, warnings: warnings, index: nil)
    }

    /// Creates a set whose index (each token's position in `tokens` by path) was built already, by the
    /// resolver that made the tokens; nil builds it here.
    init(name: String, modes: [String], tokens: [Token], groups: Set<String>, warnings: [Diagnostic], index: PathIndex?) {
        self.warnings = warnings
        self.name = name
        self.modes = modes
        self.groups = groups
        self.indexed = tokens
        self.index = index ?? PathIndex(parts: [Self.index(tokens)], offsets: [0])
        if tokens.count >= Self.parallelMinimum {
            let middle = tokens.count / 2
            let halves = Parallel.map([tokens[..<middle], tokens[middle...]], Self.keyedByPath)
            self.tokens = Self.merge(halves[0], halves[1])
        } else {
            self.tokens = Self.keyedByPath(tokens[...]).map(\.token)
        }
    }

    /// A set this large is sorted on two cores.
    static let parallelMinimum = 4096

    /// A token keyed by the first eight bytes of its path as one big-endian integer, so that most comparisons
    /// compare two integers; only paths whose first eight bytes are the same are compared whole.
    typealias Keyed = (prefix: UInt64, token: Token)

    /// Tokens in the order of their paths' UTF-8 bytes, as a stable sort gives it, each with its key.
    static func keyedByPath(_ tokens: ArraySlice<Token>) -> [Keyed] {
        var keyed = tokens.map { (prefix: prefix(of: $0.path), token: $0) }
        keyed.sort(by: precedes)
        return keyed
    }

    private static func precedes(_ a: Keyed, _ b: Keyed) -> Bool {
        a.prefix != b.prefix ? a.prefix < b.prefix : bytesPrecede(a.token.path, b.token.path)
    }

    /// A path's first eight UTF-8 bytes, the first the most significant, zeros after a shorter path's end:
    /// where two prefixes differ, they order as the paths do.
    static func prefix(of path: String) -> UInt64 {
        var path = path
        return path.withUTF8 { bytes in
            var key: UInt64 = 0
            for index in 0..<8 { key = key << 8 | UInt64(index < bytes.count ? bytes[index] : 0) }
            return key
        }
    }

    private static func index(_ tokens: [Token]) -> [String: Int] {
        var index: [String: Int] = [:]
        index.reserveCapacity(tokens.count)
        for (position, token) in tokens.enumerated() { index[token.path] = position }
        return index
    }

    /// Two sorted lists as one, an equal pair taking the first list's token first: what a stable sort of
    /// the two, one after the other, gives. Compared by their keys, as they were sorted.
    static func merge(_ first: [Keyed], _ second: [Keyed]) -> [Token] {
        var merged: [Token] = []
        merged.reserveCapacity(first.count + second.count)
        var (left, right) = (0, 0)
        while left < first.count, right < second.count {
            if precedes(second[right], first[left]) {
                merged.append(second[right].token)
                right += 1
            } else {
                merged.append(first[left].token)
                left += 1
            }
        }
        merged += first[left...].lazy.map(\.token)
        merged += second[right...].lazy.map(\.token)
        return merged
    }

    /// The token at a path.
    public subscript(path: String) -> Token? {
        index[path].map { indexed[$0] }
    }

    /// Positions by path, in parts: each part indexes the tokens from its offset on. A set read in pieces is
    /// indexed by each piece on a core of its own, and no path is in two pieces.
    struct PathIndex: Sendable {
        let parts: [[String: Int]]
        let offsets: [Int]

        subscript(path: String) -> Int? {
            position(of: path, lookingFirstIn: 0)
        }

        /// The position of `path`, looked up in part `first` before the others.
        func position(of path: String, lookingFirstIn first: Int) -> Int? {
            if let position = parts[first][path] { return offsets[first] + position }
            for (part, offset) in zip(parts.indices, offsets) where part != first {
                if let position = parts[part][path] { return offset + position }
            }
            return nil
        }
    }

    /// Every token under a group, recursively, in path order.
    public func tokens(under group: String) -> [Token] {
        let prefix = group + "."
        return tokens.filter { $0.path.hasPrefix(prefix) }
    }

    /// The number of modes values are given in: the declared modes, or one.
    public var modeCount: Int { max(1, modes.count) }

    /// Whether `a`'s UTF-8 bytes sort before `b`'s: one `memcmp` of the contiguous bytes (a path is a native
    /// string, so it has them), where walking two UTF8Views byte by byte cost a fifth of a large compile.
    static func bytesPrecede(_ a: String, _ b: String) -> Bool {
        var (a, b) = (a, b)
        return a.withUTF8 { left in
            b.withUTF8 { right in
                let common = min(left.count, right.count)
                let order = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
                return order != 0 ? order < 0 : left.count < right.count
            }
        }
    }
}
