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
    /// How a path finds its token.
    private let lookup: Lookup

    /// Creates a set; sorts the tokens by path. A large set sorts each half on a core of its own and merges
    /// them.
    public init(name: String, modes: [String], tokens: [Token], groups: Set<String>, warnings: [Diagnostic] = []) {
        self.init(name: name, modes: modes, tokens: tokens, groups: groups, warnings: warnings, index: nil)
    }

    /// Creates a set whose index (each token's position in `tokens` by path) was built already, by the
    /// resolver that made the tokens; nil builds it here.
    init(name: String, modes: [String], tokens: [Token], groups: Set<String>, warnings: [Diagnostic], index: [String: Int]?) {
        self.warnings = warnings
        self.name = name
        self.modes = modes
        self.groups = groups
        self.lookup = .positions(index ?? Self.index(tokens), in: tokens)
        self.tokens = SortedPaths(tokens.map(\.path)).order.map { tokens[$0] }
    }

    /// Creates a set of tokens already sorted by path, no two with one path; `keys` are their paths' keys, in
    /// that order. When every path is ASCII, a path is found by a binary search; else by an index built here.
    init(name: String, modes: [String], sortedTokens tokens: [Token], keys: [UInt64], groups: Set<String>, pathsAreASCII: Bool) {
        (self.name, self.modes, self.tokens, self.groups, self.warnings) = (name, modes, tokens, groups, [])
        lookup = pathsAreASCII ? .sorted(keys: keys) : .positions(Self.index(tokens), in: tokens)
    }

    /// How a path finds its token.
    private enum Lookup: Sendable {
        /// Each token's position in the tokens as they were given, before sorting, by path.
        case positions([String: Int], in: [Token])
        /// The tokens' own order, every path ASCII: a binary search of their paths' keys, then of their bytes.
        case sorted(keys: [UInt64])
    }

    /// The token at a path.
    public subscript(path: String) -> Token? {
        switch lookup {
        case .positions(let positions, let indexed): return positions[path].map { indexed[$0] }
        case .sorted(let keys):
            // The search goes by bytes, where a dictionary compares strings as Unicode text: a path that is not
            // ASCII can equal an ASCII one only in its composed form (U+037E is `;`).
            let bytes = path.utf8.allSatisfy { $0 < 0x80 } ? path : path.precomposedStringWithCanonicalMapping
            return SortedPaths.rank(of: bytes, keys: keys, path: { tokens[$0].path }).map { tokens[$0] }
        }
    }

    /// A set this large is sorted on two cores.
    static let parallelMinimum = 4096

    /// Paths sorted by their UTF-8 bytes, as a stable sort orders them. Each path is keyed by its first eight
    /// bytes as one big-endian integer, so that most comparisons compare two integers; only paths whose first
    /// eight bytes are the same are compared whole. A large list sorts each half on a core of its own and merges
    /// them by the same keys.
    struct SortedPaths {
        /// Each path's position in the list it was made from, in sorted order.
        let order: [Int]
        /// Each path's key, in sorted order.
        let keys: [UInt64]

        init(_ paths: [String]) {
            let precedes = { (a: (key: UInt64, position: Int), b: (key: UInt64, position: Int)) -> Bool in
                Self.precedes(a.key, paths[a.position], b.key, paths[b.position])
            }
            func sorted(_ range: Range<Int>) -> [(key: UInt64, position: Int)] {
                var keyed = range.map { (key: TokenSet.prefix(of: paths[$0]), position: $0) }
                Self.sort(&keyed, by: precedes)
                return keyed
            }
            guard paths.count >= parallelMinimum else {
                let keyed = sorted(paths.indices)
                (order, keys) = (keyed.map(\.position), keyed.map(\.key))
                return
            }
            let halves = Parallel.map([0..<paths.count / 2, paths.count / 2..<paths.count], sorted)
            // The two sorted halves as one, an equal pair taking the first half's first: what a stable sort of
            // the whole gives.
            let (first, second) = (halves[0], halves[1])
            var merged: [(key: UInt64, position: Int)] = []
            merged.reserveCapacity(paths.count)
            var (left, right) = (0, 0)
            while left < first.count, right < second.count {
                if precedes(second[right], first[left]) {
                    merged.append(second[right])
                    right += 1
                } else {
                    merged.append(first[left])
                    left += 1
                }
            }
            merged += first[left...]
            merged += second[right...]
            (order, keys) = (merged.map(\.position), merged.map(\.key))
        }

        /// Sorts keyed paths as a stable sort `by` their order would: by their keys a byte at a time, the least
        /// significant first (a pass for each byte in which the keys differ, each stable), then each run of
        /// equal keys by the paths. A comparison sort of 100,000 paths compared pairs of keys about 1.7 million
        /// times through a closure; this moves each pair a few times.
        static func sort(
            _ keyed: inout [(key: UInt64, position: Int)], by precedes: ((key: UInt64, position: Int), (key: UInt64, position: Int)) -> Bool
        ) {
            guard keyed.count >= radixMinimum else {
                keyed.sort(by: precedes)
                return
            }
            var scratch = keyed
            // Each byte's counts, for all eight bytes in one pass (where a pass starts writing each value, once
            // it starts).
            let counts = UnsafeMutablePointer<Int>.allocate(capacity: 8 * 256)
            counts.initialize(repeating: 0, count: 8 * 256)
            defer { counts.deallocate() }
            // A key's byte (0 the least significant) as its place among the counts.
            func slot(_ key: UInt64, _ byte: Int) -> Int { byte * 256 + Int(truncatingIfNeeded: key >> (8 * byte)) & 0xFF }
            keyed.withUnsafeMutableBufferPointer { keyed in
                for item in keyed {
                    for byte in 0..<8 { counts[slot(item.key, byte)] += 1 }
                }
                scratch.withUnsafeMutableBufferPointer { scratch in
                    var (from, to) = (keyed, scratch)
                    for byte in 0..<8 {
                        let base = byte * 256
                        // A byte that is the same in every key leaves the order as it is.
                        guard !(base..<base + 256).contains(where: { counts[$0] == from.count }) else { continue }
                        var next = 0
                        for value in base..<base + 256 { (counts[value], next) = (next, next + counts[value]) }
                        for item in from {
                            let value = slot(item.key, byte)
                            to[counts[value]] = item
                            counts[value] += 1
                        }
                        swap(&from, &to)
                    }
                    // The last pass wrote into the scratch: its order is copied back.
                    if from.baseAddress != keyed.baseAddress { _ = keyed.update(fromContentsOf: from) }
                }
            }
            var start = 0
            while start < keyed.count {
                var end = start + 1
                while end < keyed.count, keyed[end].key == keyed[start].key { end += 1 }
                if end - start > 1 { keyed[start..<end].sort(by: precedes) }
                start = end
            }
        }

        /// Fewer paths than this are sorted by comparison.
        static let radixMinimum = 256

        /// The rank (the place in sorted order) of `path` among sorted paths with `keys`, `path(rank)` giving
        /// each: a binary search in the order they were sorted in, so that most steps compare two keys. Paths are
        /// equal here when their bytes are.
        static func rank(of path: String, keys: [UInt64], path pathAt: (Int) -> String) -> Int? {
            let key = TokenSet.prefix(of: path)
            // The first sorted path that `path` does not follow: `path` itself, if it is there.
            var (low, high) = (0, keys.count)
            while low < high {
                let middle = (low + high) / 2
                if precedes(keys[middle], pathAt(middle), key, path) { low = middle + 1 } else { high = middle }
            }
            return low < keys.count && keys[low] == key && TokenSet.bytesEqual(pathAt(low), path) ? low : nil
        }

        /// The order of two paths with their keys: by the keys, and by the paths' bytes where the keys are equal
        /// (the paths are only read then).
        private static func precedes(_ aKey: UInt64, _ a: @autoclosure () -> String, _ bKey: UInt64, _ b: @autoclosure () -> String) -> Bool {
            aKey != bKey ? aKey < bKey : TokenSet.bytesPrecede(a(), b())
        }
    }

    /// A path's first eight UTF-8 bytes, the first the most significant, zeros after a shorter path's end:
    /// where two prefixes differ, they order as the paths do.
    static func prefix(of path: String) -> UInt64 {
        path.withContiguousUTF8 { bytes in
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

    /// Every token under a group, recursively, in path order.
    public func tokens(under group: String) -> [Token] {
        let prefix = group + "."
        return tokens.filter { $0.path.hasPrefix(prefix) }
    }

    /// The number of modes values are given in: the declared modes, or one.
    public var modeCount: Int { max(1, modes.count) }

    /// Whether two strings' UTF-8 bytes are the same (`==` compares them as Unicode text).
    static func bytesEqual(_ a: String, _ b: String) -> Bool {
        compareBytes(a, b) == 0
    }

    /// Whether a string's UTF-8 bytes are `bytes`.
    static func bytesEqual(_ a: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        compareBytes(a, bytes) == 0
    }

    /// Whether `a`'s UTF-8 bytes sort before `b`'s.
    static func bytesPrecede(_ a: String, _ b: String) -> Bool {
        compareBytes(a, b) < 0
    }

    /// How two strings' UTF-8 bytes order, less than, equal to or more than zero: one `memcmp` of the contiguous
    /// bytes (a path is a native string, so it has them), where walking two UTF8Views byte by byte cost a fifth
    /// of a large compile.
    private static func compareBytes(_ a: String, _ b: String) -> Int {
        b.withContiguousUTF8 { compareBytes(a, $0) }
    }

    /// How a string's UTF-8 bytes order against `right`, as `compareBytes(_:_:)` orders two strings'.
    private static func compareBytes(_ a: String, _ right: UnsafeBufferPointer<UInt8>) -> Int {
        a.withContiguousUTF8 { left in
            let common = min(left.count, right.count)
            let order = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
            return order != 0 ? Int(order) : left.count - right.count
        }
    }
}
