import Foundation

/// Finds YAML files under a folder: `*.yaml` and `*.yml`, in sorted order, skipping hidden folders, `.build/`
/// and symbolic links.
public enum FileWalker {
    /// Every YAML file under a folder, in sorted order.
    public static func yamlFiles(under folder: String) -> [String] {
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
    public static func relative(_ path: String, to base: URL) -> String {
        RelativePaths(to: base).relative(path)
    }
}
