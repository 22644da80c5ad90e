import HairlineDiagnostics

/// A scalar's new text written in place of its old one, in the old one's style: a plain scalar stays plain unless
/// the new value needs quotes (a `{…}` reference does), a quoted one keeps its quotes.
public enum ScalarText {
    /// The text that writes `value` where `original` (a scalar's bytes as written) stood; nil where the node is
    /// not one to rewrite in place (a collection, a block scalar, an anchored, aliased or tagged node).
    public static func replacing(_ original: ArraySlice<UInt8>, with value: String) -> String? {
        switch original.first {
        case UInt8(ascii: "\""): return doubleQuoted(value)
        case UInt8(ascii: "'"): return "'" + value.replacingAll("'", with: "''") + "'"
        case nil, UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "&"),
            UInt8(ascii: "*"), UInt8(ascii: "!"):
            return nil
        default: return isPlainSafe(value) ? value : doubleQuoted(value)
        }
    }

    /// A double-quoted scalar holding `value`.
    static func doubleQuoted(_ value: String) -> String { doubleQuotedEscaper(value) }

    /// Controls, C1 controls and the Unicode line breaks as `\uXXXX`: YAML would read them as breaks or refuse them.
    private static let doubleQuotedEscaper = Escaper(["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\t": "\\t"], open: "\"", close: "\"") { scalar in
        let value = scalar.value
        guard value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value) || value == 0x2028 || value == 0x2029 else { return nil }
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }

    /// Whether a value reads back as the same string when written plain, in a flow or a block context.
    static func isPlainSafe(_ value: String) -> Bool {
        let bytes = value.utf8
        guard let first = bytes.first, let last = bytes.last else { return false }
        if "-?:,[]{}#&*!|>'\"%@` ".utf8.contains(first) || last == UInt8(ascii: " ") || last == UInt8(ascii: ":") { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            switch byte {
            // Controls, DEL and everything past ASCII are quoted; so are flow indicators, ": " and " #".
            case 0x00..<0x20, 0x7F...: return false
            case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"): return false
            case UInt8(ascii: " ") where previous == UInt8(ascii: ":"): return false
            case UInt8(ascii: "#") where previous == UInt8(ascii: " "): return false
            default: previous = byte
            }
        }
        return true
    }
}

extension String {
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
