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
    /// Each token's position in `tokens`, by path.
    private let positions: [String: Int]

    /// Creates a set; sorts the tokens by path.
    public init(name: String, modes: [String], tokens: [Token], groups: Set<String>, warnings: [Diagnostic] = []) {
        self.warnings = warnings
        self.name = name
        self.modes = modes
        self.groups = groups
        self.tokens = tokens.sorted { Self.bytesPrecede($0.path, $1.path) }
        positions = Self.index(self.tokens)
    }

    /// The token at a path.
    public subscript(path: String) -> Token? {
        positions[path].map { tokens[$0] }
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

    /// The modes' names as messages and outputs give them: the declared modes, or `default` for a set without.
    public var modeNames: [String] { modes.isEmpty ? ["default"] : modes }

    /// Whether `a`'s UTF-8 bytes sort before `b`'s.
    static func bytesPrecede(_ a: String, _ b: String) -> Bool {
        compareBytes(a, b) < 0
    }

    /// How two strings' UTF-8 bytes order, less than, equal to or more than zero: one `memcmp` of the contiguous
    /// bytes (a path is a native string, so it has them).
    private static func compareBytes(_ a: String, _ b: String) -> Int {
        a.withContiguousUTF8 { left in
            b.withContiguousUTF8 { right in
                let common = min(left.count, right.count)
                let order = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
                return order != 0 ? Int(order) : left.count - right.count
            }
        }
    }
}
