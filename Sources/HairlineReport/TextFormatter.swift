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
        var lines = [
            "\(diagnostic.mark): \(paint(diagnostic.severity.rawValue, diagnostic.severity)): "
                + "\(Self.oneLine(diagnostic.message)) [\(diagnostic.code)]" + (Self.isFixable(diagnostic) ? " [*]" : "")
        ]
        for note in diagnostic.notes {
            let place = note.mark.map { "\($0): " } ?? ""
            lines.append("\(place)\(paint("note", nil)): \(Self.oneLine(note.message))")
        }
        return lines.joined(separator: "\n")
    }

    /// Whether `--fix` would repair a diagnostic: it has a safe fix with its edits.
    static func isFixable(_ diagnostic: Diagnostic) -> Bool {
        guard let fix = diagnostic.fix else { return false }
        return fix.safety == .safe && !fix.edits.isEmpty
    }

    /// A message on one line: line breaks are written as `\n`, so each diagnostic stays one line.
    static func oneLine(_ message: String) -> String {
        message.replacingOccurrences(of: "\r\n", with: "\\n").replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: "\r", with: "\\n")
    }

    /// The source line with a caret under the column, for showing an input error on a terminal.
    public static func snippet(sourceLine: String, column: Int) -> String {
        let prefix = sourceLine.unicodeScalars.prefix(max(0, column - 1))
        // Keep tabs so the caret lines up under the same tab stops.
        let padding = String(String.UnicodeScalarView(prefix.map { $0 == "\t" ? "\t" : " " }))
        return "\(sourceLine)\n\(padding)^"
    }

    private func paint(_ word: String, _ severity: Severity?) -> String {
        guard colour else { return word }
        let code: String
        switch severity {
        case .error: code = "1;31"
        case .warning: code = "1;33"
        case .info: code = "1;36"
        case nil: code = "1;30"
        }
        return "\u{1B}[\(code)m\(word)\u{1B}[0m"
    }
}
