import Foundation
import Testing

/// Outputs are never half-written: a compile killed mid-write leaves the previous output byte-identical, a failed
/// compile leaves no temporary file, and two compiles writing one file leave one complete output.
@Suite("Nothing lost", .serialized)
struct AtomicOutputTests {
    /// A token set large enough that writing its outputs takes a while.
    static func largeTokens(_ count: Int, value: Int) -> String {
        var lines = ["$name: Large", "g:", "  $type: dimension"]
        for index in 0..<count { lines.append("  t\(index): \(value + index % 7)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A folder with a small set compiled to `out.json` and `Out.swift`, and a large set beside it whose outputs
    /// take a while to write; the outputs the small set left.
    static func compiledFolder() throws -> (folder: TemporaryFolder, json: Data, swift: Data) {
        let folder = try TemporaryFolder()
        try folder.write("small.yaml", "g:\n  $type: number\n  x: 1\n")
        try folder.write("large.yaml", Self.largeTokens(60_000, value: 8))
        #expect(try Binary.run(["compile", "small.yaml", "--json", "out.json", "--swift", "Out.swift"], in: folder.url).status == 0)
        return (folder, try Data(contentsOf: folder.url.appendingPathComponent("out.json")), try Data(contentsOf: folder.url.appendingPathComponent("Out.swift")))
    }

    /// Checks that each output is the old one, byte for byte, or a whole new one; whether the JSON is the old one.
    @discardableResult
    static func expectOldOrWhole(
        in folder: TemporaryFolder, json oldJSON: Data, swift oldSwift: Data, _ comment: Comment? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Bool {
        let json = try Data(contentsOf: folder.url.appendingPathComponent("out.json"))
        let swift = try Data(contentsOf: folder.url.appendingPathComponent("Out.swift"))
        let text = String(decoding: swift, as: UTF8.self)
        #expect(json == oldJSON || (try? JSONSerialization.jsonObject(with: json)) != nil, comment, sourceLocation: sourceLocation)
        #expect(swift == oldSwift || text.hasSuffix("#endif\n") || text.hasSuffix("}\n"), comment, sourceLocation: sourceLocation)
        return json == oldJSON
    }

    @Test func aCompileKilledMidWriteLeavesThePreviousOutput() throws {
        let (folder, oldJSON, oldSwift) = try Self.compiledFolder()
        var killedMidway = 0
        for delay in [0.05, 0.15, 0.3, 0.45, 0.6] {
            let process = Process()
            process.executableURL = Binary.executable
            process.arguments = ["compile", "large.yaml", "--json", "out.json", "--swift", "Out.swift"]
            process.currentDirectoryURL = folder.url
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            // Each file is either the old one, byte for byte, or the complete new one.
            let jsonIsOld = try Self.expectOldOrWhole(in: folder, json: oldJSON, swift: oldSwift, "half-written after a kill at \(delay) s")
            if jsonIsOld && process.terminationReason == .uncaughtSignal { killedMidway += 1 }
        }
        #expect(killedMidway > 0, "at least one kill landed before the outputs were replaced")
    }

    @Test func aFailedCompileLeavesNoTemporaryFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("bad.yaml", "g:\n  $type: number\n  x: \"{g.y}\"\n")
        try folder.write("out.json", "previous\n")
        let result = try Binary.run(["compile", "bad.yaml", "--json", "out.json", "--swift", "Out.swift"], in: folder.url)
        #expect(result.status == 2)
        #expect(try folder.contents() == ["bad.yaml", "out.json"])
        #expect(try String(contentsOf: folder.url.appendingPathComponent("out.json"), encoding: .utf8) == "previous\n")
    }

    /// A write that fails while a large output is streamed to its temporary (here: over the file size limit,
    /// `ulimit -f`, with the signal it raises ignored, so that the write fails with EFBIG) is an error at the
    /// output, exit 2; the previous outputs stay byte-identical and no temporary is left.
    @Test func aWriteThatFailsMidStreamLeavesThePreviousOutputs() throws {
        let (folder, oldJSON, oldSwift) = try Self.compiledFolder()
        // 512 KB at most a file (in 1,024-byte blocks for bash, 512-byte ones for a POSIX sh: 256 KB there); the
        // large set's Swift file is megabytes, its first streamed part hundreds of kilobytes.
        let command = "trap '' XFSZ; ulimit -f 512 && exec \"$0\" compile large.yaml --json out.json --swift Out.swift"
        let result = try Binary.run(["-c", command, Binary.executable.path], in: folder.url, shell: true)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("Out.swift:1:1: error: cannot write Out.swift: "), "\(result.stderr)")
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("out.json")) == oldJSON)
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("Out.swift")) == oldSwift)
        #expect(try folder.contents() == ["Out.swift", "large.yaml", "out.json", "small.yaml"])
    }

    /// Interrupted (SIGINT, SIGTERM, SIGHUP) once its temporaries exist, a compile removes them and ends by the
    /// signal: the previous outputs stay byte-identical, or are replaced whole, and no hidden file is left.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func anInterruptedCompileLeavesNoTemporary(_ signal: Int32) throws {
        let (folder, oldJSON, oldSwift) = try Self.compiledFolder()
        var interrupted = 0
        for _ in 0..<5 where interrupted == 0 {
            let path = { (name: String) in folder.url.appendingPathComponent(name).path }
            let process = try SpawnedBinary(["compile", path("large.yaml"), "--json", path("out.json"), "--swift", path("Out.swift")])
            // The signal is sent once a temporary exists.
            let deadline = Date().addingTimeInterval(10)
            var temporaryExists = false
            while process.isRunning, Date() < deadline, !temporaryExists {
                temporaryExists = try folder.contents().contains { $0.hasPrefix(".") }
                if !temporaryExists { Thread.sleep(forTimeInterval: 0.001) }
            }
            kill(process.pid, signal)
            let ended = process.wait()
            if temporaryExists, let by = ended.signal {
                #expect(by == signal)
                interrupted += 1
            }
            #expect(try folder.contents() == ["Out.swift", "large.yaml", "out.json", "small.yaml"], "ended: \(ended)")
            try Self.expectOldOrWhole(in: folder, json: oldJSON, swift: oldSwift, "after signal \(signal)")
        }
        #expect(interrupted > 0, "no signal landed while a temporary existed")
    }

    /// An output whose file holds its bytes already is left alone: same file, same modification time, nothing
    /// beside it. One that differs anywhere (in its last bytes, or longer or shorter than the new text) is
    /// replaced by the whole new text, as a compile to a new file writes it: for a large set, whose outputs are
    /// streamed in parts, and a small one, written at once.
    @Test(arguments: [20_000, 3])
    func anUnchangedOutputIsLeftAlone(tokens: Int) throws {
        let folder = try TemporaryFolder()
        let outputs = ["out.json", "Out.swift"]
        let url = { (name: String) in folder.url.appendingPathComponent(name) }
        func compile(_ input: String, to names: [String] = outputs) throws {
            #expect(try Binary.run(["compile", input, "--json", names[0], "--swift", names[1]], in: folder.url).status == 0)
        }
        func attributes(_ name: String) throws -> (date: Date, inode: Int) {
            let found = try FileManager.default.attributesOfItem(atPath: url(name).path)
            return (found[.modificationDate] as! Date, (found[.systemFileNumber] as! NSNumber).intValue)
        }
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        func age(_ name: String) throws { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: url(name).path) }
        try folder.write("a.yaml", Self.largeTokens(tokens, value: 8))
        // The last token's value changed: the outputs differ only near their ends.
        try folder.write("b.yaml", Self.largeTokens(tokens, value: 8).replacingOccurrences(of: "t\(tokens - 1): ", with: "t\(tokens - 1): 1"))
        try compile("a.yaml")
        try compile("b.yaml", to: ["b.json", "B.swift"])
        let (a, b) = (try outputs.map { try Data(contentsOf: url($0)) }, try ["b.json", "B.swift"].map { try Data(contentsOf: url($0)) })
        #expect(a != b)
        for name in outputs { try age(name) }
        let before = try outputs.map(attributes)
        try compile("a.yaml")
        #expect(try outputs.map(attributes).map(\.date) == [old, old])
        #expect(try outputs.map(attributes).map(\.inode) == before.map(\.inode))
        #expect(try outputs.map { try Data(contentsOf: url($0)) } == a)
        #expect(try folder.contents() == ["B.swift", "Out.swift", "a.yaml", "b.json", "b.yaml", "out.json"])
        // Changed near the end: replaced, whole.
        try compile("b.yaml")
        #expect(try outputs.map { try Data(contentsOf: url($0)) } == b)
        #expect(try outputs.map(attributes).allSatisfy { $0.date > old })
        // A target longer than the text, or shorter: replaced, whole.
        for (index, name) in outputs.enumerated() {
            for changed in [b[index] + Data("more\n".utf8), b[index].dropLast(3)] {
                try changed.write(to: url(name))
                try age(name)
                try compile("b.yaml")
                #expect(try Data(contentsOf: url(name)) == b[index], "\(name)")
                #expect(try attributes(name).date > old, "\(name)")
            }
        }
        #expect(try folder.contents() == ["B.swift", "Out.swift", "a.yaml", "b.json", "b.yaml", "out.json"])
    }

    @Test func twoCompilesWritingOneFileLeaveOneCompleteOutput() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.yaml", Self.largeTokens(20_000, value: 4))
        try folder.write("b.yaml", Self.largeTokens(20_000, value: 16))
        func start(_ input: String) throws -> Process {
            let process = Process()
            process.executableURL = Binary.executable
            process.arguments = ["compile", input, "--json", "out.json"]
            process.currentDirectoryURL = folder.url
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        let first = try start("a.yaml")
        let second = try start("b.yaml")
        first.waitUntilExit()
        second.waitUntilExit()
        #expect(first.terminationStatus == 0 && second.terminationStatus == 0)
        let written = try String(contentsOf: folder.url.appendingPathComponent("out.json"), encoding: .utf8)
        let a = try Binary.run(["compile", "a.yaml", "--json", "a.json"], in: folder.url)
        let b = try Binary.run(["compile", "b.yaml", "--json", "b.json"], in: folder.url)
        #expect(a.status == 0 && b.status == 0)
        let expectedA = try String(contentsOf: folder.url.appendingPathComponent("a.json"), encoding: .utf8)
        let expectedB = try String(contentsOf: folder.url.appendingPathComponent("b.json"), encoding: .utf8)
        #expect(written == expectedA || written == expectedB)
        #expect(try folder.contents().filter { $0.hasSuffix(".tmp") }.isEmpty)
    }

    /// An output named through a link: the file the link names is replaced and the link kept; the process's own
    /// descriptor (`/dev/fd/1`, `/dev/stdout`) redirected to a file is written into, never replaced by a file.
    @Test func outputsThroughLinksAndDescriptorsAreWrittenWhereTheyPoint() throws {
        let folder = try TemporaryFolder()
        try folder.write("t.yaml", "spacing:\n  $type: dimension\n  pad: 16\n")
        try folder.write("real.json", "old\n")
        let link = folder.url.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.json")
        #expect(try Binary.run(["compile", "t.yaml", "--json", "link.json"], in: folder.url).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real.json")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("real.json"), encoding: .utf8).contains("\"spacing.pad\""))
        // The descriptor, redirected to a regular file by the shell.
        let shell = try Binary.run(["-c", "'\(Binary.executable.path)' compile t.yaml --json /dev/fd/1 > out.json"], in: folder.url, shell: true)
        #expect(shell.status == 0, "\(shell.stderr)")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("out.json"), encoding: .utf8).contains("\"spacing.pad\""))
    }
}
