/// Text as HTML shows it: the characters that would start markup or end an attribute written as entities. Every page
/// Hairline writes (the token sheet, previews) escapes what comes from a user's files with it.
public enum HTMLText {
    public static func escape(_ text: String) -> String {
        // Most text has nothing to escape: looked for in the bytes first.
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0x7F }) else { return text }
        var out = ""
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            // A control character other than a tab or a line break is an error in an HTML page: shown as U+FFFD.
            case _ where (character.value < 0x20 && character != "\t" && character != "\n" && character != "\r") || character.value == 0x7F: out += "\u{FFFD}"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }
}

/// Text as a CSS string literal: quoted, with every character that could end the string, the declaration or the
/// rule (a quote, a backslash, a line break, any control character) written as a hexadecimal escape. A family
/// name from a token file reaches a page's `style` only through it, so it can never open a `url(…)`.
public enum CSSText {
    public static func string(_ text: String) -> String {
        var out = "'"
        for scalar in text.unicodeScalars {
            if "'\"\\<>&".unicodeScalars.contains(scalar) || scalar.value < 0x20 || scalar.value == 0x7F {
                out += "\\" + String(scalar.value, radix: 16) + " "
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "'"
    }

    /// A `font-family` declaration: the families named, then the system's.
    public static func fontFamily(_ names: [String]) -> String {
        "font-family:" + (names.map(string) + ["system-ui", "sans-serif"]).joined(separator: ",")
    }
}
