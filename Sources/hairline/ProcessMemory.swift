import CMalloc
import Foundation

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
///   Only the main thread allocates from the main heap: `tuneForOneJob` is called there, before the work.
///
/// None of it changes what the process computes, only how its memory is laid out.
enum ProcessMemory {
    /// What was tuned: whether the allocator took the options, and the main heap's room offered for huge pages.
    struct Tuning: Equatable {
        let options: Bool
        let hugePages: Range<UInt>?
    }

    static let heapPad = 64 << 20
    static let mappingThreshold = 32 << 20
    /// The block that grows the main heap now: more than a fresh process's heap holds, less than
    /// `mappingThreshold`.
    static let growingBlock = 16 << 20
    static let hugePageSize: UInt = 2 << 20

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
            let start = (address + hugePageSize - 1) & ~(hugePageSize - 1)
            let end = top & ~(hugePageSize - 1)
            guard address + UInt(growingBlock) <= top, start < end,
                madvise(UnsafeMutableRawPointer(bitPattern: start), Int(end - start), MADV_HUGEPAGE) == 0
            else { return Tuning(options: true, hugePages: nil) }
            return Tuning(options: true, hugePages: start..<end)
        #else
            return Tuning(options: false, hugePages: nil)
        #endif
    }()
}
