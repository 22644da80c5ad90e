import Foundation

/// A file's path as a number: every path the process names gets one, the same path (byte for byte) the same
/// number, for as long as the process runs. What a `Mark` holds instead of the path's string.
public struct FileID: Sendable, Hashable {
    private let number: UInt32

    /// The number for a path, given it the first time the path is seen.
    public init(_ path: String) {
        number = FileNames.number(for: path)
    }

    /// The path.
    public var path: String { FileNames.path(number) }
}

/// The paths numbered so far. A path is written into its slot before its number is handed out, and a slot is
/// never moved or written again; so a thread that holds a number, got under the lock or from a mark handed to
/// it (through a queue, a lock or a thread's end, which all order memory), reads the slot without the lock.
private enum FileNames {
    private static let lock = NSLock()
    /// Slots a chunk: chunks are allocated whole, once, and never freed.
    private static let chunkSize = 1024
    /// The chunks' table, of a fixed size: room for 4 M paths.
    private static let chunkCount = 4_096
    /// Read and written under `lock`, apart from the reads of numbered slots described above.
    nonisolated(unsafe) private static let chunks: UnsafeMutablePointer<UnsafeMutablePointer<String>?> = {
        let table = UnsafeMutablePointer<UnsafeMutablePointer<String>?>.allocate(capacity: chunkCount)
        table.initialize(repeating: nil, count: chunkCount)
        return table
    }()
    /// The numbers by the paths' bytes (by bytes: two paths that are canonically equivalent strings but
    /// different bytes are different files). Read and written under `lock`.
    nonisolated(unsafe) private static var numbers: [[UInt8]: UInt32] = [:]

    static func number(for path: String) -> UInt32 {
        let bytes = Array(path.utf8)
        return lock.withLock {
            if let number = numbers[bytes] { return number }
            let number = numbers.count
            precondition(number < chunkSize * chunkCount, "more file paths than marks can number")
            let (chunk, slot) = number.quotientAndRemainder(dividingBy: chunkSize)
            if chunks[chunk] == nil { chunks[chunk] = .allocate(capacity: chunkSize) }
            (chunks[chunk]! + slot).initialize(to: path)
            numbers[bytes] = UInt32(number)
            return UInt32(number)
        }
    }

    static func path(_ number: UInt32) -> String {
        let (chunk, slot) = Int(number).quotientAndRemainder(dividingBy: chunkSize)
        return chunks[chunk]![slot]
    }
}
