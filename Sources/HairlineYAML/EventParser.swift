internal import CYAML
import HairlineDiagnostics

/// Builds one document's `Node` tree from libyaml's event stream. The only code that touches libyaml.
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
        var items: [Node] = []
        var pairs: [Node.Pair] = []
        var pendingKey: Node?
        var keyMarks: [String: Mark] = [:]
    }

    private let file: String
    private let limits: YAMLLimits
    private var stack: [Frame] = []
    private var anchors: [String: (node: Node, weight: Int, mark: Mark)] = [:]
    private var openAnchors: [String: Mark] = [:]
    /// Nodes built so far, each alias counted as the whole subtree it stands for.
    private var weight = 0
    /// The part of `weight` that aliases added.
    private var aliasWeight = 0
    private var root: Node?
    private var firstDocument: Mark?

    private init(file: String, limits: YAMLLimits) {
        self.file = file
        self.limits = limits
    }

    /// Parses UTF-8 bytes (no byte-order mark) holding exactly one document.
    static func parseDocument(_ bytes: [UInt8], file: String, limits: YAMLLimits) throws(YAMLError) -> Node {
        var builder = EventParser(file: file, limits: limits)
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw .unreadable(path: file, reason: "libyaml could not allocate a parser")
        }
        defer { yaml_parser_delete(&parser) }
        let result: Result<Node, YAMLError> = bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    return .failure(builder.libyamlError(parser, bytes: bytes))
                }
                defer { yaml_event_delete(&event) }
                do throws(YAMLError) {
                    if let node = try builder.handle(event) { return .success(node) }
                } catch {
                    return .failure(error)
                }
            }
        }
        return try result.get()
    }

    private func mark(_ mark: yaml_mark_t) -> Mark {
        Mark(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
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
            let text = String(decoding: UnsafeBufferPointer(start: data.value, count: data.length), as: UTF8.self)
            let tag = Self.string(data.tag)
            let style = Self.style(data.style)
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
        stack.append(Frame(isMapping: isMapping, mark: at, tag: tag, anchor: anchor, weightAtStart: weight))
    }

    private mutating func close() throws(YAMLError) {
        let frame = stack.removeLast()
        let content: Node.Content = frame.isMapping ? .mapping(frame.pairs) : .sequence(frame.items)
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
        if !stack[top].isMapping {
            stack[top].items.append(node)
            return
        }
        guard let key = stack[top].pendingKey else {
            stack[top].pendingKey = node
            return
        }
        if let first = Self.firstOccurrence(of: key, in: &stack[top]) {
            throw .duplicateKey(key: KeyIdentity.display(key), at: key.mark, first: first)
        }
        stack[top].pairs.append(Node.Pair(key: key, value: node))
        stack[top].pendingKey = nil
    }

    /// Where an equal key was given before in the mapping being built, if anywhere. Small mappings compare
    /// scalar keys directly; past 16 keys an index by value keeps the check linear.
    private static func firstOccurrence(of key: Node, in frame: inout Frame) -> Mark? {
        if frame.pairs.count < 16, case .scalar(let scalar) = key.content {
            for pair in frame.pairs {
                if case .scalar(let other) = pair.key.content, other.value == scalar.value { return pair.key.mark }
            }
            return nil
        }
        if frame.keyMarks.isEmpty {
            for pair in frame.pairs { frame.keyMarks[KeyIdentity.of(pair.key)] = pair.key.mark }
        }
        let identity = KeyIdentity.of(key)
        if let first = frame.keyMarks[identity] { return first }
        frame.keyMarks[identity] = key.mark
        return nil
    }

    private static func style(_ style: yaml_scalar_style_t) -> ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
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
    private func libyamlError(_ parser: yaml_parser_t, bytes: [UInt8]) -> YAMLError {
        let problem = Self.string(parser.problem) ?? "libyaml could not parse the file"
        switch parser.error {
        case YAML_READER_ERROR:
            let at = TextEncoding.mark(ofByteOffset: Int(parser.problem_offset), in: bytes, file: file)
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
