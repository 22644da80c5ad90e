import HairlineDiagnostics
import Testing

@testable import HairlineYAML

@Suite("YAML marks")
struct YAMLMarkTests {
    private func parse(_ text: String) throws -> Node {
        try YAMLSource.parse(text, file: "t.yaml")
    }

    private func position(_ node: Node?) -> [Int] {
        guard let node else { return [] }
        return [node.mark.line, node.mark.column]
    }

    @Test func blockMappingMarks() throws {
        let root = try parse("screen: Progress\npadding: 16\nchildren:\n  - card:\n      gap: 8\n")
        #expect(position(root) == [1, 1])
        #expect(position(root["screen"]) == [1, 9])
        #expect(position(root["padding"]) == [2, 10])
        let card = root["children"]?.items?.first
        #expect(position(card) == [4, 5])
        #expect(position(card?["card"]?["gap"]) == [5, 12])
        #expect(position(root.pair(forKey: "children")?.key) == [3, 1])
    }

    @Test func flowMarks() throws {
        let root = try parse("text: {role: label, value: \"Last 365 days\"}\nlist: [4, 8, 16]\n")
        #expect(position(root["text"]) == [1, 7])
        #expect(position(root["text"]?["role"]) == [1, 14])
        #expect(position(root["text"]?["value"]) == [1, 28])
        #expect(root["list"]?.items?.map { position($0) } == [[2, 8], [2, 11], [2, 14]])
    }

    @Test func columnsCountCodePointsAfterMultibyteCharacters() throws {
        // "é" is two bytes, "😀" four: columns still count one each.
        let root = try parse("é: x\n😀😀: {a: 1}\nkey: \"ü\"  # ü\n")
        #expect(position(root["é"]) == [1, 4])
        #expect(position(root["😀😀"]?["a"]) == [2, 9])
        #expect(position(root["key"]) == [3, 6])
    }

    @Test func byteOrderMarkAndCRLFKeepPositionsAsForLF() throws {
        let lf = try parse("a: 1\nb:\n  c: [x, y]\n")
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a: 1\r\nb:\r\n  c: [x, y]\r\n".utf8)
        let crlf = try YAMLSource.parse(bytes: bytes, file: "t.yaml")
        #expect(position(crlf["a"]) == position(lf["a"]))
        #expect(position(crlf["b"]?["c"]) == position(lf["b"]?["c"]))
        #expect(crlf["b"]?["c"]?.items?.map { position($0) } == lf["b"]?["c"]?.items?.map { position($0) })
        #expect(position(crlf["b"]?["c"]) == [3, 6])
    }

    @Test func keysKeepDocumentOrder() throws {
        let root = try parse("z: 1\na: 2\nm: 3\n")
        #expect(root.pairs?.compactMap { $0.key.string } == ["z", "a", "m"])
    }

    @Test func fileNameIsCarriedOnEveryNode() throws {
        let root = try YAMLSource.parse("a: [1]\n", file: "Examples/x.yaml")
        #expect(root["a"]?.items?.first?.mark.file == "Examples/x.yaml")
    }
}
