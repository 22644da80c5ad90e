import HairlineDiagnostics
import Testing

@testable import HairlineYAML

@Suite("YAML errors")
struct YAMLErrorTests {
    private func error(_ text: String, limits: YAMLLimits = .standard) -> YAMLError? {
        error(bytes: Array(text.utf8), limits: limits)
    }

    private func error(bytes: [UInt8], limits: YAMLLimits = .standard) -> YAMLError? {
        do {
            _ = try YAMLSource.parse(bytes: bytes, file: "t.yaml", limits: limits)
            return nil
        } catch {
            return error
        }
    }

    private func at(_ line: Int, _ column: Int) -> Mark {
        Mark(file: "t.yaml", line: line, column: column)
    }

    @Test func duplicateKeyIsReportedAtTheSecondWithANoteAtTheFirst() throws {
        let found = error("padding: 8\ngap: 4\npadding: 16\n")
        #expect(found == .duplicateKey(key: "padding", at: at(3, 1), first: at(1, 1)))
        let diagnostic = try #require(found).diagnostic
        #expect(diagnostic.code == "yaml-duplicate-key")
        #expect(diagnostic.notes == [.init("'padding' is first given here", at: at(1, 1))])
    }

    @Test func duplicateKeysCompareByValue() {
        #expect(error("1: a\n0x1: b\n") == .duplicateKey(key: "0x1", at: at(2, 1), first: at(1, 1)))
        #expect(error("1: a\n\"1\": b\n") == nil)
        #expect(error("{a: 1, a: 2}") == .duplicateKey(key: "a", at: at(1, 8), first: at(1, 2)))
    }

    @Test func duplicateKeysPastSixteenAfterAComplexKey() {
        // Scalar keys are compared directly in small mappings and indexed past 16 keys; a complex key is
        // indexed at once. The index must take in the keys compared directly before it was first built.
        let keys = (0..<16).map { "k\($0): \($0)" }.joined(separator: "\n")
        #expect(error("? [a]\n: 0\n" + keys + "\nk0: again\n") == .duplicateKey(key: "k0", at: at(19, 1), first: at(3, 1)))
        #expect(error("? [a]\n: 0\n" + keys + "\n? [a]\n: again\n") == .duplicateKey(key: "(complex key)", at: at(19, 3), first: at(1, 3)))
        let many = (0..<40).map { "k\($0): \($0)" }.joined(separator: "\n")
        #expect(error(many + "\nk39: again\n") == .duplicateKey(key: "k39", at: at(41, 1), first: at(40, 1)))
        // Not-a-number keys are one key, compared directly or in the index; so are 0.0 and -0.0.
        #expect(error(".nan: a\n.NaN: b\n") == .duplicateKey(key: ".NaN", at: at(2, 1), first: at(1, 1)))
        #expect(error(".nan: a\n" + keys + "\n.NAN: c\n") == .duplicateKey(key: ".NAN", at: at(18, 1), first: at(1, 1)))
        #expect(error(many + "\n0.0: a\n-0.0: b\n") == .duplicateKey(key: "-0.0", at: at(42, 1), first: at(41, 1)))
    }

    @Test func scannerError() {
        guard case .syntax(let problem, let mark, let context, _) = error("a: \"unterminated\n") else {
            Issue.record("expected a syntax error")
            return
        }
        #expect(problem == "found unexpected end of stream")
        #expect(mark == at(2, 1))
        #expect(context == "while scanning a quoted scalar")
    }

    @Test func parserError() {
        guard case .syntax(let problem, let mark, _, _) = error("- a\nb: c\n") else {
            Issue.record("expected a syntax error")
            return
        }
        // libyaml's words, and what to check.
        #expect(problem == "did not find expected '-' indicator; check this line's indentation: it must line up with the other keys of its mapping (or items of its list)")
        #expect(mark == at(2, 1))
    }

    @Test func readerErrorForAControlCharacter() {
        guard case .syntax(let problem, let mark, _, _) = error("a: b\nc: d\u{01}\n") else {
            Issue.record("expected a syntax error")
            return
        }
        #expect(problem == "control characters are not allowed")
        #expect(mark == at(2, 5))
    }

    @Test func emptyFileAndCommentOnlyFile() {
        #expect(error("") == .empty(at: at(1, 1)))
        #expect(error("# only a comment\n\n") == .empty(at: at(1, 1)))
    }

    @Test func severalDocuments() {
        #expect(error("a: 1\n---\nb: 2\n") == .multipleDocuments(at: at(2, 1), first: at(1, 1)))
    }

    @Test func foreignEncodingsAreNamed() {
        let utf16LE: [UInt8] = [0xFF, 0xFE] + Array("a: 1\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(error(bytes: utf16LE) == .wrongEncoding(encoding: "UTF-16 (little-endian)", at: at(1, 1)))
        let utf16BENoBOM: [UInt8] = Array("a: 1\n".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(error(bytes: utf16BENoBOM) == .wrongEncoding(encoding: "UTF-16 (big-endian)", at: at(1, 1)))
        let utf32LE: [UInt8] = [0xFF, 0xFE, 0, 0, 0x61, 0, 0, 0]
        #expect(error(bytes: utf32LE) == .wrongEncoding(encoding: "UTF-32 (little-endian)", at: at(1, 1)))
        #expect(YAMLError.wrongEncoding(encoding: "UTF-16 (little-endian)", at: at(1, 1)).diagnostic.message
            == "file is UTF-16 (little-endian); save it as UTF-8")
        // A file that only starts with a NUL byte is not UTF-16: the control character is reported at its place.
        guard case .syntax(let problem, let mark, _, _) = error(bytes: [0x00] + Array("spacing: 1\n".utf8)) else {
            Issue.record("expected a syntax error")
            return
        }
        #expect(problem == "control characters are not allowed")
        #expect(mark == at(1, 1))
    }

    @Test func invalidUTF8IsReportedAtItsByte() {
        let bytes: [UInt8] = Array("a: 1\nbé: ".utf8) + [0xC3, 0x28] + Array("\n".utf8)
        #expect(error(bytes: bytes) == .invalidUTF8(byte: 0xC3, at: at(2, 5)))
        #expect(error(bytes: [0x61, 0x3A, 0x20, 0xFF]) == .invalidUTF8(byte: 0xFF, at: at(1, 4)))
        // An overlong encoding and a lone surrogate are invalid too.
        #expect(error(bytes: [0x61, 0x3A, 0x20, 0xC0, 0x80]) == .invalidUTF8(byte: 0xC0, at: at(1, 4)))
        #expect(error(bytes: [0x61, 0x3A, 0x20, 0xED, 0xA0, 0x80]) == .invalidUTF8(byte: 0xED, at: at(1, 4)))
    }

    @Test func fileErrors() throws {
        #expect(throws: YAMLError.fileNotFound(path: "/no/such/file.yaml")) {
            try YAMLSource.load(path: "/no/such/file.yaml")
        }
        let directory = FileManager.default.temporaryDirectory.path
        #expect(throws: YAMLError.isDirectory(path: directory)) { try YAMLSource.load(path: directory) }
        let tiny = YAMLLimits(maxFileBytes: 8, maxDepth: 512, maxAliasExpansion: 100)
        #expect(error("a: 123456789\n", limits: tiny) == .fileTooLarge(path: "t.yaml", bytes: 13, limit: 8))
    }

    @Test func readingFilesWhoseSizeIsNotKnownAhead() throws {
        // Files of /proc report a size of 0: the reader reads on to the end, and stops one byte past the limit.
        let status = try YAMLSource.readBytes(path: "/proc/self/status")
        #expect(String(decoding: status, as: UTF8.self).hasPrefix("Name:"))
        let small = YAMLLimits(maxFileBytes: 16, maxDepth: 512, maxAliasExpansion: 100)
        #expect(throws: YAMLError.fileTooLarge(path: "status", bytes: 17, limit: 16)) {
            try YAMLSource.readBytes(path: "/proc/self/status", displayPath: "status", limits: small)
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hairline-read-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: file) }
        let text = String(repeating: "k: v\n", count: 30_000)
        try Data(text.utf8).write(to: file)
        #expect(try YAMLSource.readBytes(path: file.path) == Array(text.utf8))
    }
}

import Foundation
