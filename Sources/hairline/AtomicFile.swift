import Foundation
import HairlineTokens

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

    /// A new, empty temporary file beside a target, open for writing.
    struct Temporary: Sendable {
        let path: String
        let target: String
        fileprivate let descriptor: Int32
    }

    /// Writes and syncs `bytes` to a new temporary file beside `path`, and returns the temporary's path; the
    /// target is untouched until `commit`.
    static func prepare(_ bytes: [UInt8], for path: String) throws(WriteError) -> String {
        try fill(try create(for: path), with: FinishedText(bytes))
    }

    /// Creates an empty temporary file beside `path`; the target is untouched. A caller that creates its
    /// temporaries before it generates what goes in them does not wait, to create one, for another's sync.
    static func create(for path: String) throws(WriteError) -> Temporary {
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
        return Temporary(path: temporary, target: path, descriptor: descriptor)
    }

    /// Writes and syncs a text to a created temporary, part by part, and closes it; returns its path, for
    /// `commit`. On failure the temporary is removed.
    static func fill(_ temporary: Temporary, with text: FinishedText) throws(WriteError) -> String {
        let descriptor = temporary.descriptor
        var failure: String?
        text.parts { buffer in
            var written = 0
            while failure == nil, written < buffer.count {
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
            unlink(temporary.path)
            throw WriteError(path: temporary.target, reason: failure)
        }
        return temporary.path
    }

    /// Closes and removes a created temporary that will not be filled.
    static func discard(_ temporary: Temporary) {
        close(temporary.descriptor)
        unlink(temporary.path)
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
