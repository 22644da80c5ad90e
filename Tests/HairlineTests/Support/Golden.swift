import Foundation
import Testing

/// Golden files under Tests/HairlineTests/Fixtures/golden/: a test compares its output with the checked-in file;
/// `RECORD_GOLDEN=1 swift test` writes the files instead (then read the diff before committing).
enum Golden {
    static let folder = Binary.packageRoot.appendingPathComponent("Tests/HairlineTests/Fixtures/golden")

    static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] != nil {
            try Data(actual.utf8).write(to: url)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("no golden file \(name); record it with RECORD_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        #expect(actual == expected, "\(name) differs from its golden file", sourceLocation: sourceLocation)
    }
}

/// Runs a Python 3 snippet; nil when Python or the module it needs is missing.
enum Python {
    struct Result {
        let status: Int32
        let output: String
    }

    static func run(_ script: String, arguments: [String] = []) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// Whether `import module` works.
    static func has(_ module: String) -> Bool {
        (try? run("import \(module)").status) == 0
    }
}
