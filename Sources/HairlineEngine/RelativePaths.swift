import Foundation

/// Paths made relative to one folder, whose standardised path is worked out once.
public struct RelativePaths: Sendable {
    private let prefix: String

    /// Paths relative to `base`.
    public init(to base: URL) {
        prefix = Self.folder(base.standardizedFileURL.path)
    }

    /// The working directory, standardised once for the process (which never changes it), with a slash after
    /// it: a relative path with nothing to standardise (`screens/home.yaml`, as the walker gives a folder named on
    /// the command line) is joined to it rather than standardised through a URL. Made when first needed.
    private static let workingDirectory = folder(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path)

    /// A folder's path with one slash after it.
    private static func folder(_ path: String) -> String {
        path.hasSuffix("/") ? path : path + "/"
    }

    /// `path` relative to the folder when it lies inside it, else as it is. A relative path is relative to the
    /// working directory, as on the command line.
    public func relative(_ path: String) -> String {
        let full = Self.standardized(path)
        guard full.hasPrefix(prefix) else { return full }
        return String(Substring(full.utf8.dropFirst(prefix.utf8.count)))
    }

    /// The absolute, standardised form of a path, as `standardizedFileURL` gives it.
    public static func standardized(_ path: String) -> String {
        if Self.isStandard(path) { return path }
        if path.utf8.first != UInt8(ascii: "/"), Self.isStandard("/" + path) { return Self.workingDirectory + path }
        return URL(fileURLWithPath: path).standardizedFileURL.path
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
