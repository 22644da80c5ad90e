/// Text written into Markdown that renders as written: the reports' tables and the language server's hovers, whose
/// text comes from users' files (a token's description can hold an image or a link that an editor would fetch).
public enum MarkdownText {
    /// Text as plain text in a table cell or a list item: HTML and every Markdown character that could make an
    /// image, a link, a mention, emphasis or a new block written as itself; line breaks and control characters as
    /// spaces.
    public static func plain(_ text: String) -> String {
        // Most text has nothing to escape: returned as it is.
        if !text.utf8.contains(where: { markdownSpecial.contains($0) }), !ControlCharacters.occur(in: text) { return text }
        return plainEscaper(text)
    }

    private static let plainEscaper = Escaper(
        ["&": "&amp;", "<": "&lt;", ">": "&gt;"].merging("\\`*_[]()!#@~|".unicodeScalars.map { ($0, "\\" + String($0)) }) { first, _ in first }
    ) { scalar in
        ControlCharacters.contains(scalar) ? " " : nil
    }

    /// The bytes `plain` escapes.
    private static let markdownSpecial = Set("&<>\\`*_[]()!#@~|".utf8)

    /// Text as a code span: shown as written, nothing in it rendered; a backtick in it, which would end the span,
    /// written as a quote, and line breaks as spaces.
    public static func code(_ text: String) -> String {
        if !text.utf8.contains(UInt8(ascii: "`")), !ControlCharacters.occur(in: text) { return "`" + text + "`" }
        return "`" + String(String.UnicodeScalarView(text.unicodeScalars.map { scalar -> Unicode.Scalar in
            if scalar == "`" { return "'" }
            return ControlCharacters.contains(scalar) ? " " : scalar
        })) + "`"
    }
}
