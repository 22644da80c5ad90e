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
///
/// The value is kept as a kind and eight bytes beside the text rather than as a second `String`: a string
/// value is always the text itself, so a scalar holds one reference, and trees of them copy and free cheaply.
/// The one-byte fields come last, so that they pack into the end of a node rather than pad its middle.
public struct Scalar: Sendable, Hashable {
    private enum Kind: UInt8, Sendable, Hashable {
        case null, bool, int, float, string
    }

    /// The scalar's text, escapes processed.
    public let text: String
    /// The payload of a boolean, integer or float value.
    private let bits: UInt64
    /// How it was written.
    public let style: ScalarStyle
    private let kind: Kind

    /// Creates a scalar whose value is resolved by the core schema from its text and style.
    public init(text: String, style: ScalarStyle) {
        self.text = text
        self.style = style
        (kind, bits) = style.isQuotedOrBlock ? (.string, 0) : Self.storage(of: CoreSchema.resolve(text))
    }

    /// Creates a scalar whose value is its text, a string, already known to be one (`CoreSchema.isCertainlyString`).
    init(string text: String, style: ScalarStyle) {
        self.text = text
        self.style = style
        (kind, bits) = (.string, 0)
    }

    /// Creates a scalar with a value already decided (for an explicitly tagged scalar). A string value must be
    /// the text itself: a scalar's string value is its text.
    public init(text: String, style: ScalarStyle, value: ScalarValue) {
        if case .string(let string) = value { precondition(string == text, "a scalar's string value is its text") }
        self.text = text
        self.style = style
        (kind, bits) = Self.storage(of: value)
    }

    private static func storage(of value: ScalarValue) -> (Kind, UInt64) {
        switch value {
        case .null: (.null, 0)
        case .bool(let bool): (.bool, bool ? 1 : 0)
        case .int(let int): (.int, UInt64(bitPattern: Int64(int)))
        case .float(let float): (.float, float.bitPattern)
        case .string: (.string, 0)
        }
    }

    /// Its value under the core schema (or its explicit tag).
    public var value: ScalarValue {
        switch kind {
        case .null: .null
        case .bool: .bool(bits != 0)
        case .int: .int(Int(Int64(bitPattern: bits)))
        case .float: .float(Double(bitPattern: bits))
        case .string: .string(text)
        }
    }

    /// Whether the value is a string (the text).
    public var isString: Bool { kind == .string }

    /// Whether the value is null.
    public var isNull: Bool { kind == .null }

    /// Whether the value is a float that is not a number.
    public var isNaN: Bool { kind == .float && Double(bitPattern: bits).isNaN }

    /// Whether two scalars have the same value under the core schema (`1` and `0x1` do; `"1"` and `1` do not).
    public func hasSameValue(as other: Scalar) -> Bool {
        guard kind == other.kind else { return false }
        switch kind {
        case .null: return true
        case .bool, .int: return bits == other.bits
        case .float: return Double(bitPattern: bits) == Double(bitPattern: other.bits)
        case .string: return text == other.text
        }
    }
}
