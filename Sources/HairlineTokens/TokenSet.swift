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
    private let index: [String: Token]

    /// Creates a set; sorts the tokens by path. A large set sorts each half on a core of its own and merges
    /// them, while its index is built beside them.
    public init(name: String, modes: [String], tokens: [Token], groups: Set<String>, warnings: [Diagnostic] = []) {
        self.warnings = warnings
        self.name = name
        self.modes = modes
        self.groups = groups
        guard tokens.count >= Self.parallelMinimum else {
            self.tokens = tokens.sorted(by: Self.pathPrecedes)
            self.index = Self.index(tokens)
            return
        }
        enum Part {
            case sorted([Token])
            case index([String: Token])
        }
        let middle = tokens.count / 2
        let parts = Parallel.map(3) { part -> Part in
            switch part {
            case 0: .sorted(tokens[..<middle].sorted(by: Self.pathPrecedes))
            case 1: .sorted(tokens[middle...].sorted(by: Self.pathPrecedes))
            default: .index(Self.index(tokens))
            }
        }
        guard case .sorted(let first) = parts[0], case .sorted(let second) = parts[1], case .index(let index) = parts[2] else {
            preconditionFailure("the parts come back in the order they were asked for")
        }
        self.tokens = Self.merge(first, second)
        self.index = index
    }

    /// A set this large is sorted and indexed on every core.
    static let parallelMinimum = 4096

    private static func pathPrecedes(_ a: Token, _ b: Token) -> Bool {
        bytesPrecede(a.path, b.path)
    }

    private static func index(_ tokens: [Token]) -> [String: Token] {
        var index: [String: Token] = [:]
        index.reserveCapacity(tokens.count)
        for token in tokens { index[token.path] = token }
        return index
    }

    /// Two sorted lists as one, an equal pair taking the first list's token first: what a stable sort of
    /// the two, one after the other, gives.
    static func merge(_ first: [Token], _ second: [Token]) -> [Token] {
        var merged: [Token] = []
        merged.reserveCapacity(first.count + second.count)
        var (left, right) = (0, 0)
        while left < first.count, right < second.count {
            if pathPrecedes(second[right], first[left]) {
                merged.append(second[right])
                right += 1
            } else {
                merged.append(first[left])
                left += 1
            }
        }
        merged += first[left...]
        merged += second[right...]
        return merged
    }

    /// The token at a path.
    public subscript(path: String) -> Token? {
        index[path]
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
