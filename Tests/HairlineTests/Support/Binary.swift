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

/// A `hairline` started as a shell starts it for a user: its signals unblocked and at their default actions
/// (a thread of the test runner blocks some, and `Process` hands its mask down), its output discarded. It runs
/// in this process's folder: give it absolute paths.
struct SpawnedBinary {
    let pid: pid_t

    init(_ arguments: [String]) throws {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([Binary.executable.path] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, Binary.executable.path, &actions, &attributes, argv + [nil], environ)
        guard result == 0 else { throw CocoaError(.executableLoad) }
        self.pid = pid
    }

    /// Whether it is still running: it has not ended (looked at without reaping it).
    var isRunning: Bool {
        var info = siginfo_t()
        return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info._sifields._kill.si_pid == 0
    }

    /// Waits for it to end: the signal that ended it, or nil and its exit status.
    func wait() -> (signal: Int32?, status: Int32) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7F == 0 ? (nil, (status >> 8) & 0xFF) : (status & 0x7F, 0)
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
    func contents(of subfolder: String? = nil) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: subfolder.map { url.appendingPathComponent($0).path } ?? url.path).sorted()
    }
}
