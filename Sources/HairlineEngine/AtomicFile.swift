import Foundation
import HairlineDiagnostics
import HairlineTokens
import HairlineYAML

/// Writes files atomically: the bytes go to a temporary file beside the target, which is then renamed over
/// it, so a reader (or a crash) never sees half a file and a failed write leaves the old file as it was.
///
/// A target that already holds exactly the bytes to be written is left alone: not rewritten, not synced, not
/// replaced, so its modification time stays and a build that depends on it has nothing new to rebuild. The
/// bytes are compared with the target's as they come, and written to the temporary only from the first that
/// differs (the equal ones before it copied from the target then): an unchanged output costs a read of the old
/// file, not a write, a sync and a rename, and its modification time stays.
public enum AtomicFile {
    public struct WriteError: Error {
        public let path: String
        public let reason: String

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    public static func write(_ text: String, to path: String) throws(WriteError) {
        let bytes = Array(text.utf8)
        // Compared before a temporary is made: a run that rewrites many small files (previews) and finds most
        // unchanged would otherwise create and remove a file beside each.
        // (A device or a pipe, `/dev/stdout` redirected to a file too, is written to whatever it holds.)
        if !isStream(path), holds(path, bytes) { return }
        let prepared = try prepare(bytes, for: path)
        try commit(prepared, to: path)
    }

    /// Whether `path` is a regular file that holds exactly `bytes` (its links followed), read as every input is.
    private static func holds(_ path: String, _ bytes: [UInt8]) -> Bool {
        (try? YAMLSource.readBytes(path: path)) == bytes
    }

    /// Writes what `body` hands its sink, in order, to `path`, atomically: each piece goes to the temporary as it
    /// comes, so an output of any size is never held whole.
    public static func write(to path: String, streaming body: (_ sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void) -> Void) throws(WriteError) {
        let temporary = try create(for: path)
        let writer = temporary.writer
        body { writer.write($0) }
        try commit(try fill(temporary, with: FinishedText([])), to: path)
    }

    /// Replaces a file of the user's (a screen being fixed) with new bytes, atomically, keeping its permissions
    /// and writing through a symbolic link to its target; refused when the file no longer holds `expected` (it
    /// changed since it was read), so an edit made meanwhile is never lost.
    public static func replace(_ path: String, with bytes: [UInt8], expecting expected: [UInt8]) throws(WriteError) {
        try refuseLinkOut(path)
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let current = FileManager.default.contents(atPath: target), [UInt8](current) == expected else {
            throw WriteError(path: path, reason: "it changed while it was being fixed; run the fix again")
        }
        let mode = (try? FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? NSNumber)?.uint16Value ?? 0o644
        let prepared = try prepare(bytes, for: target)
        chmod(prepared.path, mode_t(mode))
        try commit(prepared, to: target)
    }

    /// A filled temporary: its path, and whether the target held its bytes already (nothing was written to it).
    public struct Prepared: Sendable {
        public let path: String
        let unchanged: Bool
    }

    /// A new, empty temporary file beside a target, open for writing; what is written to it goes through its
    /// stream, or is filled in at once (`fill`).
    public struct Temporary: Sendable {
        public let path: String
        let target: String
        fileprivate let writer: Writer
        /// Where a text generated for the temporary hands its finished parts: each is written and synced as it
        /// comes, on the stream's thread, while the rest is generated, so that little is left to write and sync
        /// once it is whole.
        public let stream: TextStream
    }

    /// Writes to an open temporary, and keeps the first failure. Used by one thread at a time: the stream's,
    /// then (after `TextStream.finish`) the one that fills the temporary.
    ///
    /// While the bytes given are those of `existing` (the target, open for reading), nothing is written: only
    /// counted. At the first that differs, or when the target ends first, the bytes counted are copied from the
    /// target to the temporary and writing goes on from there.
    fileprivate final class Writer: @unchecked Sendable {
        let descriptor: Int32
        private(set) var failure: String?
        /// The target while every byte given so far matches its own; nil once one did not, or if it could not be
        /// read as a regular file.
        private var existing: Int32?
        /// How many bytes matched the target's, none of them written.
        private var matched = 0
        private var buffer: [UInt8] = []

        init(_ descriptor: Int32, existing: Int32?) {
            self.descriptor = descriptor
            self.existing = existing
        }

        deinit { if let existing { close(existing) } }

        /// Whether the target holds exactly the bytes given, all of them: true once they are all given.
        var matchesTarget: Bool {
            guard let existing, failure == nil else { return false }
            var status = stat()
            return fstat(existing, &status) == 0 && Int(status.st_size) == matched
        }

        /// Takes bytes after those given before: counted while they match the target, else written; nothing
        /// once a write has failed.
        func write(_ bytes: UnsafeBufferPointer<UInt8>) {
            if existing != nil {
                if targetHolds(bytes) {
                    matched += bytes.count
                    return
                }
                diverge()
            }
            writeOut(bytes)
        }

        /// Stops comparing: copies the bytes matched so far from the target, so that the temporary holds all
        /// that was given.
        func diverge() {
            guard let existing else { return }
            self.existing = nil
            defer { close(existing) }
            var copied = 0
            while failure == nil, copied < matched {
                let count = readTarget(existing, matched - copied, at: copied)
                guard count > 0 else {
                    failure = count < 0 ? String(cString: strerror(errno)) : "the file was cut short while it was compared"
                    return
                }
                buffer.withUnsafeBufferPointer { writeOut(UnsafeBufferPointer(rebasing: $0[..<count])) }
                copied += count
            }
        }

        /// Whether the target's next bytes, after those matched, are `bytes`.
        private func targetHolds(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let existing, let base = bytes.baseAddress else { return true }
            var compared = 0
            while compared < bytes.count {
                let count = readTarget(existing, bytes.count - compared, at: matched + compared)
                guard count > 0, buffer.withUnsafeBytes({ memcmp($0.baseAddress!, base + compared, count) }) == 0 else { return false }
                compared += count
            }
            return true
        }

        /// Reads up to `count` of the target's bytes (a `chunk` at most) at `offset` into the buffer, again when
        /// interrupted: how many were read, 0 at the target's end, -1 on an error (`errno` says which).
        private func readTarget(_ target: Int32, _ count: Int, at offset: Int) -> Int {
            if buffer.isEmpty { buffer = [UInt8](repeating: 0, count: Self.chunk) }
            while true {
                let read = buffer.withUnsafeMutableBytes { pread(target, $0.baseAddress!, min(count, Self.chunk), off_t(offset)) }
                if read < 0, errno == EINTR { continue }
                return read
            }
        }

        /// Bytes read from the target at a time, to compare or to copy.
        private static let chunk = 1 << 18

        /// Writes bytes after those written before; nothing once a write has failed.
        private func writeOut(_ bytes: UnsafeBufferPointer<UInt8>) {
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

        /// Syncs what was written (`fsync`), or only its data (`fdatasync`, for a part while more is to come);
        /// nothing while nothing has been written.
        func sync(dataOnly: Bool = false) {
            guard failure == nil, existing == nil else { return }
            if (dataOnly ? fdatasync(descriptor) : fsync(descriptor)) != 0 { failure = String(cString: strerror(errno)) }
        }
    }

    /// Writes and syncs `bytes` to a new temporary file beside `path` (nothing where the target holds them
    /// already), and returns the temporary; the target is untouched until `commit`.
    public static func prepare(_ bytes: [UInt8], for path: String) throws(WriteError) -> Prepared {
        try fill(try create(for: path), with: FinishedText(bytes))
    }

    /// Creates an empty temporary file beside `path`; the target is untouched. A caller that creates its
    /// temporaries before it generates what goes in them does not wait, to create one, for another's sync.
    public static func create(for path: String) throws(WriteError) -> Temporary {
        try refuseLinkOut(path)
        let stream = isStream(path)
        let target = URL(fileURLWithPath: stream ? path : linkTarget(path))
        // A device's or a pipe's text waits in the system's temporary folder: it is written into the target.
        let folder = stream ? URL(fileURLWithPath: NSTemporaryDirectory()) : target.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw WriteError(path: path, reason: "no such directory: \(folder.path)")
        }
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).hairline-\(UUID().uuidString).tmp").path
        let descriptor = InterruptCleanup.whileCreating(temporary) { open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        guard descriptor >= 0 else {
            throw WriteError(path: path, reason: String(cString: strerror(errno)))
        }
        // The target, to compare with: only a regular file (opening a FIFO for reading does not wait, with
        // O_NONBLOCK, and it is not compared).
        var existing: Int32? = stream ? nil : open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        var status = stat()
        if let opened = existing, opened < 0 || fstat(opened, &status) != 0 || status.st_mode & S_IFMT != S_IFREG {
            if opened >= 0 { close(opened) }
            existing = nil
        }
        let writer = Writer(descriptor, existing: existing)
        // The parts synced as they are written: the disk flushes them while the rest is generated, where one
        // sync of the whole text would flush it all at the end. Parts finished while a sync waits are written
        // and synced together: a sync commits the disk's journal, 3 to 7 ms however little it flushes.
        let parts = TextStream({ writer.write($0) }, caughtUp: { writer.sync(dataOnly: true) })
        return Temporary(path: temporary, target: path, writer: writer, stream: parts)
    }

    /// Writes and syncs a text to a created temporary, after the parts its stream wrote, part by part, and
    /// closes it; returns its path, for `commit`, and whether the target held the text already (the temporary
    /// is left empty then). On failure the temporary is removed.
    public static func fill(_ temporary: Temporary, with text: FinishedText) throws(WriteError) -> Prepared {
        let writer = temporary.writer
        text.parts(from: temporary.stream.finish()) { writer.write($0) }
        let unchanged = writer.matchesTarget
        if !unchanged {
            // The target is longer, or could not be compared: what matched is written.
            writer.diverge()
            writer.sync()
        }
        close(writer.descriptor)
        if let failure = writer.failure {
            discard(temporary.path)
            throw WriteError(path: temporary.target, reason: failure)
        }
        return Prepared(path: temporary.path, unchanged: unchanged)
    }

    /// Closes and removes a created temporary that will not be filled, once its stream has written what it had.
    public static func discard(_ temporary: Temporary) {
        _ = temporary.stream.finish()
        close(temporary.writer.descriptor)
        discard(temporary.path)
    }

    /// Renames a prepared temporary over its target, or removes it where the target held its bytes already; on
    /// failure the temporary is removed. A target that is a device or a pipe (`/dev/null`, `/dev/stdout`, a FIFO)
    /// is written to, never replaced by a file.
    public static func commit(_ prepared: Prepared, to path: String) throws(WriteError) {
        if prepared.unchanged {
            discard(prepared.path)
            return
        }
        if isStream(path) {
            defer { discard(prepared.path) }
            try copyDirectly(from: prepared.path, to: path)
            return
        }
        // Through a symbolic link, the file it names is replaced and the link kept.
        guard rename(prepared.path, linkTarget(path)) == 0 else {
            let reason = String(cString: strerror(errno))
            discard(prepared.path)
            throw WriteError(path: path, reason: reason)
        }
        InterruptCleanup.forget(prepared.path)
    }

    /// Whether a path is written to rather than replaced: an existing device, pipe or socket (its links followed),
    /// or anything under /dev or /proc — `/dev/stdout` and `/dev/fd/1` name the process's own descriptor, which is
    /// a regular file when the output is redirected to one, and must not be replaced by a file of ours.
    public static func isStream(_ path: String) -> Bool {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        if absolute.hasPrefix("/dev/") || absolute.hasPrefix("/proc/") { return true }
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        let type = status.st_mode & S_IFMT
        return type != S_IFREG && type != S_IFDIR
    }

    /// Refuses an output inside the repository whose symbolic links lead out of it: a pull request can commit
    /// `lint.txt -> ~/.bashrc`, and a CI step that writes `--output lint.txt` must not replace the runner's file.
    /// A path outside the repository as typed is the user's own, and is written wherever it leads.
    static func refuseLinkOut(_ path: String) throws(WriteError) {
        let (workingDirectory, repository) = (here.workingDirectory, here.repository)
        let typed = URL(fileURLWithPath: path, relativeTo: workingDirectory).standardizedFileURL
        guard ConfigFile.isInside(typed, repository) || ConfigFile.isInside(typed, workingDirectory) else { return }
        let leadsTo = resolved(typed.path)
        guard !ConfigFile.isInside(URL(fileURLWithPath: leadsTo), repository) else { return }
        throw WriteError(
            path: path, reason: "a symbolic link in it leads out of the repository, to \(leadsTo); Hairline writes no output through it (remove the link, or name the file itself)")
    }

    /// The run's working directory and the repository it is in, found once: a preview writes a page a screen.
    private static let here: (workingDirectory: URL, repository: URL) = {
        let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL
        return (workingDirectory, ConfigFile.repositoryRoot(of: workingDirectory))
    }()

    /// Where a path leads with every symbolic link in it followed, its last part included, whether or not the file
    /// at the end exists (a dangling link leads to where it would create one).
    static func resolved(_ path: String) -> String {
        var current = URL(fileURLWithPath: path).standardizedFileURL.path
        for _ in 0..<40 {
            let parentPath = (current as NSString).deletingLastPathComponent
            var parent = parentPath
            if let real = realpath(parentPath, nil) {
                parent = String(cString: real)
                free(real)
            }
            current = (parent as NSString).appendingPathComponent((current as NSString).lastPathComponent)
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK,
                let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current)
            else { return current }
            current = URL(fileURLWithPath: destination, relativeTo: URL(fileURLWithPath: parent, isDirectory: true)).standardizedFileURL.path
        }
        return current
    }

    /// The file a path names: a symbolic link's target (its links followed), else the path itself.
    static func linkTarget(_ path: String) -> String {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return path }
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    /// Copies a temporary's bytes into a device or a pipe as they are, a piece at a time.
    private static func copyDirectly(from temporary: String, to path: String) throws(WriteError) {
        let source = open(temporary, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw WriteError(path: path, reason: "the temporary file could not be read back") }
        defer { close(source) }
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw WriteError(path: path, reason: "the temporary file could not be read back") }
            if count == 0 { return }
            var written = 0
            while written < count {
                let result = buffer.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + written, count - written) }
                if result < 0, errno == EINTR { continue }
                guard result > 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
                written += result
            }
        }
    }

    /// Removes a temporary that will not be committed: the one place a temporary is removed.
    public static func discard(_ temporary: String) {
        unlink(temporary)
        InterruptCleanup.forget(temporary)
    }
}
