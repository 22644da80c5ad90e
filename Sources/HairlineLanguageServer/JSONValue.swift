import Foundation
import HairlineDiagnostics

/// A JSON value, as JSON-RPC messages carry them: parsed with Foundation's decoder (which tells `true` from `1`),
/// written by hand with sorted keys so that every message is deterministic.
public enum JSONValue: Sendable, Hashable, Decodable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Parses one JSON text; nil when it is not JSON, or nests deeper than `maxDepth` or holds more than
    /// `maxContainers` arrays and objects (no LSP message comes near either; the decoder recursed until the stack
    /// ran out at 350 levels, and spent seconds on megabytes of `{}`).
    public static func parse(_ bytes: [UInt8]) -> JSONValue? {
        guard isWithinBounds(bytes) else { return nil }
        return try? JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    }

    public static let maxDepth = 64
    public static let maxContainers = 100_000

    /// Whether a JSON text's nesting and number of containers are within the bounds, counted in one pass over
    /// its bytes (brackets inside strings do not count).
    static func isWithinBounds(_ bytes: [UInt8]) -> Bool {
        var depth = 0
        var containers = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                containers += 1
                if depth > maxDepth || containers > maxContainers { return false }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return true
    }

    /// A member of an object; nil for anything else or a missing key.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public var string: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// An integral number.
    public var int: Int? {
        if case .number(let number) = self, number.rounded() == number, abs(number) < 9e15 { return Int(number) }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    public var array: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// The compact JSON text.
    public var text: String { TextBuffer.text { write(to: &$0) } }

    private func write(to out: inout TextBuffer) {
        switch self {
        case .null: out.write("null")
        case .bool(let bool): out.write(bool ? "true" : "false")
        case .number(let number):
            if number.rounded() == number, abs(number) < 9e15 {
                out.write(Int(number))
            } else if number.isFinite {
                out.write("\(number)")
            } else {
                out.write("null")
            }
        case .string(let string): out.writeJSONString(string)
        case .array(let array):
            out.writeJSONList(array, open: "[", close: "]", separator: ",") { element, out in element.write(to: &out) }
        case .object(let members):
            out.writeJSONList(members.sorted { $0.key < $1.key }, open: "{", close: "}", separator: ",") { member, out in
                out.writeJSONString(member.key)
                out.write(":")
                member.value.write(to: &out)
            }
        }
    }
}
