internal import CYAML
import HairlineDiagnostics

/// The one way Hairline reads a YAML document: a pull cursor over libyaml's events, which every reader of every
/// format walks (the `Node` tree is built from it too). It reports every YAML-level error at its place, as a
/// thrown `YAMLError`: the encoding, libyaml's own errors, a second document, nesting past the depth limit
/// (checked as events stream), an alias to nothing or to a node that contains it, aliases that expand past the
/// budget, a scalar that does not fit its core tag, and a mapping key given twice (compared by value under the
/// core schema, complex keys too).
///
/// An alias is replayed: the events of the node its anchor names, recorded as they were first read, come again,
/// the first at the alias's place, so a reader never sees an alias or an anchor.
public struct EventCursor: ~Copyable {
    /// Where an event starts in the file: a 1-based line and column in code points.
    public struct Place: Sendable, Hashable {
        public let line: Int
        public let column: Int

        /// Creates a place.
        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    /// A scalar as read: its UTF-8 bytes (escapes processed), valid until the cursor's next event. Plain values
    /// only, so that an event is copied without touching a reference count.
    public struct RawScalar {
        public let bytes: UnsafeBufferPointer<UInt8>
        public let style: ScalarStyle
        public let place: Place
        /// Its explicit tag, as a number the cursor gives the tag's name for (`tag(of:)`); -1 for none.
        let tagNumber: Int32
    }

    /// One event.
    public enum Event {
        case scalar(RawScalar)
        case sequenceStart(Place)
        case mappingStart(Place)
        /// The innermost open sequence or mapping ends.
        case end
        /// The document ends: no event follows.
        case documentEnd
    }

    /// An event recorded under an anchor, its scalar's bytes in the recording's storage; an alias inside the
    /// anchored node is kept as the recording it names, so a recording grows with the text, not its expansion.
    private enum Recorded {
        case scalar(start: Int, count: Int, style: ScalarStyle, place: Place, tagNumber: Int32)
        case sequenceStart(Place)
        case mappingStart(Place)
        case end
        case alias(Recording, Place)
    }

    /// The events of an anchored node, and the nodes they make as expanded (what an alias of it adds to the
    /// budget).
    private final class Recording {
        var events: [Recorded] = []
        var bytes: [UInt8] = []
        var weight = 0
        /// The scalars' bytes, copied once the recording is complete, at a fixed address for replays.
        var storage: UnsafeMutableBufferPointer<UInt8>?

        deinit { storage?.deallocate() }

        func seal() {
            let sealed = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
            _ = sealed.initialize(from: bytes)
            storage = sealed
            bytes = []
        }
    }

    /// An open sequence or mapping. A mapping's keys so far: scalar keys (with their marks) compared one by one
    /// while few, then by value in dictionaries; complex keys by their identity.
    private struct Frame {
        let isMapping: Bool
        var count = 0
        let keysStart: Int
        var stringKeys: [String: Mark]?
        var otherKeys: [String: Mark]?
    }

    /// Past this many keys a mapping's keys are found in dictionaries rather than compared one by one.
    private static let indexedFrom = 32

    private let file: FileID
    private let fileName: String
    private let limits: YAMLLimits
    private let body: UnsafeMutableBufferPointer<UInt8>
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let event: UnsafeMutablePointer<yaml_event_t>
    private var holdsEvent = false
    private var stack: [Frame] = []
    /// The scalar keys of every open mapping, innermost last.
    private var keys: [(scalar: Scalar, mark: Mark)] = []
    /// The scalar made for the key check, handed to `scalar(_:)` for the same event.
    private var checkedScalar: Scalar?
    /// Complex keys being read: where each started, and the identity its events spell so far.
    private var complexKeys: [(depth: Int, mark: Mark, identity: String)] = []
    private var anchors: [String: (recording: Recording, place: Place)] = [:]
    /// The anchored nodes still being read, innermost last, with the depth each started at.
    private var recording: [(name: String, recording: Recording, depth: Int, place: Place)] = []
    /// The recordings being replayed, innermost last, with the next event of each; the first event of a replay
    /// stands at the alias's place.
    private var replays: [(recording: Recording, next: Int, place: Place?)] = []
    /// The nodes aliases have added so far, counted as if copied.
    public private(set) var aliasWeight = 0
    private var firstDocument: Place?
    /// The tags met so far, by number.
    private var tagNames: [String] = []
    private var sawRoot = false
    private var ended = false
    /// Each node's start and end as libyaml marks them, when the reader asked for them (`ranges(of:)`).
    private var rangeBuilder: NodeRanges.Builder?

    /// A cursor over a file's bytes: refuses an encoding other than UTF-8, invalid UTF-8 and a file over the
    /// size limit, and drops a UTF-8 byte order mark.
    /// `recordsRanges`: each node's start and end are recorded as the events stream, for `ranges(of:)`.
    public init(bytes: [UInt8], file: String, limits: YAMLLimits = .standard, recordsRanges: Bool = false) throws(YAMLError) {
        try self.init(validatedBody: Self.body(of: bytes, file: file, limits: limits), file: file, limits: limits)
        if recordsRanges { rangeBuilder = NodeRanges.Builder() }
    }

    /// The ranges of the nodes read so far (all of them once the document has ended); none when the cursor was
    /// not asked to record them.
    public mutating func recordedRanges() -> NodeRanges.Recorded {
        NodeRanges.Recorded(rangeBuilder.take() ?? NodeRanges.Builder())
    }

    /// Records the event libyaml has just read in the ranges, when they are asked for.
    private mutating func recordRange() {
        guard rangeBuilder != nil else { return }
        let start = NodeRanges.pack(zeroBasedLine: Int(event.pointee.start_mark.line), column: Int(event.pointee.start_mark.column))
        let end = NodeRanges.pack(zeroBasedLine: Int(event.pointee.end_mark.line), column: Int(event.pointee.end_mark.column))
        switch event.pointee.type {
        case YAML_SCALAR_EVENT:
            rangeBuilder!.leaf(start: start, end: end, isAnchored: event.pointee.data.scalar.anchor != nil)
        case YAML_ALIAS_EVENT:
            rangeBuilder!.leaf(start: start, end: end, isAnchored: false)
        case YAML_SEQUENCE_START_EVENT:
            rangeBuilder!.collectionStart(start, isAnchored: event.pointee.data.sequence_start.anchor != nil)
        case YAML_MAPPING_START_EVENT:
            rangeBuilder!.collectionStart(start, isAnchored: event.pointee.data.mapping_start.anchor != nil)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            rangeBuilder!.collectionEnd(end)
        default:
            break
        }
    }

    /// A file's bytes as libyaml is to read them: refused when over the size limit, in an encoding other than
    /// UTF-8, or not valid UTF-8; a UTF-8 byte order mark dropped.
    static func body(of bytes: [UInt8], file: String, limits: YAMLLimits) throws(YAMLError) -> [UInt8] {
        if bytes.count > limits.maxFileBytes { throw .fileTooLarge(path: file, bytes: bytes.count, limit: limits.maxFileBytes) }
        if let encoding = TextEncoding.foreignEncoding(of: bytes) { throw .wrongEncoding(encoding: encoding, at: .start(of: file)) }
        var body = bytes
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body.removeFirst(3) }
        if let offset = TextEncoding.firstInvalidUTF8Offset(in: body) {
            throw .invalidUTF8(byte: body[offset], at: TextEncoding.mark(ofByteOffset: offset, in: body, file: file))
        }
        return body
    }

    /// A cursor over UTF-8 already checked, with no byte order mark.
    init(validatedBody bytes: some Collection<UInt8>, file: String, limits: YAMLLimits) throws(YAMLError) {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        guard yaml_parser_initialize(parser) == 1 else {
            parser.deallocate()
            throw .unreadable(path: file, reason: "libyaml could not allocate a parser")
        }
        // libyaml reads from this copy for the cursor's whole life.
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = copy.initialize(fromContentsOf: bytes)
        yaml_parser_set_input_string(parser, copy.baseAddress, bytes.count)
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        self.file = FileID(file)
        fileName = file
        self.limits = limits
        self.parser = parser
        self.body = copy
        event = .allocate(capacity: 1)
        event.initialize(to: yaml_event_t())
    }

    deinit {
        if holdsEvent { yaml_event_delete(event) }
        event.deallocate()
        yaml_parser_delete(parser)
        parser.deallocate()
        body.deallocate()
    }

    /// A place as a mark in the file.
    public func mark(_ place: Place) -> Mark {
        Mark(file, line: place.line, column: place.column)
    }

    /// A scalar's explicit tag, expanded (`tag:yaml.org,2002:str`), if it has one.
    public func tag(of raw: RawScalar) -> String? {
        raw.tagNumber < 0 ? nil : tagNames[Int(raw.tagNumber)]
    }

    /// The number a tag goes by in raw scalars, given it the first time it is met; -1 for none.
    private mutating func number(ofTag pointer: UnsafeMutablePointer<yaml_char_t>?) -> Int32 {
        guard let name = Self.string(pointer) else { return -1 }
        if let known = tagNames.firstIndex(of: name) { return Int32(known) }
        tagNames.append(name)
        return Int32(tagNames.count - 1)
    }

    /// The scalar of a raw scalar: its value by its core tag when it has one, else by the core schema.
    public mutating func scalar(_ raw: RawScalar) throws(YAMLError) -> Scalar {
        if let checked = checkedScalar.take() { return checked }
        guard let tag = tag(of: raw) else { return Scalar(bytes: raw.bytes, style: raw.style) }
        return try Self.scalar(text: String(decoding: raw.bytes, as: UTF8.self), style: raw.style, tag: tag, at: mark(raw.place))
    }

    /// A scalar resolved by its explicit core tag when it has one, else by the core schema.
    static func scalar(text: String, style: ScalarStyle, tag: String?, at: Mark) throws(YAMLError) -> Scalar {
        let core = "tag:yaml.org,2002:"
        guard let tag, tag.hasPrefix(core) else {
            // `!` (non-specific) and local tags leave the value as written.
            if tag == "!" { return Scalar(text: text, style: style, value: .string(text)) }
            return Scalar(text: text, style: style)
        }
        let name = String(tag.dropFirst(core.count))
        let value: ScalarValue?
        switch name {
        case "str": value = .string(text)
        case "int": value = CoreSchema.integer(text).map(ScalarValue.int)
        case "float": value = (CoreSchema.float(text) ?? CoreSchema.integer(text).map(Double.init)).map(ScalarValue.float)
        case "bool": value = CoreSchema.resolveBool(text)
        case "null": value = CoreSchema.resolveNull(text)
        default: value = Scalar(text: text, style: style).value
        }
        guard let value else { throw .invalidTaggedScalar(tag: "!!\(name)", text: text, at: at) }
        return Scalar(text: text, style: style, value: value)
    }

    /// The next event. After `.documentEnd`, `.documentEnd` again.
    public mutating func next() throws(YAMLError) -> Event {
        checkedScalar = nil
        guard !ended else { return .documentEnd }
        if let replayed = try nextReplayed() { return replayed }
        while true {
            if holdsEvent {
                yaml_event_delete(event)
                holdsEvent = false
            }
            guard yaml_parser_parse(parser, event) == 1 else { throw libyamlError() }
            holdsEvent = true
            recordRange()
            let place = Place(line: Int(event.pointee.start_mark.line) + 1, column: Int(event.pointee.start_mark.column) + 1)
            switch event.pointee.type {
            case YAML_STREAM_START_EVENT, YAML_DOCUMENT_END_EVENT:
                continue
            case YAML_DOCUMENT_START_EVENT:
                if let firstDocument { throw .multipleDocuments(at: mark(place), first: mark(firstDocument)) }
                firstDocument = place
            case YAML_STREAM_END_EVENT:
                guard sawRoot else { throw .empty(at: .start(of: fileName)) }
                ended = true
                return .documentEnd
            case YAML_SCALAR_EVENT:
                let data = event.pointee.data.scalar
                let raw = RawScalar(
                    bytes: UnsafeBufferPointer(start: data.value, count: data.length), style: ScalarStyle(data.style), place: place,
                    tagNumber: number(ofTag: data.tag))
                if let anchor = Self.string(data.anchor) {
                    let single = Recording()
                    record(.scalar(raw), into: single)
                    single.seal()
                    anchors[anchor] = (single, place)
                }
                return try deliver(.scalar(raw))
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                let isMapping = event.pointee.type == YAML_MAPPING_START_EVENT
                let anchor = Self.string(isMapping ? event.pointee.data.mapping_start.anchor : event.pointee.data.sequence_start.anchor)
                let start: Event = isMapping ? .mappingStart(place) : .sequenceStart(place)
                let delivered = try deliver(start)
                // Recorded from its start event on (any outer anchor recorded it already), until the depth is back
                // to its parent's.
                if let anchor {
                    let recording = Recording()
                    record(start, into: recording)
                    self.recording.append((anchor, recording, stack.count - 1, place))
                }
                return delivered
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                return try deliver(.end)
            case YAML_ALIAS_EVENT:
                let name = Self.string(event.pointee.data.alias.anchor) ?? ""
                if let open = recording.first(where: { $0.name == name }) {
                    throw .recursiveAlias(name: name, at: mark(place), anchorAt: mark(open.place))
                }
                guard let anchored = anchors[name] else { throw .unknownAnchor(name: name, at: mark(place)) }
                aliasWeight += anchored.recording.weight
                if aliasWeight > limits.maxAliasExpansion { throw .aliasExpansion(limit: limits.maxAliasExpansion, at: mark(place)) }
                for open in recording {
                    open.recording.events.append(.alias(anchored.recording, place))
                    open.recording.weight += anchored.recording.weight
                }
                replays.append((anchored.recording, 0, place))
                if let replayed = try nextReplayed() { return replayed }
            default:
                continue
            }
        }
    }

    /// The next event of the innermost replay, if one is under way.
    private mutating func nextReplayed() throws(YAMLError) -> Event? {
        while let top = replays.last {
            guard top.next < top.recording.events.count else {
                replays.removeLast()
                continue
            }
            replays[replays.count - 1].next += 1
            replays[replays.count - 1].place = nil
            let event: Event
            switch top.recording.events[top.next] {
            case .scalar(let start, let count, let style, let place, let tagNumber):
                let bytes = UnsafeBufferPointer(rebasing: UnsafeBufferPointer(top.recording.storage!)[start..<(start + count)])
                event = .scalar(RawScalar(bytes: bytes, style: style, place: top.place ?? place, tagNumber: tagNumber))
            case .sequenceStart(let place): event = .sequenceStart(top.place ?? place)
            case .mappingStart(let place): event = .mappingStart(top.place ?? place)
            case .end: event = .end
            case .alias(let recording, let place):
                replays.append((recording, 0, place))
                continue
            }
            return try deliver(event)
        }
        return nil
    }

    /// Checks an event against the limits and the open mapping's keys, records it under every open anchor (a
    /// replayed one is recorded as its alias already), and hands it over.
    private mutating func deliver(_ event: Event) throws(YAMLError) -> Event {
        if replays.isEmpty {
            for open in recording { record(event, into: open.recording) }
        }
        switch event {
        case .scalar(let raw):
            sawRoot = true
            try countItem(isCollection: false, raw: raw, at: raw.place)
        case .sequenceStart(let place), .mappingStart(let place):
            sawRoot = true
            if stack.count >= limits.maxDepth { throw .tooDeep(limit: limits.maxDepth, at: mark(place)) }
            try countItem(isCollection: true, raw: nil, at: place)
            var isMapping = false
            if case .mappingStart = event { isMapping = true }
            stack.append(Frame(isMapping: isMapping, keysStart: keys.count))
            appendToComplexKeys(isMapping ? "{" : "[")
        case .end:
            let frame = stack.removeLast()
            keys.removeSubrange(frame.keysStart...)
            appendToComplexKeys(frame.isMapping ? "}" : "]")
            try closeComplexKey()
            // An anchored collection ends at the depth it started at.
            if let open = recording.last, open.depth == stack.count {
                recording.removeLast()
                open.recording.seal()
                anchors[open.name] = (open.recording, open.place)
            }
        case .documentEnd:
            break
        }
        return event
    }

    /// Counts an item of the innermost collection; a mapping's key is checked against the keys before it.
    private mutating func countItem(isCollection: Bool, raw: RawScalar?, at place: Place) throws(YAMLError) {
        guard !stack.isEmpty else { return }
        let top = stack.count - 1
        let isKey = stack[top].isMapping && stack[top].count % 2 == 0
        stack[top].count += 1
        if !complexKeys.isEmpty, let raw {
            // A scalar inside a complex key: part of its identity.
            appendToComplexKeys(Self.identity(try scalar(raw)) + ",")
            return
        }
        guard isKey else {
            if !complexKeys.isEmpty { appendToComplexKeys(",") }
            return
        }
        if isCollection {
            complexKeys.append((stack.count, mark(place), ""))
            return
        }
        guard let raw else { return }
        let key = try scalar(raw)
        checkedScalar = key
        let at = mark(place)
        try admit(key, at: at, in: top)
    }

    /// Adds a scalar key to the mapping at `top`, or throws where an equal key came before.
    private mutating func admit(_ key: Scalar, at: Mark, in top: Int) throws(YAMLError) {
        let start = stack[top].keysStart
        if stack[top].stringKeys == nil {
            for index in start..<keys.count where Self.sameKey(keys[index].scalar, key) {
                throw .duplicateKey(key: key.text, at: at, first: keys[index].mark)
            }
            keys.append((key, at))
            guard keys.count - start >= Self.indexedFrom else { return }
            // A large mapping: its keys by value from now on.
            var strings: [String: Mark] = [:]
            var others: [String: Mark] = [:]
            for (scalar, mark) in keys[start...] {
                if case .string(let text) = scalar.value { strings[text] = mark } else { others[Self.identity(scalar)] = mark }
            }
            stack[top].stringKeys = strings
            stack[top].otherKeys = others
            return
        }
        let first: Mark?
        if case .string(let text) = key.value {
            first = stack[top].stringKeys!.updateValue(at, forKey: text)
        } else {
            first = stack[top].otherKeys!.updateValue(at, forKey: Self.identity(key))
        }
        if let first { throw .duplicateKey(key: key.text, at: at, first: first) }
    }

    private mutating func appendToComplexKeys(_ text: String) {
        for index in complexKeys.indices { complexKeys[index].identity += text }
    }

    /// Checks a complex key that has just been read whole against the mapping's other complex keys.
    private mutating func closeComplexKey() throws(YAMLError) {
        guard let last = complexKeys.last, last.depth == stack.count else { return }
        complexKeys.removeLast()
        let top = stack.count - 1
        if stack[top].otherKeys == nil { stack[top].otherKeys = [:] }
        if let first = stack[top].otherKeys!.updateValue(last.mark, forKey: last.identity) {
            throw .duplicateKey(key: "(complex key)", at: last.mark, first: first)
        }
        if !complexKeys.isEmpty { appendToComplexKeys(",") }
    }

    /// A key's value as a string that equal keys share: `1` and `0x1` alike, `"1"` apart, every not-a-number
    /// one key, and 0.0 and -0.0 one key.
    static func identity(_ scalar: Scalar) -> String {
        switch scalar.value {
        case .null: "n"
        case .bool(let bool): "b\(bool)"
        case .int(let int): "i\(int)"
        case .float(let float): float.isNaN ? "fnan" : "f\(float == 0 ? 0 : float)"
        case .string(let string): "s\(string)"
        }
    }

    /// Whether two scalar keys are one key, as `identity` tells them.
    static func sameKey(_ a: Scalar, _ b: Scalar) -> Bool {
        a.hasSameValue(as: b) || (a.isNaN && b.isNaN)
    }

    private func record(_ event: Event, into recording: Recording) {
        switch event {
        case .scalar(let raw):
            recording.events.append(.scalar(start: recording.bytes.count, count: raw.bytes.count, style: raw.style, place: raw.place, tagNumber: raw.tagNumber))
            recording.bytes.append(contentsOf: raw.bytes)
            recording.weight += 1
        case .sequenceStart(let place):
            recording.events.append(.sequenceStart(place))
            recording.weight += 1
        case .mappingStart(let place):
            recording.events.append(.mappingStart(place))
            recording.weight += 1
        case .end:
            recording.events.append(.end)
        case .documentEnd:
            break
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    /// libyaml's problem, with what to change where its words do not say: the two a new user meets first.
    static func explained(_ problem: String, found: UInt8?) -> String {
        if found == 0x09, problem.contains("cannot start any token") {
            return problem + ": a tab; YAML indents with spaces only, so replace the tab with spaces"
        }
        if problem.contains("did not find expected key") || problem.contains("did not find expected '-' indicator") {
            return problem + "; check this line's indentation: it must line up with the other keys of its mapping (or items of its list)"
        }
        return problem
    }

    /// libyaml's own error, with its problem, its mark and its context.
    private func libyamlError() -> YAMLError {
        let problem = parser.pointee.problem.map { String(cString: $0) } ?? "libyaml could not parse the file"
        func at(_ mark: yaml_mark_t) -> Mark {
            Mark(file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
        }
        switch parser.pointee.error {
        case YAML_READER_ERROR:
            let offset = Int(parser.pointee.problem_offset)
            return .syntax(
                problem: problem, at: TextEncoding.mark(ofByteOffset: offset, in: Array(body), file: fileName), context: nil, contextAt: nil)
        case YAML_MEMORY_ERROR:
            return .syntax(problem: "libyaml ran out of memory", at: .start(of: fileName), context: nil, contextAt: nil)
        default:
            let context = parser.pointee.context.map { String(cString: $0) }
            let offset = Int(parser.pointee.problem_mark.index)
            let found = offset >= 0 && offset < body.count ? body[offset] : nil
            return .syntax(
                problem: Self.explained(problem, found: found), at: at(parser.pointee.problem_mark), context: context,
                contextAt: context == nil ? nil : at(parser.pointee.context_mark))
        }
    }
}
