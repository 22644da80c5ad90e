import HairlineDiagnostics
import HairlineTokens

/// The resolved JSON of CONTRACT §4.1: the system's name, its modes, and every token by path with its type,
/// its default-mode value, and its value per mode where the modes differ.
///
/// One token per line, keys sorted by their UTF-8 bytes, so diffs of generated files stay readable.
public enum ResolvedJSONEmitter {
    /// The JSON text.
    public static func emit(_ set: TokenSet) -> String {
        String(decoding: emitBytes(set), as: UTF8.self)
    }

    /// The JSON text's UTF-8 bytes; a set of `parallelMinimum` tokens or more is written on every core.
    public static func emitBytes(_ set: TokenSet, parallelMinimum: Int = TokenSet.parallelMinimum) -> [UInt8] {
        emitText(set, parallelMinimum: parallelMinimum).bytes
    }

    /// The JSON text's UTF-8 bytes, in the parts they were written in, to be written out without being joined,
    /// each finished part handed on to `stream` as it is.
    public static func emitText(_ set: TokenSet, parallelMinimum: Int = TokenSet.parallelMinimum, stream: TextStream? = nil) -> FinishedText {
        // Reserved once, generously, rather than grown by doubling (a streamed buffer copies what it holds as it
        // doubles): a large set is written in parts of their own, and the pages of this room never written are
        // never zeroed or kept.
        var out = TextBuffer(capacity: 4096 + set.tokens.count * 160, stream: stream)
        out.write("{\n  \"system\": ")
        JSONText.writeString(set.name, to: &out)
        out.write(",\n  \"modes\": [")
        for (index, mode) in set.modes.enumerated() {
            if index > 0 { out.write(", ") }
            JSONText.writeString(mode, to: &out)
        }
        out.write("],\n  \"tokens\": {")
        // Each mode's and each type's name as a JSON string, worked out once rather than for every token.
        let modes = set.modes.map { Array(JSONText.string($0).utf8) }
        let types = Dictionary(uniqueKeysWithValues: TokenType.allCases.map { ($0, Array(JSONText.string($0.rawValue).utf8)) })
        let tokens = set.tokens
        // Each range with room for about what a token's line takes (`TextBuffer.grow`: one that needs more goes
        // on in new storage).
        out.write(tokens.count, parallelMinimum: parallelMinimum, bytesPerItem: 80) { range, out in
            // The last type's name: tokens of one type mostly come together.
            var typeName: (type: TokenType, name: [UInt8])?
            for position in range {
                let token = tokens[position]
                if typeName?.type != token.type { typeName = (token.type, types[token.type]!) }
                write(token, at: position, type: typeName!.name, modes: modes, to: &out)
            }
        }
        out.write(set.tokens.isEmpty ? "}\n" : "\n  }\n")
        out.write("}\n")
        return FinishedText(out)
    }

    /// Writes a token's line; `type` and `modes` are the names as JSON strings, in UTF-8.
    private static func write(_ token: Token, at position: Int, type: [UInt8], modes: [[UInt8]], to out: inout TextBuffer) {
        out.write(position == 0 ? "\n    " : ",\n    ")
        JSONText.writeString(token.path, to: &out)
        out.write(": {\"type\": ")
        type.withUnsafeBufferPointer { out.write($0) }
        out.write(", \"value\": ")
        token.value.writeJSON(to: &out)
        if let system = token.system {
            out.write(", \"system\": ")
            JSONText.writeString(system, to: &out)
        }
        if token.differsByMode {
            out.write(", \"modes\": {")
            for (index, mode) in modes.enumerated() {
                if index > 0 { out.write(", ") }
                mode.withUnsafeBufferPointer { out.write($0) }
                out.write(": ")
                token.values[index].writeJSON(to: &out)
            }
            out.write("}")
        }
        if let description = token.description {
            out.write(", \"description\": ")
            JSONText.writeString(description, to: &out)
        }
        if let deprecated = token.deprecated {
            // DTCG's spelling: the reason, or true when none is given.
            out.write(", \"deprecated\": ")
            if deprecated.isEmpty { out.write("true") } else { JSONText.writeString(deprecated, to: &out) }
        }
        out.write("}")
    }
}
