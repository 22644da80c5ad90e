/// How a scalar was written in the file.
public enum ScalarStyle: String, Sendable, Hashable {
    case plain
    case singleQuoted
    case doubleQuoted
    case literal
    case folded

    /// Whether the scalar was quoted or a block scalar: such a scalar is always a string.
    public var isQuotedOrBlock: Bool { self != .plain }
}

/// A scalar's value under the YAML 1.2 core schema.
public enum ScalarValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case float(Double)
    case string(String)
}

/// A YAML scalar: its text as written (after escapes), its style, and its resolved value.
public struct Scalar: Sendable, Hashable {
    /// The scalar's text, escapes processed.
    public let text: String
    /// How it was written.
    public let style: ScalarStyle
    /// Its value under the core schema (or its explicit tag).
    public let value: ScalarValue

    /// Creates a scalar whose value is resolved by the core schema from its text and style.
    public init(text: String, style: ScalarStyle) {
        self.text = text
        self.style = style
        self.value = style.isQuotedOrBlock ? .string(text) : CoreSchema.resolve(text)
    }

    /// Creates a scalar with a value already decided (for an explicitly tagged scalar).
    public init(text: String, style: ScalarStyle, value: ScalarValue) {
        self.text = text
        self.style = style
        self.value = value
    }
}
