import Foundation
import Testing

import HairlineEngine

/// Paths made relative to a folder: a path with nothing to standardise is joined to the working directory
/// rather than standardised through a URL, and comes out as the URL would make it.
@Suite("Relative paths")
struct RelativePathsTests {
    static let paths = [
        "a.yaml", "screens/home.yaml", "deep/er/still/x.yaml", "screens/../x.yaml", "./a.yaml", "screens/./a.yaml",
        ".hidden/a.yaml", "a//b.yaml", "screens/", "..", ".", "/abs/x.yaml", "/abs/./x.yaml", "/abs/../x.yaml",
        "/", "écran/accueil.yaml", "a b/c.yaml",
    ]

    @Test(arguments: paths)
    func aPathIsStandardisedAsItsURLWouldBe(_ path: String) {
        #expect(RelativePaths.standardized(path) == URL(fileURLWithPath: path).standardizedFileURL.path)
    }

    /// Relative to the working directory and to a folder inside it, each path as the URL's standard path gives it.
    @Test(arguments: paths)
    func aPathIsMadeRelativeAsItsURLWouldMakeIt(_ path: String) {
        let working = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        for folder in [working, working + "/screens"] {
            let full = URL(fileURLWithPath: path).standardizedFileURL.path
            let prefix = folder + "/"
            let expected = full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : full
            #expect(RelativePaths(to: URL(fileURLWithPath: folder)).relative(path) == expected, "\(path) in \(folder)")
        }
    }
}
