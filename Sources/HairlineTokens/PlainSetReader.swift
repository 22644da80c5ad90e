import HairlineDiagnostics
import HairlineYAML

/// Reads a plain token set straight from YAML events into resolved tokens: no raw tokens, no value tree, no
/// general resolver. The fastest way in for `hairline compile`, for the sets most large files are.
///
/// A plain set is what `TokenStreamReader` reads, narrowed: the root's `$` properties first; groups, each with
/// its `$type` and `$description` before its children; tokens whose value is one scalar, or a mapping of every
/// declared mode to a scalar. Each scalar is a literal of the token's type or an alias, `"{path}"`, to
/// another token. It gives up (returns nil) at anything else, and at anything the full way would report: an
/// invalid literal, an alias to nothing or to a group, a cycle, an alias to a token of another type, a token
/// without a type. The caller then loads the set the full way, which reads it or reports every error. So the
/// set it gives is the set the full way gives, token for token.
///
/// A large file is read in pieces, one per core, where the YAML parser would parse it in pieces; each piece
/// parses its literals on its own core. The paths are then sorted (as the set holds them), and each alias finds
/// its target by a binary search among them: no index of paths is built.
///
/// It reads libyaml's events as they come (`EventReader.nextRaw`): a value that is a quoted alias or colour or a
/// plain decimal is read from its bytes, without a string; only names become strings; and a token's marks are
/// made only when the token is, on the core that makes it.
///
/// Keys are not checked for duplicates as they are read (no set of each large group's names): a duplicate name
/// in a group gives two tokens one path, or a token a group's path, or a group two entries, and each of those
/// gives up once the paths are sorted. A name must be a string, or an integer written as its decimal, so that two
/// names are the same key exactly when their paths are the same; paths that are not ASCII are compared as
/// Unicode text, as YAML compares keys.
struct PlainSetReader: ~Copyable {
    private typealias GiveUp = TokenStreamReader.GiveUp

    /// One scalar of a token's value, in one mode: a literal, parsed as it is read, or an alias.
    private enum Slot {
        case literal(TokenValue)
        case alias(path: String)
    }

    /// What a token read keeps only to be made: its group's segments (one array shared by the group's tokens),
    /// its name, where its name and value are (made marks only once the tokens are), and its description. One
    /// struct a token, appended once, where an array each cost an append each.
    private struct Read {
        let group: [String]
        let name: String
        let keyPlace: EventReader.Place
        let place: EventReader.Place
        let description: String?
    }

    /// What a piece read: its tokens, each with `modeCount` values, nil where an alias is to be resolved.
    private struct Piece: RootOfPiece {
        /// Each token's path and type, which the pieces' joined lists sort and resolve; and the rest of it.
        var paths: [String] = []
        var types: [TokenType?] = []
        var reads: [Read] = []
        var values: [TokenValue?] = []
        /// Each alias: its place in `values`, and the path it names.
        var aliases: [(slot: Int, path: String)] = []
        var groups: Set<String> = []
        /// The root's keys read, for the check that no key is in two pieces.
        var rootKeys: [String] = []
        var rootIsBlockMapping = false
        /// Whether every token's path is ASCII.
        var pathsAreASCII = true

        /// Room for the tokens a piece's bytes are likely to hold (about one in 16 bytes; a terser file's arrays
        /// grow past it): a large piece's arrays are not copied into fresh memory at every doubling.
        mutating func reserve(tokens: Int, modes: Int) {
            paths.reserveCapacity(tokens)
            types.reserveCapacity(tokens)
            reads.reserveCapacity(tokens)
            values.reserveCapacity(tokens * modes)
        }
    }

    private var events: EventReader
    private let header: TokenStreamReader.Header
    private let modeCount: Int
    private let isFirstPiece: Bool
    private let maxTokens: Int
    private let parser: ValueParser
    private var piece = Piece()
    /// The scalars of a `$value` of every mode being read, in the modes' order: one array for every token, where
    /// an array each cost an allocation and a generic release.
    private var modeScalars: [(Scalar, EventReader.Place)?]
    /// Which modes of the token being read were read.
    private var modeRead: [Bool]
    /// Each mode's UTF-8 bytes, and whether all are ASCII.
    private let modeBytes: [[UInt8]]
    private let modesAreASCII: Bool

    /// The set in `bytes` as the full way would load it (`defaultName` when it has no `$name`), or nil when it is
    /// not a plain set or holds anything the full way would report. `pieces`: read in at most this many pieces
    /// whatever the size, and `probesPerPath` for the aliases' `PathTable` (for tests).
    static func load(
        bytes: [UInt8], file: String, defaultName: String, limits: YAMLLimits, maxTokens: Int, pieces: Int? = nil,
        probesPerPath: Int = PathTable.probesPerPath
    ) -> TokenSet? {
        guard
            let (header, pieces) = TokenStreamReader.readPieces(
                bytes: bytes, file: file, limits: limits, pieces: pieces, checksKeys: false,
                read: { events, header, isFirst, size in
                    PlainSetReader(events: events, header: header, isFirstPiece: isFirst, maxTokens: maxTokens, size: size).read()
                })
        else { return nil }
        let groups = pieces.dropFirst().reduce(into: pieces[0].groups) { $0.formUnion($1.groups) }
        let pathsAreASCII = pieces.allSatisfy(\.pathsAreASCII)
        guard pieces.reduce(0, { $0 + $1.paths.count }) < maxTokens,
            let (tokens, keys) = resolve(
                pieces, file: file, groups: groups, pathsAreASCII: pathsAreASCII, modeCount: max(1, header.modes.count),
                probesPerPath: probesPerPath)
        else { return nil }
        // What the pieces read is of no more use: hundreds of thousands of references to let go.
        BackgroundRelease.release(consume pieces)
        return TokenSet(
            name: header.name ?? defaultName, modes: header.modes, sortedTokens: tokens, keys: keys, groups: groups,
            pathsAreASCII: pathsAreASCII)
    }

    /// A reader of a piece of `size` bytes.
    private init(events: consuming EventReader, header: TokenStreamReader.Header, isFirstPiece: Bool, maxTokens: Int, size: Int) {
        self.events = events
        self.header = header
        self.modeCount = max(1, header.modes.count)
        modeScalars = Array(repeating: nil, count: modeCount)
        modeRead = Array(repeating: false, count: modeCount)
        modeBytes = header.modes.map { Array($0.utf8) }
        modesAreASCII = modeBytes.allSatisfy { $0.allSatisfy { $0 < 0x80 } }
        self.isFirstPiece = isFirstPiece
        self.maxTokens = maxTokens
        piece.reserve(tokens: min(size / 16, maxTokens), modes: modeCount)
        // A literal has no alias or pointer in it: the parser is never asked to follow one.
        parser = ValueParser(
            alias: { (_: TokenReference, _: Node) throws(ValueFailure) -> (type: TokenType, value: TokenValue) in throw .dependency },
            pointer: { (_: TokenPointer, _: Node) throws(ValueFailure) -> TokenPointer.Target in throw .dependency })
    }

    /// The next event, as libyaml read it: a scalar's bytes are good until the next.
    private mutating func next() throws(GiveUp) -> EventReader.RawEvent {
        guard let event = events.nextRaw() else { throw GiveUp() }
        return event
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

    // MARK: - Groups and tokens

    private mutating func readRoot() throws(GiveUp) {
        guard case .mappingStart = try next() else { throw GiveUp() }
        piece.rootIsBlockMapping = events.rootIsBlockMapping
        var inHeader = isFirstPiece
        while case .scalar(let raw) = try next() {
            let key = self.key(raw)
            if TokenStreamReader.dollarKey(key.scalar) != nil {
                // The header was read already; a `$` key anywhere else is not plain.
                guard inHeader else { throw GiveUp() }
                try skipHeaderValue()
                continue
            }
            inHeader = false
            guard key.scalar.isString, !TokenStreamReader.otherFormats.contains(key.scalar.text) else { throw GiveUp() }
            piece.rootKeys.append(key.scalar.text)
            try readChild(key, group: Group(), type: header.type)
        }
    }

    /// Skips a header property's value: a scalar, or a list of scalars (`$modes`).
    private mutating func skipHeaderValue() throws(GiveUp) {
        switch try next() {
        case .scalar: return
        case .sequenceStart:
            while case .scalar = try next() {}
        default: throw GiveUp()
        }
    }

    /// A mapping's key as it was read: its scalar, where it is, whether it is ASCII, whether its text is a valid
    /// token or group name (`TokenSetReader.isValidName`), and the mode it names.
    private struct Key {
        let scalar: Scalar
        let place: EventReader.Place
        let isASCII: Bool
        let isValidName: Bool
        let mode: Int?
    }

    /// A key read: its bytes looked at once, while they are at hand. The scalar's text is its bytes, so a name
    /// is told valid from them as `TokenSetReader.isValidName` tells it from the text: not empty, not starting
    /// with `$`, and no `{`, `}` or `.` (ASCII, and no byte of a multi-byte character is ASCII).
    private func key(_ raw: EventReader.RawScalar) -> Key {
        let scalar = Scalar(raw)
        var (isASCII, reserved) = (true, false)
        for byte in raw.bytes {
            if byte >= 0x80 { isASCII = false }
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: ".") { reserved = true }
        }
        let isValidName = !reserved && raw.bytes.first.map { $0 != UInt8(ascii: "$") } ?? false
        return Key(
            scalar: scalar, place: raw.place, isASCII: isASCII, isValidName: isValidName,
            mode: mode(named: scalar, bytes: raw.bytes, isASCII: isASCII))
    }

    /// Where a child is: its group's segments, its group's path with a dot after it (empty at the root), and
    /// whether that is ASCII.
    private struct Group {
        var segments: [String] = []
        var prefix = ""
        var isASCII = true

        /// A child's entry: its group's segments (this group's own array, shared), its name and path, and where
        /// its name is.
        func child(_ key: Key) -> Entry {
            let name = key.scalar.text
            return Entry(group: segments, name: name, path: prefix + name, isASCII: isASCII && key.isASCII, keyPlace: key.place)
        }
    }

    /// A group's child, a token or a group. A token's one scalar, or its scalars in every mode, are read as they
    /// come, their type known; a mapping of anything else is read by `readMapping`.
    private mutating func readChild(_ key: Key, group: Group, type: TokenType?) throws(GiveUp) {
        guard key.isValidName, Self.isDistinctName(key.scalar) else { throw GiveUp() }
        let entry = group.child(key)
        switch try next() {
        case .scalar(let raw):
            let slot = try self.slot(raw, type: type)
            for _ in 0..<modeCount { add(slot) }
            try addEntry(entry, place: raw.place, type: type, description: nil)
        case .mappingStart(let at):
            guard case .scalar(let raw) = try next() else { throw GiveUp() }
            let first = self.key(raw)
            if let mode = first.mode {
                // The modes' slots, filled as the modes come.
                let base = piece.values.count
                for _ in 0..<modeCount { piece.values.append(nil) }
                try readModes(first: mode) { reader, mode, raw throws(GiveUp) in
                    let slot = try reader.slot(raw, type: type)
                    reader.put(slot, at: base + mode)
                }
                try addEntry(entry, place: at, type: type, description: nil)
            } else {
                try readMapping(entry, first: first, type: type)
            }
        case .sequenceStart, .end, .documentEnd:
            throw GiveUp()
        }
    }

    /// Whether a key is a name whose text tells it from every other key: a string, or an integer written as its
    /// decimal (`01` and `0x1` are the key `1`, and only their values would tell they are the same).
    private static func isDistinctName(_ key: Scalar) -> Bool {
        if key.isString { return true }
        guard case .int(let value) = key.value else { return false }
        return String(value) == key.text
    }

    /// A token or group: its group's segments and its name, its path, whether that is ASCII, and where its name is.
    private struct Entry {
        let group: [String]
        let name: String
        let path: String
        let isASCII: Bool
        let keyPlace: EventReader.Place
    }

    /// A mapping that is not a token's modes, its first key read: a token's `$value` with its `$type` and
    /// `$description`, or a group, its `$type` and `$description` before its children. A `$value` may come before
    /// the `$type` it is read as: its scalars are kept until the mapping ends.
    private mutating func readMapping(_ entry: Entry, first: Key, type inherited: TokenType?) throws(GiveUp) {
        var type = inherited
        var description: String?
        // The value: one scalar, or nil where it is a scalar for each mode, in `modeScalars`.
        var value: (scalar: (Scalar, EventReader.Place)?, place: EventReader.Place)?
        var child: Key? = first
        // The properties read, a bit each: each at most once, as the reader does not check keys.
        var seen: UInt8 = 0
        // The properties, before any child.
        while let key = child, let property = TokenStreamReader.dollarKey(key.scalar) {
            // Any other property gives up below.
            let bit: UInt8 = property == "$type" ? 1 : property == "$description" ? 2 : 4
            guard seen & bit == 0 else { throw GiveUp() }
            seen |= bit
            switch (property, try next()) {
            case ("$type", .scalar(let raw)):
                let text = Scalar(raw)
                guard text.isString, let declared = TokenType(rawValue: text.text) else { throw GiveUp() }
                type = declared
            case ("$description", .scalar(let raw)):
                let text = Scalar(raw)
                guard text.isString else { throw GiveUp() }
                description = text.text
            case ("$value", .scalar(let raw)):
                value = ((Scalar(raw), raw.place), raw.place)
            case ("$value", .mappingStart(let at)) where !header.modes.isEmpty:
                guard case .scalar(let raw) = try next(), let mode = mode(named: raw) else { throw GiveUp() }
                for mode in 0..<modeCount { modeScalars[mode] = nil }
                try readModes(first: mode) { reader, mode, raw in
                    reader.modeScalars[mode] = (Scalar(raw), raw.place)
                }
                value = (nil, at)
            default:
                throw GiveUp()
            }
            child = try nextKey()
        }
        if let value {
            // A token: properties and nothing else.
            guard child == nil else { throw GiveUp() }
            if let (scalar, at) = value.scalar {
                let slot = try self.slot(scalar, at: at, type: type)
                for _ in 0..<modeCount { add(slot) }
            } else {
                for case let (scalar, at)? in modeScalars { add(try slot(scalar, at: at, type: type)) }
            }
            return try addEntry(entry, place: value.place, type: type, description: description)
        }
        // A group. A mapping whose keys are all a type's value fields is a composite value, not a group.
        guard let firstChild = child, !(type?.valueFields.contains(firstChild.scalar.text) ?? false) else { throw GiveUp() }
        guard piece.groups.insert(entry.path).inserted else { throw GiveUp() }
        let group = Group(segments: entry.group + [entry.name], prefix: entry.path + ".", isASCII: entry.isASCII)
        while let key = child {
            // A key naming a mode would be read by the full way as a token's mode values.
            guard TokenStreamReader.dollarKey(key.scalar) == nil, key.mode == nil else { throw GiveUp() }
            try readChild(key, group: group, type: type)
            child = try nextKey()
        }
    }

    /// The next key of a mapping, or nil at the mapping's end.
    private mutating func nextKey() throws(GiveUp) -> Key? {
        switch try next() {
        case .scalar(let raw): return key(raw)
        case .end: return nil
        default: throw GiveUp()
        }
    }

    /// A mapping of every declared mode to a scalar, the mode its first key names read: `take` is given each
    /// mode's scalar as it comes (its bytes good until the next event). Every mode once.
    private mutating func readModes(
        first: Int, _ take: (inout PlainSetReader, Int, EventReader.RawScalar) throws(GiveUp) -> Void
    ) throws(GiveUp) {
        for index in 0..<modeCount { modeRead[index] = false }
        var mode = first
        var read = 0
        while true {
            guard !modeRead[mode], case .scalar(let raw) = try next() else { throw GiveUp() }
            modeRead[mode] = true
            read += 1
            try take(&self, mode, raw)
            switch try next() {
            case .scalar(let key):
                guard let named = self.mode(named: key) else { throw GiveUp() }
                mode = named
            case .end:
                // No mode twice, so every mode when as many as there are.
                guard read == modeCount else { throw GiveUp() }
                return
            default: throw GiveUp()
            }
        }
    }

    /// The mode a key names, if any, its scalar made and its bytes at hand: equal as Unicode text, as the full
    /// way compares them, or where the key and every mode are ASCII by their bytes (ASCII text equals only
    /// itself; `;` equals the two-byte U+037E).
    private func mode(named key: Scalar, bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> Int? {
        guard key.isString, !modeBytes.isEmpty else { return nil }
        guard modesAreASCII, isASCII else { return header.modes.firstIndex(of: key.text) }
        return modeBytes.firstIndex { $0.count == bytes.count && $0.elementsEqual(bytes) }
    }

    /// The mode a key of a token's modes names, if any, told from its bytes alone where it is certainly an
    /// ASCII string (no scalar made); else as a key.
    private func mode(named raw: EventReader.RawScalar) -> Int? {
        guard modesAreASCII, Self.isASCIIString(raw) else { return key(raw).mode }
        return modeBytes.firstIndex { $0.count == raw.bytes.count && $0.elementsEqual(raw.bytes) }
    }

    /// Whether a scalar is a string all of ASCII, told from its bytes: not empty, and quoted or a block, or plain
    /// and certainly a string under the core schema (`CoreSchema.isCertainlyString`).
    private static func isASCIIString(_ scalar: EventReader.RawScalar) -> Bool {
        guard !scalar.bytes.isEmpty else { return false }
        return (scalar.style != .plain || CoreSchema.isCertainlyString(plain: scalar.bytes)) && scalar.bytes.allSatisfy { $0 < 0x80 }
    }

    /// A scalar as an alias, or as a literal of `type`, read from its bytes where it is one of the commonest
    /// forms (a quoted alias or colour, a plain decimal integer); else as `slot(_:at:type:)` reads it.
    private func slot(_ raw: EventReader.RawScalar, type: TokenType?) throws(GiveUp) -> Slot {
        if raw.style.isQuotedOrBlock {
            if let path = TokenReference.path(inBraces: raw.bytes) { return .alias(path: path) }
            if type == .color, let hex = RGBA.normalisedHex(raw.bytes) { return .literal(.string(hex)) }
        } else if let type, let integer = Self.decimal(raw.bytes) {
            switch type {
            case .dimension, .number: return .literal(.number(Double(integer)))
            case .fontWeight where (1...1000).contains(integer): return .literal(.number(Double(integer)))
            default: break
            }
        }
        return try slot(Scalar(raw), at: raw.place, type: type)
    }

    /// A plain scalar's integer when it is decimal digits without a sign, at most 18 of them (the core schema
    /// reads it as that integer, leading zeros and all); nil for anything else.
    private static func decimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
        var value = 0
        for byte in bytes {
            let digit = Int(byte) &- Int(UInt8(ascii: "0"))
            guard (0...9).contains(digit) else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    /// A scalar as an alias, or as a literal of `type`; a literal without a type, or one that is not of its
    /// type, gives up.
    private func slot(_ scalar: Scalar, at place: EventReader.Place, type: TokenType?) throws(GiveUp) -> Slot {
        if let reference = TokenReference(scalar) { return .alias(path: reference.path) }
        guard let type else { throw GiveUp() }
        if let value = ValueParser.commonLiteral(scalar, as: type) { return .literal(value) }
        guard let value = try? parser.parse(Node(.scalar(scalar), at: events.mark(place)), as: type) else { throw GiveUp() }
        return .literal(value)
    }

    /// Adds a token whose values were added: its path, where it is, its type and its description.
    private mutating func addEntry(_ entry: Entry, place: EventReader.Place, type: TokenType?, description: String?) throws(GiveUp) {
        guard piece.paths.count + 1 < maxTokens else { throw GiveUp() }
        if !entry.isASCII { piece.pathsAreASCII = false }
        piece.paths.append(entry.path)
        piece.types.append(type)
        piece.reads.append(Read(group: entry.group, name: entry.name, keyPlace: entry.keyPlace, place: place, description: description))
    }

    /// Adds a slot's value (nil for an alias, to be resolved) as the next value.
    private mutating func add(_ slot: Slot) {
        piece.values.append(nil)
        put(slot, at: piece.values.count - 1)
    }

    /// Puts a slot's value at a place in the values, nil there for an alias.
    private mutating func put(_ slot: Slot, at index: Int) {
        switch slot {
        case .literal(let value): piece.values[index] = value
        case .alias(let path): piece.aliases.append((index, path))
        }
    }

    // MARK: - Resolving

    /// Every piece's tokens resolved, sorted by path, with their paths' keys: each alias takes its target's value
    /// in its mode, and an untyped token its first mode's target's type. Nil at what the full way would report,
    /// duplicate keys among it (see the type's note).
    private static func resolve(
        _ pieces: [Piece], file: String, groups: Set<String>, pathsAreASCII: Bool, modeCount: Int, probesPerPath: Int
    ) -> (tokens: [Token], keys: [UInt64])? {
        let paths = Parallel.joined(pieces.map(\.paths))
        let sorted = TokenSet.SortedPaths(paths)
        let order = sorted.order
        guard hasDistinctPaths(paths, sorted: sorted, groups: groups, pathsAreASCII: pathsAreASCII) else { return nil }
        let offsets = pieces.reduce(into: [0]) { $0.append($0.last! + $1.paths.count) }
        // Where each alias points, found on every core: in a table of the paths by their hashes, or by a binary
        // search of the sorted paths where the hashes crowd.
        let table = PathTable(paths, probesPerPath: probesPerPath)
        let found = Parallel.map(pieces.indices.map { $0 }) { part -> [(slot: Int, target: Int)]? in
            var targets: [(slot: Int, target: Int)] = []
            targets.reserveCapacity(pieces[part].aliases.count)
            for (slot, path) in pieces[part].aliases {
                let target =
                    if let table { table.position(of: path, in: paths) } else {
                        TokenSet.SortedPaths.rank(of: path, keys: sorted.keys, path: { paths[order[$0]] }).map { order[$0] }
                    }
                guard let target else { return nil }
                targets.append((offsets[part] * modeCount + slot, target))
            }
            return targets
        }
        // Each slot's target, -1 for a literal; and the tokens that have an alias, in order.
        var targets = [Int](repeating: -1, count: paths.count * modeCount)
        var aliasing: [Int] = []
        for part in found {
            guard let part else { return nil }
            for (slot, target) in part {
                targets[slot] = target
                if aliasing.last != slot / modeCount { aliasing.append(slot / modeCount) }
            }
        }
        var types = Parallel.joined(pieces.map(\.types))
        var values = Parallel.joined(pieces.map(\.values))
        guard resolveAliases(aliasing, targets: targets, types: &types, values: &values, modeCount: modeCount) else { return nil }
        // The tokens in path order, made on every core.
        let (resolvedTypes, resolvedValues) = (types, values)
        let fileID = FileID(file)
        let tokens = Parallel.array(order.count, minimum: TokenSet.parallelMinimum) { rank in
            let token = order[rank]
            var part = 0
            while token >= offsets[part + 1] { part += 1 }
            let position = token - offsets[part]
            // Each field read where it is: a copy of the whole `Read` retained and released all of it.
            let reads = pieces[part].reads
            let first = token * modeCount
            // One or two modes, the commonest, as a literal: made in one allocation, where a mapped range
            // reserves first.
            let values =
                switch modeCount {
                case 1: [resolvedValues[first]!]
                case 2: [resolvedValues[first]!, resolvedValues[first + 1]!]
                default: (first..<first + modeCount).map { resolvedValues[$0]! }
                }
            return Token(
                group: reads[position].group, name: reads[position].name, path: paths[token],
                type: resolvedTypes[token]!,
                values: values,
                description: reads[position].description, system: nil, metadata: [:],
                keyMark: Mark(reads[position].keyPlace, in: fileID), mark: Mark(reads[position].place, in: fileID))
        }
        // The joined lists hold a reference for every token: let go of without visiting each.
        BackgroundRelease.release((paths, resolvedTypes, resolvedValues))
        return (tokens, sorted.keys)
    }

    /// Whether no two tokens have one path and no token has a group's path: what a duplicate key in a group
    /// gives (a group named twice was refused as it was read). Paths that are not all ASCII are compared as
    /// Unicode text, as YAML compares keys (a composed and a decomposed `é` are one key); ASCII paths by their
    /// bytes, next to each other once sorted.
    private static func hasDistinctPaths(_ paths: [String], sorted: TokenSet.SortedPaths, groups: Set<String>, pathsAreASCII: Bool) -> Bool {
        guard pathsAreASCII else {
            var seen = Set<String>(minimumCapacity: paths.count + groups.count)
            return (paths + groups).allSatisfy { seen.insert($0).inserted }
        }
        let (order, keys) = (sorted.order, sorted.keys)
        for rank in keys.indices.dropFirst() where keys[rank] == keys[rank - 1] {
            if TokenSet.bytesEqual(paths[order[rank]], paths[order[rank - 1]]) { return false }
        }
        return groups.allSatisfy { TokenSet.SortedPaths.rank(of: $0, keys: keys, path: { paths[order[$0]] }) == nil }
    }

    /// Gives every alias slot its target's value, targets first, without recursion: a chain of any length
    /// costs linear time and no stack. `aliasing`: the tokens with an alias. False at a cycle, or an alias to a
    /// token of another type.
    private static func resolveAliases(
        _ aliasing: [Int], targets: [Int], types: inout [TokenType?], values: inout [TokenValue?], modeCount: Int
    ) -> Bool {
        enum State: UInt8 { case waiting, open, done }
        // A token without an alias is resolved as it was read.
        var state = [State](repeating: .done, count: types.count)
        for token in aliasing { state[token] = .waiting }
        var stack: [Int] = []
        for start in aliasing where state[start] == .waiting {
            stack.append(start)
            while let token = stack.last {
                state[token] = .open
                var waitsFor: Int?
                for mode in 0..<modeCount {
                    let target = targets[token * modeCount + mode]
                    guard target >= 0, state[target] != .done else { continue }
                    // An open target is on the stack: a cycle.
                    guard state[target] == .waiting else { return false }
                    waitsFor = target
                    break
                }
                if let target = waitsFor {
                    stack.append(target)
                    continue
                }
                // Every target is resolved: an untyped token takes its first mode's target's type.
                let first = targets[token * modeCount]
                if types[token] == nil, first >= 0 { types[token] = types[first] }
                guard let type = types[token] else { return false }
                for mode in 0..<modeCount {
                    let target = targets[token * modeCount + mode]
                    guard target >= 0 else { continue }
                    guard types[target] == type else { return false }
                    values[token * modeCount + mode] = values[target * modeCount + mode]
                }
                state[token] = .done
                stack.removeLast()
            }
        }
        return true
    }
}
