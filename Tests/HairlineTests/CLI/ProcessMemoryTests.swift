import Foundation
import HairlineDiagnostics
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

    /// A thread's heap, offered for huge pages, is advised (`hg`) over the mapping that holds what the thread then
    /// allocates, 64 MB-aligned as glibc makes it.
    @Test func aThreadsHeapIsAdvised() throws {
        guard FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled") else { return }
        let mainHeap = try #require(ProcessMemory.tuneForOneJob().mainHeap)
        // A thread of its own, which allocates from an arena of its own (or, past glibc's number of arenas, a shared one).
        nonisolated(unsafe) var found: (advised: Range<UInt>?, block: UInt) = (nil, 0)
        let done = DispatchSemaphore(value: 0)
        Thread {
            found.advised = ProcessMemory.adviseThreadHeap(outside: mainHeap)
            found.block = UInt(bitPattern: malloc(ProcessMemory.threadHeapProbe))
            done.signal()
        }.start()
        done.wait()
        defer { free(UnsafeMutableRawPointer(bitPattern: found.block)) }
        guard let advised = found.advised else {
            // Past glibc's number of arenas, a new thread may share the main one: there is nothing to advise.
            #expect(mainHeap.contains(found.block))
            return
        }
        #expect(advised.lowerBound % ProcessMemory.threadHeapSize == 0 && advised.contains(found.block))
        let mapping = Self.mappings(in: "/proc/self/smaps").first { $0.range.contains(found.block) }
        #expect(mapping?.advised == true, "\(String(describing: mapping))")
    }

    /// Once tuned, the threads that work on `Parallel`'s parts offer their heaps before doing them: a block a part
    /// allocated lies in an advised mapping other than the main heap. (At least one: in a test process, a thread
    /// prepared long ago may since allocate from a heap its arena added, or share the main arena.)
    @Test func theWorkingThreadsHeapsAreAdvised() {
        guard FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled") else { return }
        #expect(ProcessMemory.tuneForOneJob().mainHeap != nil)
        // Each block is kept until the mappings are read.
        let blocks = Parallel.map(16) { _ in UInt(bitPattern: malloc(ProcessMemory.threadHeapProbe)) }
        defer { blocks.forEach { free(UnsafeMutableRawPointer(bitPattern: $0)) } }
        let mappings = Self.mappings(in: "/proc/self/smaps")
        let holding = blocks.compactMap { block in mappings.first { $0.range.contains(block) } }
        #expect(holding.contains { $0.advised && $0.name != "[heap]" }, "\(holding)")
    }

    /// The mappings of a process's main heap that are advised for huge pages, from its smaps.
    static func heapMappings(advisedIn smaps: String) -> [Range<UInt>] {
        mappings(in: smaps).filter { $0.name == "[heap]" && $0.advised }.map(\.range)
    }

    /// A process's mappings, from its smaps: where each is, its name (empty for an anonymous one), and whether it
    /// is advised for huge pages.
    static func mappings(in smaps: String) -> [(range: Range<UInt>, name: String, advised: Bool)] {
        // Read to its end: a file in /proc has no size to read up to.
        guard let file = FileHandle(forReadingAtPath: smaps) else { return [] }
        defer { try? file.close() }
        let text = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        var found: [(range: Range<UInt>, name: String, advised: Bool)] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.contains("-"), !first.hasSuffix(":") {
                let bounds = first.split(separator: "-").compactMap { UInt($0, radix: 16) }
                guard bounds.count == 2 else { continue }
                found.append((bounds[0]..<bounds[1], fields.count > 5 ? String(fields[5]) : "", false))
            } else if fields.first == "VmFlags:", fields.contains("hg"), !found.isEmpty {
                found[found.count - 1].advised = true
            }
        }
        return found
    }
}
