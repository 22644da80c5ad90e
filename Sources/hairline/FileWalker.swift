import Foundation

/// Finds YAML files under a folder: `*.yaml` and `*.yml`, in sorted order, skipping hidden folders, `.build/`
/// and symbolic links.
enum FileWalker {
    static func yamlFiles(under folder: String) -> [String] {
        var found: [String] = []
        walk(folder, into: &found)
        return found
    }

    private static func walk(_ folder: String, into found: inout [String]) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            // lstat: a symbolic link is itself, not what it points to.
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                walk(path, into: &found)
            case S_IFREG where name.hasSuffix(".yaml") || name.hasSuffix(".yml"):
                found.append(path)
            default:
                break  // symbolic links and anything else
            }
        }
    }

    /// `path` relative to `base` when it lies inside it, else as it is.
    static func relative(_ path: String, to base: URL) -> String {
        RelativePaths(to: base).relative(path)
    }
}

/// Paths made relative to one folder, whose standardised path is worked out once.
struct RelativePaths {
    private let prefix: String

    init(to base: URL) {
        let path = base.standardizedFileURL.path
        prefix = path.hasSuffix("/") ? path : path + "/"
    }

    /// `path` relative to the folder when it lies inside it, else as it is. A relative path is relative to the
    /// working directory, as on the command line.
    func relative(_ path: String) -> String {
        let full = Self.isStandard(path) ? path : URL(fileURLWithPath: path).standardizedFileURL.path
        guard full.hasPrefix(prefix) else { return full }
        return String(Substring(full.utf8.dropFirst(prefix.utf8.count)))
    }

    /// Whether a path is absolute with no `.`, `..` or empty component and no trailing slash: already what
    /// `standardizedFileURL` would make it (the walker's paths are).
    private static func isStandard(_ path: String) -> Bool {
        var previous: UInt8 = 0
        for byte in path.utf8 {
            if previous == UInt8(ascii: "/"), byte == UInt8(ascii: ".") || byte == UInt8(ascii: "/") { return false }
            previous = byte
        }
        return path.utf8.first == UInt8(ascii: "/") && previous != UInt8(ascii: "/")
    }
}
