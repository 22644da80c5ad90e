import Foundation
import Testing

/// Numbers read from a user's file are range-checked before they become integers, and counts are added with
/// overflow checks: a rule option of 1e19 and two baseline counts of Int.max once trapped.
@Suite("Numbers from user files")
struct UserNumberTests {
    static let tokens = "spacing: {$type: dimension, a: 4}\n"

    @Test func aCountOptionBeyondAnyIntegerIsAnErrorAtItsMark() throws {
        let folder = try TemporaryFolder()
        try folder.write("t.yaml", Self.tokens)
        try folder.write("r.yaml", "rules:\n  - id: r\n    given: card\n    check: {max-count: {of: text, max: 1e19}}\n")
        try folder.write("s.yaml", "screen: S\n")
        for arguments in [["lint", "--tokens", "t.yaml", "--rules", "r.yaml", "s.yaml"], ["rules", "--rules", "r.yaml"]] {
            let result = try Binary.run(arguments, in: folder.url)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("r.yaml:4:40: error: 'max' must be a whole number from 0 to 9007199254740992; found 1e19 [rule-structure]"), "\(result.stderr)")
        }
    }

    @Test(arguments: [(".inf", "an infinite number (.inf)"), ("-.Inf", "an infinite number (-.Inf)"), (".nan", "not a number (.nan)")])
    func anInfiniteBoundSaysWhatItFound(_ written: String, _ said: String) throws {
        let folder = try TemporaryFolder()
        try folder.write("t.yaml", Self.tokens)
        try folder.write("r.yaml", "rules:\n  - id: s\n    given: \"*\"\n    check: {max: {properties: [padding], value: \(written)}}\n")
        try folder.write("s.yaml", "screen: S\npadding: 6\n")
        let result = try Binary.run(["lint", "--tokens", "t.yaml", "--rules", "r.yaml", "s.yaml"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("'value' must be a finite number; found \(said) [rule-structure]"), "\(result.stderr)")
    }

    @Test func baselineCountsThatPassIntMaxDoNotTrap() throws {
        let folder = try TemporaryFolder()
        try folder.write("t.yaml", Self.tokens)
        try folder.write("r.yaml", "rules:\n  - id: s\n    given: \"*\"\n    check: {max: {properties: [padding], value: 4}}\n")
        try folder.write("s.yaml", "screen: S\npadding: 6\n")
        let entry = "{\"anchor\": \"screen/padding\", \"count\": 9223372036854775807, \"file\": \"s.yaml\", \"lineText\": \"padding: 6\", \"message\": \"padding 6 is above the maximum 4\", \"rule\": \"s\"}"
        try folder.write("b.json", "{\"findings\": [\(entry), \(entry)], \"version\": 2}\n")
        let result = try Binary.run(["lint", "--tokens", "t.yaml", "--rules", "r.yaml", "--baseline", "b.json", "--report", "json=out.json", "s.yaml"], in: folder.url)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out.json").path))
    }
}
