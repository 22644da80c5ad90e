import HairlineDiagnostics

/// Where each node of a file ends, by where it starts: the ranges findings and input errors carry. Recorded by the
/// event pass that reads the file (`EventCursor`, from libyaml's start and end marks), so that a screen's ranges
/// come with the screen.
public struct NodeRanges: Sendable {
    /// The file's text and lines.
    public let text: SourceText
    /// What the event pass records: the nodes' starts (line and column, packed) in document order and each one's
    /// end. Where nodes start at one place (a mapping and its first key), the innermost's end is kept: a finding
    /// there points at the key. The anchored nodes, each as its start and end: what is inside one is shared by its
    /// aliases.
    struct Builder {
        var starts: [Int] = []
        var ends: [Int] = []
        var anchored: [(start: Int, end: Int)] = []
        /// Each open collection: its start, whether it is anchored, and where its end goes (nil: not kept).
        private var open: [(start: Int, isAnchored: Bool, entry: Int?)] = []

        /// A scalar or an alias, from `start` to `end` (packed).
        mutating func leaf(start: Int, end: Int, isAnchored: Bool) {
            if starts.last == start {
                ends[ends.count - 1] = end
                if open.last?.start == start { open[open.count - 1].entry = nil }
            } else {
                starts.append(start)
                ends.append(end)
            }
            if isAnchored { anchored.append((start, end)) }
        }

        /// A sequence or mapping that starts at `start`.
        mutating func collectionStart(_ start: Int, isAnchored: Bool) {
            var entry: Int?
            if starts.last != start {
                entry = starts.count
                starts.append(start)
                ends.append(NodeRanges.notEnded)
            } else if open.last?.start == start {
                // The inner of two collections at one place ends first: its end is kept.
                entry = open[open.count - 1].entry
                open[open.count - 1].entry = nil
            }
            open.append((start, isAnchored, entry))
        }

        /// The innermost open collection ends at `end`.
        mutating func collectionEnd(_ end: Int) {
            guard let collection = open.popLast() else { return }
            if let entry = collection.entry { ends[entry] = end }
            if collection.isAnchored { anchored.append((collection.start, end)) }
        }
    }

    /// What an event pass recorded, before the file's lines are indexed: a file with nothing to report never
    /// needs them.
    public struct Recorded: Sendable {
        let starts: [Int]
        let ends: [Int]
        let anchored: [(start: Int, end: Int)]

        /// Nothing recorded.
        public static let none = Recorded(Builder())

        init(_ builder: Builder) {
            (starts, ends, anchored) = (builder.starts, builder.ends, builder.anchored)
        }

        /// The ranges, over the file's bytes.
        public func ranges(of bytes: [UInt8]) -> NodeRanges {
            NodeRanges(text: SourceText(bytes), recorded: self)
        }
    }

    private let starts: [Int]
    private let ends: [Int]
    private let anchored: [(start: Int, end: Int)]

    init(text: SourceText, recorded: Recorded) {
        self.text = text
        starts = recorded.starts
        ends = recorded.ends
        anchored = recorded.anchored
    }

    /// The ranges of a file read on its own (a token set's or rule set's, whose findings come after it was read):
    /// its one event pass run to the end, or to its first error, keeping the nodes before it.
    public init(bytes: [UInt8], limits: YAMLLimits = .standard) {
        guard var cursor = try? EventCursor(bytes: bytes, file: "", limits: limits, recordsRanges: true) else {
            self.init(text: SourceText(bytes), recorded: .none)
            return
        }
        while let event = try? cursor.next() {
            if case .documentEnd = event { break }
        }
        self = cursor.recordedRanges().ranges(of: bytes)
    }

    /// A 0-based line and column as a 1-based line and column, packed in one integer.
    static func pack(zeroBasedLine line: Int, column: Int) -> Int {
        pack(line: line + 1, column: column + 1)
    }

    private static func pack(line: Int, column: Int) -> Int {
        line << 32 | column
    }

    /// The range of the node that starts at a line and column: to its end, less any white space and line breaks
    /// it ends with. Where no node starts (an error inside a token, a file's start), to the end of the line's text.
    public func range(line: Int, column: Int) -> SourceRange {
        let start = text.position(line: line, column: column)
        var endOffset: Int
        if let end = end(at: Self.pack(line: line, column: column)) {
            endOffset = text.position(line: end >> 32, column: end & 0xFFFF_FFFF).offset
        } else {
            endOffset = text.lineBytes(start.line).upperBound
        }
        while endOffset > start.offset, [0x20, 0x09, 0x0A, 0x0D].contains(text.bytes[endOffset - 1]) { endOffset -= 1 }
        return SourceRange(start: start, end: text.position(offset: max(endOffset, start.offset)))
    }

    /// The end of the node that starts at a place (packed), found by halves.
    private func end(at start: Int) -> Int? {
        var (low, high) = (0, starts.count)
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] < start { low = middle + 1 } else { high = middle }
        }
        return low < starts.count && starts[low] == start && ends[low] != Self.notEnded ? ends[low] : nil
    }

    /// The end of a collection the file does not close.
    static let notEnded = -1

    /// Whether the node at a line and column lies inside an anchored node: its aliases share it.
    public func isShared(line: Int, column: Int) -> Bool {
        let place = Self.pack(line: line, column: column)
        return anchored.contains { $0.start <= place && place < $0.end }
    }

    /// The range of the node a mark points at.
    public func range(at mark: Mark) -> SourceRange {
        range(line: mark.line, column: mark.column)
    }

    /// The range of the first node that starts after a place (a key's value), if one does.
    public func range(ofNodeAfter position: SourceRange.Position) -> SourceRange? {
        let place = Self.pack(line: position.line, column: position.column)
        var (low, high) = (0, starts.count)
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= place { low = middle + 1 } else { high = middle }
        }
        guard low < starts.count else { return nil }
        return range(line: starts[low] >> 32, column: starts[low] & 0xFFFF_FFFF)
    }
}
