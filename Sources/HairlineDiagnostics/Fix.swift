/// A repair a finding offers: the node the finding points at becomes a new scalar value. Safe fixes keep what the
/// screen means (a literal becomes the one token that has its value in every mode); unsafe ones change it (a
/// value off a scale becomes the nearest allowed one), and are applied only when asked for.
public struct Fix: Sendable, Hashable {
    /// Whether applying the fix keeps the screen's meaning.
    public enum Safety: String, Sendable, Hashable {
        case safe
        case unsafe
    }

    /// Bytes of the file to replace, and what to write there.
    public struct Edit: Sendable, Hashable {
        /// The byte offsets replaced.
        public let bytes: Range<Int>
        /// Where they are, as lines and columns.
        public let range: SourceRange
        /// The new text.
        public let text: String

        /// Creates an edit.
        public init(range: SourceRange, text: String) {
            self.bytes = range.start.offset..<range.end.offset
            self.range = range
            self.text = text
        }
    }

    /// What the fix does, in a few words (`Replace 10 with 8`).
    public let title: String
    /// Whether it keeps the screen's meaning.
    public let safety: Safety
    /// The node's new value, as its scalar's text (`8`, `{color.accent}`).
    public let value: String
    /// The edits that make it, once the node's place in the file is known; empty until then, and for a node a
    /// fix cannot rewrite in place (a collection, a block scalar).
    public var edits: [Edit]
    /// Whether the fix removes the property whose key the finding is at, its value with it (`value` is then empty).
    public let removesProperty: Bool

    /// A fix that gives the node at the finding a new value.
    public init(title: String, safety: Safety, value: String, edits: [Edit] = []) {
        self.title = title
        self.safety = safety
        self.value = value
        self.edits = edits
        removesProperty = false
    }

    /// A fix that removes the property at the finding's key, its value and the line or the comma it leaves.
    public init(removingPropertyTitled title: String, safety: Safety) {
        self.title = title
        self.safety = safety
        value = ""
        edits = []
        removesProperty = true
    }
}
