import Foundation
import HairlineDiagnostics

/// The LSP spellings the server speaks: URIs, positions and ranges (0-based lines, UTF-16 characters), diagnostics
/// and JSON-RPC errors.
enum LSP {
    /// JSON-RPC and LSP error codes.
    enum ErrorCode {
        static let parseError = -32700
        static let invalidRequest = -32600
        static let methodNotFound = -32601
        static let invalidParams = -32602
        static let serverNotInitialized = -32002
        static let requestCancelled = -32800
    }

    /// The absolute path of a `file:` URI; nil for other schemes.
    static func path(ofURI uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url.standardizedFileURL.path
    }

    /// The `file:` URI of an absolute path.
    static func uri(ofPath path: String) -> String {
        URL(fileURLWithPath: path).absoluteString
    }

    static func position(_ position: SourceRange.Position) -> JSONValue {
        ["line": .number(Double(position.line - 1)), "character": .number(Double(position.utf16Column - 1))]
    }

    static func range(_ range: SourceRange) -> JSONValue {
        ["start": position(range.start), "end": position(range.end)]
    }

    /// A diagnostic's range: its own, else its mark's place in the text (an empty range there).
    static func range(of diagnostic: Diagnostic, in text: SourceText?) -> SourceRange {
        if let range = diagnostic.range { return range }
        let mark = diagnostic.mark
        let start =
            text?.position(line: mark.line, column: mark.column)
            ?? SourceRange.Position(line: mark.line, column: mark.column, offset: 0, utf16Column: mark.column)
        return SourceRange(start: start, end: start)
    }

    static func diagnostic(_ diagnostic: Diagnostic, in text: SourceText?) -> JSONValue {
        let severity: Int
        switch diagnostic.severity {
        case .error: severity = 1
        case .warning: severity = 2
        case .info: severity = 3
        }
        var message = diagnostic.message
        for note in diagnostic.notes { message += "\n" + (note.mark.map { "\($0): " } ?? "") + note.message }
        return [
            "range": range(range(of: diagnostic, in: text)),
            "severity": .number(Double(severity)),
            "code": .string(diagnostic.code),
            "source": "hairline",
            "message": .string(message),
        ]
    }

    /// The position an LSP position names in a text: its line and UTF-16 character, clamped to the line.
    static func position(_ value: JSONValue?, in text: SourceText) -> SourceRange.Position? {
        guard let line = value?["line"]?.int, let character = value?["character"]?.int, line >= 0, character >= 0 else { return nil }
        return text.position(line: line + 1, utf16Column: character + 1)
    }

    static func response(id: JSONValue, result: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "result": result]
    }

    static func error(id: JSONValue, code: Int, message: String) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "error": ["code": .number(Double(code)), "message": .string(message)]]
    }

    static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "method": .string(method), "params": params]
    }
}
