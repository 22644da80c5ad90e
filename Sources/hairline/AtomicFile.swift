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

    /// A new, empty temporary file beside a target, open for writing; what is written to it goes through its
    /// stream, or is filled in at once (`fill`).
    struct Temporary: Sendable {
        let path: String
        let target: String
        fileprivate let writer: Writer
        /// Where a text generated for the temporary hands its finished parts: each is written and synced as it
        /// comes, on the stream's thread, while the rest is generated, so that little is left to write and sync
        /// once it is whole.
        let stream: TextStream
    }

    /// Writes to an open temporary, and keeps the first failure. Used by one thread at a time: the stream's,
    /// then (after `TextStream.finish`) the one that fills the temporary.
    fileprivate final class Writer: @unchecked Sendable {
        let descriptor: Int32
        private(set) var failure: String?

        init(_ descriptor: Int32) { self.descriptor = descriptor }

        /// Writes bytes after those written before; nothing once a write has failed.
        func write(_ bytes: UnsafeBufferPointer<UInt8>) {
            var written = 0
            while failure == nil, written < bytes.count {
                let result = Foundation.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                written += result
            }
        }

        /// Syncs what was written (`fsync`), or only its data (`fdatasync`, for a part while more is to come).
        func sync(dataOnly: Bool = false) {
            guard failure == nil else { return }
            if (dataOnly ? fdatasync(descriptor) : fsync(descriptor)) != 0 { failure = String(cString: strerror(errno)) }
        }
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
        let descriptor = InterruptCleanup.whileCreating(temporary) { open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        guard descriptor >= 0 else {
            throw WriteError(path: path, reason: String(cString: strerror(errno)))
        }
        let writer = Writer(descriptor)
        // The parts synced as they are written: the disk flushes them while the rest is generated, where one
        // sync of the whole text would flush it all at the end. Parts finished while a sync waits are written
        // and synced together: a sync commits the disk's journal, 3 to 7 ms however little it flushes.
        let stream = TextStream({ writer.write($0) }, caughtUp: { writer.sync(dataOnly: true) })
        return Temporary(path: temporary, target: path, writer: writer, stream: stream)
    }

    /// Writes and syncs a text to a created temporary, after the parts its stream wrote, part by part, and
    /// closes it; returns its path, for `commit`. On failure the temporary is removed.
    static func fill(_ temporary: Temporary, with text: FinishedText) throws(WriteError) -> String {
        let writer = temporary.writer
        text.parts(from: temporary.stream.finish()) { writer.write($0) }
        writer.sync()
        close(writer.descriptor)
        if let failure = writer.failure {
            discard(temporary.path)
            throw WriteError(path: temporary.target, reason: failure)
        }
        return temporary.path
    }

    /// Closes and removes a created temporary that will not be filled, once its stream has written what it had.
    static func discard(_ temporary: Temporary) {
        _ = temporary.stream.finish()
        close(temporary.writer.descriptor)
        discard(temporary.path)
    }

    /// Renames a prepared temporary over its target; on failure the temporary is removed.
    static func commit(_ temporary: String, to path: String) throws(WriteError) {
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            discard(temporary)
            throw WriteError(path: path, reason: reason)
        }
        InterruptCleanup.forget(temporary)
    }

    /// Removes a temporary that will not be committed: the one place a temporary is removed.
    static func discard(_ temporary: String) {
        unlink(temporary)
        InterruptCleanup.forget(temporary)
    }
}
