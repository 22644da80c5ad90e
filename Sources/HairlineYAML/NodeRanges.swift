internal import CYAML
import HairlineDiagnostics

/// Where each node of a file ends, by where it starts, from libyaml's end marks: the ranges findings and input
/// errors carry. Made for a file that has something to report, from its bytes read once more (a large screen's
/// while it is read for linting).
public struct NodeRanges: Sendable {
    /// The file's text and lines.
    public let text: SourceText
    /// The nodes' starts (line and column, packed), in document order, and each one's end: every node's, or the
    /// asked-for marks' only. Where nodes start at one place (a mapping and its first key), the innermost's end is
    /// kept: a finding there points at the key.
    private var starts: [Int] = []
    private var ends: [Int] = []
    /// The anchored nodes, each as its start and end (packed): what is inside one is shared by its aliases.
    private var anchored: [(start: Int, end: Int)] = []

    /// The nodes of a file's one document; a file libyaml cannot read to the end, or that nests deeper than the
    /// limits allow, keeps the nodes before that. Given the marks that will be asked for, the file is read only as
    /// far as they need: past the last one's line, until no collection open there starts at one or is anchored
    /// (a finding's range, and whether its node is shared, are known by then).
    public init(bytes: [UInt8], limits: YAMLLimits = .standard, for marks: [Mark]? = nil) {
        let needed = marks.map { Set($0.map { Self.pack(line: $0.line, column: $0.column) }) }
        let lastLine = marks?.map(\.line).max() ?? Int.max
        text = SourceText(bytes)
        guard TextEncoding.foreignEncoding(of: bytes) == nil else { return }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return }
        defer { yaml_parser_delete(&parser) }
        body.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var event = yaml_event_t()
            // Each open collection: its start, whether it is anchored, and where its end goes (nil: not kept).
            var open: [(start: Int, isAnchored: Bool, entry: Int?)] = []
            while yaml_parser_parse(&parser, &event) == 1 {
                let type = event.type
                let start = Self.pack(event.start_mark)
                if start >> 32 > lastLine, !open.contains(where: { $0.isAnchored || needed?.contains($0.start) == true }) {
                    yaml_event_delete(&event)
                    return
                }
                let isKept = needed?.contains(start) ?? true
                let startsWithLast = starts.last == start
                switch type {
                case YAML_SCALAR_EVENT, YAML_ALIAS_EVENT:
                    if isKept {
                        if startsWithLast {
                            ends[ends.count - 1] = Self.pack(event.end_mark)
                            if open.last?.start == start { open[open.count - 1].entry = nil }
                        } else {
                            starts.append(start)
                            ends.append(Self.pack(event.end_mark))
                        }
                    }
                    if type == YAML_SCALAR_EVENT, event.data.scalar.anchor != nil { anchored.append((start, Self.pack(event.end_mark))) }
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    let anchor = type == YAML_MAPPING_START_EVENT ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
                    var entry: Int?
                    if isKept, !startsWithLast {
                        entry = starts.count
                        starts.append(start)
                        ends.append(Self.notEnded)
                    } else if startsWithLast, open.last?.start == start {
                        // The inner of two collections at one place ends first: its end is kept.
                        entry = open[open.count - 1].entry
                        open[open.count - 1].entry = nil
                    }
                    open.append((start, anchor != nil, entry))
                    // libyaml's scanner is quadratic in flow nesting: stop where the cursor stops.
                    if open.count >= limits.maxDepth {
                        yaml_event_delete(&event)
                        return
                    }
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    guard let collection = open.popLast() else { break }
                    if let entry = collection.entry { ends[entry] = Self.pack(event.end_mark) }
                    if collection.isAnchored { anchored.append((collection.start, Self.pack(event.end_mark))) }
                default:
                    break
                }
                yaml_event_delete(&event)
                if type == YAML_STREAM_END_EVENT { break }
            }
        }
    }

    /// A libyaml mark (0-based) as a 1-based line and column, packed in one integer.
    private static func pack(_ mark: yaml_mark_t) -> Int {
        pack(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
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
    private static let notEnded = -1

    /// Whether the node at a line and column lies inside an anchored node: its aliases share it.
    public func isShared(line: Int, column: Int) -> Bool {
        let place = Self.pack(line: line, column: column)
        return anchored.contains { $0.start <= place && place < $0.end }
    }

    /// The range of the node a mark points at.
    public func range(at mark: Mark) -> SourceRange {
        range(line: mark.line, column: mark.column)
    }
}
