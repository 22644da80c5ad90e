import HairlineDiagnostics

/// Builds one document's `Node` tree from the events of an `EventCursor`, which checks the limits, replays
/// aliases and refuses duplicate keys as the events stream. The tree is for files small enough, and read often
/// enough at random, that a tree is the plain way to read them: rule sets, the config, resolver and Theo files.
struct EventParser {
    /// An open collection: where it starts, and where its items start in `pending`.
    private struct Frame {
        let isMapping: Bool
        let mark: Mark
        let start: Int
    }

    private var stack: [Frame] = []
    /// The items of every open collection, innermost last: one buffer reused for the whole document, so a
    /// collection allocates once, at its exact size, when it closes.
    private var pending: [Node] = []

    /// Parses UTF-8 bytes (no byte-order mark, checked by the caller) holding exactly one document.
    static func parseDocument(_ bytes: [UInt8], file: String, limits: YAMLLimits) throws(YAMLError) -> Node {
        var cursor = try EventCursor(validatedBody: bytes, file: file, limits: limits)
        var builder = EventParser()
        while true {
            switch try cursor.next() {
            case .scalar(let raw):
                builder.add(Node(.scalar(try cursor.scalar(raw)), at: cursor.mark(raw.place)))
            case .sequenceStart(let place):
                builder.stack.append(Frame(isMapping: false, mark: cursor.mark(place), start: builder.pending.count))
            case .mappingStart(let place):
                builder.stack.append(Frame(isMapping: true, mark: cursor.mark(place), start: builder.pending.count))
            case .end:
                builder.close()
            case .documentEnd:
                return builder.pending[0]
            }
        }
    }

    private mutating func close() {
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
        add(Node(content, at: frame.mark))
    }

    private mutating func add(_ node: Node) {
        pending.append(node)
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
