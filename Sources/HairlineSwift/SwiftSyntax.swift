import Foundation

/// A node of the Swift compiler's syntax tree, as `swiftc -dump-ast -dump-ast-format json` writes it: its kind
/// (`call_expr`, `integer_literal_expr`, …), where it starts (a UTF-8 offset into the file), its scalar fields
/// (`name`, `value`, `label`, …) and its child nodes by field (`fn`, `args`, `expr`, `body`, …). Implicit nodes
/// (ones the compiler made, not the author) are left out.
public struct SwiftNode: Sendable {
    public let kind: String
    /// The UTF-8 offset of its first token, where the compiler gives one.
    public let start: Int?
    public let fields: [String: String]
    public let children: [String: [SwiftNode]]

    /// The child at a field, if there is one.
    public subscript(field: String) -> SwiftNode? { children[field]?.first }

    /// The children at a field, in order.
    public func all(_ field: String) -> [SwiftNode] { children[field] ?? [] }

    /// A node of the compiler's JSON (`JSONSerialization`'s objects); nil for an implicit node or one that is not
    /// an object with a `_kind`.
    init?(json: Any) {
        guard let object = json as? [String: Any], let kind = object["_kind"] as? String else { return nil }
        if object["implicit"] as? Bool == true, !Self.keptImplicit.contains(kind) { return nil }
        self.kind = kind
        start = (object["range"] as? [String: Any])?["start"] as? Int
        var fields: [String: String] = [:]
        var children: [String: [SwiftNode]] = [:]
        for (key, value) in object where key != "_kind" && key != "range" {
            switch value {
            case let string as String: fields[key] = string
            case let bool as Bool: fields[key] = bool ? "true" : "false"
            case let list as [Any]:
                let nodes = list.compactMap(SwiftNode.init(json:))
                if !nodes.isEmpty { children[key] = nodes }
            default:
                if let node = SwiftNode(json: value) { children[key] = [node] }
            }
        }
        self.fields = fields
        self.children = children
    }

    /// Implicit nodes that hold what the author wrote: a body's implicit `return`, a member chain's wrapper, and a
    /// name the compiler could not resolve (`VStack` without SwiftUI), which it replaces by an error at the name.
    private static let keptImplicit: Set<String> = ["return_stmt", "unresolved_member_chain_expr", "argument_list", "error_expr"]
}

/// One file's dump.
struct SwiftFileDump {
    let filename: String
    let root: SwiftNode
}

enum SwiftDumpSplitter {
    /// The top-level JSON objects of a stream of dumps written one after another, each as its bytes.
    static func objects(in bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var objects: [ArraySlice<UInt8>] = []
        var depth = 0
        var inString = false
        var escaped = false
        var start = 0
        for (index, byte) in bytes.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth == 0 { start = index }
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { objects.append(bytes[start...index]) }
            default: break
            }
        }
        return objects
    }
}
