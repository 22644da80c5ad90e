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
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                let type = attributes[.type] as? FileAttributeType
            else { continue }
            switch type {
            case .typeDirectory:
                walk(path, into: &found)
            case .typeRegular where name.hasSuffix(".yaml") || name.hasSuffix(".yml"):
                found.append(path)
            default:
                break  // symbolic links and anything else
            }
        }
    }

    /// `path` relative to `base` when it lies inside it, else as it is.
    static func relative(_ path: String, to base: URL) -> String {
        // A relative path is relative to the working directory, as on the command line.
        let full = URL(fileURLWithPath: path).standardizedFileURL.path
        let prefix = base.standardizedFileURL.path.hasSuffix("/") ? base.standardizedFileURL.path : base.standardizedFileURL.path + "/"
        return full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : full
    }
}
