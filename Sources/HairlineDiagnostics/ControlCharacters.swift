/// The characters a terminal, a CI log or a rendered page acts on rather than shows: the C0 and C1 controls, DEL,
/// and the line and paragraph separators. Every human-readable output escapes or replaces them.
public enum ControlCharacters {
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Whether `text` holds a control character other than a tab, read from its UTF-8 bytes (C1 controls are
    /// `C2 80`–`C2 9F`, LS and PS `E2 80 A8` and `E2 80 A9`): most text has none and is passed on as it is.
    public static func occur(in text: String) -> Bool {
        text.withContiguousUTF8 { bytes in
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte >= 0x7F else { continue }
                switch byte {
                case 0x09: continue
                case 0x00...0x1F, 0x7F: return true
                case 0x80...0x9F where index >= 1 && bytes[index - 1] == 0xC2: return true
                case 0xA8...0xA9 where index >= 2 && bytes[index - 2] == 0xE2 && bytes[index - 1] == 0x80: return true
                default: continue
                }
            }
            return false
        }
    }

    /// A control character as text that shows it: `\u{1B}`.
    public static func visible(_ scalar: Unicode.Scalar) -> String {
        "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    }
}
