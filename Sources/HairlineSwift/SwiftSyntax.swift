/// A node of the Swift compiler's syntax tree, as `swiftc -dump-ast -dump-ast-format json` writes it: its kind
/// (`call_expr`, `integer_literal_expr`, …), where it starts (a UTF-8 offset into the file), the scalar fields
/// Hairline reads (`name`, `value`, `field`, `label`, …) and its child nodes by field (`fn`, `args`, `expr`, `body`,
/// …). Implicit nodes (ones the compiler made, not the author) are left out.
public struct SwiftNode: Sendable {
    public let kind: String
    /// The UTF-8 offset of its first token, where the compiler gives one.
    public let start: Int?
    public let fields: [(name: String, value: String)]
    public let children: [(field: String, nodes: [SwiftNode])]

    /// The scalar field of a name.
    public func field(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// The child at a field, if there is one.
    public subscript(field: String) -> SwiftNode? { all(field).first }

    /// The children at a field, in order.
    public func all(_ field: String) -> [SwiftNode] { children.first { $0.field == field }?.nodes ?? [] }

    /// Every child, in order.
    public var allChildren: [SwiftNode] { children.flatMap(\.nodes) }

    /// The scalar fields kept: the rest (mangled types, USRs) are skipped unread.
    static let keptFields: Set<String> = ["name", "value", "field", "label", "labels", "filename", "negative"]

    /// Implicit nodes that hold what the author wrote: a body's implicit `return`, a member chain's wrapper, and a
    /// name the compiler could not resolve (`VStack` without SwiftUI), which it replaces by an error at the name.
    static let keptImplicit: Set<String> = ["return_stmt", "unresolved_member_chain_expr", "argument_list", "error_expr"]
}

/// Reads the compiler's JSON dumps, one after another in a stream, straight into `SwiftNode`s: the dumps are large
/// (every implicit declaration is in them) and only a few fields are read, so nothing else is built.
struct SwiftDumpReader {
    private let bytes: [UInt8]
    private var index = 0

    /// The dumps' root nodes, in order; a stream cut short ends at its last whole dump.
    static func roots(in bytes: [UInt8]) -> [SwiftNode] {
        var reader = SwiftDumpReader(bytes: bytes)
        var roots: [SwiftNode] = []
        while reader.skipSpace(), reader.index < bytes.count {
            guard bytes[reader.index] == UInt8(ascii: "{"), let node = reader.object() else { break }
            if let node { roots.append(node) }
        }
        return roots
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Skips white space; true (so that it reads as a loop's condition).
    private mutating func skipSpace() -> Bool {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
        return true
    }

    private mutating func expect(_ byte: UInt8) -> Bool {
        _ = skipSpace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// An object at `index`: the node it is (nil inside for an implicit node or an object without a kind); nil
    /// outside for malformed input.
    private mutating func object() -> SwiftNode?? {
        guard expect(UInt8(ascii: "{")) else { return nil }
        var kind: String?
        var start: Int?
        var implicit = false
        var fields: [(name: String, value: String)] = []
        var children: [(field: String, nodes: [SwiftNode])] = []
        if expect(UInt8(ascii: "}")) { return .some(nil) }
        repeat {
            guard let key = string(keep: true) ?? nil, expect(UInt8(ascii: ":")) else { return nil }
            _ = skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                let keep = key == "_kind" || SwiftNode.keptFields.contains(key)
                guard let value = string(keep: keep) else { return nil }
                if key == "_kind" { kind = value } else if let value { fields.append((key, value)) }
            case UInt8(ascii: "{"):
                if key == "range" {
                    guard let range = rangeStart() else { return nil }
                    start = range
                } else {
                    guard let child = object() else { return nil }
                    if let child { children.append((key, [child])) }
                }
            case UInt8(ascii: "["):
                guard let nodes = array() else { return nil }
                if !nodes.isEmpty { children.append((key, nodes)) }
            case UInt8(ascii: "t"):
                index += 4
                if key == "implicit" { implicit = true } else if SwiftNode.keptFields.contains(key) { fields.append((key, "true")) }
            case UInt8(ascii: "f"):
                index += 5
            case UInt8(ascii: "n"):
                index += 4
            default:
                skipNumber()
            }
        } while expect(UInt8(ascii: ","))
        guard expect(UInt8(ascii: "}")) else { return nil }
        guard let kind, !implicit || SwiftNode.keptImplicit.contains(kind) else { return .some(nil) }
        return .some(SwiftNode(kind: kind, start: start, fields: fields, children: children))
    }

    /// An array's object elements, as nodes; other elements are skipped.
    private mutating func array() -> [SwiftNode]? {
        guard expect(UInt8(ascii: "[")) else { return nil }
        var nodes: [SwiftNode] = []
        if expect(UInt8(ascii: "]")) { return nodes }
        repeat {
            _ = skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                guard let node = object() else { return nil }
                if let node { nodes.append(node) }
            case UInt8(ascii: "\""):
                guard string(keep: false) != nil else { return nil }
            case UInt8(ascii: "["):
                guard array() != nil else { return nil }
            default:
                skipNumber()
            }
        } while expect(UInt8(ascii: ","))
        return expect(UInt8(ascii: "]")) ? nodes : nil
    }

    /// `{"start": N, "end": M}`: N.
    private mutating func rangeStart() -> Int? {
        guard expect(UInt8(ascii: "{")) else { return nil }
        var start: Int?
        repeat {
            guard let key = string(keep: true) ?? nil, expect(UInt8(ascii: ":")) else { return nil }
            _ = skipSpace()
            let from = index
            skipNumber()
            if key == "start" { start = Int(String(decoding: bytes[from..<index], as: UTF8.self)) }
        } while expect(UInt8(ascii: ","))
        return expect(UInt8(ascii: "}")) ? start : nil
    }

    private mutating func skipNumber() {
        while index < bytes.count, !([UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[index])) { index += 1 }
    }

    /// A string at `index`: its value when `keep` (escapes decoded), else `.some(nil)`; nil for malformed input.
    private mutating func string(keep: Bool) -> String?? {
        guard expect(UInt8(ascii: "\"")) else { return nil }
        let from = index
        var escaped = false
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            if bytes[index] == UInt8(ascii: "\\") {
                escaped = true
                index += 1
            }
            index += 1
        }
        guard index < bytes.count else { return nil }
        let raw = bytes[from..<index]
        index += 1
        guard keep else { return .some(nil) }
        return .some(escaped ? Self.unescape(raw) : String(decoding: raw, as: UTF8.self))
    }

    /// A JSON string's text with its escapes decoded.
    private static func unescape(_ raw: ArraySlice<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        var utf8: [UInt8] = []
        var index = raw.startIndex
        func flush() {
            scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
            utf8.removeAll()
        }
        while index < raw.endIndex {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < raw.endIndex else {
                utf8.append(byte)
                index += 1
                continue
            }
            flush()
            let escape = raw[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "u"):
                var value: UInt32 = 0
                if let end = raw.index(index, offsetBy: 4, limitedBy: raw.endIndex), let parsed = UInt32(String(decoding: raw[index..<end], as: UTF8.self), radix: 16) {
                    value = parsed
                    index = end
                }
                // A surrogate pair: the high half here, the low half as the next escape.
                if (0xD800..<0xDC00).contains(value), index + 6 <= raw.endIndex, raw[index] == UInt8(ascii: "\\"), raw[index + 1] == UInt8(ascii: "u"),
                    let low = UInt32(String(decoding: raw[(index + 2)..<(index + 6)], as: UTF8.self), radix: 16)
                {
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            default: scalars.append(Unicode.Scalar(escape))
            }
        }
        flush()
        return String(scalars)
    }
}
