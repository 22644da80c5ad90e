import Foundation
import HairlineDiagnostics

/// Reads YAML files and strings into one `Node` per document, checking the file, its encoding and the
/// limits before libyaml sees a byte.
public enum YAMLSource {
    /// Reads the file at `path` and parses its one document.
    ///
    /// - Parameters:
    ///   - path: the file to read.
    ///   - displayPath: the path that diagnostics print (defaults to `path`).
    ///   - limits: size, depth and alias limits.
    public static func load(
        path: String, displayPath: String? = nil, limits: YAMLLimits = .standard
    ) throws(YAMLError) -> Node {
        let shown = displayPath ?? path
        let bytes = try readBytes(path: path, displayPath: shown, limits: limits)
        return try parse(bytes: bytes, file: shown, limits: limits)
    }

    /// Reads a file's bytes, refusing a missing file, a directory, an unreadable file and one over the size limit.
    public static func readBytes(
        path: String, displayPath: String? = nil, limits: YAMLLimits = .standard
    ) throws(YAMLError) -> [UInt8] {
        let shown = displayPath ?? path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .fileNotFound(path: shown)
        }
        if isDirectory.boolValue { throw .isDirectory(path: shown) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(path: shown, reason: "permission denied")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            // Read one byte past the limit, so a file over it is refused without reading it all.
            data = try handle.read(upToCount: limits.maxFileBytes + 1) ?? Data()
        } catch {
            throw .unreadable(path: shown, reason: error.localizedDescription)
        }
        if data.count > limits.maxFileBytes {
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? data.count
            throw .fileTooLarge(path: shown, bytes: size, limit: limits.maxFileBytes)
        }
        return [UInt8](data)
    }

    /// Parses a string holding one YAML document.
    public static func parse(_ text: String, file: String, limits: YAMLLimits = .standard) throws(YAMLError) -> Node {
        try parse(bytes: Array(text.utf8), file: file, limits: limits)
    }

    /// Parses bytes holding one YAML document: checks the encoding, drops a UTF-8 byte-order mark, and
    /// hands the rest to libyaml.
    public static func parse(bytes: [UInt8], file: String, limits: YAMLLimits = .standard) throws(YAMLError) -> Node {
        if bytes.count > limits.maxFileBytes {
            throw .fileTooLarge(path: file, bytes: bytes.count, limit: limits.maxFileBytes)
        }
        if let encoding = TextEncoding.foreignEncoding(of: bytes) {
            throw .wrongEncoding(encoding: encoding, at: .start(of: file))
        }
        var body = bytes
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body.removeFirst(3) }
        if let offset = TextEncoding.firstInvalidUTF8Offset(in: body) {
            throw .invalidUTF8(byte: body[offset], at: TextEncoding.mark(ofByteOffset: offset, in: body, file: file))
        }
        return try EventParser.parseDocument(body, file: file, limits: limits)
    }
}
