import HairlineDiagnostics

/// A lint output format: one stateless type per format, one file each.
public protocol Reporter: Sendable {
    /// The format's name on the command line (`--format NAME`, `--report NAME=FILE`).
    static var name: String { get }
    /// Writes the whole output for a run to `output`, piece by piece as it is made: a report of any size is
    /// written out as it goes, never held whole.
    static func write(_ report: LintReport, to output: ReportOutput)
}

extension Reporter {
    /// The whole output for a run, as one string: for small outputs and tests.
    public static func render(_ report: LintReport) -> String {
        ReportOutput.collect { write(report, to: $0) }
    }
}

/// Where a report's bytes go: collected a piece at a time (about a megabyte) and handed to a sink (a file, standard
/// output), so that what a report holds in memory does not grow with the number of findings.
public final class ReportOutput {
    private let sink: (UnsafeBufferPointer<UInt8>) -> Void
    private var pending: [UInt8] = []
    /// Bytes collected before they are handed over.
    private let piece: Int

    /// An output whose bytes go to `sink`, in order, about `piece` bytes at a time; `flush` hands over the last
    /// of them.
    public init(piece: Int = 1 << 20, _ sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.piece = piece
        self.sink = sink
    }

    /// What `body` writes, as one string.
    public static func collect(_ body: (ReportOutput) -> Void) -> String {
        var bytes: [UInt8] = []
        let output = ReportOutput { bytes.append(contentsOf: $0) }
        body(output)
        output.flush()
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes text.
    public func write(_ text: String) {
        pending.append(contentsOf: text.utf8)
        if pending.count >= piece { flush() }
    }

    /// Writes a buffer's bytes, each part handed over at once when it makes a piece; `buffer` is left empty.
    func write(_ buffer: inout TextBuffer) {
        buffer.parts(write)
        buffer.removeAll()
    }

    private func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        if pending.isEmpty, bytes.count >= piece {
            sink(bytes)
        } else {
            pending.append(contentsOf: bytes)
            if pending.count >= piece { flush() }
        }
    }

    /// Writes items `0..<count` in order, each by `body` into the buffer it is given: in batches whose items are
    /// written on every core, each batch handed over before the next is made. `body` runs on several threads at
    /// once: it may only read what the calls share.
    func writeEach(_ count: Int, _ body: (Int, inout TextBuffer) -> Void) {
        var start = 0
        // Each batch is given room for what an item of the one before it took.
        var bytesPerItem = 64
        var buffer = TextBuffer()
        while start < count {
            let batch = start..<min(count, start + Self.batch)
            buffer.write(batch.count, parallelMinimum: 256, bytesPerItem: bytesPerItem) { range, buffer in
                for index in range { body(batch.lowerBound + index, &buffer) }
            }
            bytesPerItem = max(bytesPerItem, buffer.totalCount / batch.count + 1)
            write(&buffer)
            start = batch.upperBound
        }
    }

    /// Hands over what is written and not handed over yet.
    public func flush() {
        guard !pending.isEmpty else { return }
        pending.withUnsafeBufferPointer(sink)
        pending.removeAll(keepingCapacity: true)
    }

    /// Items written on the cores at a time.
    static let batch = 2_048
}

/// Every lint output format, by name. An immutable table.
public enum Reporters {
    public static let all: [any Reporter.Type] = [
        TextReporter.self, JSONReporter.self, SARIFReporter.self, JUnitReporter.self, CheckstyleReporter.self,
        GitHubReporter.self, MarkdownReporter.self,
    ]

    /// The names, in order.
    public static var names: [String] { all.map { $0.name } }

    /// The reporter for a name.
    public static func named(_ name: String) -> (any Reporter.Type)? {
        all.first { $0.name == name }
    }
}

/// XML text and attribute escaping.
enum XMLText {
    /// Other C0 controls, U+FFFE and U+FFFF are not allowed in XML 1.0: written as U+FFFD.
    static let escaper = Escaper(
        ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&apos;", "\n": "&#10;", "\t": "&#9;", "\r": "&#13;"]
    ) { scalar in
        scalar.value < 0x20 || scalar == "\u{FFFE}" || scalar == "\u{FFFF}" ? "\u{FFFD}" : nil
    }

    static func escape(_ text: String) -> String { escaper(text) }
}
