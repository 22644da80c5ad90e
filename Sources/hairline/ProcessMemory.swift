import CMalloc
import Foundation
import HairlineDiagnostics

/// How the `hairline` process takes memory from the C library's allocator: as a process that does one job and
/// exits, not as a server.
///
/// A compile of 100,000 tokens, or a lint of 2,000 screens, allocates about 100 MB in hundreds of thousands of
/// small blocks and frees little of it before it exits (`BackgroundRelease`). glibc's defaults are made for a
/// process that runs for days: each heap grows 128 KB at a time, a `brk` or `mprotect` call each time (4,400 of
/// them in that compile), and every 4 KB page is faulted in on its own (23,000 faults). So, once, before any
/// work, where the allocator is glibc's:
///
/// - a heap grows by at least `heapPad` at a time and is not shrunk again: address space only, a page is still
///   taken when it is first touched;
/// - a block below `mappingThreshold` comes from a heap, not from a mapping of its own made and unmade for it;
/// - the main heap is grown now, and its new room is offered to the kernel for 2 MB pages (`MADV_HUGEPAGE`):
///   one fault where there were 512. The kernel decides; where transparent huge pages are off, nothing changes.
///   Only the main thread allocates from the main heap: `tuneForOneJob` is called there, before the work;
/// - every other thread that works on a part (`Parallel`) offers its own heap for huge pages likewise, before
///   its first part (`adviseThreadHeap`). With the pad, glibc maps a thread's heap readable and writable whole
///   when it makes it, so all of it can be backed by 2 MB pages: a compile's page faults fall from 10,400 to
///   2,700.
///
/// None of it changes what the process computes, only how its memory is laid out.
enum ProcessMemory {
    /// What was tuned: whether the allocator took the options, and the main heap's room offered for huge pages.
    struct Tuning: Equatable {
        let options: Bool
        let hugePages: Range<UInt>?
        /// Where the main heap is, up to its break as tuning left it.
        var mainHeap: Range<UInt>? = nil
    }

    static let heapPad = 64 << 20
    static let mappingThreshold = 32 << 20
    /// The block that grows the main heap now: more than a fresh process's heap holds, less than
    /// `mappingThreshold`.
    static let growingBlock = 16 << 20
    static let hugePageSize: UInt = 2 << 20
    /// The size of a heap of glibc's other than the main one (its `HEAP_MAX_SIZE` on 64-bit systems): a thread
    /// allocates from its arena's heap, a mapping of this size aligned to it.
    static let threadHeapSize: UInt = 64 << 20
    /// A block this size comes from the calling thread's own arena: it is above the largest size of glibc's
    /// per-thread cache (1,032 bytes), which can hold a block of another thread's heap that this thread freed.
    static let threadHeapProbe = 4096

    /// Tunes the allocator, once; later calls return the first call's tuning.
    @discardableResult
    static func tuneForOneJob() -> Tuning { tuning }

    private static let tuning: Tuning = {
        #if canImport(Glibc)
            // mallopt returns 1 when it takes an option.
            let options =
                mallopt(M_TOP_PAD, Int32(heapPad)) == 1 && mallopt(M_TRIM_THRESHOLD, Int32.max) == 1
                && mallopt(M_MMAP_THRESHOLD, Int32(mappingThreshold)) == 1
            guard options else { return Tuning(options: false, hugePages: nil) }
            guard let block = malloc(growingBlock) else { return Tuning(options: true, hugePages: nil) }
            defer { free(block) }
            // The block and the heap's room above it, up to the break: a block from the main heap lies below the
            // break (the heap grew to hold it and the pad, or it was free room in the heap already); one from a
            // mapping of its own, or another thread's heap, does not.
            let (address, top) = (UInt(bitPattern: block), UInt(bitPattern: sbrk(0)))
            // The main heap, and the executable's data below it: a thread's heap is mapped elsewhere, above.
            let mainHeap = 0..<top
            Parallel.prepareEachThread { adviseThreadHeap(outside: mainHeap) }
            let start = (address + hugePageSize - 1) & ~(hugePageSize - 1)
            let end = top & ~(hugePageSize - 1)
            guard address + UInt(growingBlock) <= top, start < end,
                madvise(UnsafeMutableRawPointer(bitPattern: start), Int(end - start), MADV_HUGEPAGE) == 0
            else { return Tuning(options: true, hugePages: nil, mainHeap: mainHeap) }
            return Tuning(options: true, hugePages: start..<end, mainHeap: mainHeap)
        #else
            return Tuning(options: false, hugePages: nil)
        #endif
    }()

    /// Offers the calling thread's heap to the kernel for huge pages, and returns its range; nil where the thread
    /// allocates from the main heap (`mainHeap`: the main thread, or a thread sharing its arena once glibc made
    /// as many arenas as it makes), or where the advice is refused.
    @discardableResult
    static func adviseThreadHeap(outside mainHeap: Range<UInt>) -> Range<UInt>? {
        #if canImport(Glibc)
            // The probe comes from the thread's arena, whose heap holds it.
            guard let block = malloc(threadHeapProbe) else { return nil }
            defer { free(block) }
            let address = UInt(bitPattern: block)
            guard !mainHeap.contains(address) else { return nil }
            let start = address & ~(threadHeapSize - 1)
            guard madvise(UnsafeMutableRawPointer(bitPattern: start), Int(threadHeapSize), MADV_HUGEPAGE) == 0 else { return nil }
            return start..<start + threadHeapSize
        #else
            return nil
        #endif
    }
}
