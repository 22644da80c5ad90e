import Foundation
import HairlineDiagnostics
import Testing

/// A mark names its file by number: the path it was made with comes back byte for byte, one path one number.
@Suite("Marks")
struct MarkTests {
    /// The path, line and column a mark is made with are what it gives back.
    @Test func aMarkGivesBackItsPlace() {
        let long = "Examples/PluginPackage/Sources/DesignTokens/app.tokens.yaml"
        for (file, line, column) in [(long, 12, 7), ("a.yaml", 1, 1), ("", 1_000_000, 40_000), ("dir/ü.yaml", 3, 2)] {
            let mark = Mark(file: file, line: line, column: column)
            #expect(mark.file == file && mark.line == line && mark.column == column)
            #expect(mark.description == "\(file):\(line):\(column)")
        }
    }

    /// The same path is one number; paths that differ in a byte are two, even when Swift calls the strings
    /// equal (an `é` composed and decomposed: two files on Linux), and each keeps its own spelling.
    @Test func onePathOneNumber() {
        let composed = "screens/caf\u{E9}.yaml"
        let decomposed = "screens/cafe\u{301}.yaml"
        #expect(composed == decomposed)
        #expect(FileID(composed) == FileID(String(decoding: Array(composed.utf8), as: UTF8.self)))
        #expect(FileID(composed) != FileID(decomposed))
        #expect(Array(FileID(decomposed).path.utf8) == Array(decomposed.utf8))
        #expect(Mark(file: composed, line: 1, column: 1) != Mark(file: decomposed, line: 1, column: 1))
        #expect(Mark(file: "a.yaml", line: 2, column: 3) == Mark(FileID("a.yaml"), line: 2, column: 3))
    }

    /// Marks sort by path, then line, then column, whichever path was numbered first.
    @Test func marksSortByPathThenPlace() {
        let unsorted = [
            Mark(file: "z-first-numbered.yaml", line: 1, column: 1), Mark(file: "b.yaml", line: 10, column: 1),
            Mark(file: "b.yaml", line: 2, column: 9), Mark(file: "b.yaml", line: 2, column: 3),
            Mark(file: "a.yaml", line: 99, column: 99),
        ]
        let expected = [unsorted[4], unsorted[3], unsorted[2], unsorted[1], unsorted[0]]
        #expect(unsorted.sorted() == expected)
    }

    /// Paths numbered on many threads at once: each path gets one number, and every number its own path (more
    /// paths than one chunk of slots holds).
    @Test func pathsNumberedOnManyThreads() {
        let paths = (0..<12_000).map { "concurrent/\($0 % 3_000)/screen.yaml" }
        let numbered = UnsafeMutableBufferPointer<FileID?>.allocate(capacity: paths.count)
        numbered.initialize(repeating: nil)
        defer { numbered.deallocate() }
        nonisolated(unsafe) let slots = numbered
        DispatchQueue.concurrentPerform(iterations: paths.count) { slots[$0] = FileID(paths[$0]) }
        let ids = numbered.map { $0! }
        for index in paths.indices {
            #expect(ids[index] == ids[index % 3_000], "\(paths[index])")
            #expect(ids[index].path == paths[index])
        }
        #expect(Set(ids).count == 3_000)
    }
}

/// A line's text without the spaces around it, as fingerprints and baselines compare it.
@Suite("Trimmed line text")
struct TrimmedLineTextTests {
    /// Trimmed byte by byte where what is left starts and ends with ASCII, else by Foundation: the same text
    /// Foundation's `.whitespaces` trimming gives, for every kind of end.
    @Test(arguments: [
        "", "   ", "a", "  a é b\t ", "é", " é ", "\u{00A0}x ", " x\u{3000}", "\tb\t", "a\u{00A0}", "\u{2003} y \u{2003}", "é x é",
    ])
    func trimmingIsFoundations(_ text: String) {
        #expect(text.trimmingSpaces == text.trimmingCharacters(in: .whitespaces))
    }

    @Test func onlyTheEndsDecideTheWay() {
        #expect(" a é b ".asciiSpaceTrimmedRange != nil)
        #expect(" é b ".asciiSpaceTrimmedRange == nil)
        #expect(" b é".asciiSpaceTrimmedRange == nil)
    }
}
