/// The characters a terminal, a CI log or a rendered page acts on rather than shows: the C0 and C1 controls, DEL,
/// and the line and paragraph separators. Every human-readable output escapes or replaces them.
enum ControlCharacters {
    static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        default: false
        }
    }

    /// A control character as text that shows it: `\u{1B}`.
    static func visible(_ scalar: Unicode.Scalar) -> String {
        "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    }
}
