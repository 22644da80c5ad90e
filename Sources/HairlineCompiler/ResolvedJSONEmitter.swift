import HairlineTokens

/// The resolved JSON of CONTRACT §4.1: the system's name, its modes, and every token by path with its type,
/// its default-mode value, and its value per mode where the modes differ.
///
/// One token per line, keys sorted by their UTF-8 bytes, so diffs of generated files stay readable.
public enum ResolvedJSONEmitter {
    public static func emit(_ set: TokenSet) -> String {
        var out = "{\n"
        out += "  \"system\": \(JSONText.string(set.name)),\n"
        out += "  \"modes\": [" + set.modes.map(JSONText.string).joined(separator: ", ") + "],\n"
        out += "  \"tokens\": {"
        for (position, token) in set.tokens.enumerated() {
            out += position == 0 ? "\n" : ",\n"
            out += "    "
            JSONText.writeString(token.path, to: &out)
            out += ": {\"type\": "
            JSONText.writeString(token.type.rawValue, to: &out)
            out += ", \"value\": "
            token.value.writeJSON(to: &out)
            if let system = token.system {
                out += ", \"system\": "
                JSONText.writeString(system, to: &out)
            }
            if token.differsByMode {
                out += ", \"modes\": {"
                for (index, mode) in set.modes.enumerated() {
                    if index > 0 { out += ", " }
                    JSONText.writeString(mode, to: &out)
                    out += ": "
                    token.values[index].writeJSON(to: &out)
                }
                out += "}"
            }
            if let description = token.description {
                out += ", \"description\": "
                JSONText.writeString(description, to: &out)
            }
            out += "}"
        }
        out += set.tokens.isEmpty ? "}\n" : "\n  }\n"
        out += "}\n"
        return out
    }
}
