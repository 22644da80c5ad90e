import HairlineDiagnostics
import HairlineTokens

/// DTCG 2025.10 JSON: nested groups of tokens with `$type`, `$value` and `$description`, values resolved
/// and written in DTCG's object forms (dimensions and durations as `{value, unit}`, colours as sRGB
/// `{colorSpace, components, alpha, hex}`). Modes are written Terrazzo's way, `$extensions.mode`, with the
/// default mode's value in `$value`; the set's name and modes are Hairline's root `$name` and `$modes`.
/// Compiling the output through Hairline gives the same resolved JSON.
public enum DTCGEmitter {
    public static func emit(_ set: TokenSet) -> String {
        let root = Group()
        for token in set.tokens { root.insert(token, at: token.segments[...]) }
        var out = "{\n"
        out += "  \"$name\": \(JSONText.string(set.name))"
        if !set.modes.isEmpty {
            out += ",\n  \"$modes\": [" + set.modes.map(JSONText.string).joined(separator: ", ") + "]"
        }
        write(root, indent: 1, set: set, to: &out, first: false)
        out += "\n}\n"
        return out
    }

    /// A group of the output: its children in order, and its subgroups by name. A class, so that a token is added
    /// where it belongs without copying the groups around it (a struct's group was copied on every insert: a set of
    /// 100,000 tokens in one group never finished).
    private final class Group {
        var children: [(name: String, entry: Entry)] = []
        private var groups: [String: Group] = [:]

        enum Entry {
            case token(Token)
            case group(Group)
        }

        func insert(_ token: Token, at path: ArraySlice<String>) {
            let name = path.first!
            if path.count == 1 {
                children.append((name, .token(token)))
                return
            }
            if let group = groups[name] {
                group.insert(token, at: path.dropFirst())
                return
            }
            let group = Group()
            groups[name] = group
            children.append((name, .group(group)))
            group.insert(token, at: path.dropFirst())
        }
    }

    private static func write(_ group: Group, indent: Int, set: TokenSet, to out: inout String, first: Bool) {
        let pad = String(repeating: "  ", count: indent)
        for (index, child) in group.children.enumerated() {
            out += (first && index == 0) ? "\n" : ",\n"
            out += pad + JSONText.string(child.name) + ": {"
            switch child.entry {
            case .group(let inner):
                write(inner, indent: indent + 1, set: set, to: &out, first: true)
                out += "\n" + pad + "}"
            case .token(let token):
                out += "\"$type\": " + JSONText.string(token.type.rawValue)
                out += ", \"$value\": " + dtcgValue(token.value, type: token.type, system: token.system).json
                if let description = token.description { out += ", \"$description\": " + JSONText.string(description) }
                if let deprecated = token.deprecated { out += ", \"$deprecated\": " + (deprecated.isEmpty ? "true" : JSONText.string(deprecated)) }
                var extensions: [TokenValue.Field] = []
                if !token.metadata.isEmpty {
                    let fields = token.metadata.keys.sorted().map { TokenValue.Field($0, token.metadata[$0]!) }
                    extensions.append(.init("hairline", .object(fields)))
                }
                if token.differsByMode {
                    let modes = set.modes.enumerated().map { index, mode in
                        TokenValue.Field(mode, dtcgValue(token.values[index], type: token.type, system: token.system))
                    }
                    extensions.append(.init("mode", .object(modes)))
                }
                if !extensions.isEmpty { out += ", \"$extensions\": " + TokenValue.object(extensions).json }
                out += "}"
            }
        }
    }

    /// A resolved value in DTCG's authoring form for its type.
    static func dtcgValue(_ value: TokenValue, type: TokenType, system: String?) -> TokenValue {
        switch type {
        case .dimension:
            guard let number = value.number else { return value }
            return .object([.init("value", .number(number)), .init("unit", .string("px"))])
        case .duration:
            guard let number = value.number else { return value }
            return .object([.init("value", .number(number)), .init("unit", .string("ms"))])
        case .color:
            guard let hex = value.string, let rgba = RGBA(hex: hex) else { return value }
            let srgb = TokenValue.object([
                .init("colorSpace", .string("srgb")),
                .init("components", .list([rgba.red, rgba.green, rgba.blue].map { .number(rounded($0)) })),
                .init("alpha", .number(rounded(rgba.alpha))),
                .init("hex", .string(String(hex.prefix(7)))),
            ])
            if let system { return .object([.init("system", .string(system)), .init("fallback", srgb)]) }
            return srgb
        case .typography, .shadow, .border, .transition, .gradient, .strokeStyle:
            return mapComposite(value, type: type)
        case .number, .string, .fontFamily, .fontWeight, .cubicBezier:
            return value
        }
    }

    private static func mapComposite(_ value: TokenValue, type: TokenType) -> TokenValue {
        switch value {
        case .list(let items) where type == .shadow || type == .gradient:
            return .list(items.map { mapComposite($0, type: type) })
        case .object(let fields):
            return .object(fields.map { field in
                guard let fieldType = fieldType(field.name, in: type) else { return field }
                if case .list(let items) = field.value, fieldType == .dimension {
                    return .init(field.name, .list(items.map { dtcgValue($0, type: .dimension, system: nil) }))
                }
                return .init(field.name, dtcgValue(field.value, type: fieldType, system: nil))
            })
        default:
            return value
        }
    }

    private static func fieldType(_ name: String, in type: TokenType) -> TokenType? {
        switch (type, name) {
        case (_, "color"): .color
        case (.typography, "fontSize"), (.typography, "letterSpacing"), (.shadow, "offsetX"), (.shadow, "offsetY"),
            (.shadow, "blur"), (.shadow, "spread"), (.border, "width"), (.strokeStyle, "dashArray"):
            .dimension
        case (.transition, "duration"), (.transition, "delay"): .duration
        default: nil
        }
    }

    /// Components to six decimals: enough to give back the same 8-bit channel.
    private static func rounded(_ x: Double) -> Double {
        (x * 1_000_000).rounded() / 1_000_000
    }
}
