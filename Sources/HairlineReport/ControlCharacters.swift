/// The characters a terminal, a CI log or a rendered page acts on rather than shows: the C0 and C1 controls, DEL,
/// and the line and paragraph separators. Every human-readable output escapes or replaces them.
enum ControlCharacters {
    static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Whether `text` holds a control character other than a tab, read from its UTF-8 bytes (C1 controls are
    /// `C2 80`–`C2 9F`, LS and PS `E2 80 A8` and `E2 80 A9`): most text has none and is passed on as it is.
    static func occur(in text: String) -> Bool {
        var bytes = text.utf8.makeIterator()
        var previous: (UInt8, UInt8) = (0, 0)
        while let byte = bytes.next() {
            switch byte {
            case 0x09: break
            case 0x00...0x1F, 0x7F: return true
            case 0x80...0x9F where previous.1 == 0xC2: return true
            case 0xA8...0xA9 where previous == (0xE2, 0x80): return true
            default: break
            }
            previous = (previous.1, byte)
        }
        return false
    }

    /// A control character as text that shows it: `\u{1B}`.
    static func visible(_ scalar: Unicode.Scalar) -> String {
        "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    }
}
