import Foundation
import Testing

@Suite("hairline init")
struct CLIInitTests {
    @Test func scaffoldsAProjectThatLintsClean() throws {
        let folder = try TemporaryFolder()
        let result = try Binary.run(["init", "--name", "acme"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("created Tokens/acme.yaml"))
        let lint = try Binary.run(["lint"], in: folder.url)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.stderr == "no findings in 1 file\n")
        #expect(try Binary.run(["compile", "Tokens/acme.yaml"], in: folder.url).status == 0)
        #expect(try Binary.run(["rules"], in: folder.url).stdout.contains("acme-spacing-scale"))
    }

    /// A display name may have spaces and quotes: it is the set's `$name` and the rules' label as written, and its
    /// slug names the files, the system and the rule ids.
    @Test func aDisplayNameWithSpacesAndQuotes() throws {
        let folder = try TemporaryFolder()
        let result = try Binary.run(["init", "--name", "Acme \"Design\" 2"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("created Tokens/acme-design-2.yaml"))
        #expect(try Binary.run(["lint"], in: folder.url).status == 0)
        let swift = try Binary.run(["compile", "Tokens/acme-design-2.yaml", "--swift", "Tokens.swift"], in: folder.url)
        #expect(swift.status == 0, "\(swift.stderr)")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("Tokens.swift"), encoding: .utf8).contains("/// The Acme \"Design\" 2 design tokens."))
        #expect(try Binary.run(["rules"], in: folder.url).stdout.contains("acme-design-2-spacing-scale"))
        let empty = try TemporaryFolder()
        #expect(try Binary.run(["init", "--name", "!!!"], in: empty.url).status == 2)
    }

    @Test func refusesToOverwriteAndWritesNothing() throws {
        let folder = try TemporaryFolder()
        try folder.write("Rules/app.yaml", "mine\n")
        let result = try Binary.run(["init"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("Rules/app.yaml:1:1: error: Rules/app.yaml exists; hairline init writes nothing over an existing file [io]"))
        #expect(try folder.contents() == ["Rules"])
        #expect(try String(contentsOf: folder.url.appendingPathComponent("Rules/app.yaml"), encoding: .utf8) == "mine\n")
    }

    /// The starter system declares its components, so that a typo'd property is a finding from the first day, and its
    /// rules agree with that vocabulary (`rules --verify`).
    @Test func theStarterSystemCatchesATypoedProperty() throws {
        let folder = try TemporaryFolder()
        #expect(try Binary.run(["init", "--name", "acme"], in: folder.url).status == 0)
        let verify = try Binary.run(["rules", "--verify"], in: folder.url)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        try folder.write("Examples/acme/typo.yaml", "screen: S\nchildren:\n  - card: {pading: 16}\n")
        let lint = try Binary.run(["lint", "Examples/acme/typo.yaml"], in: folder.url)
        #expect(lint.status == 1)
        #expect(lint.stdout.hasPrefix("Examples/acme/typo.yaml:3:12: error: pading is not a property of card; did you mean 'padding'? [component-property]"), "\(lint.stdout)")
    }

    /// All or nothing: a name too long for a file, a control character, or a folder that links out of the repository
    /// leaves nothing behind (it once left `.hairline.yml` alone, and a second `init` refused), and an `init` that
    /// can write then does.
    @Test func aFailedInitLeavesNothingBehind() throws {
        for name in [String(repeating: "a", count: 300), "Acme\u{01}", "Acme\u{1B}[2J"] {
            let folder = try TemporaryFolder()
            let result = try Binary.run(["init", "--name", name], in: folder.url)
            #expect(result.status == 2)
            #expect(try folder.contents().isEmpty, "\(name.prefix(10))")
            #expect(!result.stderr.contains("\u{1B}"))
        }
        let folder = try TemporaryFolder()
        let outside = try TemporaryFolder()
        try folder.write(".git/HEAD", "ref: refs/heads/main\n")
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("Tokens").path, withDestinationPath: outside.url.path)
        let linked = try Binary.run(["init", "--name", "acme"], in: folder.url)
        #expect(linked.status == 2)
        #expect(try folder.contents().sorted() == [".git", "Tokens"])
        #expect(try outside.contents().isEmpty)
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("Tokens"))
        #expect(try Binary.run(["init", "--name", "acme"], in: folder.url).status == 0)
    }

    /// A second system in a project that has one: `init` adds it to `.hairline.yml`, keeping every byte of what the
    /// team wrote there, and both systems lint; the same name twice, or a config it cannot add to, changes nothing.
    @Test func aSecondSystemIsAddedToTheConfig() throws {
        let folder = try TemporaryFolder()
        #expect(try Binary.run(["init", "--name", "acme"], in: folder.url).status == 0)
        let config = folder.url.appendingPathComponent(".hairline.yml")
        let mine = try String(contentsOf: config, encoding: .utf8) + "# our note\nexclude: [\"Vendor/**\"]\n"
        try mine.write(to: config, atomically: true, encoding: .utf8)
        let second = try Binary.run(["init", "--name", "Beta Kit"], in: folder.url)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("added the system to .hairline.yml") && second.stdout.contains("created Rules/beta-kit.yaml"))
        let added = try String(contentsOf: config, encoding: .utf8)
        #expect(added.hasSuffix("# our note\nexclude: [\"Vendor/**\"]\n"))
        #expect(added.contains("  beta-kit:\n    tokens: Tokens/beta-kit.yaml\n"))
        #expect(added.replacingOccurrences(of: "  beta-kit:\n    tokens: Tokens/beta-kit.yaml\n    rules: [Rules/beta-kit.yaml]\n    screens: [\"Examples/beta-kit/**/*.yaml\"]\n", with: "") == mine)
        let lint = try Binary.run(["lint"], in: folder.url)
        #expect(lint.status == 0 && lint.stderr == "no findings in 2 files\n", "\(lint.stdout)\(lint.stderr)")

        let again = try Binary.run(["init", "--name", "beta kit"], in: folder.url)
        #expect(again.status == 2 && again.stderr.contains("has a system 'beta-kit' already"), "\(again.stderr)")
        try "systems: {acme: {tokens: Tokens/acme.yaml, rules: [Rules/acme.yaml]}}\n".write(to: config, atomically: true, encoding: .utf8)
        let flow = try Binary.run(["init", "--name", "gamma"], in: folder.url)
        #expect(flow.status == 2 && flow.stderr.contains("add these lines to it by hand"), "\(flow.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Rules/gamma.yaml").path))
    }
}
