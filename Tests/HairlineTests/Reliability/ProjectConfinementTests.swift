import Foundation
import Testing

/// A file may name only files inside the project (the config's folder, else the git work tree): a resolver's
/// sources, a rule set's `extends`, Theo imports and the config's token and rule sets. A reference outside is an
/// input error that names the path and never shows the file's content; the user can allow more.
@Suite("Files that name files outside the project")
struct ProjectConfinementTests {
    static let secret = "SECRET_VALUE_7f3a"

    /// A folder with a secret beside a project: `outside/secret.yaml` (a token set whose one string is the secret)
    /// and `project/`, a git work tree.
    static func layout() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("outside/secret.yaml", "leak:\n  $type: string\n  value: \(secret)\n")
        try folder.write("outside/rules.yaml", "rules:\n  - {id: \(secret), given: card, check: {required: [x]}}\n")
        try folder.write("project/.git/HEAD", "ref: refs/heads/main\n")
        return folder
    }

    static func expectRefused(_ result: Binary.Result, path: String) {
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(path) is outside the project"), "\(result.stderr)")
        #expect(result.stderr.contains("[outside-project]"))
        #expect(!(result.stdout + result.stderr).contains(secret))
    }

    @Test(arguments: ["../outside/secret.yaml", "ABSOLUTE"])
    func aResolversSourceOutsideIsRefused(_ reference: String) throws {
        let folder = try Self.layout()
        let target = reference == "ABSOLUTE" ? folder.url.appendingPathComponent("outside/secret.yaml").path : reference
        try folder.write("project/set.resolver.json", "{\"version\": \"2025.10\", \"resolutionOrder\": [{\"$ref\": \"#/sets/base\"}], \"sets\": {\"base\": {\"sources\": [{\"$ref\": \"\(target)\"}]}}}\n")
        let result = try Binary.run(["compile", "set.resolver.json", "--json", "out.json"], in: folder.url.appendingPathComponent("project"))
        Self.expectRefused(result, path: target)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("project/out.json").path))
        // Allowed on the command line, it is read.
        let allowed = try Binary.run(["compile", "set.resolver.json", "--json", "out.json", "--allow-path", "../outside"], in: folder.url.appendingPathComponent("project"))
        #expect(allowed.status == 0, "\(allowed.stderr)")
    }

    @Test func aSymbolicLinkInsideThatLeadsOutsideIsRefused() throws {
        let folder = try Self.layout()
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("project/inside.yaml").path, withDestinationPath: folder.url.appendingPathComponent("outside/secret.yaml").path)
        try folder.write("project/set.resolver.json", "{\"version\": \"2025.10\", \"resolutionOrder\": [{\"$ref\": \"#/sets/base\"}], \"sets\": {\"base\": {\"sources\": [{\"$ref\": \"inside.yaml\"}]}}}\n")
        let result = try Binary.run(["compile", "set.resolver.json", "--json", "out.json"], in: folder.url.appendingPathComponent("project"))
        Self.expectRefused(result, path: "inside.yaml")
    }

    @Test func aTheoImportOutsideIsRefused() throws {
        let folder = try Self.layout()
        try folder.write("outside/theo.yml", "props:\n  leak: {value: \(Self.secret)}\n")
        try folder.write("project/tokens.yml", "imports:\n  - ../outside/theo.yml\nprops:\n  own: {value: '#ffffff', type: color}\n")
        let result = try Binary.run(["compile", "tokens.yml", "--json", "out.json"], in: folder.url.appendingPathComponent("project"))
        Self.expectRefused(result, path: "../outside/theo.yml")
    }

    @Test func aRuleSetsExtendsAndTheConfigsFilesOutsideAreRefused() throws {
        let folder = try Self.layout()
        try folder.write("project/rules.yaml", "extends: [../outside/rules.yaml]\nrules: []\n")
        try folder.write("project/screens/a.yaml", "screen: A\n")
        try folder.write(
            "project/.hairline.yml", "systems:\n  app:\n    tokens: ../outside/secret.yaml\n    rules: [rules.yaml]\n    screens: [\"screens/*.yaml\"]\n")
        let project = folder.url.appendingPathComponent("project")
        let lint = try Binary.run(["lint"], in: project)
        Self.expectRefused(lint, path: "../outside/secret.yaml")
        let rules = try Binary.run(["rules", "--rules", "rules.yaml"], in: project)
        Self.expectRefused(rules, path: "../outside/rules.yaml")
        // `--allow-path` on the command line lets them be read.
        #expect(try Binary.run(["lint", "--allow-path", "../outside"], in: project).status == 0)
    }

    /// The config comes with the pull request: its `allow:` cannot reach outside the repository (`allow: ["/"]` once
    /// let a token source name any file on the runner), and a searched-for config that links outside is not read.
    @Test(arguments: ["../outside", "/", "screens/../../outside"])
    func theConfigsAllowCannotLeaveTheRepository(_ entry: String) throws {
        let folder = try Self.layout()
        try folder.write("project/rules.yaml", "rules: []\n")
        try folder.write("project/screens/a.yaml", "screen: A\n")
        try folder.write(
            "project/.hairline.yml",
            "systems:\n  app:\n    tokens: ../outside/secret.yaml\n    rules: [rules.yaml]\n    screens: [\"screens/*.yaml\"]\nallow: [\"\(entry)\"]\n")
        let project = folder.url.appendingPathComponent("project")
        for arguments in [["lint"], ["rules"]] {
            let result = try Binary.run(arguments, in: project)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(".hairline.yml:6:9: error: allow: '\(entry)' is outside the repository"), "\(arguments): \(result.stderr)")
            #expect(!(result.stdout + result.stderr).contains(Self.secret))
        }
        // `compile` reads the config for its `allow:` alone, and does not take it.
        try folder.write("project/set.resolver.json", "{\"version\": \"2025.10\", \"resolutionOrder\": [{\"$ref\": \"#/sets/base\"}], \"sets\": {\"base\": {\"sources\": [{\"$ref\": \"../outside/secret.yaml\"}]}}}\n")
        Self.expectRefused(try Binary.run(["compile", "set.resolver.json", "--json", "out.json"], in: project), path: "../outside/secret.yaml")
    }

    /// Inside one repository (a monorepo), `allow:` still reaches a sibling folder.
    @Test func theConfigsAllowReachesAFolderInsideTheRepository() throws {
        let folder = try Self.layout()
        try FileManager.default.moveItem(at: folder.url.appendingPathComponent("project/.git"), to: folder.url.appendingPathComponent(".git"))
        try folder.write("project/rules.yaml", "rules: []\n")
        try folder.write("project/screens/a.yaml", "screen: A\n")
        try folder.write(
            "project/.hairline.yml",
            "systems:\n  app:\n    tokens: ../outside/secret.yaml\n    rules: [rules.yaml]\n    screens: [\"screens/*.yaml\"]\nallow: [../outside]\n")
        let result = try Binary.run(["lint"], in: folder.url.appendingPathComponent("project"))
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func aConfigThatLinksOutsideTheRepositoryIsNotRead() throws {
        let folder = try Self.layout()
        try folder.write("outside/config.yml", "systems:\n  app:\n    tokens: ../outside/secret.yaml\n    screens: [\"*.yaml\"]\n")
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("project/.hairline.yml").path, withDestinationPath: folder.url.appendingPathComponent("outside/config.yml").path)
        let result = try Binary.run(["lint"], in: folder.url.appendingPathComponent("project"))
        #expect(result.status == 2)
        #expect(result.stderr.contains(".hairline.yml:1:1: error: .hairline.yml is a link to"), "\(result.stderr)")
        #expect(result.stderr.contains("outside the repository"))
    }
}
