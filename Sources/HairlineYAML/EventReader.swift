internal import CYAML
import Foundation
import HairlineDiagnostics

/// A pull reader over the events of one plain YAML document, for a reader that builds its own model straight
/// from the events instead of from a `Node` tree (linting thousands of screens, the tree is most of the cost).
///
/// It reads only what needs no tree: scalars, sequences and mappings with scalar keys. Everything else stops
/// it, and `next()` returns `.stopped` from then on (`nextRaw()` nil): a libyaml error, an anchor, an alias, a
/// tag, a complex key, a duplicate key, a key other than a string past a mapping's first 64, a second document,
/// nesting at the depth limit, an encoding other than UTF-8, a file over the size limit. A caller that is
/// stopped parses the same bytes with `YAMLSource.parse`, which reports every error at its place; so whatever
/// this reader does accept, it reads exactly as the full parser would.
///
/// A large document can be read in pieces (`pieces(of:)`), a reader each, as the full parser parses it.
///
/// A reader made with `checksKeys: false` leaves a mapping's keys to its caller: it takes duplicates and
/// collections as keys, and a caller that takes its events for a document must refuse both itself. A caller that
/// finds its duplicates some cheaper way (a token set's paths, sorted anyway) saves a set of every large mapping's
/// keys.
public struct EventReader: ~Copyable {
    /// One event.
    public enum Event {
        /// A scalar, where it starts.
        case scalar(Scalar, Mark)
        /// A sequence starts.
        case sequenceStart(Mark)
        /// A mapping starts.
        case mappingStart(Mark)
        /// The innermost open sequence or mapping ends.
        case end
        /// The document ends.
        case documentEnd
        /// The reader stopped: the document holds something it leaves to the full parser. A case, not an optional
        /// event: an optional of this enum, made in another module than this one, was destroyed through its
        /// type's value witness, looked up by name, at every event the caller did not match.
        case stopped
    }

    private struct Frame {
        let isMapping: Bool
        /// Where the mapping's keys start in `keys`.
        let keysStart: Int
        /// Items read so far (keys and values, for a mapping).
        var count = 0
        /// Whether the mapping's keys are in a set, the last of `indexes`: once it has more than `indexedFrom`.
        var isIndexed = false
    }

    /// Past this many keys a mapping's keys are checked in a set rather than one by one.
    private static let indexedFrom = 64
    /// The keys such a set has room for at first.
    private static let indexCapacity = 1024

    private let file: FileID
    private let limits: YAMLLimits
    /// Whether duplicate keys and collections as keys stop the reader.
    private let checksKeys: Bool
    /// Lines of the file before these bytes, for a piece of a larger document.
    private let lineOffset: Int
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    /// libyaml's parser, at a fixed address for the reader's whole life.
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    /// The event read last, at a fixed address: its scalar's bytes stay the caller's until the next event.
    private let event: UnsafeMutablePointer<yaml_event_t>
    /// Whether `event` holds an event still to be deleted.
    private var holdsEvent = false
    /// The scalar just read, made for the duplicate check of a reader that checks keys.
    private var checkedScalar: Scalar?
    /// The thread's scalars already made, for a reader that reuses them.
    private let scalarCache: ScalarCache?
    /// The open collections, for a reader that checks keys. Plain numbers a frame, so that counting an item
    /// stores a number (a frame that held its set was copied and checked for uniqueness at every item).
    private var stack: [Frame] = []
    /// How many collections are open: all a reader that does not check keys keeps of them.
    private var depth = 0
    /// The keys of each open mapping that has more than `indexedFrom`, innermost last: all strings, or the
    /// reader stops.
    private var indexes: [Set<String>] = []
    /// The keys of every open mapping, innermost last, for the duplicate check.
    private var keys: [Scalar] = []
    private var documents = 0
    private var stopped = false
    /// Whether the document's root is a block mapping that starts at column 1, once its first event is read.
    public private(set) var rootIsBlockMapping = false

    /// A reader over UTF-8 bytes; nil when the bytes are over the size limit or not UTF-8.
    /// `reusesScalars`: the scalars `next()` gives are found in the thread's cache when the same bytes were read
    /// before on the thread (by any reader that reuses them), for a caller reading many small files alike.
    public init?(bytes: [UInt8], file: String, limits: YAMLLimits = .standard, checksKeys: Bool = true, reusesScalars: Bool = false) {
        guard TextEncoding.foreignEncoding(of: bytes) == nil else { return nil }
        self.init(
            bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...], file: file, limits: limits, lineOffset: 0,
            checksKeys: checksKeys, reusesScalars: reusesScalars)
    }

    /// A reader over one of the pieces `pieces(of:)` cut a document into, its marks at their lines in the file.
    public init?(
        piece: (bytes: Range<Int>, line: Int), of bytes: [UInt8], file: String, limits: YAMLLimits = .standard, checksKeys: Bool = true
    ) {
        guard TextEncoding.foreignEncoding(of: bytes) == nil else { return nil }
        self.init(bytes[piece.bytes], file: file, limits: limits, lineOffset: piece.line, checksKeys: checksKeys, reusesScalars: false)
    }

    /// A reader over `body`, the bytes after any byte order mark.
    private init?(_ body: ArraySlice<UInt8>, file: String, limits: YAMLLimits, lineOffset: Int, checksKeys: Bool, reusesScalars: Bool) {
        guard body.count <= limits.maxFileBytes else { return nil }
        // No UTF-8 check of its own: libyaml's reader refuses any invalid sequence before the stream ends.
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        guard yaml_parser_initialize(parser) == 1 else {
            parser.deallocate()
            return nil
        }
        // libyaml reads from this copy for the reader's whole life.
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(body.count, 1))
        body.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { buffer.baseAddress!.initialize(from: base, count: source.count) }
        }
        yaml_parser_set_input_string(parser, buffer.baseAddress, body.count)
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        self.file = FileID(file)
        self.limits = limits
        self.lineOffset = lineOffset
        self.checksKeys = checksKeys
        scalarCache = reusesScalars ? .forThisThread() : nil
        self.parser = parser
        self.buffer = buffer
        event = .allocate(capacity: 1)
        event.initialize(to: yaml_event_t())
    }

    /// Where a document is cut to be read in pieces, a reader each, as `YAMLSource.parse` parses one in pieces
    /// (a root block mapping cut at lines that begin a top-level key); nil when it is too small to be worth it or
    /// holds what a cut could change. A caller must check that every piece's `rootIsBlockMapping`, and that no
    /// top-level key is in two pieces, before taking the pieces together for the document.
    /// `count`: at most this many pieces, whatever the size (for tests); by default one per core for a large
    /// document. A document that starts with a byte order mark is read whole.
    public static func pieces(of bytes: [UInt8], count: Int? = nil) -> [(bytes: Range<Int>, line: Int)]? {
        guard !bytes.starts(with: [0xEF, 0xBB, 0xBF]) else { return nil }
        return bytes.withUnsafeBufferPointer { PieceCuts.pieces(of: $0, count: count) }
    }

    deinit {
        if holdsEvent { yaml_event_delete(event) }
        event.deallocate()
        yaml_parser_delete(parser)
        parser.deallocate()
        buffer.deallocate()
    }

    /// The next event; `.stopped` once the document holds something this reader leaves to the full parser.
    public mutating func next() -> Event {
        guard let event = nextRaw() else { return .stopped }
        switch event {
        case .scalar(let raw):
            // A reader that checks keys made the scalar already.
            // Taken out, not copied and then cleared (a retain and a release of its text).
            let scalar = checkedScalar.take() ?? self.scalar(raw)
            return .scalar(scalar, mark(raw.place))
        case .sequenceStart(let place): return .sequenceStart(mark(place))
        case .mappingStart(let place): return .mappingStart(mark(place))
        case .end: return .end
        case .documentEnd: return .documentEnd
        }
    }

    /// Where an event starts in the file: a 1-based line and column, for `mark(_:)`.
    public struct Place: Sendable {
        public let line: Int
        public let column: Int
    }

    /// A scalar as libyaml reads it: its UTF-8 bytes (escapes processed), valid until the reader's next event.
    public struct RawScalar {
        public let bytes: UnsafeBufferPointer<UInt8>
        public let style: ScalarStyle
        public let place: Place
    }

    /// An event as libyaml reads it, with nothing to release: for a reader that makes a string, a scalar or a
    /// mark only of what it keeps (a token set's values are parsed from their bytes).
    public enum RawEvent {
        case scalar(RawScalar)
        case sequenceStart(Place)
        case mappingStart(Place)
        case end
        case documentEnd
    }

    /// A place as a mark in the file.
    public func mark(_ place: Place) -> Mark {
        Mark(place, in: file)
    }

    /// The next event as libyaml reads it; nil where `next()` is `.stopped`. A scalar's bytes are libyaml's, good
    /// until the next call.
    public mutating func nextRaw() -> RawEvent? {
        guard !stopped else { return nil }
        while true {
            // The last event's bytes were the caller's until now.
            if holdsEvent {
                yaml_event_delete(event)
                holdsEvent = false
            }
            guard yaml_parser_parse(parser, event) == 1 else { return stop() }
            holdsEvent = true
            let at = Place(event.pointee.start_mark, lineOffset: lineOffset)
            switch event.pointee.type {
            case YAML_STREAM_START_EVENT, YAML_DOCUMENT_END_EVENT:
                continue
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 { return stop() }
                continue
            case YAML_STREAM_END_EVENT:
                return documents == 1 ? .documentEnd : stop()
            case YAML_SCALAR_EVENT:
                let data = event.pointee.data.scalar
                guard data.tag == nil, data.anchor == nil else { return stop() }
                let raw = RawScalar(bytes: UnsafeBufferPointer(start: data.value, count: data.length), style: ScalarStyle(data.style), place: at)
                if checksKeys {
                    let scalar = self.scalar(raw)
                    guard item(key: scalar) else { return stop() }
                    checkedScalar = scalar
                }
                return .scalar(raw)
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                let isMapping = event.pointee.type == YAML_MAPPING_START_EVENT
                let (tag, anchor) =
                    isMapping
                    ? (event.pointee.data.mapping_start.tag, event.pointee.data.mapping_start.anchor)
                    : (event.pointee.data.sequence_start.tag, event.pointee.data.sequence_start.anchor)
                guard tag == nil, anchor == nil, depth < limits.maxDepth, !checksKeys || item(key: nil) else { return stop() }
                if depth == 0, isMapping {
                    rootIsBlockMapping = event.pointee.data.mapping_start.style == YAML_BLOCK_MAPPING_STYLE && at.column == 1
                }
                depth += 1
                if checksKeys { stack.append(Frame(isMapping: isMapping, keysStart: keys.count)) }
                return isMapping ? .mappingStart(at) : .sequenceStart(at)
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                depth -= 1
                guard checksKeys else { return .end }
                let frame = stack.removeLast()
                if frame.isIndexed { indexes.removeLast() }
                // removeLast, not removeSubrange: a mapping has a few keys, and the generic range removal cost
                // more than the rest of the event.
                while keys.count > frame.keysStart { keys.removeLast() }
                return .end
            default:
                return stop()
            }
        }
    }

    /// The scalar of a raw scalar, as `next()` gives it: from the thread's cache, for a reader that reuses scalars.
    public func scalar(_ raw: RawScalar) -> Scalar {
        scalarCache?.scalar(raw) ?? Scalar(raw)
    }

    /// Counts an item in the innermost collection; false when it is a key this reader does not take: a
    /// collection (`key` nil), a duplicate, or a key other than a string in a mapping past `indexedFrom` keys.
    private mutating func item(key: Scalar?) -> Bool {
        guard !stack.isEmpty else { return true }
        let top = stack.count - 1
        defer { stack[top].count += 1 }
        guard stack[top].isMapping, stack[top].count % 2 == 0 else { return true }
        guard let key else { return false }
        let start = stack[top].keysStart
        if keys.count - start < Self.indexedFrom {
            for earlier in keys[start...] where earlier.hasSameValue(as: key) { return false }
            keys.append(key)
            return true
        }
        // A large mapping: its keys in a set, which takes strings only (a string's value is its text).
        if !stack[top].isIndexed {
            guard keys[start...].allSatisfy(\.isString) else { return false }
            // Room for a large group's names from the start: a set that grows rehashes every name at each doubling.
            var index = Set<String>(minimumCapacity: Self.indexCapacity)
            for key in keys[start...] { index.insert(key.text) }
            indexes.append(index)
            stack[top].isIndexed = true
        }
        return key.isString && indexes[indexes.count - 1].insert(key.text).inserted
    }

    private mutating func stop() -> RawEvent? {
        stopped = true
        return nil
    }

}
