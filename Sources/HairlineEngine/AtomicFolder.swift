import Foundation

/// Writes a generated folder (an asset catalog) as `AtomicFile` writes a file: the whole tree is written into a
/// new folder beside the target, then swapped in by one rename, so a reader never sees half a catalog and a failed
/// write leaves the old one as it was. A folder that already holds exactly the files is left alone; a folder that
/// holds anything the generator does not write (an image set, a file of the user's) is refused, never replaced.
public enum AtomicFolder {
    /// The files in a folder: relative path → bytes, for the files that `isGenerated` admits; nil when the folder
    /// does not exist; throws naming the first file it does not admit.
    public static func contents(of folder: String, isGenerated: (String) -> Bool) throws(AtomicFile.WriteError) -> [String: [UInt8]]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else { return nil }
        guard isDirectory.boolValue else { throw AtomicFile.WriteError(path: folder, reason: "it is a file, not a folder") }
        var files: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let relative = enumerator?.nextObject() as? String {
            let path = folder + "/" + relative
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            guard isGenerated(relative) else {
                throw AtomicFile.WriteError(path: folder, reason: "it holds \(relative), which hairline does not write; give it a folder of its own")
            }
            files[relative] = FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
        }
        return files
    }

    /// Whether a folder's files (as `contents` reads them) are exactly `files`.
    public static func holds(_ existing: [String: [UInt8]]?, exactly files: [(path: String, text: String)]) -> Bool {
        guard let existing else { return false }
        return existing.count == files.count && files.allSatisfy { existing[$0.path] == Array($0.text.utf8) }
    }

    /// Replaces `folder` with exactly `files`.
    public static func replace(_ folder: String, with files: [(path: String, text: String)], isGenerated: (String) -> Bool) throws(AtomicFile.WriteError) {
        try AtomicFile.refuseLinkOut(folder)
        let existing = try contents(of: folder, isGenerated: isGenerated)
        if holds(existing, exactly: files) { return }
        let parent = (folder as NSString).deletingLastPathComponent
        let name = (folder as NSString).lastPathComponent
        let staging = (parent.isEmpty ? "." : parent) + "/.\(name).hairline-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        do {
            for (path, text) in files {
                let target = staging + "/" + path
                try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                guard FileManager.default.createFile(atPath: target, contents: Data(text.utf8)) else {
                    throw AtomicFile.WriteError(path: folder, reason: "cannot write \(path) in its new copy")
                }
            }
        } catch let error as AtomicFile.WriteError {
            try? FileManager.default.removeItem(atPath: staging)
            throw error
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw AtomicFile.WriteError(path: folder, reason: error.localizedDescription)
        }
        guard existing != nil else {
            guard rename(staging, folder) == 0 else {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(atPath: staging)
                throw AtomicFile.WriteError(path: folder, reason: reason)
            }
            return
        }
        // The new tree and the old swap places in one step; the old, now at the staging path, is removed.
        guard exchange(staging, folder) else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: staging)
            throw AtomicFile.WriteError(path: folder, reason: reason)
        }
        try? FileManager.default.removeItem(atPath: staging)
    }

    /// Swaps two paths in one step: Linux's `renameat2` with `RENAME_EXCHANGE` (looked up at run time: the
    /// toolchain's Glibc module does not declare it); where there is none, the old folder is moved aside and the
    /// new one moved in, and the old moved back if that fails.
    private static func exchange(_ first: String, _ second: String) -> Bool {
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        let exchangeFlag: UInt32 = 2  // RENAME_EXCHANGE
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") {
            let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
            if renameat2(AT_FDCWD, first, AT_FDCWD, second, exchangeFlag) == 0 { return true }
            // A file system without the exchange (EINVAL) takes the two renames below.
            guard errno == EINVAL || errno == ENOSYS else { return false }
        }
        let aside = first + ".old"
        guard rename(second, aside) == 0 else { return false }
        guard rename(first, second) == 0 else {
            let saved = errno
            _ = rename(aside, second)
            errno = saved
            return false
        }
        return rename(aside, first) == 0
    }
}
