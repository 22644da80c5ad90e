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
    public var json: String {
        var out = ""
        writeJSON(to: &out)
        return out
    }

    /// Appends the value as compact JSON text.
    public func writeJSON(to out: inout String) {
        switch self {
        case .number(let number): out += JSONText.number(number)
        case .string(let string): JSONText.writeString(string, to: &out)
        case .bool(let bool): out += bool ? "true" : "false"
        case .list(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += ", " }
                item.writeJSON(to: &out)
            }
            out += "]"
        case .object(let fields):
            out += "{"
            for (index, field) in fields.enumerated() {
                if index > 0 { out += ", " }
                JSONText.writeString(field.name, to: &out)
                out += ": "
                field.value.writeJSON(to: &out)
            }
            out += "}"
        }
    }
}

/// JSON text for numbers and strings, written directly so that large token sets emit quickly.
public enum JSONText {
    /// A number: integral values without a fraction (`16`, not `16.0`), others in Swift's shortest
    /// round-tripping form (`0.28`).
    public static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }

    /// A JSON string literal, escaped as RFC 8259 requires.
    public static func string(_ value: String) -> String {
        var out = ""
        writeString(value, to: &out)
        return out
    }

    /// Appends a JSON string literal.
    public static func writeString(_ value: String, to out: inout String) {
        // Fast path: nothing to escape (the usual case), so the string goes in whole.
        let needsEscape = { (byte: UInt8) in byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") }
        if !(value.utf8.withContiguousStorageIfAvailable { $0.contains(where: needsEscape) } ?? value.utf8.contains(where: needsEscape)) {
            out += "\""
            out += value
            out += "\""
            return
        }
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16, uppercase: false)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
