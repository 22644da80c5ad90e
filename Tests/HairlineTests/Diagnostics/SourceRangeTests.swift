import Foundation
@testable import HairlineDiagnostics
@testable import HairlineEngine
import HairlineLint
import HairlineReport
import HairlineYAML
import Testing

/// Ranges: a node's span from libyaml's end marks, its byte offsets and UTF-16 columns, and their way into the
/// JSON and SARIF outputs.
@Suite("Source ranges")
struct SourceRangeTests {
    /// The text a range spans.
    static func text(_ range: SourceRange, in bytes: [UInt8]) -> String {
        String(decoding: bytes[range.start.offset..<range.end.offset], as: UTF8.self)
    }

    @Test func linesEndWhereLibyamlEndsThem() {
        let bytes = Array("a: 1\r\nb: 2\rc: 3\u{85}d: 4\u{2028}e: 5\n".utf8)
        let text = SourceText(bytes)
        #expect((1...5).map(text.lineText) == ["a: 1", "b: 2", "c: 3", "d: 4", "e: 5"])
        #expect(text.lineCount == 6)
    }

    /// An ASCII line's positions are read off its bytes, not walked: the same as walking gives (UTF-16 columns are
    /// walked), at every column and offset, beside lines that are not ASCII.
    @Test func anASCIILinesPositionsAreTheWalkedOnes() {
        let bytes = Array("ab: cd\né: 😀x\n  k: [1, 2]\r\n\nz".utf8)
        let text = SourceText(bytes)
        for line in 1...text.lineCount {
            let length = text.lineBytes(line).count
            for column in 0...(length + 2) {
                let position = text.position(line: line, column: column)
                if line != 2 { #expect(position == text.position(line: line, utf16Column: max(column, 1)), "\(line):\(column)") }
                #expect(text.position(offset: position.offset) == position, "\(line):\(column)")
            }
        }
        #expect(text.position(line: 3, column: 7) == SourceRange.Position(line: 3, column: 7, offset: 23, utf16Column: 7))
    }

    /// A long line that is not ASCII is walked from its last checkpoint before a place: the same positions as a walk
    /// from its start, worked out here by hand (é is 2 bytes and 1 UTF-16 unit, 😀 4 bytes and 2 units).
    @Test func aLongLinesPositionsAreWalkedFromCheckpoints() {
        let pieces = ["a", "é", "😀", "b", "é"]
        let line = (0..<(3 * SourceText.checkpointSpacing)).map { pieces[$0 % pieces.count] }
        let bytes = Array(("x: 1\n" + line.joined() + "\ny").utf8)
        let text = SourceText(bytes)
        var (offset, units) = (5, 1)
        for (index, piece) in (line + [""]).enumerated() {
            let expected = SourceRange.Position(line: 2, column: index + 1, offset: offset, utf16Column: units)
            #expect(text.position(line: 2, column: index + 1) == expected, "column \(index + 1)")
            #expect(text.position(offset: offset) == expected, "offset \(offset)")
            #expect(text.position(line: 2, utf16Column: units) == expected, "UTF-16 column \(units)")
            offset += piece.utf8.count
            units += piece.utf16.count
        }
        #expect(text.position(line: 2, column: 10_000).column == line.count + 1)
    }

    @Test func columnsCountCodePointsAndUTF16UnitsAndOffsetsCountBytes() {
        // "é" is 2 bytes and 1 UTF-16 unit; "😀" is 4 bytes and 2 UTF-16 units; both are one column for marks.
        let bytes = Array("k: é😀x\n".utf8)
        let position = SourceText(bytes).position(line: 1, column: 6)
        #expect(position.offset == 9)
        #expect(position.utf16Column == 7)
        #expect(bytes[position.offset] == UInt8(ascii: "x"))
        #expect(SourceText(bytes).position(offset: 9) == position)
    }

    @Test func aByteOrderMarkIsNotPartOfTheFirstLinesColumns() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a: b\n".utf8)
        let position = SourceText(bytes).position(line: 1, column: 4)
        #expect(position.offset == 6)
        #expect(bytes[position.offset] == UInt8(ascii: "b"))
    }

    @Test func aNodesRangeEndsJustPastItsLastCharacter() {
        let source = """
            screen: Home
            children:
              - card: {padding: 12, fill: "{color.ink}"}
              - text:
                  value: 'it''s'
                  role: body   # a comment
            """
        let bytes = Array(source.utf8)
        let ranges = NodeRanges(bytes: bytes)
        #expect(Self.text(ranges.range(line: 3, column: 21), in: bytes) == "12")
        #expect(Self.text(ranges.range(line: 3, column: 31), in: bytes) == "\"{color.ink}\"")
        #expect(Self.text(ranges.range(line: 3, column: 11), in: bytes) == "{padding: 12, fill: \"{color.ink}\"}")
        // A block mapping starts where its first key does: the key is the node there.
        #expect(Self.text(ranges.range(line: 3, column: 5), in: bytes) == "card")
        #expect(Self.text(ranges.range(line: 5, column: 14), in: bytes) == "'it''s'")
        #expect(Self.text(ranges.range(line: 6, column: 13), in: bytes) == "body")
        let end = ranges.range(line: 6, column: 13).end
        #expect((end.line, end.column, end.utf16Column) == (6, 17, 17))
    }

    @Test func aScreensOneReadGivesTheRangesAndSharingOfTheFile() throws {
        let source = """
            screen: Home
            base: &base
              padding: 12
              gap: 8
            children:
              - card:
                  padding: 10
                  list: [1, 2,
                    3]
              - text: {value: late}
            """
        let bytes = Array(source.utf8)
        let whole = NodeRanges(bytes: bytes)
        // (3, 12) inside an anchor that ends on line 4; (8, 13) a flow list that ends on line 9; (6, 5) a key.
        // The ranges a screen's one read records are those of the file read on its own.
        let read = try ScreenReader.read(bytes: bytes, file: "/nonexistent/ranges.yaml") { _ in nil }.ranges.ranges(of: bytes)
        for (line, column) in [(3, 12), (8, 13), (6, 5), (7, 16)] {
            #expect(read.range(line: line, column: column) == whole.range(line: line, column: column), "\(line):\(column)")
            #expect(read.isShared(line: line, column: column) == whole.isShared(line: line, column: column), "\(line):\(column)")
        }
        #expect(whole.isShared(line: 3, column: 12))
        #expect(Self.text(whole.range(line: 8, column: 13), in: bytes) == "[1, 2,\n        3]")
    }

    @Test func whereNoNodeStartsTheRangeRunsToTheEndOfTheLine() {
        let bytes = Array("a: [1, 2\nb: c\n".utf8)
        let range = NodeRanges(bytes: bytes).range(line: 1, column: 4)
        #expect(Self.text(range, in: bytes) == "[1, 2")
    }

    /// Where nodes start at one place, the innermost is the one a range is of: a mapping's first key (or a flow
    /// mapping that is one), not the mapping; an empty value, not the key after it.
    @Test func whereNodesStartAtOnePlaceTheInnermostIsTheRange() {
        let bytes = Array("{a: 1}: v\nx:\ny: [1, 2]\nz:\n  - k: w\n    j: u\n".utf8)
        let whole = NodeRanges(bytes: bytes)
        let expected = [(1, 1, "{a: 1}"), (2, 1, "x"), (3, 1, "y"), (3, 4, "[1, 2]"), (5, 3, "- k: w\n    j: u"), (5, 5, "k")]
        for (line, column, text) in expected {
            #expect(Self.text(whole.range(line: line, column: column), in: bytes) == text, "\(line):\(column)")
        }
    }

    /// A large screen's findings carry the ranges a small screen's would: one read, whatever the size.
    @Test func aLargeScreensFindingsCarryTheirRanges() throws {
        let cards = "  - card: {padding: 12.5}\n  - card:\n      padding: 8\n"
        let count = (1 << 20) / cards.utf8.count + 1
        let documents = Documents([
            "/nonexistent-ranges/tokens.yaml": Array("spacing:\n  $type: dimension\n  small: 8\n".utf8),
            "/nonexistent-ranges/rules.yaml": Array(
                "rules:\n  - id: r\n    given: \"*\"\n    check: {allowed: {properties: [padding], values: \"{spacing}\"}}\n".utf8),
            "/nonexistent-ranges/s.yaml": Array(("screen: S\nchildren:\n" + String(repeating: cards, count: count)).utf8),
        ])
        let engine = LintEngine(
            config: nil, explicitSystem: .init(tokens: "tokens.yaml", rules: ["rules.yaml"]), documents: documents,
            workingDirectory: URL(fileURLWithPath: "/nonexistent-ranges"))
        let findings = engine.lint(document: "s.yaml").findings
        #expect(findings.count == count)
        #expect(findings.allSatisfy { finding in
            finding.range.map { ($0.start.line, $0.start.column, $0.end.line, $0.end.column) == (finding.mark.line, 21, finding.mark.line, 25) } ?? false
        })
        #expect(Set(findings.map { ($0.mark.line - 3) % 3 }) == [0])
    }

    @Test func findingsCarryTheirRangesIntoJSONAndSARIF() throws {
        let folder = URL(fileURLWithPath: "/nonexistent-ranges")
        let documents = Documents([
            "/nonexistent-ranges/tokens.yaml": Array("spacing:\n  $type: dimension\n  small: 8\n".utf8),
            "/nonexistent-ranges/rules.yaml": Array(
                "rules:\n  - id: r\n    given: \"*\"\n    check: {allowed: {properties: [padding], values: \"{spacing}\"}}\n".utf8),
            "/nonexistent-ranges/s.yaml": Array("screen: S\nchildren:\n  - card: {padding: 12.5}\n".utf8),
        ])
        let engine = LintEngine(
            config: nil, explicitSystem: .init(tokens: "tokens.yaml", rules: ["rules.yaml"]), documents: documents, workingDirectory: folder)
        let result = engine.lint(document: "s.yaml")
        let finding = try #require(result.findings.first)
        let range = try #require(finding.range)
        #expect((range.start.line, range.start.column, range.end.line, range.end.column) == (3, 21, 3, 25))
        let report = LintReport(
            findings: result.findings, inputErrors: [], files: result.files, rules: [], toolVersion: "1", workingDirectory: "/",
            lineTexts: result.lineTexts)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(JSONReporter.render(report).utf8)) as? [String: Any])
        let first = try #require((json["findings"] as? [[String: Any]])?.first)
        #expect(first["endLine"] as? Int == 3)
        #expect(first["endColumn"] as? Int == 25)
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(SARIFReporter.render(report).utf8)) as? [String: Any])
        let runs = try #require(sarif["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        let location = try #require((results.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        let region = try #require(location["region"] as? [String: Int])
        #expect(region == ["startLine": 3, "startColumn": 21, "endLine": 3, "endColumn": 25])
    }

    @Test func inputErrorsInATokenSetCarryRanges() throws {
        let documents = Documents([
            "/nonexistent-ranges/tokens.yaml": Array("spacing:\n  $type: dimension\n  small: \"{spacing.none}\"\n".utf8),
            "/nonexistent-ranges/s.yaml": Array("screen: S\n".utf8),
        ])
        let engine = LintEngine(
            config: nil, explicitSystem: .init(tokens: "tokens.yaml", rules: []), documents: documents,
            workingDirectory: URL(fileURLWithPath: "/nonexistent-ranges"))
        let error = try #require(engine.lint(document: "s.yaml").inputErrors.first)
        let range = try #require(error.range)
        #expect(range.start.line == 3)
        #expect(range.end.offset > range.start.offset)
    }
}
