import Foundation

/// Runs a program and collects what it prints (standard output and error together), for tests.
enum Subprocess {
    struct Result {
        let status: Int32
        let output: String
    }

    /// Runs a command found on PATH (through /usr/bin/env) in a folder.
    static func run(_ command: String, _ arguments: [String], in folder: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [command] + arguments
        if let folder { process.currentDirectoryURL = folder }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}

/// Runs the toolchain's `swiftc`, for tests that compile generated Swift.
enum Swiftc {
    struct Failure: Error, CustomStringConvertible {
        let output: String
        var description: String { output }
    }

    /// Runs `swiftc` with arguments in a folder; returns its combined output, or throws it on failure.
    @discardableResult
    static func run(_ arguments: [String], in folder: URL) throws -> String {
        let result = try Subprocess.run("swiftc", arguments, in: folder)
        guard result.status == 0 else { throw Failure(output: result.output) }
        return result.output
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
