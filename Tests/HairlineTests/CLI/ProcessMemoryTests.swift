import Foundation
import Testing

@testable import hairline

/// The allocator is tuned once, and a running `hairline`'s main heap is what the kernel is asked to back with
/// huge pages.
@Suite("Process memory")
struct ProcessMemoryTests {
    /// The options are taken, once. (This test's thread is not the main thread, so its heap is another.)
    @Test func theOptionsAreTakenOnce() {
        let tuning = ProcessMemory.tuneForOneJob()
        #expect(tuning.options)
        if let range = tuning.hugePages {
            #expect(range.lowerBound % ProcessMemory.hugePageSize == 0 && range.upperBound % ProcessMemory.hugePageSize == 0)
        }
        #expect(ProcessMemory.tuneForOneJob() == tuning)
    }

    /// `hairline` waiting for a screen on standard input has tuned itself: its main heap (`[heap]`) is advised for
    /// huge pages (`hg`) over at least the block that grew it.
    @Test func aRunningHairlinesHeapIsAdvisedForHugePages() throws {
        // A kernel built without transparent huge pages refuses the advice; the options still hold.
        guard FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled") else { return }
        let folder = try CLILintTests.project([:])
        let process = Process()
        process.executableURL = Binary.executable
        process.arguments = ["lint", "--stdin-path", "screens/x.yaml"]
        process.currentDirectoryURL = folder.url
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var advised: [Range<UInt>] = []
        let deadline = Date().addingTimeInterval(10)
        while advised.isEmpty, Date() < deadline, process.isRunning {
            advised = Self.heapMappings(advisedIn: "/proc/\(process.processIdentifier)/smaps")
            if advised.isEmpty { Thread.sleep(forTimeInterval: 0.01) }
        }
        input.fileHandleForWriting.write(Data("screen: X\npadding: 4\n".utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let largest = advised.map(\.count).max() ?? 0
        #expect(largest >= ProcessMemory.growingBlock - 2 * Int(ProcessMemory.hugePageSize), "advised: \(advised)")
    }

    /// The mappings of a process's main heap that are advised for huge pages, from its smaps.
    static func heapMappings(advisedIn smaps: String) -> [Range<UInt>] {
        // Read to its end: a file in /proc has no size to read up to.
        guard let file = FileHandle(forReadingAtPath: smaps) else { return [] }
        defer { try? file.close() }
        let text = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        var found: [Range<UInt>] = []
        var heap: Range<UInt>?
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.contains("-"), !first.hasSuffix(":") {
                let bounds = first.split(separator: "-").compactMap { UInt($0, radix: 16) }
                heap = bounds.count == 2 && fields.last == "[heap]" ? bounds[0]..<bounds[1] : nil
            } else if let range = heap, fields.first == "VmFlags:", fields.contains("hg") {
                found.append(range)
            }
        }
        return found
    }
}
