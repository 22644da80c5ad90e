import HairlineDiagnostics
import HairlineYAML

/// Reads a token set straight from YAML events, without building a `Node` tree first: compiling's fast path.
///
/// It reads a set exactly as `TokenSetReader` reads the parsed tree, and reads only sets with nothing for the
/// reader to report, written in the common forms: `$name`, `$modes`, `$type`, `$description` and `$schema`
/// before the root's groups; groups with `$type` and `$description` before their children; tokens as a scalar
/// or a list of scalars, as a mapping of every mode to a scalar, or as `$value` (one of those) with `$type` and
/// `$description`. At anything else (`$extensions`, `$ref`, `$extends`, a composite value, an error the reader
/// would report, a Theo file or a resolver, YAML that `EventReader` leaves to the full parser) it gives up and
/// returns nil; the caller then parses the file and reads the tree, which reports every error. So what a
/// compile prints and writes does not depend on which way the set was read.
///
/// A large file is read in pieces, one per core, where the YAML parser would parse it in pieces.
struct TokenStreamReader: ~Copyable {
    struct GiveUp: Error {}

    /// What the root's `$` properties say, read before any piece.
    struct Header {
        var name: String?
        var modes: [String] = []
        var type: TokenType?
    }

    /// What a piece read.
    private struct Piece: RootOfPiece {
        var tokens: [RawToken] = []
        var groups: Set<String> = []
        /// The root's keys read, for the check that no key is in two pieces.
        var rootKeys: [String] = []
        var rootIsBlockMapping = false
    }

    /// Root keys that make a file a Theo file or a resolver, which are read another way.
    static let otherFormats: Set<String> = ["props", "aliases", "imports", "resolutionOrder"]

    private var events: EventReader
    private let header: Header
    private let isFirstPiece: Bool
    private let maxTokens: Int
    private var piece = Piece()

    /// The set in `bytes` as `TokenSetReader` would read it, or nil when it must be read from the tree.
    /// `pieces`: read in at most this many pieces whatever the size (for tests).
    static func read(bytes: [UInt8], file: String, limits: YAMLLimits, maxTokens: Int, pieces: Int? = nil) -> TokenSetReader? {
        guard
            let (header, pieces) = readPieces(bytes: bytes, file: file, limits: limits, pieces: pieces, read: { events, header, isFirst, _ in
                TokenStreamReader(events: events, header: header, isFirstPiece: isFirst, maxTokens: maxTokens).read()
            })
        else { return nil }
        let tokens = pieces.flatMap(\.tokens)
        guard tokens.count < maxTokens else { return nil }
        return TokenSetReader(name: header.name, modes: header.modes, tokens: tokens, groups: pieces.reduce(into: []) { $0.formUnion($1.groups) })
    }

    /// The header of the set in `bytes`, and what `read` read of each of its pieces, in order: the whole file as
    /// one piece when it is too small to cut, else a piece per core, each read on a core of its own by a reader
    /// over its events (`read`'s last arguments: whether it is the first piece, which holds the header, and its
    /// size in bytes). `checksKeys`: whether the pieces' readers stop at duplicate keys and at collections as keys
    /// (the header's always does). Nil when
    /// the header or any piece gives up, or the pieces cannot be taken together: a piece whose root is not a
    /// block mapping at column 1, a root key in two pieces.
    static func readPieces<Piece: RootOfPiece>(
        bytes: [UInt8], file: String, limits: YAMLLimits, pieces: Int?, checksKeys: Bool = true,
        read: (consuming EventReader, Header, Bool, Int) -> Piece?
    ) -> (header: Header, pieces: [Piece])? {
        guard var events = EventReader(bytes: bytes, file: file, limits: limits), let header = try? readHeader(&events) else { return nil }
        guard let cuts = EventReader.pieces(of: bytes, count: pieces) else {
            guard let events = EventReader(bytes: bytes, file: file, limits: limits, checksKeys: checksKeys), let piece = read(events, header, true, bytes.count) else { return nil }
            return (header, [piece])
        }
        let read = Parallel.map(Array(cuts.indices)) { index -> Piece? in
            guard let events = EventReader(piece: cuts[index], of: bytes, file: file, limits: limits, checksKeys: checksKeys) else { return nil }
            return read(events, header, index == 0, cuts[index].bytes.count)
        }
        var rootKeys: Set<String> = []
        var pieces: [Piece] = []
        for piece in read {
            guard let piece, piece.rootIsBlockMapping else { return nil }
            for key in piece.rootKeys where !rootKeys.insert(key).inserted { return nil }
            pieces.append(piece)
        }
        return (header, pieces)
    }

    private init(events: consuming EventReader, header: Header, isFirstPiece: Bool, maxTokens: Int) {
        self.events = events
        self.header = header
        self.isFirstPiece = isFirstPiece
        self.maxTokens = maxTokens
    }

    private mutating func next() throws(GiveUp) -> EventReader.Event {
        try Self.next(&events)
    }

    /// The next event; one that `EventReader` leaves to the full parser gives up.
    static func next(_ events: inout EventReader) throws(GiveUp) -> EventReader.Event {
        let event = events.next()
        if case .stopped = event { throw GiveUp() }
        return event
    }

    // MARK: - The root

    /// The root's `$` properties, which must all come before its first group or token.
    static func readHeader(_ events: inout EventReader) throws(GiveUp) -> Header {
        func next() throws(GiveUp) -> EventReader.Event { try Self.next(&events) }
        guard case .mappingStart = try next() else { throw GiveUp() }
        var header = Header()
        while case .scalar(let key, _) = try next(), let name = dollarKey(key) {
            let value = try next()
            switch (name, value) {
            case ("$name", .scalar(let text, _)) where text.isString:
                header.name = text.text
            case ("$modes", .sequenceStart):
                var modes: [String] = []
                while true {
                    let item = try next()
                    if case .end = item { break }
                    guard case .scalar(let mode, _) = item, mode.isString, !modes.contains(mode.text) else { throw GiveUp() }
                    modes.append(mode.text)
                }
                guard !modes.isEmpty else { throw GiveUp() }
                header.modes = modes
            case ("$type", .scalar(let text, _)):
                guard text.isString, let type = TokenType(rawValue: text.text) else { throw GiveUp() }
                header.type = type
            case ("$description", .scalar(let text, _)) where text.isString:
                break
            case ("$schema", .scalar):
                break
            default:
                throw GiveUp()
            }
        }
        return header
    }

    /// A key's text when it is a string starting with `$`.
    static func dollarKey(_ key: Scalar) -> String? {
        key.isString && key.text.utf8.first == UInt8(ascii: "$") ? key.text : nil
    }

    private consuming func read() -> Piece? {
        do throws(GiveUp) {
            try readRoot()
            guard case .documentEnd = try next() else { return nil }
            return piece
        } catch {
            return nil
        }
    }

    private mutating func readRoot() throws(GiveUp) {
        guard case .mappingStart = try next() else { throw GiveUp() }
        piece.rootIsBlockMapping = events.rootIsBlockMapping
        var inHeader = isFirstPiece
        while case .scalar(let key, let keyMark) = try next() {
            if Self.dollarKey(key) != nil {
                // The header was read already; a `$` key anywhere else is left to the tree.
                guard inHeader else { throw GiveUp() }
                try skipValue()
                continue
            }
            inHeader = false
            guard key.isString, !Self.otherFormats.contains(key.text) else { throw GiveUp() }
            piece.rootKeys.append(key.text)
            try readChild(key, keyMark: keyMark, path: [], type: header.type)
        }
    }

    /// Skips a header property's value, a scalar or a list of scalars.
    private mutating func skipValue() throws(GiveUp) {
        switch try next() {
        case .scalar: return
        case .sequenceStart(let mark): _ = try readList(at: mark)
        default: throw GiveUp()
        }
    }

    // MARK: - Groups and tokens

    /// A group's child: a token or a group. `key` is its name, not yet checked.
    private mutating func readChild(_ key: Scalar, keyMark: Mark, path: [String], type: TokenType?) throws(GiveUp) {
        guard !key.isNull, TokenSetReader.isValidName(key.text) else { throw GiveUp() }
        let path = path + [key.text]
        switch try next() {
        case .scalar(let scalar, let mark):
            try addToken(path: path, keyMark: keyMark, values: [Node(.scalar(scalar), at: mark)], mark: mark, type: type, description: nil)
        case .sequenceStart(let mark):
            let list = try readList(at: mark)
            try addToken(path: path, keyMark: keyMark, values: [list], mark: mark, type: type, description: nil)
        case .mappingStart(let mark):
            guard case .scalar(let first, let firstMark) = try next() else { throw GiveUp() }
            if Self.dollarKey(first) != nil {
                try readProperties(first, path: path, keyMark: keyMark, type: type)
            } else if first.isString, header.modes.contains(first.text) {
                let values = try readModes(first)
                try addToken(path: path, keyMark: keyMark, values: values, mark: mark, type: type, description: nil)
            } else {
                // A mapping whose keys are all a type's value fields is a composite value, not a group.
                guard !(type?.valueFields.contains(first.text) ?? false) else { throw GiveUp() }
                try readGroup(path: path, type: type, first: (first, firstMark))
            }
        case .end, .documentEnd, .stopped:
            throw GiveUp()
        }
    }

    /// A group's children, the first already read. A `$` key after a child, or a key that names a mode (which
    /// the tree would read as a token's mode values), is left to the tree.
    private mutating func readGroup(path: [String], type: TokenType?, first: (Scalar, Mark)) throws(GiveUp) {
        piece.groups.insert(path.joined(separator: "."))
        var child: (Scalar, Mark)? = first
        while let (key, keyMark) = child {
            guard !(key.isString && header.modes.contains(key.text)) else { throw GiveUp() }
            try readChild(key, keyMark: keyMark, path: path, type: type)
            switch try next() {
            case .scalar(let key, let mark) where Self.dollarKey(key) == nil: child = (key, mark)
            case .end: child = nil
            default: throw GiveUp()
            }
        }
    }

    /// A mapping that starts with a `$` key: a token with `$value`, or a group whose `$type` and `$description`
    /// come before its children.
    private mutating func readProperties(_ first: Scalar, path: [String], keyMark: Mark, type inherited: TokenType?) throws(GiveUp) {
        var type = inherited
        var description: String?
        var value: (nodes: [Node], mark: Mark)?
        var key = first.text
        while true {
            switch (key, try next()) {
            case ("$type", .scalar(let text, _)):
                guard text.isString, let declared = TokenType(rawValue: text.text) else { throw GiveUp() }
                type = declared
            case ("$description", .scalar(let text, _)) where text.isString:
                description = text.text
            case ("$value", .scalar(let scalar, let mark)) where value == nil:
                value = ([Node(.scalar(scalar), at: mark)], mark)
            case ("$value", .sequenceStart(let mark)) where value == nil:
                value = ([try readList(at: mark)], mark)
            case ("$value", .mappingStart(let mark)) where value == nil && !header.modes.isEmpty:
                guard case .scalar(let mode, _) = try next() else { throw GiveUp() }
                value = (try readModes(mode), mark)
            default:
                throw GiveUp()
            }
            switch try next() {
            case .scalar(let property, _) where Self.dollarKey(property) != nil:
                key = property.text
            case .scalar(let child, let childMark) where value == nil:
                // Properties, then children: a group.
                return try readGroup(path: path, type: type, first: (child, childMark))
            case .end:
                guard let value else { throw GiveUp() }
                return try addToken(path: path, keyMark: keyMark, values: value.nodes, mark: value.mark, type: type, description: description)
            default:
                throw GiveUp()
            }
        }
    }

    /// A list of scalars, its start read.
    private mutating func readList(at mark: Mark) throws(GiveUp) -> Node {
        var items: [Node] = []
        while true {
            switch try next() {
            case .scalar(let scalar, let itemMark): items.append(Node(.scalar(scalar), at: itemMark))
            case .end: return Node(.sequence(items), at: mark)
            default: throw GiveUp()
            }
        }
    }

    /// A mapping of every declared mode to a scalar, its first key read: the values in the modes' order.
    private mutating func readModes(_ first: Scalar) throws(GiveUp) -> [Node] {
        var values = [Node?](repeating: nil, count: header.modes.count)
        var key = first
        while true {
            guard key.isString, let index = header.modes.firstIndex(of: key.text),
                case .scalar(let scalar, let mark) = try next()
            else { throw GiveUp() }
            values[index] = Node(.scalar(scalar), at: mark)
            switch try next() {
            case .scalar(let next, _): key = next
            case .end:
                let all = values.compactMap { $0 }
                guard all.count == values.count else { throw GiveUp() }
                return all
            default: throw GiveUp()
            }
        }
    }

    private mutating func addToken(
        path: [String], keyMark: Mark, values: [Node], mark: Mark, type: TokenType?, description: String?
    ) throws(GiveUp) {
        guard piece.tokens.count + 1 < maxTokens else { throw GiveUp() }
        piece.tokens.append(
            RawToken(segments: path, keyMark: keyMark, mark: mark, declaredType: type, values: values, description: description, metadata: [:]))
    }
}

/// What a piece's reader found at its root: the keys, for the check that no key is in two pieces, and whether
/// the root is a block mapping at column 1, which pieces must be to be taken together.
protocol RootOfPiece {
    var rootKeys: [String] { get }
    var rootIsBlockMapping: Bool { get }
}
