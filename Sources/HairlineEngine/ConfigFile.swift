import Foundation
import HairlineDiagnostics
import HairlineLint
import HairlineYAML

/// Finding and reading a run's `.hairline.yml`: the one way every command and front end does it.
public enum ConfigFile {
    /// The config a run reads: `explicit` (a path from the working directory) if given, else the nearest
    /// `.hairline.yml` in the working directory or a parent; nil when there is none. `shown` is the path printed.
    public static func locate(explicit: String?, from workingDirectory: URL, documents: Documents = .disk) -> (url: URL, shown: String)? {
        if let explicit { return (URL(fileURLWithPath: explicit, relativeTo: workingDirectory), explicit) }
        guard let folder = nearestFolder(holding: LintConfig.fileName, from: workingDirectory, exists: documents.exists) else { return nil }
        let candidate = folder.appendingPathComponent(LintConfig.fileName)
        return (candidate, FileWalker.relative(candidate.path, to: workingDirectory))
    }

    /// The working directory or its nearest parent that holds `name`.
    private static func nearestFolder(holding name: String, from workingDirectory: URL, exists: (String) -> Bool) -> URL? {
        var folder = workingDirectory.standardizedFileURL
        while true {
            if exists(folder.appendingPathComponent(name).path) { return folder }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// Reads the config `locate` finds; nil when there is none. Throws every error in it. A config comes with the
    /// repository (a pull request may change it), so it cannot widen what files may read beyond the repository: a
    /// `.hairline.yml` found by the search that links outside the repository, and an `allow:` folder outside it,
    /// are errors; only `--allow-path` on the command line reaches further.
    public static func load(explicit: String?, from workingDirectory: URL, documents: Documents = .disk) throws(DiagnosticError) -> LintConfig? {
        guard let (url, shown) = locate(explicit: explicit, from: workingDirectory, documents: documents) else { return nil }
        let repository = repositoryRoot(of: url.deletingLastPathComponent())
        if explicit == nil, !isInside(url.resolvingSymlinksInPath(), repository) {
            throw DiagnosticError(
                .inputError(
                    "config", "\(shown) is a link to \(url.resolvingSymlinksInPath().path), outside the repository (\(repository.path)); name a config with --config to read it",
                    at: .start(of: shown)))
        }
        let config = try LintConfig.load(path: url.path, displayPath: shown, documents: documents)
        var errors: [Diagnostic] = []
        for (index, entry) in config.allow.enumerated() {
            let folder = URL(fileURLWithPath: entry, relativeTo: config.folder).standardizedFileURL.resolvingSymlinksInPath()
            guard !isInside(folder, repository) else { continue }
            errors.append(
                .inputError(
                    "config",
                    "allow: '\(entry)' is outside the repository (\(repository.path)); a config may allow only folders inside it. To read files outside it, pass --allow-path DIR on the command line",
                    at: index < config.allowMarks.count ? config.allowMarks[index] : .start(of: shown)))
        }
        guard errors.isEmpty else { throw DiagnosticError(errors) }
        return config
    }

    /// The git work tree a folder is in (its nearest ancestor with `.git`, links resolved), else the folder itself.
    public static func repositoryRoot(of folder: URL) -> URL {
        let resolved = folder.standardizedFileURL.resolvingSymlinksInPath()
        return nearestFolder(holding: ".git", from: resolved, exists: FileManager.default.fileExists(atPath:)) ?? resolved
    }

    /// Whether a path is a folder or the folder itself, compared by path components.
    public static func isInside(_ path: URL, _ folder: URL) -> Bool {
        let inner = path.standardizedFileURL.pathComponents
        let outer = folder.standardizedFileURL.pathComponents
        return inner.count >= outer.count && Array(inner.prefix(outer.count)) == outer
    }

    /// The project's root: the config's folder, else the git work tree the working directory is in, else the
    /// working directory.
    public static func projectRoot(config: LintConfig?, from workingDirectory: URL) -> URL {
        if let config { return config.folder }
        return nearestFolder(holding: ".git", from: workingDirectory, exists: FileManager.default.fileExists(atPath:)) ?? workingDirectory
    }

    /// Confines the files that files name to the project and to the folders the user allows: `--allow-path` folders
    /// (from the working directory) and the config's `allow:` (from its folder).
    public static func confine(_ documents: inout Documents, config: LintConfig?, from workingDirectory: URL, allowing: [String]) {
        let allowed = allowing.map { URL(fileURLWithPath: $0, relativeTo: workingDirectory) }
            + (config.map { config in config.allow.map { URL(fileURLWithPath: $0, relativeTo: config.folder) } } ?? [])
        documents.confine(to: projectRoot(config: config, from: workingDirectory), allowing: allowed)
    }

    /// Every rule file the config's systems name, each once, relative to the working directory.
    public static func rulePaths(of config: LintConfig, from workingDirectory: URL) -> [String] {
        var paths: [String] = []
        for system in config.systems {
            for rule in system.rules {
                let path = FileWalker.relative(config.url(of: rule).path, to: workingDirectory)
                if !paths.contains(path) { paths.append(path) }
            }
        }
        return paths
    }

    /// The rules of rule files (relative paths from the working directory), each rule once (a file named twice, or extended by two, gives its rules once);
    /// throws every error, a rule id used by two different rules among them.
    public static func rules(in paths: [String], from workingDirectory: URL, documents: Documents = .disk) throws(DiagnosticError) -> [Rule] {
        var rules: [Rule] = []
        var errors: [Diagnostic] = []
        var ids = RuleIDs()
        for path in paths {
            do throws(DiagnosticError) {
                for rule in try RuleSetReader.load(path: LintEngine.absolute(path, in: workingDirectory), displayPath: path, documents: documents) {
                    switch ids.admit(rule) {
                    case .new: rules.append(rule)
                    case .again: continue
                    case .duplicate(let error): errors.append(error.diagnostic)
                    }
                }
            } catch {
                errors += error.diagnostics
            }
        }
        guard errors.isEmpty else { throw DiagnosticError(errors) }
        return rules
    }
}
