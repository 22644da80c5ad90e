import Foundation
import HairlineDiagnostics
import HairlineYAML

/// Salesforce's older YAML token format (Theo): files with `imports` (relative paths, read first), `aliases`
/// (`NAME: value` or `NAME: {value}`), a `global` default `type` and `category`, and `props`
/// (`NAME: {value, type, category}`), values referring to aliases as `{!NAME}`, anywhere inside a string. Each
/// prop becomes a token at the path of its name: `color` props are colours (hex, `rgb()`, `rgba()`,
/// `transparent`), `size` props dimensions where they parse as lengths, and the rest strings.
public enum TheoImporter {
    /// Whether a parsed file is in Theo's format: `props`, `aliases` or `imports` at the top and no `$` keys.
    public static func isTheo(_ root: Node) -> Bool {
        guard let pairs = root.pairs, !pairs.contains(where: { $0.key.string?.hasPrefix("$") == true }) else { return false }
        return root["props"]?.pairs != nil || root["aliases"]?.pairs != nil || root["imports"]?.items != nil
    }

    struct Prop {
        let name: String
        let value: Node
        let type: String?
        let keyMark: Mark
    }

    /// Reads a Theo file and its imports into a token set.
    public static func load(
        _ root: Node, path: String, displayPath: String, limits: YAMLLimits = .standard, documents: Documents = .disk
    ) throws(DiagnosticError) -> TokenSet {
        var aliases: [String: (text: String, mark: Mark)] = [:]
        var props: [Prop] = []
        var errors: [Diagnostic] = []
        var visited: Set<String> = []

        // Each import is a recursion: a chain may pass through this many files.
        let maxDepth = 64
        func read(_ node: Node, path: String, shown: String, depth: Int) {
            guard visited.insert(URL(fileURLWithPath: path).standardizedFileURL.path).inserted else { return }
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            let shownFolder = (shown as NSString).deletingLastPathComponent
            for item in node["imports"]?.items ?? [] {
                guard let relative = item.string else { continue }
                let file = folder.appendingPathComponent(relative).standardizedFileURL.path
                let shownFile = ((shownFolder as NSString).appendingPathComponent(relative) as NSString).standardizingPath
                guard depth < maxDepth else {
                    errors.append(.inputError("theo", "imports chain more than \(maxDepth) files; flatten the chain", at: item.mark))
                    continue
                }
                do throws(YAMLError) {
                    try documents.checkReference(file, shown: relative, at: item.mark)
                    read(try documents.load(path: file, displayPath: shownFile, limits: limits), path: file, shown: shownFile, depth: depth + 1)
                } catch {
                    errors.append(error.diagnostic)
                }
            }
            for pair in node["aliases"]?.pairs ?? [] {
                guard let name = pair.key.string else { continue }
                let value = pair.value["value"] ?? pair.value
                aliases[name] = (value.scalar?.text ?? "", value.mark)
            }
            let defaultType = node["global"]?["type"]?.string
            for pair in node["props"]?.pairs ?? [] {
                guard let name = pair.key.string, let value = pair.value["value"] else {
                    errors.append(.inputError("theo", "a prop is NAME: {value: …}", at: pair.value.mark))
                    continue
                }
                props.append(Prop(name: name, value: value, type: pair.value["type"]?.string ?? defaultType, keyMark: pair.key.mark))
            }
        }
        read(root, path: path, shown: displayPath, depth: 0)

        /// `{!NAME}` references replaced, recursively (a cycle or an unknown name is an error).
        func substitute(_ text: String, at mark: Mark, depth: Int = 0) -> String? {
            guard text.contains("{!") else { return text }
            guard depth < 32 else {
                errors.append(.inputError("theo", "aliases refer to each other in a cycle", at: mark))
                return nil
            }
            var out = ""
            var rest = text[...]
            while let open = rest.range(of: "{!") {
                out += rest[..<open.lowerBound]
                guard let close = rest[open.upperBound...].firstIndex(of: "}") else { return out + rest }
                let name = String(rest[open.upperBound..<close])
                guard let alias = aliases[name] else {
                    errors.append(.inputError("theo", "'{!\(name)}' names no alias", at: mark))
                    return nil
                }
                guard let value = substitute(alias.text, at: alias.mark, depth: depth + 1) else { return nil }
                out += value
                rest = rest[rest.index(after: close)...]
            }
            return out + rest
        }

        var tokens: [Token] = []
        var seen: [String: Int] = [:]
        for prop in props {
            guard let text = substitute(prop.value.scalar?.text ?? "", at: prop.value.mark) else { continue }
            var type = TokenType.string
            var value = TokenValue.string(text)
            if prop.type == "color", let hex = colour(text) {
                type = .color
                value = .string(hex)
            } else if prop.type == "size", let points = length(text) {
                type = .dimension
                value = .number(points)
            }
            let token = Token(
                segments: [prop.name], type: type, values: [value], description: nil, system: nil, metadata: [:],
                keyMark: prop.keyMark, mark: prop.value.mark)
            // A later definition of a name replaces an earlier one, as in Theo.
            if let index = seen[prop.name] { tokens[index] = token } else {
                seen[prop.name] = tokens.count
                tokens.append(token)
            }
        }
        guard errors.isEmpty else { throw DiagnosticError(errors.sorted(by: Diagnostic.outputOrder)) }
        return TokenSet(name: TokenSetLoader.defaultName(forPath: displayPath), modes: [], tokens: tokens, groups: [])
    }

    /// `#RGB`, `#RRGGBB`, `rgb(r, g, b)`, `rgba(r, g, b, a)` or `transparent`, as `#RRGGBB[AA]`.
    static func colour(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "transparent" { return "#00000000" }
        if let rgba = RGBA(hex: trimmed) { return rgba.hex }
        guard trimmed.hasSuffix(")"), let open = trimmed.firstIndex(of: "(") else { return nil }
        let function = trimmed[..<open].lowercased()
        let parts = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)].split(separator: ",")
            .compactMap { Double($0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "%", with: "")) }
        guard parts.count == 3 || parts.count == 4 else { return nil }
        let alpha = parts.count == 4 ? parts[3] : 1
        switch function {
        case "rgb", "rgba":
            return RGBA(red: parts[0] / 255, green: parts[1] / 255, blue: parts[2] / 255, alpha: alpha).hex
        case "hsl", "hsla":
            guard let srgb = ColorSpaces.toSRGB(space: "hsl", Array(parts.prefix(3))) else { return nil }
            return RGBA(red: srgb[0], green: srgb[1], blue: srgb[2], alpha: alpha).hex
        default:
            return nil
        }
    }

    /// `0`, `12px`, `.75rem` (16 points each), `2pt` as points.
    static func length(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let number = Double(trimmed) { return number }
        for (unit, factor) in [("rem", 16.0), ("px", 1.0), ("pt", 1.0)] where trimmed.hasSuffix(unit) {
            if let number = Double(trimmed.dropLast(unit.count)) { return number * factor }
        }
        return nil
    }
}
