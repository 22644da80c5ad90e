import HairlineDiagnostics

/// Byte-level checks on a file's text: foreign encodings, invalid UTF-8, and turning a byte offset into a line
/// and column the way libyaml counts them.
enum TextEncoding {
    /// The name of a UTF-16 or UTF-32 encoding the bytes are in (by byte-order mark or by the zero bytes
    /// ASCII text has in those encodings), or nil for UTF-8.
    static func foreignEncoding(of bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return "UTF-32 (big-endian)" }
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32 (little-endian)" }
        if bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16 (big-endian)" }
        if bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16 (little-endian)" }
        if bytes.count >= 4 {
            if bytes[0] == 0, bytes[1] == 0, bytes[2] == 0, bytes[3] != 0 { return "UTF-32 (big-endian)" }
            if bytes[0] != 0, bytes[1] == 0, bytes[2] == 0, bytes[3] == 0 { return "UTF-32 (little-endian)" }
        }
        // Without a byte-order mark, UTF-16 is told by ASCII's zero bytes in every code unit of the start, not in
        // the first alone: a file that merely starts with a NUL byte is not called UTF-16 (libyaml then reports
        // the control character at its place).
        if bytes.count >= 2 {
            let units = stride(from: 0, to: min(bytes.count - 1, 16), by: 2)
            if units.allSatisfy({ bytes[$0] == 0 && bytes[$0 + 1] != 0 }) { return "UTF-16 (big-endian)" }
            if units.allSatisfy({ bytes[$0] != 0 && bytes[$0 + 1] == 0 }) { return "UTF-16 (little-endian)" }
        }
        return nil
    }

    /// The offset of the first byte that does not begin or continue a valid UTF-8 sequence, or nil.
    static func firstInvalidUTF8Offset(in bytes: [UInt8]) -> Int? {
        // Fast path: the standard library's validation, in place (a `String` made to validate would copy the file).
        do throws(UTF8.ValidationError) {
            _ = try UTF8Span(validating: bytes.span)
            return nil
        } catch {}
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length: Int
            var lowerBound: UInt8 = 0x80
            var upperBound: UInt8 = 0xBF
            switch lead {
            case 0x00...0x7F: index += 1; continue
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lowerBound = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upperBound = 0x9F
            case 0xF0: length = 4; lowerBound = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upperBound = 0x8F
            default: return index
            }
            for offset in 1..<length {
                guard index + offset < bytes.count else { return index }
                let byte = bytes[index + offset]
                let low: UInt8 = offset == 1 ? lowerBound : 0x80
                let high: UInt8 = offset == 1 ? upperBound : 0xBF
                guard byte >= low && byte <= high else { return index }
            }
            index += length
        }
        return nil
    }

    /// The 1-based line and code-point column of a byte offset; CR LF, LF and a lone CR each end a line.
    static func mark(ofByteOffset target: Int, in bytes: [UInt8], file: String) -> Mark {
        var line = 1
        var column = 1
        var index = 0
        let end = min(target, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte == 0x0D {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                    // The LF that follows ends the line.
                } else {
                    line += 1
                    column = 1
                }
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return Mark(file: file, line: line, column: column)
    }
}
