import Foundation

/// Writes files atomically: the bytes go to a temporary file beside the target, which is then renamed over
/// it, so a reader (or a crash) never sees half a file and a failed write leaves the old file as it was.
enum AtomicFile {
    struct WriteError: Error {
        let path: String
        let reason: String
    }

    static func write(_ text: String, to path: String) throws(WriteError) {
        let target = URL(fileURLWithPath: path)
        let folder = target.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw WriteError(path: path, reason: "no such directory: \(folder.path)")
        }
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).hairline-\(UUID().uuidString).tmp")
        let bytes = Array(text.utf8)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            throw WriteError(path: path, reason: String(cString: strerror(errno)))
        }
        var written = 0
        var failure: String?
        bytes.withUnsafeBytes { buffer in
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
        if failure == nil, rename(temporary.path, target.path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary.path)
            throw WriteError(path: path, reason: failure)
        }
    }
}
