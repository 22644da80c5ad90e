/// Text as HTML shows it: the characters that would start markup or end an attribute written as entities. Every page
/// Hairline writes (the token sheet, previews) escapes what comes from a user's files with it.
public enum HTMLText {
    /// A control character other than a tab or a line break is an error in an HTML page: shown as U+FFFD.
    static let escaper = Escaper(["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"]) { scalar in
        (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r") || scalar.value == 0x7F ? "\u{FFFD}" : nil
    }

    public static func escape(_ text: String) -> String { escaper(text) }
}

/// Text as a CSS string literal: quoted, with every character that could end the string, the declaration or the
/// rule (a quote, a backslash, a line break, any control character) written as a hexadecimal escape. A family
/// name from a token file reaches a page's `style` only through it, so it can never open a `url(…)`.
public enum CSSText {
    static let escaper = Escaper([:], open: "'", close: "'") { scalar in
        "'\"\\<>&".unicodeScalars.contains(scalar) || scalar.value < 0x20 || scalar.value == 0x7F ? "\\" + String(scalar.value, radix: 16) + " " : nil
    }

    public static func string(_ text: String) -> String { escaper(text) }

    /// A `font-family` declaration: the families named, then the system's.
    public static func fontFamily(_ names: [String]) -> String {
        "font-family:" + (names.map(string) + ["system-ui", "sans-serif"]).joined(separator: ",")
    }
}
