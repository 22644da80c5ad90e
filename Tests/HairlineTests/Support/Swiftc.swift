import Foundation

/// Runs the toolchain's `swiftc`, for tests that compile generated Swift.
enum Swiftc {
    struct Failure: Error, CustomStringConvertible {
        let output: String
        var description: String { output }
    }

    /// Runs `swiftc` with arguments in a folder; returns its combined output, or throws it on failure.
    @discardableResult
    static func run(_ arguments: [String], in folder: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc"] + arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let output = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else { throw Failure(output: output) }
        return output
    }

    /// Runs a built program and returns its standard output.
    static func execute(_ program: URL) throws -> String {
        let process = Process()
        process.executableURL = program
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
