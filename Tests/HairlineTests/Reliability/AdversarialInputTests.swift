import Foundation
import HairlineDiagnostics
import HairlineTokens
import HairlineYAML
import Testing

@testable import HairlineLint

/// Hostile input, generated at test time: each must end well under 2 s with a correct result or exit 2 and
/// `file:line:col: error: …`, within 200 MB, through the built binary.
@Suite("Adversarial inputs", .serialized)
struct AdversarialInputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let command: [String]
        let file: String
        let make: @Sendable () -> [UInt8]
        /// The exit status expected: 2 for an input error, else the lint or compile result.
        let status: Int32
        var testDescription: String { name }
    }

    static func text(_ string: String) -> [UInt8] { Array(string.utf8) }

    static let rules = "rules:\n  - {id: r, given: \"*\", check: {required: [x]}}\n"

    static let cases: [Case] = [
        Case(name: "billion laughs", command: ["lint", "--rules", "rules.yaml"], file: "input.yaml",
             make: { text("screen: S\n" + YAMLLimitTests.billionLaughs(levels: 10)) }, status: 2),
        Case(name: "100,000 nested [", command: ["lint", "--rules", "rules.yaml"], file: "input.yaml",
             make: { text("screen: S\nx: " + String(repeating: "[", count: 100_000)) }, status: 2),
        Case(name: "300 levels of nested elements", command: ["lint", "--rules", "rules.yaml"], file: "input.yaml",
             make: {
                 var lines = ["screen: S", "children:"]
                 var indent = ""
                 for _ in 0..<300 {
                     lines.append("\(indent)  - card:")
                     lines.append("\(indent)      children:")
                     indent += "      "
                 }
                 return text(lines.joined(separator: "\n") + "\n")
             }, status: 2),
        Case(name: "a 20 MB scalar", command: ["lint", "--rules", "rules.yaml"], file: "input.yaml",
             make: { text("screen: S\nx: \"" + String(repeating: "a", count: 20_000_000) + "\"\n") }, status: 0),
        Case(name: "200 KB of random bytes", command: ["lint", "--rules", "rules.yaml"], file: "input.yaml",
             make: {
                 var state: UInt64 = 7
                 return (0..<200_000).map { _ in
                     state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                     return UInt8(truncatingIfNeeded: state >> 56)
                 }
             }, status: 2),
        Case(name: "invalid UTF-8", command: ["lint", "--rules", "rules.yaml"], file: "input.yaml",
             make: { text("screen: S\nx: ") + [0xC3, 0x28] + text("\n") }, status: 2),
        Case(name: "an empty file", command: ["lint", "--rules", "rules.yaml"], file: "input.yaml", make: { [] }, status: 2),
        Case(name: "a top-level list", command: ["lint", "--rules", "rules.yaml"], file: "input.yaml", make: { text("- a\n- b\n") }, status: 2),
        Case(name: "a self-referential alias", command: ["lint", "--rules", "rules.yaml"], file: "input.yaml",
             make: { text("screen: S\nx: &a [1, *a]\n") }, status: 2),
        Case(name: "token alias cycles", command: ["compile"], file: "input.yaml",
             make: { text("a:\n  $type: number\n  x: \"{a.y}\"\n  y: \"{a.z}\"\n  z: \"{a.x}\"\n") }, status: 2),
        Case(name: "a 10,000-long alias chain", command: ["compile"], file: "input.yaml",
             make: {
                 var lines = ["chain:", "  $type: dimension", "  t0: 8"]
                 for index in 1..<10_000 { lines.append("  t\(index): \"{chain.t\(index - 1)}\"") }
                 return text(lines.joined(separator: "\n") + "\n")
             }, status: 0),
        Case(name: "a catastrophic regex in a rule", command: ["lint", "screen.yaml", "--rules"], file: "input.yaml",
             make: { text("rules:\n  - {id: r, given: \"*\", check: {pattern: {properties: [x], match: \"^(a+)+$\"}}}\n") }, status: 1),
    ]

    @Test(arguments: cases)
    func endsQuicklyWithAResultOrAnError(_ input: Case) throws {
        let folder = try TemporaryFolder()
        try folder.write("rules.yaml", Self.rules)
        try folder.write("screen.yaml", "screen: S\nx: \"" + String(repeating: "a", count: 32) + "!\"\n")
        try folder.write(input.file, bytes: input.make())
        let arguments = input.command + [input.file]
        let start = Date()
        let result = try Binary.run(arguments, in: folder.url)
        let seconds = Date().timeIntervalSince(start)
        // Ten times the slowest case here (the billion laughs, its aliases replayed up to the budget: 2 s in a debug
        // build): super-linear work on any of these inputs takes minutes or never ends.
        #expect(seconds < 20, "\(input.name) took \(seconds) s")
        #expect(result.status == input.status, "\(input.name): \(result.stderr.prefix(300))")
        if input.status == 2 {
            let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
            #expect(first.hasPrefix("\(input.file):"), "\(input.name): \(first)")
            #expect(first.contains(": error: "), "\(input.name): \(first)")
        }
        if let peak = try Self.peakMegabytes(arguments, in: folder.url) {
            #expect(peak < 200, "\(input.name) peaked at \(peak) MB")
        }
    }

    /// Peak memory of a run, from GNU time when it is installed.
    static func peakMegabytes(_ arguments: [String], in folder: URL) throws -> Double? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%M", Binary.executable.path] + arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let last = String(decoding: data, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        return Double(last.trimmingCharacters(in: .whitespaces)).map { $0 / 1024 }
    }
}

/// Every limit is a named constant, and each has a test at its edge.
@Suite("Limits at their edges")
struct LimitEdgeTests {
    @Test func fileSize() throws {
        let limits = YAMLLimits(maxFileBytes: 10, maxDepth: 512, maxAliasExpansion: 100)
        #expect((try? YAMLSource.parse("a: 123456\n", file: "t.yaml", limits: limits)) != nil)  // 10 bytes
        #expect(throws: YAMLError.fileTooLarge(path: "t.yaml", bytes: 11, limit: 10)) {
            try YAMLSource.parse("a: 1234567\n", file: "t.yaml", limits: limits)
        }
        #expect(YAMLLimits.standard.maxFileBytes == 32 * 1024 * 1024)
    }

    @Test func fileSizeIsCheckedBeforeReadingItAll() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("big.yaml", String(repeating: "a", count: 100))
        let limits = YAMLLimits(maxFileBytes: 50, maxDepth: 512, maxAliasExpansion: 100)
        #expect(throws: YAMLError.fileTooLarge(path: file.path, bytes: 100, limit: 50)) {
            try YAMLSource.load(path: file.path, limits: limits)
        }
    }

    @Test func depthAndAliasExpansion() {
        #expect(YAMLLimits.standard.maxDepth == 512)
        #expect(YAMLLimits.standard.maxAliasExpansion == 1_000_000)
        let text = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect((try? YAMLSource.parse(text, file: "t.yaml")) != nil, "512 levels are allowed")
        let deeper = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect((try? YAMLSource.parse(deeper, file: "t.yaml")) == nil, "513 are not")
    }

    @Test func tokenCount() throws {
        #expect(TokenSetLoader.maxTokens == 1_000_000)
        let root = try YAMLSource.parse("a:\n  $type: number\n  x: 1\n  y: 2\n  z: 3\n", file: "t.yaml")
        #expect((try? TokenSetLoader.resolve(root, defaultName: "t", maxTokens: 3)) != nil)
        do {
            _ = try TokenSetLoader.resolve(root, defaultName: "t", maxTokens: 2)
            Issue.record("three tokens over a limit of two should be refused")
        } catch {
            #expect(error.diagnostics.map(\.message) == ["the token set holds more than 2 tokens"])
            #expect(error.diagnostics.first?.mark.line == 5)
        }
    }

    @Test func patternLength() {
        #expect(BoundedRegex.maxPatternLength == 1_000)
        #expect((try? BoundedRegex(String(repeating: "a", count: 1_000))) != nil)
        #expect(throws: BoundedRegex.Failure.self) { try BoundedRegex(String(repeating: "a", count: 1_001)) }
    }
}
