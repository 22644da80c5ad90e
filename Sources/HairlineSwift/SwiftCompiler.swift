import Foundation
import HairlineDiagnostics

/// The Swift toolchain's own parser, run as a process: many files to a process, a process a core.
///
/// `swiftc -dump-parse` gives no places for expressions, so the files are type-checked (`-dump-ast`), which gives
/// every node its UTF-8 offset. Nothing is imported: each `import` line of a copy is blanked (same length, so every
/// offset stays), so a file that imports SwiftUI or the team's own modules is read on any machine; names it cannot
/// resolve are errors the compiler reports and Hairline ignores: it reads the syntax, never the types.
public struct SwiftCompiler: Sendable {
    /// The `swiftc` to run.
    public let executable: String

    /// What is missing when no `swiftc` is found, and what to do.
    public static let missingMessage =
        "Swift files need the Swift compiler: install a Swift toolchain (swift.org/install) and put swiftc on PATH, or set SWIFT_EXEC to it"

    /// Finds `swiftc` as SwiftPM does: `SWIFT_EXEC`, then `xcrun --find swiftc` (Apple platforms), then `PATH`.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> SwiftCompiler? {
        if let given = environment["SWIFT_EXEC"], FileManager.default.isExecutableFile(atPath: given) { return SwiftCompiler(executable: given) }
        #if os(macOS)
            if let found = try? run("/usr/bin/xcrun", ["--find", "swiftc"]), case let path = String(decoding: found, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines),
                FileManager.default.isExecutableFile(atPath: path)
            {
                return SwiftCompiler(executable: path)
            }
        #endif
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(folder)/swiftc"
            if FileManager.default.isExecutableFile(atPath: candidate) { return SwiftCompiler(executable: candidate) }
        }
        return nil
    }

    public init(executable: String) {
        self.executable = executable
    }

    /// How many files one compiler process reads.
    static let batchSize = 48

    /// Each file's syntax tree, by its path as given; a file the compiler gave no tree for has an error instead.
    public func parse(_ files: [(path: String, bytes: [UInt8])]) -> [String: Result<SwiftNode, DiagnosticError>] {
        guard !files.isEmpty else { return [:] }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hairline-swift-\(getpid())-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            return Dictionary(uniqueKeysWithValues: files.map { ($0.path, .failure(Self.error("cannot make a folder for the compiler: \(error.localizedDescription)", $0.path))) })
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let batches = stride(from: 0, to: files.count, by: Self.batchSize).map { Array(files.indices[$0..<min($0 + Self.batchSize, files.count)]) }
        let results = Parallel.map(batches) { batch -> [(String, Result<SwiftNode, DiagnosticError>)] in
            var copies: [String: String] = [:]
            // The solver gives up early on an expression it cannot type (every SwiftUI name is unresolved): the
            // tree is the same, and one arithmetic-heavy function no longer takes seconds.
            var arguments = [
                "-frontend", "-dump-ast", "-dump-ast-format", "json", "-diagnostic-style", "llvm", "-parse-as-library", "-module-name", "HairlineSource",
                "-solver-scope-threshold=100",
            ]
            for index in batch {
                let copy = folder.appendingPathComponent("\(index).swift").path
                guard FileManager.default.createFile(atPath: copy, contents: Data(Self.blankingImports(files[index].bytes))) else { continue }
                copies[copy] = files[index].path
                arguments += ["-primary-file", copy]
            }
            var trees: [String: SwiftNode] = [:]
            if let output = try? Self.run(executable, arguments) {
                for root in SwiftDumpReader.roots(in: output) {
                    guard let filename = root.field("filename"), let path = copies[filename] else { continue }
                    trees[path] = root
                }
            }
            return batch.map { index in
                let path = files[index].path
                return (path, trees[path].map { .success($0) } ?? .failure(Self.error("swiftc gave no syntax tree for \(path); run 'swiftc -parse \(path)' to see why", path)))
            }
        }
        return Dictionary(results.joined(), uniquingKeysWith: { first, _ in first })
    }

    private static func error(_ message: String, _ path: String) -> DiagnosticError {
        DiagnosticError(.inputError("swift-parse", message, at: .start(of: path)))
    }

    /// The file with every `import` line blanked: each byte of it but the newline a space, so offsets stay.
    public static func blankingImports(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        var lineStart = 0
        while lineStart < out.count {
            var lineEnd = lineStart
            while lineEnd < out.count, out[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            if isImport(out[lineStart..<lineEnd]) {
                for index in lineStart..<lineEnd where out[index] != UInt8(ascii: "\r") { out[index] = UInt8(ascii: " ") }
            }
            lineStart = lineEnd + 1
        }
        return out
    }

    /// Whether a line is an import declaration: `import X`, `@testable import X`, `import struct X.Y`.
    private static func isImport(_ line: ArraySlice<UInt8>) -> Bool {
        let words = String(decoding: line, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let index = words.firstIndex(where: { !$0.hasPrefix("@") }) else { return false }
        return words[index] == "import" && index + 1 < words.count
    }

    /// Runs a program, its standard error dropped; its standard output.
    private static func run(_ executable: String, _ arguments: [String]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return [UInt8](data)
    }
}
