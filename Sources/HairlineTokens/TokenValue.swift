import HairlineDiagnostics

/// A resolved token value in the shape the resolved JSON gives it: numbers in points or milliseconds,
/// colours as `#RRGGBB[AA]`, lists, and objects whose fields keep a fixed order.
public enum TokenValue: Sendable, Hashable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case list([TokenValue])
    case object([Field])

    /// One field of an object value.
    public struct Field: Sendable, Hashable {
        public let name: String
        public let value: TokenValue

        public init(_ name: String, _ value: TokenValue) {
            self.name = name
            self.value = value
        }
    }

    /// The number, if the value is one.
    public var number: Double? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// The string, if the value is one.
    public var string: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The value of an object's field.
    public subscript(field: String) -> TokenValue? {
        if case .object(let fields) = self { return fields.first { $0.name == field }?.value }
        return nil
    }

    /// The value as compact JSON text, fields in their order: `{"fontSize": 34, "fontWeight": 500}`.
    public var json: String { TextBuffer.text { writeJSON(to: &$0) } }

    /// Appends the value as compact JSON text.
    public func writeJSON(to out: inout TextBuffer) {
        switch self {
        case .number(let number): JSONText.writeNumber(number, to: &out)
        case .string(let string): JSONText.writeString(string, to: &out)
        case .bool(let bool): out.write(bool ? "true" : "false")
        case .list(let items):
            out.writeJSONList(items, open: "[", close: "]", separator: ", ") { item, out in item.writeJSON(to: &out) }
        case .object(let fields):
            out.writeJSONList(fields, open: "{", close: "}", separator: ", ") { field, out in
                out.writeJSONString(field.name)
                out.write(": ")
                field.value.writeJSON(to: &out)
            }
        }
    }
}

/// JSON text for numbers and strings, written directly so that large token sets emit quickly.
public enum JSONText {
    /// A number: integral values without a fraction (`16`, not `16.0`), others in Swift's shortest
    /// round-tripping form (`0.28`).
    public static func number(_ value: Double) -> String {
        isIntegral(value) ? String(Int(value)) : "\(value)"
    }

    /// Appends a number as `number(_:)` gives it.
    public static func writeNumber(_ value: Double, to out: inout TextBuffer) {
        if isIntegral(value) {
            out.write(Int(value))
        } else {
            out.write("\(value)")
        }
    }

    /// Whether a number is written without a fraction.
    private static func isIntegral(_ value: Double) -> Bool {
        value == value.rounded() && abs(value) < 1e15
    }

    /// A JSON string literal, escaped as RFC 8259 requires.
    public static func string(_ value: String) -> String { TextBuffer.text { $0.writeJSONString(value) } }

    /// Appends a JSON string literal.
    public static func writeString(_ value: String, to out: inout TextBuffer) {
        out.writeJSONString(value)
    }
}
