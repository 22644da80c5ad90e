import HairlineDiagnostics
import HairlineLint
import HairlineTokens
import HairlineYAML

/// A Swift file read as a screen: every SwiftUI view body in it becomes elements the rule engine knows, so the rule
/// set that checks YAML screen specs checks the code. A view (`VStack`, `Text`, a team's `MetricCard`) is an element
/// of the kind the vocabulary maps it to (`SwiftMapping`); its arguments and modifiers (`.padding(16)`) are its
/// properties; the views in its closures are its children. A value is read only where it can be: a literal, a
/// symbol the token compiler generated for the system's tokens (a reference to that token), a system colour or
/// style by name; anything else (a variable, a computed value) is left out, never guessed.
public struct SwiftScreenReader {
    /// A read file.
    public struct Outcome: Sendable {
        /// A screen a view body, named after its type, in order.
        public let screens: [Screen]
        /// Each literal's range, by the mark of the leaf read from it: where a fix rewrites.
        public let literals: [Mark: SourceRange]
        /// Where a value was given that could not be read (a variable, a computed value): the property is there, so
        /// it is not missing, but no finding may be made of its value.
        public let unevaluated: Set<Mark>
    }

    private let file: String
    private let bytes: [UInt8]
    private let text: SourceText
    private let mapping: SwiftMapping
    private let tokens: TokenSet?
    /// The generated symbols (`Acme.Spacing.md`) by the token each reads.
    private let symbols: [String: String]
    private var literals: [Mark: SourceRange] = [:]
    private var unevaluated: Set<Mark> = []
    private var references: [TokenUse] = []
    private var screens: [Screen] = []

    /// Reads the syntax tree of a file (its `bytes`) in a system: its vocabulary's mapping, its tokens' symbols.
    /// Each view body is a screen of its own: a file often holds a view and its variants, shown one at a time.
    public static func read(_ root: SwiftNode, bytes: [UInt8], file: String, mapping: SwiftMapping, tokens: TokenSet?, symbols: [String: String]) -> Outcome {
        var reader = SwiftScreenReader(
            file: file, bytes: bytes, text: SourceText(bytes), mapping: mapping, tokens: tokens, symbols: symbols)
        for item in root.all("items") { reader.views(in: item, type: nil) }
        return Outcome(screens: reader.screens, literals: reader.literals, unevaluated: reader.unevaluated)
    }

    // MARK: Declarations

    /// The screen of every `body` a declaration holds, its nested types' too.
    private mutating func views(in declaration: SwiftNode, type: SwiftNode?) {
        switch declaration.kind {
        case "struct_decl", "class_decl", "extension_decl", "enum_decl":
            for member in declaration.all("members") { views(in: member, type: declaration) }
        case "var_decl" where Self.name(of: declaration) == "body":
            var children: [ScreenNode] = []
            for accessor in declaration.all("accessors") {
                if let body = accessor["body"] { children += nodes(body) }
            }
            let name = type.flatMap(Self.name(of:)) ?? file.split(separator: "/").last.map(String.init) ?? file
            let start = type?.start ?? declaration.start ?? 0
            references.sort { ($0.mark.line, $0.mark.column) < ($1.mark.line, $1.mark.column) }
            // The root says where the screen came from: a rule about code selects `screen[source=swift] …`.
            let source = Property(name: "source", keyMark: mark(start), value: .leaf(Leaf(mark: mark(start), scalar: Scalar(text: "swift", style: .plain), token: nil)))
            screens.append(
                Screen(
                    file: file, name: name, root: ScreenNode(kind: "screen", kindMark: mark(start), properties: [source], children: children),
                    references: references))
            references = []
        default:
            break
        }
    }

    /// A declaration's name (`decl_name` → `base_name` → `name`).
    private static func name(of declaration: SwiftNode) -> String? {
        declaration["name"]?["base_name"]?.field("name")
    }

    // MARK: Views

    /// The elements a statement or expression of a view builder makes: a view's element, or the elements of the
    /// branches, closures and containers Hairline passes through.
    private mutating func nodes(_ node: SwiftNode) -> [ScreenNode] {
        switch node.kind {
        case "brace_stmt": return node.all("elements").flatMap { nodes($0) }
        case "return_stmt": return node["result"].map { nodes($0) } ?? []
        case "if_stmt", "guard_stmt", "switch_stmt", "case_stmt", "do_stmt", "for_each_stmt":
            return ["then_stmt", "else_stmt", "body", "cases"].flatMap { node.all($0).flatMap { nodes($0) } }
        case "closure_expr": return node["body"].map { nodes($0) } ?? []
        case "paren_expr", "tuple_expr": return node.allChildren.flatMap { nodes($0) }
        case "call_expr", "error_expr", "unresolved_decl_ref_expr", "declref_expr", "unresolved_dot_expr":
            return view(node)
        default: return []
        }
    }

    /// A view expression: the view it starts from (`Text("Hi")`), then its modifiers (`.padding(8)`) in order.
    private mutating func view(_ expression: SwiftNode) -> [ScreenNode] {
        var modifiers: [(name: String, arguments: [SwiftNode])] = []
        var core = expression
        while core.kind == "call_expr", let function = core["fn"], function.kind == "unresolved_dot_expr", let name = function.field("field"),
            let base = function["base"]
        {
            modifiers.append((name, core["args"]?.all("args") ?? []))
            core = base
        }
        modifiers.reverse()
        let callee = core.kind == "call_expr" ? core["fn"] : core
        let arguments = core.kind == "call_expr" ? core["args"]?.all("args") ?? [] : []
        // The views in its closures (a stack's content, a button's label) are its children.
        var children: [ScreenNode] = []
        for argument in arguments {
            if let closure = argument["expr"], closure.kind == "closure_expr" { children += nodes(closure) }
        }
        guard let callee, let name = identifier(at: callee), let kind = mapping.kind(ofView: name) else {
            // A view Hairline does not map (ForEach, Group, a custom view) is passed through: its content stays.
            return children
        }
        var properties: [Property] = []
        let kindMark = mark(callee.start ?? 0)
        for argument in arguments {
            guard let value = argument["expr"], value.kind != "closure_expr" else { continue }
            let label = argument.field("label") ?? ""
            guard let property = mapping.property(ofArgument: label, view: name, kind: kind) else { continue }
            add(property, value, at: kindMark, to: &properties, kind: kind)
        }
        for modifier in modifiers { apply(modifier, kind: kind, at: kindMark, to: &properties) }
        return [ScreenNode(kind: kind, kindMark: kindMark, properties: properties, children: children)]
    }

    /// A modifier's properties.
    private mutating func apply(_ modifier: (name: String, arguments: [SwiftNode]), kind: String, at mark: Mark, to properties: inout [Property]) {
        let values = modifier.arguments.compactMap { argument in argument["expr"].map { (argument.field("label") ?? "", $0) } }
        switch modifier.name {
        case "padding":
            // `.padding(16)`, `.padding(.horizontal, 16)`, `.padding(EdgeInsets(…))`: the amount. `.padding()` and
            // `.padding(.horizontal)` are the system's own amount: not read.
            guard let amount = values.last?.1, values.count <= 2, !isMember(amount) else { return }
            if let insets = edgeInsets(amount) {
                for value in insets { add(mapping.property("padding", kind: kind), value, at: mark, to: &properties, kind: kind) }
            } else {
                add(mapping.property("padding", kind: kind), amount, at: mark, to: &properties, kind: kind)
            }
        case "frame":
            for (label, value) in values { add(mapping.property(label, kind: kind), value, at: mark, to: &properties, kind: kind) }
        case "cornerRadius":
            if let value = values.first?.1 { add(mapping.property("radius", kind: kind), value, at: mark, to: &properties, kind: kind) }
        case "clipShape", "background", "overlay", "containerShape":
            for (label, value) in values {
                if let radius = cornerRadius(of: value) {
                    add(mapping.property("radius", kind: kind), radius, at: mark, to: &properties, kind: kind)
                } else if modifier.name == "background", label == "" {
                    add(mapping.property("background", kind: kind), value, at: mark, to: &properties, kind: kind)
                }
            }
        case "foregroundStyle", "foregroundColor":
            if let value = values.first?.1 { add(mapping.property("color", kind: kind), value, at: mark, to: &properties, kind: kind) }
        case "font":
            guard let value = values.first?.1 else { return }
            if let call = memberCall(value), call.name == "system" || call.name == "custom" {
                // `.system(size: 17, weight: .semibold)`, `.custom("Inter", size: 17)`: the size and the weight.
                for (label, argument) in call.arguments where label == "size" || label == "weight" {
                    add(mapping.property(label, kind: kind), argument, at: mark, to: &properties, kind: kind)
                }
            } else if isMember(value) {
                add(mapping.property("textStyle", kind: kind), value, at: mark, to: &properties, kind: kind)
            } else {
                add(mapping.property("font", kind: kind), value, at: mark, to: &properties, kind: kind)
            }
        case "buttonStyle":
            if let value = values.first?.1 { add(mapping.property("buttonStyle", kind: kind), value, at: mark, to: &properties, kind: kind) }
        default:
            if let name = mapping.property(modifier.name, kind: kind), let value = values.first?.1 {
                add(name, value, at: mark, to: &properties, kind: kind)
            } else if let name = mapping.property(modifier.name, kind: kind), values.isEmpty {
                // A flag modifier (`.monospacedDigit()`): the property is on.
                properties.append(Property(name: name, keyMark: mark, value: .leaf(Leaf(mark: mark, scalar: Scalar(text: "true", style: .plain), token: nil))))
            }
        }
    }

    /// Adds a property whose value can be read; one that cannot is left out.
    private mutating func add(_ name: String?, _ expression: SwiftNode, at mark: Mark, to properties: inout [Property], kind: String) {
        // The first readable value a property is given is the one read (a second `.padding` adds to the first in
        // SwiftUI; one that cannot be read gives way to one that can).
        guard let name else { return }
        let existing = properties.firstIndex { $0.name == name }
        if let existing, !unevaluated.contains(properties[existing].keyMark) { return }
        if let leaf = leaf(expression, property: name, kind: kind) {
            if let existing { properties.remove(at: existing) }
            properties.append(Property(name: name, keyMark: leaf.mark, value: .leaf(leaf)))
        } else if existing != nil {
            return
        } else if let start = expression.start {
            // Given, but not readable: present (so not "missing"), its value a placeholder no finding may be made of.
            let place = self.mark(start)
            unevaluated.insert(place)
            properties.append(Property(name: name, keyMark: place, value: .leaf(Leaf(mark: place, scalar: Scalar(text: Self.unevaluatedText, style: .plain), token: nil))))
        }
    }

    // MARK: Values

    /// The value of a property given by an expression that cannot be read: one text for all, so that it counts as
    /// one value where values are counted.
    static let unevaluatedText = "(not evaluated)"

    /// An expression's value as a leaf: a literal, a token's symbol, a member by name; nil for what cannot be read.
    private mutating func leaf(_ expression: SwiftNode, property: String, kind: String) -> Leaf? {
        guard let start = expression.start else { return nil }
        let mark = mark(start)
        switch expression.kind {
        case "integer_literal_expr", "float_literal_expr":
            let end = SwiftLexeme.numberEnd(bytes, from: start)
            let written = String(decoding: bytes[start..<end], as: UTF8.self).replacingOccurrences(of: "_", with: "")
            literals[mark] = range(start..<end)
            return Leaf(mark: mark, scalar: Scalar(text: written, style: .plain), token: nil)
        case "string_literal_expr":
            guard let value = expression.field("value") else { return nil }
            if let end = SwiftLexeme.stringEnd(bytes, from: start) { literals[mark] = range(start..<end) }
            return Leaf(mark: mark, scalar: Scalar(text: value, style: .doubleQuoted), token: nil)
        case "unresolved_member_chain_expr", "unresolved_member_expr":
            guard let name = memberName(expression) else { return nil }
            // A generated static member (`.acmeAccent`) is its token.
            if let token = token(named: "." + name) { return reference(to: token, at: mark) }
            return Leaf(mark: mark, scalar: Scalar(text: mapping.value(name, property: property, kind: kind), style: .plain), token: nil)
        case "unresolved_dot_expr", "error_expr", "unresolved_decl_ref_expr":
            guard let path = dottedPath(expression) else { return nil }
            if let token = token(named: path) { return reference(to: token, at: mark) }
            // A system colour or style by name: `Color.secondary`, `UIColor.systemBackground`.
            let parts = path.split(separator: ".")
            if parts.count == 2, ["Color", "UIColor", "NSColor", "Font", "ShapeStyle"].contains(parts[0]) {
                return Leaf(mark: mark, scalar: Scalar(text: mapping.value(String(parts[1]), property: property, kind: kind), style: .plain), token: nil)
            }
            return nil
        case "call_expr":
            // `Color(red: 0.2, green: 0.3, blue: 0.4)`, of literals: the colour it makes.
            guard let callee = expression["fn"], identifier(at: callee) == "Color" || identifier(at: callee) == "UIColor",
                let hex = rgbHex(expression["args"]?.all("args") ?? [])
            else { return nil }
            return Leaf(mark: mark, scalar: Scalar(text: hex, style: .doubleQuoted), token: nil)
        default:
            return nil
        }
    }

    /// A leaf that refers to a token, as `"{path}"` does in YAML; the screen's references note it.
    private mutating func reference(to token: Token, at mark: Mark) -> Leaf {
        references.append(TokenUse(path: token.path, mark: mark))
        return Leaf(mark: mark, scalar: Scalar(text: "{\(token.path)}", style: .doubleQuoted), token: token)
    }

    /// The token a generated symbol reads, with or without its SwiftUI or UIKit accessor (`.color`, `.uiFont`).
    private func token(named path: String) -> Token? {
        var candidate = path
        if symbols[candidate] == nil, let dot = candidate.lastIndex(of: "."), Self.accessors.contains(String(candidate[candidate.index(after: dot)...])) {
            candidate = String(candidate[..<dot])
        }
        return symbols[candidate].flatMap { tokens?[$0] }
    }

    private static let accessors: Set<String> = ["color", "uiColor", "nsColor", "font", "uiFont", "nsFont", "value", "cgFloat"]

    /// The name a member expression reads (`.headline`, `.borderedProminent`).
    private func memberName(_ expression: SwiftNode) -> String? {
        switch expression.kind {
        case "unresolved_member_chain_expr": expression["sub_expr"].flatMap(memberName)
        case "unresolved_member_expr": expression.field("name")
        default: nil
        }
    }

    private func isMember(_ expression: SwiftNode) -> Bool {
        memberName(expression) != nil
    }

    /// A member call (`.system(size: 17)`, `.rect(cornerRadius: 8)`): its name and labelled arguments.
    private func memberCall(_ expression: SwiftNode) -> (name: String, arguments: [(String, SwiftNode)])? {
        let call = expression.kind == "unresolved_member_chain_expr" ? expression["sub_expr"] : expression
        guard let call, call.kind == "call_expr", let function = call["fn"], function.kind == "unresolved_member_expr", let name = function.field("name") else { return nil }
        return (name, (call["args"]?.all("args") ?? []).compactMap { argument in argument["expr"].map { (argument.field("label") ?? "", $0) } })
    }

    /// The corner radius a shape gives: `RoundedRectangle(cornerRadius: 8)`, `.rect(cornerRadius: 8)`.
    private func cornerRadius(of shape: SwiftNode) -> SwiftNode? {
        if let call = memberCall(shape), call.name == "rect" || call.name == "roundedRectangle" {
            return call.arguments.first { $0.0 == "cornerRadius" }?.1
        }
        guard shape.kind == "call_expr", let callee = shape["fn"], identifier(at: callee) == "RoundedRectangle" else { return nil }
        return shape["args"]?.all("args").first { $0.field("label") == "cornerRadius" }?["expr"]
    }

    /// `EdgeInsets(top: 8, leading: 16, …)`: each amount.
    private func edgeInsets(_ expression: SwiftNode) -> [SwiftNode]? {
        guard expression.kind == "call_expr", let callee = expression["fn"], identifier(at: callee) == "EdgeInsets" else { return nil }
        return expression["args"]?.all("args").compactMap { $0["expr"] }
    }

    /// A dotted name of plain names (`Acme.Spacing.md`), its first part read from the source where the compiler
    /// could not resolve it.
    private func dottedPath(_ expression: SwiftNode) -> String? {
        switch expression.kind {
        case "unresolved_dot_expr":
            guard let base = expression["base"], let head = dottedPath(base), let field = expression.field("field") else { return nil }
            return head + "." + field
        case "error_expr", "unresolved_decl_ref_expr":
            return identifier(at: expression)
        default:
            return nil
        }
    }

    /// The identifier the source holds where a node starts.
    private func identifier(at node: SwiftNode) -> String? {
        guard let start = node.start, start < bytes.count else { return nil }
        let end = SwiftLexeme.identifierEnd(bytes, from: start)
        return end > start ? String(decoding: bytes[start..<end], as: UTF8.self) : nil
    }

    /// `#RRGGBB` (`#RRGGBBAA` below full opacity) of `red:green:blue:` (`opacity:`/`alpha:`) literals between 0 and 1.
    private func rgbHex(_ arguments: [SwiftNode]) -> String? {
        var channels: [String: Double] = [:]
        for argument in arguments {
            guard let label = argument.field("label"), let value = argument["expr"], value.kind == "float_literal_expr" || value.kind == "integer_literal_expr",
                let start = value.start, let number = Double(String(decoding: bytes[start..<SwiftLexeme.numberEnd(bytes, from: start)], as: UTF8.self))
            else { return nil }
            channels[label] = number
        }
        guard let red = channels["red"], let green = channels["green"], let blue = channels["blue"], channels.count <= 4 else { return nil }
        let alpha = channels["opacity"] ?? channels["alpha"] ?? 1
        guard [red, green, blue, alpha].allSatisfy({ (0...1).contains($0) }) else { return nil }
        return RGBA(red: red, green: green, blue: blue, alpha: alpha).hex
    }

    private func range(_ bytes: Range<Int>) -> SourceRange {
        SourceRange(start: text.position(offset: bytes.lowerBound), end: text.position(offset: bytes.upperBound))
    }

    private func mark(_ offset: Int) -> Mark {
        let position = text.position(offset: min(offset, bytes.count))
        return Mark(file: file, line: position.line, column: position.column)
    }
}

/// Where a token of Swift source that the compiler gave the start of ends.
enum SwiftLexeme {
    static func identifierEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var end = start
        while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
        return end
    }

    /// A number literal: an optional sign, digits, letters (hex, exponent), `_`, and a `.` followed by a digit.
    static func numberEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var end = start
        if end < bytes.count, bytes[end] == UInt8(ascii: "-") { end += 1 }
        while end < bytes.count {
            let byte = bytes[end]
            if isIdentifierByte(byte) && byte < 0x80 {
                end += 1
            } else if byte == UInt8(ascii: "."), end + 1 < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end + 1]) {
                end += 1
            } else if (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")), end > start, [UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "p"), UInt8(ascii: "P")].contains(bytes[end - 1]) {
                end += 1
            } else {
                break
            }
        }
        return end
    }

    /// A one-line string literal: from its quote to the byte after its closing quote; nil for a multi-line one.
    static func stringEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "\"") else { return nil }
        var index = start + 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if bytes[index] == UInt8(ascii: "\"") { return index == start + 1 && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\"") ? nil : index + 1 }
            index += 1
        }
        return nil
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...: true
        default: false
        }
    }
}
