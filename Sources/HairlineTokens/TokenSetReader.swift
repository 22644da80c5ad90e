import HairlineDiagnostics
import HairlineYAML

/// Where a token is: its group's path, one array shared by the group's tokens, and its name.
struct TokenPlace {
    let group: [String]
    let name: String

    init(group: [String], name: String) {
        self.group = group
        self.name = name
    }

    /// The place of a path given whole (at least one segment).
    init(segments: [String]) {
        self.init(group: Array(segments.dropLast()), name: segments[segments.count - 1])
    }

    var segments: [String] { group + [name] }

    /// The dotted path.
    var path: String { group.isEmpty ? name : group.joined(separator: ".") + "." + name }
}

/// A token as written, before its aliases are resolved. A class: the resolver reads each one several times.
final class RawToken {
    /// Its group's path (shared by the group's tokens) and its name.
    let place: TokenPlace
    /// The dotted path, joined once.
    let path: String
    let keyMark: Mark
    let mark: Mark
    /// The token's own `$type`, or the nearest group's.
    let declaredType: TokenType?
    /// The value node in each mode, or one node for every mode.
    let values: [Node]
    let description: String?
    let metadata: [String: TokenValue]
    /// Why the token is deprecated, if it is (`TokenSetReader.deprecation`).
    var deprecated: String?

    init(
        place: TokenPlace, keyMark: Mark, mark: Mark, declaredType: TokenType?, values: [Node], description: String?,
        metadata: [String: TokenValue]
    ) {
        self.place = place
        path = place.path
        self.keyMark = keyMark
        self.mark = mark
        self.declaredType = declaredType
        self.values = values
        self.description = description
        self.metadata = metadata
    }
}

/// Reads a token set's groups and tokens from its YAML tree: names, `$` properties, type inheritance,
/// shorthand, mode values and metadata. Collects every error instead of stopping at the first.
struct TokenSetReader {
    private(set) var errors: [TokenError] = []
    private(set) var tokens: [RawToken] = []
    private(set) var groups: Set<String> = []
    /// The `$deprecated` of the groups around the one being read: their tokens are deprecated with it unless a token
    /// says otherwise (DTCG: a group's deprecation applies to everything in it).
    private var inheritedDeprecation: String?
    private(set) var name: String?
    private(set) var modes: [String] = []
    /// The whole document, for `$ref` JSON Pointers.
    private(set) var root: Node?
    /// Groups that `$extends` another: (the group's path, the extended group's path, where it says so).
    private var extensions: [(group: [String], target: String, mark: Mark)] = []
    /// Lenient mode: keys that are not `$` properties inside a token, and unknown types, are warnings.
    var lenient = false
    private(set) var warnings: [TokenError] = []
    /// The token limit this reader enforces.
    var maxTokens = TokenSetReader.maxTokens
    private var overLimit = false

    static let groupProperties: Set<String> = ["$type", "$description", "$extensions", "$deprecated", "$extends", "$root"]
    static let rootProperties: Set<String> = ["$name", "$modes", "$schema"]

    /// A reader with nothing read yet.
    init() {}

    mutating func read(_ root: Node) {
        guard let pairs = root.pairs else {
            errors.append(.rootNotMapping(found: root.kindDescription, at: root.mark))
            return
        }
        for pair in pairs {
            switch pair.key.string {
            case "$name":
                if let text = pair.value.string { name = text } else {
                    errors.append(.invalidProperty(key: "$name", expected: "a string", at: pair.value.mark))
                }
            case "$modes":
                if let items = pair.value.items, !items.isEmpty, items.allSatisfy({ $0.string != nil }),
                    Set(items.compactMap(\.string)).count == items.count
                {
                    modes = items.compactMap(\.string)
                } else {
                    errors.append(
                        .invalidProperty(key: "$modes", expected: "a list of distinct mode names, e.g. [light, dark]", at: pair.value.mark))
                }
            default: break
            }
        }
        self.root = root
        readGroup(root, path: [], inheritedType: nil, inheritedMetadata: [:], isRoot: true)
        applyExtensions()
    }

    /// DTCG group inheritance: a group that `$extends` another gets a copy of each of its tokens that it does not
    /// define itself. Chains apply in order; a cycle is an error.
    private mutating func applyExtensions() {
        var done: Set<String> = []
        var copied = 0
        var overLimit = false
        func apply(_ index: Int, visiting: Set<String>) {
            let (group, target, mark) = extensions[index]
            let key = group.joined(separator: ".")
            if done.contains(key) || overLimit { return }
            if visiting.contains(key) {
                errors.append(.invalidProperty(key: "$extends", expected: "free of cycles: these groups extend each other", at: mark))
                done.insert(key)
                return
            }
            // Apply the target's own extension first.
            if let inner = extensions.firstIndex(where: { $0.group.joined(separator: ".") == target }) {
                apply(inner, visiting: visiting.union([key]))
            }
            guard groups.contains(target) else {
                errors.append(.invalidProperty(key: "$extends", expected: "a reference to a group; '{\(target)}' names none", at: mark))
                done.insert(key)
                return
            }
            let targetSegments = target.split(separator: ".").map(String.init)
            // Counted before copied: groups that extend each other several ways multiply their tokens.
            let inherited = tokens.lazy.filter { $0.place.segments.starts(with: targetSegments) }.count
            copied += inherited
            if copied > Self.maxExtendedTokens {
                errors.append(
                    .invalidProperty(
                        key: "$extends", expected: "within \(Self.maxExtendedTokens) copied tokens in a set; these groups extend each other into more",
                        at: mark))
                overLimit = true
                return
            }
            let own = Set(tokens.filter { $0.place.segments.starts(with: group) }.map { Array($0.place.segments.dropFirst(group.count)) })
            for token in tokens where token.place.segments.starts(with: targetSegments) {
                let relative = Array(token.place.segments.dropFirst(targetSegments.count))
                guard !own.contains(relative) else { continue }
                tokens.append(
                    RawToken(
                        place: TokenPlace(segments: group + relative), keyMark: token.keyMark, mark: token.mark, declaredType: token.declaredType,
                        values: token.values, description: token.description, metadata: token.metadata))
                for depth in 1..<max(1, relative.count) { groups.insert((group + relative.prefix(depth)).joined(separator: ".")) }
            }
            done.insert(key)
        }
        for index in extensions.indices { apply(index, visiting: []) }
    }

    private mutating func readGroup(
        _ group: Node, path: [String], inheritedType: TokenType?, inheritedMetadata: [String: TokenValue], isRoot: Bool
    ) {
        guard let pairs = group.pairs else { return }
        // The group's `$` properties in one pass: looking each up by key scanned all of a large group's pairs.
        var property: [String: Node] = [:]
        for pair in pairs {
            if case .scalar(let key) = pair.key.content, key.isString, key.text.utf8.first == UInt8(ascii: "$") {
                property[key.text] = property[key.text] ?? pair.value
            }
        }
        var type = inheritedType
        var metadata = inheritedMetadata
        if let typeNode = property["$type"] { type = readType(typeNode) ?? type }
        // A group that extends another without a $type of its own takes the other's.
        if property["$type"] == nil, let extended = property["$extends"].flatMap(TokenReference.init),
            let type2 = extendedType(extended.path)
        {
            type = type2
        }
        if let extensions = property["$extensions"] { metadata.merge(readMetadata(extensions)) { $1 } }
        if let description = property["$description"], description.string == nil {
            errors.append(.invalidProperty(key: "$description", expected: "a string", at: description.mark))
        }
        checkDeprecated(property["$deprecated"])
        let outerDeprecation = inheritedDeprecation
        if let node = property["$deprecated"] { inheritedDeprecation = Self.deprecation(node) }
        defer { inheritedDeprecation = outerDeprecation }
        if let extends = property["$extends"] {
            if let reference = TokenReference(extends) {
                extensions.append((path, reference.path, extends.mark))
            } else {
                errors.append(.invalidProperty(key: "$extends", expected: "a reference to a group, \"{group}\"", at: extends.mark))
            }
        }
        readPairs(pairs[...], path: path, type: type, metadata: metadata, isRoot: isRoot)
    }

    private mutating func readPairs(
        _ pairs: ArraySlice<Node.Pair>, path: [String], type: TokenType?, metadata: [String: TokenValue], isRoot: Bool
    ) {
        for pair in pairs {
            // A name is a scalar's text as written: `4:` names the token "4".
            guard let key = pair.key.scalar?.text, !pair.key.isNull else {
                errors.append(.invalidName(name: pair.key.scalar?.text ?? pair.key.kindDescription, at: pair.key.mark))
                continue
            }
            if key == "$root" {
                // DTCG's root token: the group's own value, at the path `group.$root`.
                readChild(pair, place: TokenPlace(group: path, name: key), type: type, metadata: metadata)
                continue
            }
            if key.hasPrefix("$") {
                let known = Self.groupProperties.contains(key) || (isRoot && Self.rootProperties.contains(key))
                if !known { errors.append(.unknownProperty(key: key, at: pair.key.mark)) }
                continue
            }
            guard Self.isValidName(key) else {
                errors.append(.invalidName(name: key, at: pair.key.mark))
                continue
            }
            readChild(pair, place: TokenPlace(group: path, name: key), type: type, metadata: metadata)
        }
    }

    private mutating func readChild(_ pair: Node.Pair, place: TokenPlace, type: TokenType?, metadata: [String: TokenValue]) {
        let node = pair.value
        guard let pairs = node.pairs else {
            // A scalar or a list: a token in shorthand.
            addToken(place: place, keyMark: pair.key.mark, valueNode: node, type: type, description: nil, metadata: metadata)
            return
        }
        // The mapping's keys read once: whether it is a token (`$value`, `$ref`), has `$` properties, holds tokens
        // with `$value`, or names a mode.
        var hasProperties = false
        var hasModeKey = false
        var allKeysStrings = true
        for child in pairs {
            guard case .scalar(let key) = child.key.content, key.isString else {
                allKeysStrings = false
                continue
            }
            if key.text.utf8.first == UInt8(ascii: "$") {
                if key.text == "$value" || key.text == "$ref" {
                    readToken(pair, place: place, inheritedType: type, metadata: metadata)
                    return
                }
                hasProperties = true
            }
            if !hasModeKey, !modes.isEmpty, modes.contains(key.text) { hasModeKey = true }
            if !hasProperties, child.value.pairs != nil, child.value["$value"] != nil || child.value["$ref"] != nil { hasProperties = true }
        }
        if node.looksLikeUnquotedReference {
            errors.append(.unquotedReference(at: node.mark))
            return
        }
        // A mapping with `$` properties, or whose children are tokens with `$value`, is a group; otherwise
        // naming a mode makes it one token's mode values.
        let namesAMode = !hasProperties && hasModeKey
        // Asked only when no mode is named: a type's value fields are a set built on each call.
        func isComposite() -> Bool {
            guard let type, !pairs.isEmpty, allKeysStrings else { return false }
            let fields = type.valueFields
            return pairs.allSatisfy { fields.contains($0.key.scalar!.text) }
        }
        if namesAMode || isComposite() {
            addToken(place: place, keyMark: pair.key.mark, valueNode: node, type: type, description: nil, metadata: metadata)
            return
        }
        groups.insert(place.path)
        readGroup(node, path: place.segments, inheritedType: type, inheritedMetadata: metadata, isRoot: false)
    }

    private mutating func readToken(_ pair: Node.Pair, place: TokenPlace, inheritedType: TokenType?, metadata: [String: TokenValue]) {
        let node = pair.value
        var type = inheritedType
        var ownMetadata = metadata
        var description: String?
        // The token's properties read in one pass (YAML keeps keys unique), not looked up one by one.
        var typeNode: Node?, extensionsNode: Node?, descriptionNode: Node?, deprecatedNode: Node?, valueNode: Node?
        var refPair: Node.Pair?
        for property in node.pairs ?? [] {
            let key = property.key.string ?? ""
            switch key {
            case "$value": valueNode = property.value
            case "$ref": refPair = property
            case "$type": typeNode = property.value
            case "$description": descriptionNode = property.value
            case "$extensions": extensionsNode = property.value
            case "$deprecated": deprecatedNode = property.value
            default:
                if lenient {
                    warnings.append(.lenient(problem: "'\(key)' inside a token is not a DTCG property; ignored", at: property.key.mark))
                } else if key.hasPrefix("$") {
                    errors.append(.unknownProperty(key: key, at: property.key.mark))
                } else {
                    errors.append(
                        .invalidProperty(key: key, expected: "a $ property: a token (it has $value) holds no groups or tokens", at: property.key.mark))
                }
            }
        }
        if let typeNode { type = readType(typeNode) ?? type }
        if let extensionsNode { ownMetadata.merge(readMetadata(extensionsNode)) { $1 } }
        if let descriptionNode {
            if let text = descriptionNode.string { description = text } else {
                errors.append(.invalidProperty(key: "$description", expected: "a string", at: descriptionNode.mark))
            }
        }
        checkDeprecated(deprecatedNode)
        let deprecated = Self.deprecation(deprecatedNode)
        if let refPair, valueNode != nil {
            errors.append(.invalidProperty(key: "$ref", expected: "alone: a token has a $value or a $ref, not both", at: refPair.key.mark))
            return
        }
        // A token may be a whole `$ref` JSON Pointer instead of a `$value`.
        guard let value = valueNode ?? refPair.map({ Node(.mapping([$0]), at: $0.value.mark) }) else { return }
        var modeValues: Node?
        if let modeNode = extensionsNode?["mode"], !modes.isEmpty { modeValues = modeNode }
        let count = tokens.count
        addToken(
            place: place, keyMark: pair.key.mark, valueNode: value, type: type, description: description,
            metadata: ownMetadata, extensionModes: modeValues)
        if deprecatedNode != nil, tokens.count > count { tokens[count].deprecated = deprecated }
    }

    /// A `$deprecated` value as a token keeps it: its text, empty for `true`, nil for `false` or none.
    static func deprecation(_ node: Node?) -> String? {
        guard let node else { return nil }
        if let bool = node.bool { return bool ? "" : nil }
        return node.string
    }

    /// The most tokens `$extends` may copy into a set, counted before they are copied.
    static let maxExtendedTokens = 100_000

    /// The most tokens a set may hold; a larger file is refused rather than resolved.
    static let maxTokens = 1_000_000

    private mutating func addToken(
        place: TokenPlace, keyMark: Mark, valueNode: Node, type: TokenType?, description: String?,
        metadata: [String: TokenValue], extensionModes: Node? = nil
    ) {
        if tokens.count >= maxTokens {
            if !overLimit { errors.append(.tooManyTokens(limit: maxTokens, at: keyMark)) }
            overLimit = true
            return
        }
        var values = [valueNode]
        if !modes.isEmpty, let pairs = valueNode.pairs, pairs.contains(where: { modes.contains($0.key.string ?? "") }) {
            guard let split = splitModes(valueNode, pairs: pairs) else { return }
            values = split
        } else if let extensionModes, let pairs = extensionModes.pairs {
            // Terrazzo's `$extensions.mode`: `$value` is the default, each named mode overrides it.
            var byMode = Array(repeating: valueNode, count: modes.count)
            for pair in pairs {
                guard let name = pair.key.string, let index = modes.firstIndex(of: name) else {
                    errors.append(.undeclaredMode(mode: pair.key.scalar?.text ?? "?", modes: modes, at: pair.key.mark))
                    return
                }
                byMode[index] = pair.value
            }
            values = byMode
        }
        let token = RawToken(
            place: place, keyMark: keyMark, mark: valueNode.mark, declaredType: type, values: values,
            description: description, metadata: metadata)
        token.deprecated = inheritedDeprecation
        tokens.append(token)
    }

    /// A mode-value mapping split into one node per declared mode, or nil after reporting what is wrong.
    private mutating func splitModes(_ node: Node, pairs: [Node.Pair]) -> [Node]? {
        var ok = true
        for pair in pairs where !modes.contains(pair.key.string ?? "") {
            errors.append(.undeclaredMode(mode: pair.key.scalar?.text ?? "?", modes: modes, at: pair.key.mark))
            ok = false
        }
        var values: [Node] = []
        for mode in modes {
            if let value = node[mode] {
                values.append(value)
            } else {
                errors.append(.missingMode(mode: mode, at: node.mark))
                ok = false
            }
        }
        return ok ? values : nil
    }

    /// The `$type` of a group named by path, following its own `$extends`, read from the document.
    private func extendedType(_ path: String, depth: Int = 0) -> TokenType? {
        guard depth < 32, let root else { return nil }
        var node = root
        var type: TokenType?
        for segment in path.split(separator: ".") {
            guard let next = node[String(segment)] else { return nil }
            node = next
            if let text = node["$type"]?.string, let declared = TokenType(rawValue: text) { type = declared }
        }
        if node["$type"] == nil, let extended = node["$extends"].flatMap(TokenReference.init) {
            return extendedType(extended.path, depth: depth + 1) ?? type
        }
        return type
    }

    private mutating func checkDeprecated(_ deprecated: Node?) {
        guard let deprecated else { return }
        if deprecated.bool == nil, deprecated.string == nil {
            errors.append(.invalidProperty(key: "$deprecated", expected: "true, false or a string saying what to use instead", at: deprecated.mark))
        }
    }

    private mutating func readType(_ node: Node) -> TokenType? {
        guard let text = node.string, let type = TokenType(rawValue: text) else {
            errors.append(.unknownType(name: node.scalar?.text ?? node.kindDescription, at: node.mark))
            return nil
        }
        return type
    }

    /// The `hairline` entry of `$extensions`: scalar (or list of scalar) metadata for rules.
    private mutating func readMetadata(_ extensions: Node) -> [String: TokenValue] {
        guard extensions.pairs != nil else {
            errors.append(.invalidProperty(key: "$extensions", expected: "a mapping", at: extensions.mark))
            return [:]
        }
        guard let hairline = extensions["hairline"] else { return [:] }
        guard let pairs = hairline.pairs else {
            errors.append(.invalidProperty(key: "$extensions.hairline", expected: "a mapping of keys to values", at: hairline.mark))
            return [:]
        }
        var metadata: [String: TokenValue] = [:]
        for pair in pairs {
            guard let key = pair.key.string, let value = Self.plainValue(pair.value) else {
                errors.append(
                    .invalidProperty(key: "$extensions.hairline", expected: "a mapping of names to scalars or lists", at: pair.value.mark))
                continue
            }
            metadata[key] = value
        }
        return metadata
    }

    /// A scalar or list of scalars as a token value, for metadata.
    static func plainValue(_ node: Node) -> TokenValue? {
        if let items = node.items {
            var values: [TokenValue] = []
            for item in items {
                guard let value = plainValue(item) else { return nil }
                values.append(value)
            }
            return .list(values)
        }
        guard let scalar = node.scalar else { return nil }
        switch scalar.value {
        case .bool(let bool): return .bool(bool)
        case .int(let int): return .number(Double(int))
        case .float(let float): return .number(float)
        case .string(let string): return .string(string)
        case .null: return nil
        }
    }

    /// Names never start with `$` and never contain `{`, `}` or `.`.
    static func isValidName(_ name: String) -> Bool {
        // Over the UTF-8 bytes: the four are ASCII, and no byte of a multi-byte character is ASCII.
        guard let first = name.utf8.first, first != UInt8(ascii: "$") else { return false }
        return !name.utf8.contains { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: ".") }
    }
}
