import Foundation
import Testing

@Suite("hairline compile")
struct CLICompileTests {
    static let tokens = """
        $name: Tiny
        spacing:
          $type: dimension
          pad: 16

        """

    @Test func writesSwiftJSONAndDTCG() throws {
        let folder = try TemporaryFolder()
        try folder.write("tiny.yaml", Self.tokens)
        let result = try Binary.run(
            ["compile", "tiny.yaml", "--swift", "Tiny.swift", "--json", "tiny.json", "--dtcg", "tiny.tokens.json"], in: folder.url)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(try folder.contents() == ["Tiny.swift", "tiny.json", "tiny.tokens.json", "tiny.yaml"])
        let json = try String(contentsOf: folder.url.appendingPathComponent("tiny.json"), encoding: .utf8)
        #expect(json.contains("\"spacing.pad\": {\"type\": \"dimension\", \"value\": 16}"))
        let swift = try String(contentsOf: folder.url.appendingPathComponent("Tiny.swift"), encoding: .utf8)
        #expect(swift.contains("public static let pad: CGFloat = 16"))
    }

    @Test func withoutOutputsItOnlyValidates() throws {
        let folder = try TemporaryFolder()
        try folder.write("tiny.yaml", Self.tokens)
        let result = try Binary.run(["compile", "tiny.yaml"], in: folder.url)
        #expect(result.status == 0)
        #expect(try folder.contents() == ["tiny.yaml"])
    }

    @Test func checkNamesMissingAndStaleOutputsAndWritesNothing() throws {
        let folder = try TemporaryFolder()
        try folder.write("tiny.yaml", Self.tokens)
        #expect(try Binary.run(["compile", "tiny.yaml", "--json", "tiny.json"], in: folder.url).status == 0)
        // Fresh: exit 0.
        #expect(try Binary.run(["compile", "tiny.yaml", "--json", "tiny.json", "--check"], in: folder.url).status == 0)
        // Stale JSON and missing Swift: exit 1, each named, nothing written.
        try folder.write("tiny.yaml", Self.tokens.replacingOccurrences(of: "16", with: "24"))
        let before = try Data(contentsOf: folder.url.appendingPathComponent("tiny.json"))
        let result = try Binary.run(["compile", "tiny.yaml", "--json", "tiny.json", "--swift", "T.swift", "--check"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains("T.swift: error: missing; run 'hairline compile tiny.yaml --swift T.swift --json tiny.json' [stale-output]"))
        #expect(result.stderr.contains("tiny.json: error: out of date with tiny.yaml; run"))
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("tiny.json")) == before)
        #expect(try folder.contents() == ["tiny.json", "tiny.yaml"])
    }

    @Test func anInvalidTokenSetNeverReplacesAGoodOutputAndLeavesNoTemporaryFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("tiny.yaml", Self.tokens)
        #expect(try Binary.run(["compile", "tiny.yaml", "--json", "tiny.json", "--swift", "Tiny.swift"], in: folder.url).status == 0)
        let json = try Data(contentsOf: folder.url.appendingPathComponent("tiny.json"))
        let swift = try Data(contentsOf: folder.url.appendingPathComponent("Tiny.swift"))
        try folder.write("tiny.yaml", Self.tokens + "  broken: \"{spacing.nope}\"\n")
        let result = try Binary.run(["compile", "tiny.yaml", "--json", "tiny.json", "--swift", "Tiny.swift"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr == "tiny.yaml:5:11: error: '{spacing.nope}' refers to no token [token-reference]\n")
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("tiny.json")) == json)
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("Tiny.swift")) == swift)
        #expect(try folder.contents() == ["Tiny.swift", "tiny.json", "tiny.yaml"])
    }

    @Test func aSwiftNameCollisionFailsBeforeAnythingIsWritten() throws {
        let folder = try TemporaryFolder()
        try folder.write("clash.yaml", "g:\n  $type: number\n  a-b: 1\n  aB: 2\n")
        let result = try Binary.run(["compile", "clash.yaml", "--json", "clash.json", "--swift", "Clash.swift"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("clash.yaml:4:3: error: 'g.aB' and 'g.a-b' both become the Swift name 'aB'; rename one [swift-name-collision]\n"))
        #expect(try folder.contents() == ["clash.yaml"])
    }

    @Test func anUnwritableOutputIsAnInputError() throws {
        let folder = try TemporaryFolder()
        try folder.write("tiny.yaml", Self.tokens)
        let result = try Binary.run(["compile", "tiny.yaml", "--json", "no/such/dir/tiny.json"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: cannot write no/such/dir/tiny.json"))
    }

    /// One output that cannot be written: no output is written, and no temporary is left behind.
    @Test func anUnwritableOutputWritesNoOtherOutput() throws {
        let folder = try TemporaryFolder()
        try folder.write("tiny.yaml", Self.tokens)
        let result = try Binary.run(
            ["compile", "tiny.yaml", "--swift", "Tiny.swift", "--json", "no/such/dir/tiny.json", "--dtcg", "tiny.tokens.json"],
            in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: cannot write no/such/dir/tiny.json"))
        #expect(try folder.contents() == ["tiny.yaml"])
    }

    @Test func twoOutputsToOneFileIsAUsageError() throws {
        let folder = try TemporaryFolder()
        try folder.write("tiny.yaml", Self.tokens)
        let result = try Binary.run(["compile", "tiny.yaml", "--json", "x", "--dtcg", "x"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: two outputs are written to x"))
    }

    @Test func everyErrorIsReportedWithExitTwo() throws {
        let folder = try TemporaryFolder()
        try folder.write("bad.yaml", "a:\n  $type: dimension\n  x: 16em\n  y: \"{a.z}\"\n  z: \"{a.y}\"\n")
        let result = try Binary.run(["compile", "bad.yaml"], in: folder.url)
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("bad.yaml:3:6: error: invalid dimension") == true)
        #expect(lines.last == "bad.yaml:4:6: error: aliases form a cycle: a.y → a.z → a.y [token-cycle]")
    }
}
