import Foundation
import HairlineDiagnostics

/// Where a run reads its files: the disk, except for the paths whose bytes it was given in memory (an editor's
/// unsaved text, standard input). Every reader of a token set, resolver source, Theo import, rule set or config
/// reads through one, so an unsaved edit of any of them is seen by everything that uses it.
public struct Documents: Sendable {
    /// The bytes given in memory, by standardised absolute path.
    private var overlay: [String: [UInt8]] = [:]
    /// The folders a file read may name other files in (a resolver's sources, a rule set's `extends`, Theo
    /// imports, the config's token and rule sets): the project's root and what the user allows, each standardised
    /// with its links resolved. Empty: any file.
    public var confinedTo: [String] = []

    /// Documents read from the disk only.
    public static let disk = Documents()

    /// Documents with the given paths' bytes in memory (relative paths are taken from the working directory).
    public init(_ documents: [String: [UInt8]] = [:]) {
        for (path, bytes) in documents { overlay[Self.key(path)] = bytes }
    }

    /// Gives a path's bytes in memory, replacing any given before.
    public mutating func set(_ path: String, bytes: [UInt8]) {
        overlay[Self.key(path)] = bytes
    }

    /// Whether a path's bytes are held in memory.
    public func holds(_ path: String) -> Bool {
        !overlay.isEmpty && overlay[Self.key(path)] != nil
    }

    /// A file's bytes: the ones in memory, else the disk's, refused as `YAMLSource.readBytes` refuses them.
    public func readBytes(path: String, displayPath: String? = nil, limits: YAMLLimits = .standard) throws(YAMLError) -> [UInt8] {
        if !overlay.isEmpty, let bytes = overlay[Self.key(path)] {
            if bytes.count > limits.maxFileBytes {
                throw .fileTooLarge(path: displayPath ?? path, bytes: bytes.count, limit: limits.maxFileBytes)
            }
            return bytes
        }
        return try YAMLSource.readBytes(path: path, displayPath: displayPath, limits: limits)
    }

    /// A file's one document, parsed.
    public func load(path: String, displayPath: String? = nil, limits: YAMLLimits = .standard) throws(YAMLError) -> Node {
        let shown = displayPath ?? path
        return try YAMLSource.parse(bytes: readBytes(path: path, displayPath: shown, limits: limits), file: shown, limits: limits)
    }

    /// Whether a file exists, in memory or on the disk.
    public func exists(_ path: String) -> Bool {
        holds(path) || FileManager.default.fileExists(atPath: path)
    }

    /// Confines the files that files name to the project's root and the folders the user allows.
    public mutating func confine(to root: URL, allowing allowed: [URL] = []) {
        confinedTo = ([root] + allowed).map { Self.real($0.path) }
    }

    /// Refuses a file that a file names when it lies outside the folders this confines reads to. `shown` is the
    /// path as the naming file gives it; nothing of the named file is read.
    public func checkReference(_ path: String, shown: String, at mark: Mark) throws(YAMLError) {
        guard !confinedTo.isEmpty else { return }
        let real = Self.real(path)
        guard !confinedTo.contains(where: { real == $0 || real.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) else { return }
        throw .outsideProject(path: shown, root: confinedTo[0], at: mark)
    }

    /// A path standardised with its symbolic links resolved, as far as it exists.
    private static func real(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    private static func key(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
