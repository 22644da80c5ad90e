import Foundation

/// Finds the files a lint reads under a folder: YAML (`*.yaml`, `*.yml`) and Swift (`*.swift`), in sorted order,
/// skipping hidden folders, `.build/` and symbolic links. An entry that cannot be looked at (a name that is not UTF-8) is reported, not skipped.
public enum FileWalker {
    /// A folder that could not be listed, and why.
    public struct Unreadable: Error, Sendable, Hashable {
        public let path: String
        public let reason: String

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// Every YAML or Swift file under a folder, in sorted order, and the folders under it that could not be listed (a
    /// folder without read permission): a caller that lints them says so rather than pass over their screens.
    /// `list` names a folder's entries; tests give a failing one.
    public static func walk(under folder: String, list: (String) throws(Unreadable) -> [String] = entries(of:))
        -> (files: [String], unreadable: [Unreadable])
    {
        var found: [String] = []
        var unreadable: [Unreadable] = []
        walk(folder, list: list, into: &found, unreadable: &unreadable)
        return (found, unreadable)
    }

    private static func walk(
        _ folder: String, list: (String) throws(Unreadable) -> [String], into found: inout [String], unreadable: inout [Unreadable]
    ) {
        let names: [String]
        do throws(Unreadable) {
            names = try list(folder)
        } catch {
            unreadable.append(error)
            return
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            // lstat: a symbolic link is itself, not what it points to.
            var status = stat()
            guard lstat(path, &status) == 0 else {
                // A name that is not UTF-8 comes back decoded with U+FFFD and names nothing: said, never passed
                // over, so that no screen is hidden from a lint by its name.
                let reason = name.unicodeScalars.contains("\u{FFFD}") ? "its name is not UTF-8, so it cannot be read; rename it" : String(cString: strerror(errno))
                unreadable.append(Unreadable(path: path, reason: reason))
                continue
            }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                walk(path, list: list, into: &found, unreadable: &unreadable)
            case S_IFREG where name.hasSuffix(".yaml") || name.hasSuffix(".yml") || name.hasSuffix(".swift"):
                found.append(path)
            default:
                break  // symbolic links and anything else
            }
        }
    }

    /// A folder's entries but `.` and `..`, or why they cannot be read.
    public static func entries(of folder: String) throws(Unreadable) -> [String] {
        guard let directory = opendir(folder) else { throw Unreadable(path: folder, reason: String(cString: strerror(errno))) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// `path` relative to `base` when it lies inside it, else as it is.
    public static func relative(_ path: String, to base: URL) -> String {
        RelativePaths(to: base).relative(path)
    }
}
