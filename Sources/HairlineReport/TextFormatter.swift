import HairlineDiagnostics

/// Renders diagnostics in the form compilers and Xcode print: `path:line:col: error: message [code]`, with `[*]`
/// after the code where `--fix` would repair it (a safe fix), each note on a `note:` line of its own.
public struct TextFormatter: Sendable {
    /// Whether to colour the severity words with ANSI escapes.
    public var colour: Bool

    /// Creates a formatter.
    public init(colour: Bool = false) {
        self.colour = colour
    }

    /// The diagnostic's line, followed by one line per note.
    public func format(_ diagnostic: Diagnostic) -> String {
        var bytes = TextBuffer()
        write(diagnostic, into: &bytes)
        return String(decoding: bytes.bytes.dropLast(), as: UTF8.self)
    }

    /// Appends the diagnostic's line and its notes' lines, each ended by a line break.
    public func write(_ diagnostic: Diagnostic, into out: inout TextBuffer) {
        Self.write(diagnostic.mark, into: &out)
        out.write(": ")
        paint(diagnostic.severity.rawValue, diagnostic.severity, into: &out)
        out.write(": ")
        out.write(Self.oneLine(diagnostic.message))
        out.write(" [")
        out.write(Self.oneLine(diagnostic.code))
        out.write(Self.isFixable(diagnostic) ? "] [*]\n" : "]\n")
        for note in diagnostic.notes {
            if let mark = note.mark {
                Self.write(mark, into: &out)
                out.write(": ")
            }
            paint("note", nil, into: &out)
            out.write(": ")
            out.write(Self.oneLine(note.message))
            out.write(byte: UInt8(ascii: "\n"))
        }
    }

    private static func write(_ mark: Mark, into out: inout TextBuffer) {
        out.write(oneLine(mark.file))
        out.write(byte: UInt8(ascii: ":"))
        out.write(mark.line)
        out.write(byte: UInt8(ascii: ":"))
        out.write(mark.column)
    }

    /// Whether `--fix` would repair a diagnostic: it has a safe fix with its edits.
    static func isFixable(_ diagnostic: Diagnostic) -> Bool {
        guard let fix = diagnostic.fix else { return false }
        return fix.safety == .safe && !fix.edits.isEmpty
    }

    /// `path:line:col`, the path's control characters escaped.
    static func place(_ mark: Mark) -> String {
        "\(oneLine(mark.file)):\(mark.line):\(mark.column)"
    }

    /// Text on one line with nothing a terminal or a CI log acts on: line breaks are written as `\n`, and every
    /// other control character (ESC, BEL, backspace, C1 controls, LS, PS) as `\u{…}`, so a file name or a value
    /// can neither start a line of its own (a forged `::error`) nor move the cursor, retitle a window or make a link.
    public static func oneLine(_ text: String) -> String {
        if !ControlCharacters.occur(in: text) { return text }
        var out = ""
        var afterReturn = false
        for scalar in text.unicodeScalars {
            defer { afterReturn = scalar.value == 0x0D }
            switch scalar.value {
            case 0x0A where afterReturn: continue  // "\r\n" is one line break
            case 0x0A, 0x0D: out += "\\n"
            case 0x09: out.unicodeScalars.append(scalar)
            case _ where ControlCharacters.contains(scalar): out += ControlCharacters.visible(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The source line with a caret under the column, for showing an input error on a terminal. A long line is
    /// shown as the `snippetWidth` characters around the column, each cut end marked `…`.
    public static func snippet(sourceLine: String, column: Int) -> String {
        var scalars = Array(sourceLine.unicodeScalars)
        var caret = max(0, column - 1)
        if scalars.count > snippetWidth {
            let start = max(0, min(caret - snippetWidth / 2, scalars.count - snippetWidth))
            let end = min(scalars.count, start + snippetWidth)
            scalars = (start > 0 ? ["…"] : []) + scalars[start..<end] + (end < scalars.count ? ["…"] : [])
            caret = caret - start + (start > 0 ? 1 : 0)
        }
        // Control characters shown escaped, as the line's other output: the caret may drift past one.
        let shown = oneLine(String(String.UnicodeScalarView(scalars)))
        let prefix = shown.unicodeScalars.prefix(caret)
        // Keep tabs so the caret lines up under the same tab stops.
        let padding = String(String.UnicodeScalarView(prefix.map { $0 == "\t" ? "\t" : " " }))
        return "\(shown)\n\(padding)^"
    }

    /// The most characters of a source line a snippet shows.
    public static let snippetWidth = 160

    /// Writes a word, in its severity's colour when colouring.
    private func paint(_ word: String, _ severity: Severity?, into out: inout TextBuffer) {
        guard colour else { return out.write(word) }
        let code: StaticString
        switch severity {
        case .error: code = "1;31"
        case .warning: code = "1;33"
        case .info: code = "1;36"
        case nil: code = "1;30"
        }
        out.write("\u{1B}[")
        out.write(code)
        out.write(byte: UInt8(ascii: "m"))
        out.write(word)
        out.write("\u{1B}[0m")
    }
}
