import HairlineDiagnostics

/// An immutable YAML node: a scalar, a sequence or a mapping, with the place it starts in its file.
///
/// Aliases are already resolved: an alias node is the anchored node itself (shared, not copied), so the
/// tree a document builds is at most as large as its expansion budget allows.
///
/// A node is a class so that a tree is a tree of references: a node put into a pair, an array or a reader's
/// local is shared, not copied.
public final class Node: Sendable {
    /// One key-value pair of a mapping, in document order.
    public struct Pair: Sendable {
        /// The key node.
        public let key: Node
        /// The value node.
        public let value: Node

        /// Creates a pair.
        public init(key: Node, value: Node) {
            self.key = key
            self.value = value
        }
    }

    /// What the node holds.
    public enum Content: Sendable {
        /// A scalar.
        case scalar(Scalar)
        /// A sequence of nodes.
        case sequence([Node])
        /// A mapping, its pairs in document order.
        case mapping([Pair])
    }

    /// What the node holds.
    public let content: Content
    /// Where the node starts: libyaml's start mark, 1-based.
    public let mark: Mark

    /// Creates a node. (A scalar's explicit tag is applied to its value as it is read; a node keeps no tag.)
    public init(_ content: Content, at mark: Mark) {
        self.content = content
        self.mark = mark
    }
}
