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

    @Test func refusesToOverwriteAndWritesNothing() throws {
        let folder = try TemporaryFolder()
        try folder.write("Rules/app.yaml", "mine\n")
        let result = try Binary.run(["init"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("Rules/app.yaml:1:1: error: Rules/app.yaml exists; hairline init writes nothing over an existing file [io]"))
        #expect(try folder.contents() == ["Rules"])
        #expect(try String(contentsOf: folder.url.appendingPathComponent("Rules/app.yaml"), encoding: .utf8) == "mine\n")
    }
}
