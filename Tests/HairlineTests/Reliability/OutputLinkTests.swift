import Foundation
import Testing

/// No output follows a committed symbolic link out of the repository: a pull request can commit `lint.txt ->
/// ~/.bashrc` or a folder link to `/`, and a CI step that writes there must refuse, leaving the file outside as it was.
@Suite("Outputs through links")
struct OutputLinkTests {
    static let original = "export PATH=/usr/bin\n"

    /// A repository with a token set, a screen, and a file and a folder outside it.
    static func layout() throws -> (folder: TemporaryFolder, repository: URL, victim: URL) {
        let folder = try TemporaryFolder()
        try folder.write("outside/.bashrc", original)
        try folder.write("repo/.git/HEAD", "ref: refs/heads/main\n")
        try folder.write("repo/tokens.yaml", "spacing: {$type: dimension, a: 4}\n")
        try folder.write("repo/rules.yaml", "rules:\n  - {id: r, given: \"*\", check: {allowed: {properties: [padding], values: [4]}}}\n")
        try folder.write("repo/s.yaml", "screen: S\npadding: 6\n")
        let repository = folder.url.appendingPathComponent("repo")
        return (folder, repository, folder.url.appendingPathComponent("outside/.bashrc"))
    }

    static func link(_ name: String, to destination: URL, in repository: URL) throws {
        try FileManager.default.createSymbolicLink(atPath: repository.appendingPathComponent(name).path, withDestinationPath: destination.path)
    }

    @Test(arguments: [
        ["lint", "--tokens", "tokens.yaml", "--rules", "rules.yaml", "s.yaml", "--output", "out.txt"],
        ["lint", "--tokens", "tokens.yaml", "--rules", "rules.yaml", "s.yaml", "--report", "sarif=out.txt"],
        ["lint", "--tokens", "tokens.yaml", "--rules", "rules.yaml", "s.yaml", "--write-baseline", "out.txt"],
        ["compile", "tokens.yaml", "--swift", "out.txt"],
        ["compile", "tokens.yaml", "--json", "out.txt"],
    ])
    func aFileLinkOutOfTheRepositoryIsNotWrittenThrough(_ arguments: [String]) throws {
        let (folder, repository, victim) = try Self.layout()
        _ = folder
        try Self.link("out.txt", to: victim, in: repository)
        let result = try Binary.run(arguments, in: repository)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("out.txt:1:1: error: cannot write out.txt: a symbolic link in it leads out of the repository"), "\(result.stderr)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == Self.original)
    }

    @Test func aFolderLinkOutOfTheRepositoryIsNotWrittenThrough() throws {
        let (folder, repository, victim) = try Self.layout()
        try Self.link("generated", to: victim.deletingLastPathComponent(), in: repository)
        let compile = try Binary.run(["compile", "tokens.yaml", "--json", "generated/.bashrc"], in: repository)
        #expect(compile.status == 2)
        let preview = try Binary.run(["preview", "s.yaml", "--tokens", "tokens.yaml", "--rules", "rules.yaml", "--out", "generated"], in: repository)
        #expect(preview.status == 2, "\(preview.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("outside").path) == [".bashrc"])
        #expect(try String(contentsOf: victim, encoding: .utf8) == Self.original)
    }

    /// A link that stays inside the repository is written through as before, and a path the user types outside the
    /// repository is theirs.
    @Test func linksInsideAndPathsTypedOutsideAreWritten() throws {
        let (folder, repository, _) = try Self.layout()
        try folder.write("repo/real.json", "")
        try Self.link("alias.json", to: repository.appendingPathComponent("real.json"), in: repository)
        #expect(try Binary.run(["compile", "tokens.yaml", "--json", "alias.json"], in: repository).status == 0)
        #expect(try String(contentsOf: repository.appendingPathComponent("real.json"), encoding: .utf8).contains("spacing"))
        let outside = folder.url.appendingPathComponent("outside/tokens.json").path
        #expect(try Binary.run(["compile", "tokens.yaml", "--json", outside], in: repository).status == 0)
        #expect(FileManager.default.fileExists(atPath: outside))
    }
}
