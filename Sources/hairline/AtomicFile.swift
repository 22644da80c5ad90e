import Foundation

/// Writes files atomically: the bytes go to a temporary file beside the target, which is then renamed over
/// it, so a reader (or a crash) never sees half a file and a failed write leaves the old file as it was.
enum AtomicFile {
    struct WriteError: Error {
        let path: String
        let reason: String
    }

    static func write(_ text: String, to path: String) throws(WriteError) {
        let temporary = try prepare(Array(text.utf8), for: path)
        try commit(temporary, to: path)
    }

    /// Writes and syncs `bytes` to a new temporary file beside `path`, and returns the temporary's path; the
    /// target is untouched until `commit`.
    static func prepare(_ bytes: [UInt8], for path: String) throws(WriteError) -> String {
        let target = URL(fileURLWithPath: path)
        let folder = target.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw WriteError(path: path, reason: "no such directory: \(folder.path)")
        }
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).hairline-\(UUID().uuidString).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            throw WriteError(path: path, reason: String(cString: strerror(errno)))
        }
        var written = 0
        var failure: String?
        bytes.withUnsafeBufferPointer { buffer in
            while written < buffer.count {
                let result = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                written += result
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        if let failure {
            unlink(temporary)
            throw WriteError(path: path, reason: failure)
        }
        return temporary
    }

    /// Renames a prepared temporary over its target; on failure the temporary is removed.
    static func commit(_ temporary: String, to path: String) throws(WriteError) {
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw WriteError(path: path, reason: reason)
        }
    }

    /// Removes a prepared temporary that will not be committed.
    static func discard(_ temporary: String) {
        unlink(temporary)
    }
}
