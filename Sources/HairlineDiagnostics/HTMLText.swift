/// Text as HTML shows it: the characters that would start markup or end an attribute written as entities. Every page
/// Hairline writes (the token sheet, previews) escapes what comes from a user's files with it.
public enum HTMLText {
    public static func escape(_ text: String) -> String {
        // Most text has nothing to escape: looked for in the bytes first.
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else { return text }
        var out = ""
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }
}
