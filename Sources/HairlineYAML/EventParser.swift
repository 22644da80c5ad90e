internal import CYAML
import HairlineDiagnostics

/// Builds one document's `Node` tree from libyaml's event stream. With `EventReader`, the only code that
/// touches libyaml.
///
/// Limits are checked while the events stream, before anything is built: nesting depth at each collection
/// start (libyaml's scanner is quadratic in flow nesting, so stopping early matters), alias expansion at each
/// alias, counting the aliased node as if it were copied.
struct EventParser {
    private struct Frame {
        let isMapping: Bool
        let mark: Mark
        let tag: String?
        let anchor: String?
        let weightAtStart: Int
        /// Where the frame's items (a mapping's keys and values, alternating) start in `pending`.
        let start: Int
        /// Where in `pending` each key is, by identity, for mappings past 16 keys and complex keys, and where
        /// in `pending` the keys indexed so far end. A string key (the usual kind) is indexed by its string
        /// itself, saving the identity string that would be built for it.
        var keyPositions: [String: Int] = [:]
        var stringKeyPositions: [String: Int] = [:]
        var indexedUpTo = 0
    }

    private let file: String
    /// The file as its marks name it.
    private let fileID: FileID
    private let limits: YAMLLimits
    /// Lines before the bytes being parsed: a piece of a larger document (`EventParser+Pieces`) marks its
    /// nodes at their lines in the whole file.
    private let lineOffset: Int
    private var stack: [Frame] = []
    /// The items of every open collection, innermost last: one buffer reused for the whole document, so a
    /// collection allocates once, at its exact size, when it closes.
    private var pending: [Node] = []
    private var anchors: [String: (node: Node, weight: Int, mark: Mark)] = [:]
    private var openAnchors: [String: Mark] = [:]
    /// Nodes built so far, each alias counted as the whole subtree it stands for.
    private var weight = 0
    /// The part of `weight` that aliases added.
    private var aliasWeight = 0
    /// Whether the root is a block mapping (not a flow mapping, a sequence or a scalar) that starts at column 1.
    private var rootIsBlockMapping = false
    private var root: Node?
    private var firstDocument: Mark?

    private init(file: String, limits: YAMLLimits, lineOffset: Int) {
        self.file = file
        fileID = FileID(file)
        self.limits = limits
        self.lineOffset = lineOffset
    }

    /// Parses UTF-8 bytes (no byte-order mark) holding exactly one document. A large one whose root is a block
    /// mapping is parsed in pieces, one per core, when it can be cut safely (`EventParser+Pieces`).
    static func parseDocument(_ bytes: [UInt8], file: String, limits: YAMLLimits) throws(YAMLError) -> Node {
        try bytes.withUnsafeBufferPointer { (buffer) throws(YAMLError) -> Node in
            if let root = parseInPieces(buffer, file: file, limits: limits) {
                return root
            }
            return try parseDocument(buffer, file: file, limits: limits, lineOffset: 0).root
        }
    }

    /// A document parsed: its root, what a piece of a larger one must tell its joiner.
    struct Parsed {
        let root: Node
        /// The nodes its aliases added, counted as if copied.
        let aliasWeight: Int
        /// Whether the root is a block mapping that starts at column 1.
        let rootIsBlockMapping: Bool
    }

    /// Parses one document from bytes that start `lineOffset` lines into the file.
    static func parseDocument(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String, limits: YAMLLimits, lineOffset: Int
    ) throws(YAMLError) -> Parsed {
        var builder = EventParser(file: file, limits: limits, lineOffset: lineOffset)
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw .unreadable(path: file, reason: "libyaml could not allocate a parser")
        }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else {
                throw builder.libyamlError(parser, bytes: bytes)
            }
            defer { yaml_event_delete(&event) }
            if let node = try builder.handle(event) {
                return Parsed(root: node, aliasWeight: builder.aliasWeight, rootIsBlockMapping: builder.rootIsBlockMapping)
            }
        }
    }

    private func mark(_ mark: yaml_mark_t) -> Mark {
        Mark(mark, in: fileID, lineOffset: lineOffset)
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    /// Handles one event; returns the root node once the stream ends.
    private mutating func handle(_ event: yaml_event_t) throws(YAMLError) -> Node? {
        let at = mark(event.start_mark)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            if let first = firstDocument { throw .multipleDocuments(at: at, first: first) }
            firstDocument = at
        case YAML_STREAM_END_EVENT:
            guard let root else { throw .empty(at: .start(of: file)) }
            return root
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            let text = String(libyaml: data.value, length: data.length)
            let tag = Self.string(data.tag)
            let style = ScalarStyle(data.style)
            let scalar = try Self.scalar(text: text, style: style, tag: tag, at: at)
            weight += 1
            let node = Node(.scalar(scalar), at: at, tag: tag)
            if let anchor = Self.string(data.anchor) { anchors[anchor] = (node, 1, at) }
            try add(node)
        case YAML_ALIAS_EVENT:
            let name = Self.string(event.data.alias.anchor) ?? ""
            if let anchorAt = openAnchors[name] { throw .recursiveAlias(name: name, at: at, anchorAt: anchorAt) }
            guard let anchored = anchors[name] else { throw .unknownAnchor(name: name, at: at) }
            aliasWeight += anchored.weight
            weight += anchored.weight
            if aliasWeight > limits.maxAliasExpansion { throw .aliasExpansion(limit: limits.maxAliasExpansion, at: at) }
            // The alias takes the anchored node's content but stands at its own place.
            try add(Node(anchored.node.content, at: at, tag: anchored.node.tag))
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            try open(isMapping: false, at: at, tag: Self.string(data.tag), anchor: Self.string(data.anchor))
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            if stack.isEmpty { rootIsBlockMapping = data.style == YAML_BLOCK_MAPPING_STYLE && at.column == 1 }
            try open(isMapping: true, at: at, tag: Self.string(data.tag), anchor: Self.string(data.anchor))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            try close()
        default:
            break
        }
        return nil
    }

    private mutating func open(isMapping: Bool, at: Mark, tag: String?, anchor: String?) throws(YAMLError) {
        if stack.count >= limits.maxDepth { throw .tooDeep(limit: limits.maxDepth, at: at) }
        weight += 1
        if let anchor { openAnchors[anchor] = at }
        stack.append(Frame(isMapping: isMapping, mark: at, tag: tag, anchor: anchor, weightAtStart: weight, start: pending.count))
    }

    private mutating func close() throws(YAMLError) {
        let frame = stack.removeLast()
        let content: Node.Content
        if frame.isMapping {
            let count = (pending.count - frame.start) / 2
            content = .mapping(
                Array(unsafeUninitializedCapacity: count) { buffer, initialized in
                    for index in 0..<count {
                        let key = frame.start + 2 * index
                        (buffer.baseAddress! + index).initialize(to: Node.Pair(key: pending[key], value: pending[key + 1]))
                    }
                    initialized = count
                })
        } else {
            content = .sequence(Array(pending[frame.start...]))
        }
        pending.removeSubrange(frame.start...)
        let node = Node(content, at: frame.mark, tag: frame.tag)
        if let anchor = frame.anchor {
            openAnchors[anchor] = nil
            anchors[anchor] = (node, weight - frame.weightAtStart + 1, frame.mark)
        }
        try add(node)
    }

    private mutating func add(_ node: Node) throws(YAMLError) {
        guard !stack.isEmpty else {
            root = node
            return
        }
        let top = stack.count - 1
        // In a mapping, an even count of items since the start means the node is a key: check it is new.
        if stack[top].isMapping, (pending.count - stack[top].start) % 2 == 0,
            let first = Self.firstOccurrence(of: node, in: &stack[top], items: pending)
        {
            throw .duplicateKey(key: KeyIdentity.display(node), at: node.mark, first: first)
        }
        pending.append(node)
    }

    /// Where an equal key was given before in the mapping being built, if anywhere. Small mappings compare
    /// scalar keys directly; past 16 keys an index by value keeps the check linear.
    private static func firstOccurrence(of key: Node, in frame: inout Frame, items pending: [Node]) -> Mark? {
        let keys = stride(from: frame.start, to: pending.count, by: 2).lazy.map { pending[$0] }
        if pending.count - frame.start < 32, case .scalar(let scalar) = key.content {
            for earlier in keys {
                if case .scalar(let other) = earlier.content, other.hasSameValue(as: scalar) { return earlier.mark }
            }
            return nil
        }
        // Index the keys given since the index was last brought up to date (scalar keys checked directly
        // before it are in no index yet), the first of equal ones kept.
        for position in stride(from: max(frame.indexedUpTo, frame.start), to: pending.count, by: 2) {
            if let first = index(pending[position], at: position, in: &frame) { index(pending[first], at: first, in: &frame) }
        }
        frame.indexedUpTo = pending.count + 2
        // One lookup for the new key: when it is a duplicate, the parse ends, so the position it replaces no
        // longer matters.
        return index(key, at: pending.count, in: &frame).map { pending[$0].mark }
    }

    /// Puts a key in the frame's index; the position of an equal key indexed before, if any, which it replaces.
    @discardableResult
    private static func index(_ key: Node, at position: Int, in frame: inout Frame) -> Int? {
        if let string = stringKey(key) { return frame.stringKeyPositions.updateValue(position, forKey: string) }
        return frame.keyPositions.updateValue(position, forKey: KeyIdentity.of(key))
    }

    /// The string a key is, when it is a string scalar.
    private static func stringKey(_ key: Node) -> String? {
        if case .scalar(let scalar) = key.content, case .string(let string) = scalar.value { return string }
        return nil
    }

    /// A scalar, resolved by its explicit core tag when it has one, else by the core schema.
    private static func scalar(text: String, style: ScalarStyle, tag: String?, at: Mark) throws(YAMLError)
        -> Scalar
    {
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

    /// libyaml's own error, with its problem, its mark and its context.
    private func libyamlError(_ parser: yaml_parser_t, bytes: UnsafeBufferPointer<UInt8>) -> YAMLError {
        let problem = Self.string(parser.problem) ?? "libyaml could not parse the file"
        switch parser.error {
        case YAML_READER_ERROR:
            let at = TextEncoding.mark(ofByteOffset: Int(parser.problem_offset), in: Array(bytes), file: file)
            return .syntax(problem: problem, at: at, context: nil, contextAt: nil)
        case YAML_MEMORY_ERROR:
            return .syntax(problem: "libyaml ran out of memory", at: .start(of: file), context: nil, contextAt: nil)
        default:
            let context = Self.string(parser.context).map { "\($0)" }
            return .syntax(
                problem: problem, at: mark(parser.problem_mark),
                context: context, contextAt: context == nil ? nil : mark(parser.context_mark))
        }
    }
}

/// How mapping keys are compared for duplicates: by value under the core schema, so `1` and `0x1` are the
/// same key and `"1"` is a different one.
enum KeyIdentity {
    static func of(_ node: Node) -> String {
        switch node.content {
        case .scalar(let scalar):
            switch scalar.value {
            case .null: return "n"
            case .bool(let bool): return "b\(bool)"
            case .int(let int): return "i\(int)"
            case .float(let float): return "f\(float)"
            case .string(let string): return "s\(string)"
            }
        case .sequence(let items):
            return "[" + items.map(of).joined(separator: ",") + "]"
        case .mapping(let pairs):
            return "{" + pairs.map { of($0.key) + ":" + of($0.value) }.joined(separator: ",") + "}"
        }
    }

    static func display(_ node: Node) -> String {
        if case .scalar(let scalar) = node.content { return scalar.text }
        return "(complex key)"
    }
}
