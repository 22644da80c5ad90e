import Foundation
import HairlineDiagnostics

/// `json`: a stable document (docs/reports.md) with every finding and input error, the files and a summary.
public enum JSONReporter: Reporter {
    public static let name = "json"

    public static func render(_ report: LintReport) -> String {
        func entry(_ diagnostic: Diagnostic, kind: String) -> [String: Any] {
            var object: [String: Any] = [
                "kind": kind, "file": diagnostic.mark.file, "line": diagnostic.mark.line, "column": diagnostic.mark.column,
                "severity": diagnostic.severity.rawValue, "rule": diagnostic.code, "message": diagnostic.message,
            ]
            if let range = diagnostic.range {
                object["endLine"] = range.end.line
                object["endColumn"] = range.end.column
            }
            if kind == "finding" { object["fingerprint"] = report.fingerprint(diagnostic) }
            if let fix = diagnostic.fix, !fix.edits.isEmpty {
                object["fix"] = [
                    "title": fix.title, "safety": fix.safety.rawValue,
                    "edits": fix.edits.map { edit -> [String: Any] in
                        [
                            "line": edit.range.start.line, "column": edit.range.start.column, "endLine": edit.range.end.line,
                            "endColumn": edit.range.end.column, "offset": edit.bytes.lowerBound, "length": edit.bytes.count, "text": edit.text,
                        ]
                    },
                ]
            }
            if !diagnostic.notes.isEmpty {
                object["notes"] = diagnostic.notes.map { note -> [String: Any] in
                    var value: [String: Any] = ["message": note.message]
                    if let mark = note.mark { value["file"] = mark.file; value["line"] = mark.line; value["column"] = mark.column }
                    return value
                }
            }
            return object
        }
        let document: [String: Any] = [
            "version": 1,
            "tool": ["name": "hairline", "version": report.toolVersion],
            "findings": report.findings.map { entry($0, kind: "finding") },
            "inputErrors": report.inputErrors.map { entry($0, kind: "input-error") },
            "files": report.files,
            "summary": [
                "errors": report.findings.filter { $0.severity == .error }.count,
                "warnings": report.findings.filter { $0.severity == .warning }.count,
                "infos": report.findings.filter { $0.severity == .info }.count,
                "inputErrors": report.inputErrors.count,
                "files": report.files.count,
                "text": report.summary,
            ],
        ]
        return JSONOutput.serialize(document)
    }
}

/// Deterministic JSON: sorted keys, two-space indentation, slashes unescaped.
enum JSONOutput {
    /// Pretty-printed JSON with sorted keys, byte for byte as Foundation's `JSONSerialization` writes it, written
    /// directly: Foundation took about half a millisecond a SARIF result. Anything but dictionaries, arrays,
    /// strings, booleans and integers is handed to Foundation.
    static func serialize(_ object: Any) -> String {
        var out: [UInt8] = []
        write(object, indent: 0, into: &out)
        out.append(UInt8(ascii: "\n"))
        return String(decoding: out, as: UTF8.self)
    }

    private static func write(_ value: Any, indent: Int, into out: inout [UInt8]) {
        switch value {
        case let string as String:
            writeString(string, into: &out)
        case let bool as Bool:
            out += (bool ? "true" : "false").utf8
        case let int as Int:
            out += String(int).utf8
        case let dictionary as [String: Any]:
            out += "{\n".utf8
            for (position, key) in dictionary.keys.sorted().enumerated() {
                if position > 0 { out += ",\n".utf8 }
                out += repeatElement(UInt8(ascii: " "), count: indent + 2)
                writeString(key, into: &out)
                out += " : ".utf8
                write(dictionary[key]!, indent: indent + 2, into: &out)
            }
            out.append(UInt8(ascii: "\n"))
            out += repeatElement(UInt8(ascii: " "), count: indent)
            out.append(UInt8(ascii: "}"))
        case let array as [Any]:
            out += "[\n".utf8
            for (position, item) in array.enumerated() {
                if position > 0 { out += ",\n".utf8 }
                out += repeatElement(UInt8(ascii: " "), count: indent + 2)
                write(item, indent: indent + 2, into: &out)
            }
            out.append(UInt8(ascii: "\n"))
            out += repeatElement(UInt8(ascii: " "), count: indent)
            out.append(UInt8(ascii: "]"))
        default:
            out += (try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .withoutEscapingSlashes])) ?? Data("null".utf8)
        }
    }

    /// A string, escaped as Foundation escapes it: the bytes of a multi-byte character are all 0x80 or above, so
    /// escaping works byte by byte.
    private static func writeString(_ string: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += "\\\"".utf8
            case UInt8(ascii: "\\"): out += "\\\\".utf8
            case UInt8(ascii: "\n"): out += "\\n".utf8
            case UInt8(ascii: "\r"): out += "\\r".utf8
            case UInt8(ascii: "\t"): out += "\\t".utf8
            case 0x08: out += "\\b".utf8
            case 0x0C: out += "\\f".utf8
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += "\\u00".utf8
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
