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
    /// Each token's position, by path: in `tokens`, or, where `sortedPositions` is given, in the order the tokens
    /// were given in (a resolver's index, kept rather than hashed again).
    private let positions: PathIndex
    /// Where each token given is in `tokens`, by the position it was given at; nil when `positions` is by `tokens`.
    private let sortedPositions: [Int]?

    /// A set of this many tokens or more is read, resolved, sorted and written on every core; a smaller one is
    /// done before threads would start.
    public static let parallelMinimum = 4096

    /// Creates a set; sorts the tokens by path.
    public init(name: String, modes: [String], tokens: [Token], groups: Set<String>, warnings: [Diagnostic] = []) {
        self.init(name: name, modes: modes, tokens: tokens, positions: nil, groups: groups, warnings: warnings)
    }

    /// Creates a set from tokens and, if known, each one's position by path (what a resolver looked aliases up
    /// in): the index is kept, with where each position went in the sorted tokens, rather than hashed again.
    init(name: String, modes: [String], tokens: [Token], positions: PathIndex?, groups: Set<String>, warnings: [Diagnostic]) {
        self.warnings = warnings
        self.name = name
        self.modes = modes
        self.groups = groups
        let order = Self.orderByPath(tokens)
        self.tokens = Parallel.array(order.count, minimum: Self.parallelMinimum) { tokens[order[$0]] }
        guard let positions else {
            self.positions = PathIndex(self.tokens.map(\.path))
            sortedPositions = nil
            return
        }
        var sorted = [Int](repeating: 0, count: order.count)
        for (place, position) in order.enumerated() { sorted[position] = place }
        self.positions = positions
        sortedPositions = sorted
    }

    /// The token at a path.
    public subscript(path: String) -> Token? {
        guard let position = positions[path] else { return nil }
        return tokens[sortedPositions?[position] ?? position]
    }

    /// Every token under a group, recursively, in path order.
    public func tokens(under group: String) -> [Token] {
        let prefix = group + "."
        return tokens.filter { $0.path.hasPrefix(prefix) }
    }

    /// The number of modes values are given in: the declared modes, or one.
    public var modeCount: Int { max(1, modes.count) }

    /// The modes' names as messages and outputs give them: the declared modes, or `default` for a set without.
    public var modeNames: [String] { modes.isEmpty ? ["default"] : modes }

    /// The tokens' positions in the order of their paths' UTF-8 bytes: keyed by each path's first eight bytes as a
    /// number, so that most comparisons compare two integers and only paths that share those bytes compare whole.
    /// A large set is sorted in parts on every core, then merged two by two, each round's merges side by side.
    private static func orderByPath(_ tokens: [Token]) -> [Int] {
        typealias Key = (prefix: UInt64, position: Int)
        func precedes(_ a: Key, _ b: Key) -> Bool {
            a.prefix != b.prefix ? a.prefix < b.prefix : compareBytes(tokens[a.position].path, tokens[b.position].path) < 0
        }
        let parts = Parallel.ranges(tokens.count, parts: Parallel.parts(tokens.count, minimum: parallelMinimum))
        var sorted = Parallel.map(parts) { range in range.map { Key(prefix(tokens[$0].path), $0) }.sorted(by: precedes) }
        while sorted.count > 1 {
            // Neighbours merged, the earlier one first, so that equal keys keep the order of the parts.
            let runs = sorted
            sorted = Parallel.map((runs.count + 1) / 2) { (pair: Int) -> [Key] in
                let (left, right) = (2 * pair, 2 * pair + 1)
                return right < runs.count ? merge(runs[left], runs[right], by: precedes) : runs[left]
            }
        }
        return sorted.first?.map(\.position) ?? []
    }

    /// Two sorted arrays as one, an element of `left` first where neither precedes the other (as a stable sort of
    /// the two one after another would have them).
    private static func merge<Element>(_ left: [Element], _ right: [Element], by precedes: (Element, Element) -> Bool) -> [Element] {
        var merged: [Element] = []
        merged.reserveCapacity(left.count + right.count)
        var (l, r) = (0, 0)
        while l < left.count, r < right.count {
            if precedes(right[r], left[l]) {
                merged.append(right[r])
                r += 1
            } else {
                merged.append(left[l])
                l += 1
            }
        }
        merged += left[l...]
        merged += right[r...]
        return merged
    }

    /// A string's first eight UTF-8 bytes as a big-endian number (zeros past its end): numbers that order as the
    /// bytes do.
    private static func prefix(_ path: String) -> UInt64 {
        path.withContiguousUTF8 { bytes in
            var key: UInt64 = 0
            for index in 0..<8 { key = key << 8 | UInt64(index < bytes.count ? bytes[index] : 0) }
            return key
        }
    }

    /// How two strings' UTF-8 bytes order, less than, equal to or more than zero: one `memcmp` of the contiguous
    /// bytes (a path is a native string, so it has them).
    static func compareBytes(_ a: String, _ b: String) -> Int {
        a.withContiguousUTF8 { left in
            b.withContiguousUTF8 { right in
                let common = min(left.count, right.count)
                let order = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
                return order != 0 ? Int(order) : left.count - right.count
            }
        }
    }
}
