import Foundation

/// Runs the built `hairline` executable, for end-to-end tests of stdout, stderr and the exit code.
enum Binary {
    struct Result {
        let stdout: String
        let stderr: String
        let status: Int32
    }

    /// The package root: the folder that holds Package.swift.
    static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// The built executable: beside the test bundle, in the same build folder.
    static let executable: URL = {
        if let override = ProcessInfo.processInfo.environment["HAIRLINE_BIN"] {
            return URL(fileURLWithPath: override)
        }
        var folder = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("hairline")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
            folder.deleteLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/hairline")
    }()

    /// Runs `hairline` with arguments in a working directory (the package root by default), feeding `stdin`;
    /// or, with `shell`, `/bin/sh` with the arguments (a command that runs `hairline` under limits of its own).
    static func run(_ arguments: [String], in directory: URL? = nil, stdin: String? = nil,
                    environment: [String: String] = [:], shell: Bool = false) throws -> Result {
        let process = Process()
        process.executableURL = shell ? URL(fileURLWithPath: "/bin/sh") : executable
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes to the end before waiting, so a large output cannot block the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        DispatchQueue.global().async(group: group) { outData = out.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readDataToEndOfFile() }
        group.wait()
        process.waitUntilExit()
        return Result(
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self),
            status: process.terminationStatus)
    }
}

/// A temporary folder that removes itself.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("hairline-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes a file (creating folders) and returns its URL.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    /// Writes raw bytes.
    @discardableResult
    func write(_ name: String, bytes: [UInt8]) throws -> URL {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file
    }

    /// The names of the files in the folder, sorted.
    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }
}
