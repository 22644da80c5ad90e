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
        // POSIX calls, not FileManager and FileHandle: a lint run reads thousands of small files, and these are
        // three system calls and one copy each.
        // Without waiting: a FIFO named as a file would block the open until something wrote to it.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR || code == ELOOP { throw .fileNotFound(path: shown) }
            if code == EISDIR { throw .isDirectory(path: shown) }
            throw .unreadable(path: shown, reason: code == EACCES ? "permission denied" : String(cString: strerror(code)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(path: shown, reason: String(cString: strerror(errno))) }
        if status.st_mode & S_IFMT == S_IFDIR { throw .isDirectory(path: shown) }
        if status.st_mode & S_IFMT != S_IFREG {
            throw .unreadable(path: shown, reason: "it is not a regular file (a pipe, a device or a socket); name a file, or pipe it in with --stdin-path")
        }
        if Int(status.st_size) > limits.maxFileBytes {
            throw .fileTooLarge(path: shown, bytes: Int(status.st_size), limit: limits.maxFileBytes)
        }
        // Read to the end (the size may be 0 for a pipe, or change under us), one byte past the limit at most.
        var (bytes, atEnd) = try read(descriptor, upTo: min(Int(status.st_size), limits.maxFileBytes) + 1, shown: shown)
        while !atEnd, bytes.count <= limits.maxFileBytes {
            let more = try read(descriptor, upTo: min(1 << 16, limits.maxFileBytes + 1 - bytes.count), shown: shown)
            bytes += more.bytes
            atEnd = more.atEnd
        }
        if bytes.count > limits.maxFileBytes {
            throw .fileTooLarge(path: shown, bytes: max(bytes.count, Int(status.st_size)), limit: limits.maxFileBytes)
        }
        return bytes
    }

    /// Up to `count` bytes from a file descriptor, and whether the end of the file came first.
    private static func read(_ descriptor: Int32, upTo count: Int, shown: String) throws(YAMLError) -> (bytes: [UInt8], atEnd: Bool) {
        var failure: Int32 = 0
        var atEnd = false
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = 0
            while initialized < count {
                let got = Foundation.read(descriptor, buffer.baseAddress! + initialized, count - initialized)
                if got < 0, errno == EINTR { continue }
                if got < 0 { failure = errno }
                if got <= 0 {
                    atEnd = true
                    return
                }
                initialized += got
            }
        }
        if failure != 0 { throw .unreadable(path: shown, reason: String(cString: strerror(failure))) }
        return (bytes, atEnd)
    }

    /// Parses a string holding one YAML document.
    public static func parse(_ text: String, file: String, limits: YAMLLimits = .standard) throws(YAMLError) -> Node {
        try parse(bytes: Array(text.utf8), file: file, limits: limits)
    }

    /// Parses bytes holding one YAML document: checks the encoding, drops a UTF-8 byte-order mark, and
    /// hands the rest to libyaml.
    public static func parse(bytes: [UInt8], file: String, limits: YAMLLimits = .standard) throws(YAMLError) -> Node {
        try EventParser.parseDocument(EventCursor.body(of: bytes, file: file, limits: limits), file: file, limits: limits)
    }
}
