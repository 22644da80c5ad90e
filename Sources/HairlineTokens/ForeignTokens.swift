import HairlineDiagnostics
import HairlineYAML

/// Token files in the two formats that came before DTCG, read by rewriting them as DTCG trees (every node keeps
/// its mark, so errors point into the file as written) that the DTCG reader then reads:
///
/// - **Style Dictionary** (3 and earlier): tokens are mappings with `value`, and `type` and `comment`; references
///   may end in `.value` (`{color.base.red.value}`). A token without a type takes one from its category, the
///   first segment of its path, as Style Dictionary's `attribute/cti` transform does: `color` is a colour, and
///   `size` a dimension in `rem` (a bare number, as its `size/rem` transform reads it).
/// - **Tokens Studio**: one file of token sets (`{"global": {…}, "light": {…}}`) beside `$themes` and
///   `$metadata`. References name tokens inside the sets, without the set's name. Each theme is a mode: the sets
///   it selects (`source` or `enabled`), in `$metadata.tokenSetOrder`, merged, a later set's token replacing an
///   earlier one's. With no themes, every set in that order makes one token set.
///
/// Types are Tokens Studio's and Style Dictionary's names, mapped to DTCG's (`spacing`, `sizing`, `borderRadius`,
/// `fontSizes`… are dimensions; a bare number in one is pixels). What these formats compute and DTCG cannot say
/// — arithmetic on references (`{space.sm} * 2`), colour modifiers (`studio.tokens` `modify`), references inside
/// a longer text (`rgba({colors.blue}, 0.5)`) — is an error at the value, never a wrong value.
public enum ForeignTokens {
    /// Which of the two formats a parsed file is in, if either.
    public enum Format: String, Sendable {
        case styleDictionary = "Style Dictionary"
        case tokensStudio = "Tokens Studio"
    }

    /// The format of a file that is not DTCG: Tokens Studio's `$themes` or `$metadata` at the top, or tokens
    /// written with `value` and none with `$value` (Style Dictionary's, and Tokens Studio's without themes). A
    /// token as these formats write it is a mapping with `value`, but not a DTCG dimension or duration written as
    /// an object (`{value: 4, unit: px}`), which a Hairline or DTCG set may hold as a bare value.
    public static func format(of root: Node) -> Format? {
        guard let pairs = root.pairs else { return nil }
        if pairs.contains(where: { $0.key.string == "$themes" || $0.key.string == "$metadata" }) { return .tokensStudio }
        var sawToken = false
        return hasNoDTCGValue(root, sawToken: &sawToken) && sawToken ? .styleDictionary : nil
    }

    /// Whether no mapping in the tree has `$value` (the walk stops at the first that does); `sawToken` is set
    /// when one is a token as these formats write it.
    private static func hasNoDTCGValue(_ node: Node, sawToken: inout Bool) -> Bool {
        guard let pairs = node.pairs else { return true }
        var (value, unit) = (false, false)
        for pair in pairs {
            switch pair.key.string {
            case "$value": return false
            case "value": value = true
            case "unit": unit = true
            default: break
            }
        }
        if value, !unit { sawToken = true }
        return pairs.allSatisfy { hasNoDTCGValue($0.value, sawToken: &sawToken) }
    }

    /// The file as DTCG token sets, one per mode, each with its mode's name (nil: one set, no modes); or the
    /// errors that keep it from being read.
    static func dtcg(_ root: Node, format: Format) -> (sets: [(mode: String?, root: Node)], errors: [Diagnostic]) {
        var converter = Converter()
        switch format {
        case .styleDictionary:
            let converted = converter.group(root, path: [])
            return ([(nil, converted)], converter.errors)
        case .tokensStudio:
            return converter.tokensStudio(root)
        }
    }

    /// DTCG's type for each type name the two formats use.
    static let types: [String: String] = [
        "color": "color",
        "dimension": "dimension", "size": "dimension", "sizing": "dimension", "spacing": "dimension",
        "borderRadius": "dimension", "borderWidth": "dimension", "fontSizes": "dimension", "fontSize": "dimension",
        "paragraphSpacing": "dimension", "letterSpacing": "dimension",
        "fontFamilies": "fontFamily", "fontFamily": "fontFamily",
        "fontWeights": "fontWeight", "fontWeight": "fontWeight",
        "lineHeights": "number", "lineHeight": "number", "opacity": "number", "number": "number",
        "duration": "duration", "time": "duration",
        "cubicBezier": "cubicBezier",
        "typography": "typography", "boxShadow": "shadow", "shadow": "shadow", "border": "border",
        "text": "string", "content": "string", "other": "string", "string": "string", "textCase": "string",
        "textDecoration": "string", "asset": "string",
    ]

    private struct Converter {
        var errors: [Diagnostic] = []

        /// A group: its tokens and groups, rewritten.
        mutating func group(_ node: Node, path: [String]) -> Node {
            guard let pairs = node.pairs else { return node }
            var out: [Node.Pair] = []
            for pair in pairs {
                guard let key = pair.key.string else { continue }
                if key.hasPrefix("$") {
                    // A group's own `$type`, `$description`, `$extensions`, `$deprecated`: DTCG's already.
                    out.append(pair)
                } else if pair.value["value"] != nil || pair.value["$value"] != nil {
                    if let token = token(pair.value, path: path + [key]) { out.append(Node.Pair(key: pair.key, value: token)) }
                } else if pair.value.pairs != nil {
                    out.append(Node.Pair(key: pair.key, value: group(pair.value, path: path + [key])))
                }
            }
            return Node(.mapping(out), at: node.mark)
        }

        /// A token as DTCG writes it: `$value`, `$type`, `$description`, `$extensions`; its value rewritten for its type.
        mutating func token(_ node: Node, path: [String]) -> Node? {
            guard let value = node["value"] ?? node["$value"] else { return nil }
            let typeNode = node["type"] ?? node["$type"]
            var type: String?
            if let name = typeNode?.string {
                guard let mapped = ForeignTokens.types[name] else {
                    errors.append(
                        .inputError(
                            "token-format",
                            "type '\(name)' is not one Hairline reads (it reads DTCG's types and Tokens Studio's names for them: spacing, sizing, borderRadius, fontSizes, fontWeights, lineHeights, opacity, boxShadow, …)",
                            at: typeNode!.mark))
                    return nil
                }
                type = mapped
            } else if path.first == "color" {
                type = "color"
            } else if path.first == "size" {
                type = "dimension"
            }
            if node["$extensions"]?["studio.tokens"]?["modify"] != nil {
                errors.append(
                    .inputError(
                        "token-format",
                        "colour modifiers (studio.tokens modify) are not applied by Hairline; export the resolved colour from Tokens Studio, or write it",
                        at: node["$extensions"]!.mark))
                return nil
            }
            // A bare number is pixels in Tokens Studio; in Style Dictionary's `size` category (no type given), rem.
            let unit = typeNode == nil && path.first == "size" ? "rem" : "px"
            guard let converted = self.value(value, type: type, unit: unit) else { return nil }
            var pairs = [Node.Pair(key: key("$value", at: value.mark), value: converted)]
            if let type {
                let mark = typeNode?.mark ?? node.mark
                pairs.append(Node.Pair(key: key("$type", at: mark), value: scalar(type, at: mark)))
            }
            if let description = node["description"] ?? node["comment"] ?? node["$description"] {
                pairs.append(Node.Pair(key: key("$description", at: description.mark), value: description))
            }
            if let extensions = node["$extensions"] { pairs.append(Node.Pair(key: key("$extensions", at: extensions.mark), value: extensions)) }
            return Node(.mapping(pairs), at: node.mark)
        }

        /// A value rewritten for its DTCG type; nil (with an error) where it computes something.
        mutating func value(_ node: Node, type: String?, unit: String) -> Node? {
            if let pairs = node.pairs {
                // A composite: typography, shadow, border; each field rewritten for its own type.
                var out: [Node.Pair] = []
                for pair in pairs {
                    guard let name = pair.key.string else { continue }
                    var field = name
                    var fieldType: String? = ForeignTokens.types[name]
                    var fieldValue: Node? = pair.value
                    switch (type, name) {
                    case ("shadow", "x"): (field, fieldType) = ("offsetX", "dimension")
                    case ("shadow", "y"): (field, fieldType) = ("offsetY", "dimension")
                    case ("shadow", "blur"), ("shadow", "spread"), ("border", "width"): fieldType = "dimension"
                    case ("shadow", "type"):
                        field = "inset"
                        fieldValue = Node(.scalar(Scalar(text: pair.value.string == "innerShadow" ? "true" : "false", style: .plain)), at: pair.value.mark)
                        fieldType = nil
                    case ("border", "style"): fieldType = nil
                    // What DTCG's typography does not hold.
                    case ("typography", "paragraphSpacing"), ("typography", "paragraphIndent"), ("typography", "textDecoration"):
                        fieldValue = nil
                    default: break
                    }
                    guard let fieldValue else { continue }
                    guard let converted = value(fieldValue, type: fieldType, unit: "px") else { return nil }
                    out.append(Node.Pair(key: key(field, at: pair.key.mark), value: converted))
                }
                return Node(.mapping(out), at: node.mark)
            }
            guard let text = node.scalar?.text else { return node }
            if let reference = reference(in: text, at: node.mark) {
                return reference.isEmpty ? nil : scalar(reference, at: node.mark)
            }
            switch type {
            case "dimension" where Double(text) != nil:
                return scalar(text + unit, at: node.mark)
            case "number" where text.hasSuffix("%"):
                guard let percent = Double(text.dropLast()) else { return node }
                return number(percent / 100, at: node.mark)
            case "number" where node.scalar?.isString == true && Double(text) != nil:
                return number(Double(text)!, at: node.mark)
            case "fontWeight" where Double(text) == nil:
                // `ExtraBold`, `Semi Bold`: DTCG's names are lower case, hyphenated.
                var name = ""
                for (index, character) in text.split(separator: " ").joined().enumerated() {
                    if character.isUppercase, index > 0 { name += "-" }
                    name += character.lowercased()
                }
                return scalar(name, at: node.mark)
            case "fontWeight":
                return number(Double(text)!, at: node.mark)
            default:
                return node
            }
        }

        /// A value that is one reference, as DTCG writes it (`{a.b}`, without Style Dictionary's `.value`); nil
        /// for a value with no reference; empty (with an error) for one that computes with references.
        mutating func reference(in text: String, at mark: Mark) -> String? {
            guard text.contains("{") else { return nil }
            let trimmed = text.trimmingSpaces
            let isOne = trimmed.hasPrefix("{") && trimmed.hasSuffix("}") && trimmed.dropFirst().firstIndex(of: "{") == nil
                && trimmed.firstIndex(of: "}") == trimmed.index(before: trimmed.endIndex)
            guard isOne else {
                errors.append(
                    .inputError(
                        "token-format",
                        "'\(text)' computes with references or puts them in a longer text, which DTCG cannot say; export the resolved value from Tokens Studio, or write the value",
                        at: mark))
                return ""
            }
            var path = String(trimmed.dropFirst().dropLast())
            if path.hasSuffix(".value") { path = String(path.dropLast(6)) }
            return "{\(path)}"
        }

        /// The token sets and themes of a Tokens Studio file.
        mutating func tokensStudio(_ root: Node) -> (sets: [(mode: String?, root: Node)], errors: [Diagnostic]) {
            let pairs = root.pairs ?? []
            var sets: [(name: String, node: Node)] = []
            for pair in pairs {
                guard let name = pair.key.string, !name.hasPrefix("$") else { continue }
                sets.append((name, group(pair.value, path: [])))
            }
            // The sets in `tokenSetOrder`, the rest after them in the file's order.
            let order = root["$metadata"]?["tokenSetOrder"]?.items?.compactMap(\.string) ?? []
            let place = { (name: String, position: Int) in (order.firstIndex(of: name) ?? order.count, position) }
            sets = sets.enumerated().sorted { place($0.element.name, $0.offset) < place($1.element.name, $1.offset) }.map(\.element)
            let empty = Node(.mapping([]), at: root.mark)
            func merged(_ names: Set<String>?) -> Node {
                sets.filter { names?.contains($0.name) ?? true }.map(\.node).reduce(empty) { ResolverLoader.merge($0, $1) }
            }
            var themes: [(mode: String?, root: Node)] = []
            for theme in root["$themes"]?.items ?? [] {
                guard let name = theme["name"]?.string, let selected = theme["selectedTokenSets"]?.pairs else {
                    errors.append(.inputError("token-format", "a theme is {name, selectedTokenSets: {set: enabled | source | disabled}}", at: theme.mark))
                    continue
                }
                for pair in selected where pair.key.string.map({ name in !sets.contains { $0.name == name } }) ?? true {
                    errors.append(.inputError("token-format", "theme '\(name)' selects '\(pair.key.string ?? "")', which is no token set of this file", at: pair.key.mark))
                }
                let chosen = selected.filter { $0.value.string == "enabled" || $0.value.string == "source" }.compactMap(\.key.string)
                themes.append((name, merged(Set(chosen))))
            }
            return (themes.isEmpty ? [(nil, merged(nil))] : themes, errors)
        }

        func key(_ text: String, at mark: Mark) -> Node {
            Node(.scalar(Scalar(text: text, style: .plain)), at: mark)
        }

        func scalar(_ text: String, at mark: Mark) -> Node {
            Node(.scalar(Scalar(text: text, style: .doubleQuoted)), at: mark)
        }

        func number(_ number: Double, at mark: Mark) -> Node {
            Node(.scalar(Scalar(text: JSONText.number(number), style: .plain)), at: mark)
        }
    }
}
