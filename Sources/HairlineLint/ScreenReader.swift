import HairlineDiagnostics
import HairlineTokens
import HairlineYAML

/// Reads a screen spec straight from the YAML events, the one reader of the format: every error in the file at
/// its place, token references resolved as they are read.
///
/// References resolve through the token set of the design system `system` chooses, asked at the first reference
/// with the `system:` key if it has been read by then (it usually comes first). A caller whose final choice of
/// system differs from the one references were resolved in, or who could not choose one in time, reads the file
/// again with the system fixed.
public struct ScreenReader: ~Copyable {
    /// The design system for a screen, given its `system:` key if one has been read yet; nil when none can be
    /// told yet.
    public typealias SystemChoice = (_ key: (name: String, mark: Mark)?) -> LintSystem?

    /// What reading a file gave.
    public struct Outcome {
        /// Whether the file is a screen spec at all: a mapping with a `screen:` key.
        public let isScreen: Bool
        /// The screen, when the file is one and has no error.
        public let screen: Screen?
        /// Every error, in output order: for a file that is no screen spec, why not.
        public let errors: [Diagnostic]
        /// Findings the reading itself makes (a reference to no token, to a group, unquoted): the property is left
        /// out and the rest of the screen read and linted, so that one typo hides nothing else.
        public var findings: [Diagnostic] = []
        /// The `system:` key's value and where it is.
        public let systemKey: (name: String, mark: Mark)?
        /// Where the `screen:` key is.
        public let screenKey: Mark?
        /// The system references were resolved in, if any reference was met.
        public let referenceSystem: LintSystem?
        /// Whether a reference was met when no system could be chosen: its token is not resolved.
        public let needsSystem: Bool
        /// Where each node read ends: the ranges of the file's findings, from the same read.
        public var ranges = NodeRanges.Recorded.none
    }

    private var events: EventCursor
    private let file: String
    private let choose: SystemChoice
    /// The elements read so far, in document order, each held by one count the reader owns; an element's slot is
    /// nil until its children are read.
    private var elements: [Unmanaged<Element>?] = []
    /// What the open elements and values have read so far, each taken off as an array of its exact size.
    private var gatheredProperties = Gathering<Property>()
    private var gatheredValues = Gathering<PropertyValue>()
    private var gatheredIndexes = Gathering<Int>()
    private var errors: [ScreenError] = []
    /// References that name nothing: findings, not errors (the screen is read without them).
    private var referenceProblems: [ScreenError] = []
    /// How many references to nothing have been met (the first ones get a did-you-mean).
    private var suggestions = 0
    /// Every reference met, resolved or not, in order: the screen's token uses.
    private var references: [TokenUse] = []
    private var systemKey: (name: String, mark: Mark)?
    private var screenKey: Mark?
    private var system: LintSystem?
    private var chose = false
    private var needsSystem = false

    /// Reads the screen in `bytes`, with its nodes' ranges; throws the file's YAML error, if it has one.
    public static func read(bytes: [UInt8], file: String, system: SystemChoice) throws(YAMLError) -> Outcome {
        try withoutActuallyEscaping(system) { (choose) throws(YAMLError) -> Outcome in
            var reader = ScreenReader(events: try EventCursor(bytes: bytes, file: file, recordsRanges: true), file: file, choose: choose)
            var outcome = try reader.readFile()
            outcome.ranges = reader.events.recordedRanges()
            return outcome
        }
    }

    /// Reads a screen linted with a token set, for tests and examples; throws the YAML error or every error in it,
    /// its references to nothing among them.
    public static func read(_ text: String, file: String, tokens: TokenSet?) throws(DiagnosticError) -> Screen {
        let system = try LintSystem(name: "screen", tokens: tokens, rules: [])
        let outcome: Outcome
        do {
            outcome = try read(bytes: Array(text.utf8), file: file) { _ in system }
        } catch {
            throw DiagnosticError(error.diagnostic)
        }
        guard let screen = outcome.screen, outcome.findings.isEmpty else { throw DiagnosticError((outcome.errors + outcome.findings).sorted(by: Diagnostic.outputOrder)) }
        return screen
    }

    private init(events: consuming EventCursor, file: String, choose: @escaping SystemChoice) {
        self.events = events
        self.file = file
        self.choose = choose
    }

    deinit {
        for element in elements { element?.release() }
    }

    // MARK: The file

    private mutating func readFile() throws(YAMLError) -> Outcome {
        let first = try events.next()
        guard case .mappingStart(let place) = first else {
            let found = try describe(first)
            let start = markOf(first, or: .start(of: file))
            return outcome(isScreen: false, screen: nil, errors: [ScreenError.rootNotMapping(found: found, at: start).diagnostic])
        }
        let rootMark = events.mark(place)
        elements.append(nil)
        var name = ""
        var children: [Int]?
        var initials = NameInitials()
        while let (key, keyMark) = try nextKey() {
            switch key?.text {
            case "screen"?:
                screenKey = keyMark
                let value = try events.next()
                if case .scalar(let raw) = value, case let scalar = try events.scalar(raw), !scalar.isNull {
                    name = scalar.text
                } else {
                    errors.append(.notAString(key: "screen", found: try describe(value), at: markOf(value, or: keyMark)))
                }
            case "system"?:
                let value = try events.next()
                if case .scalar(let raw) = value, case let scalar = try events.scalar(raw), scalar.isString {
                    systemKey = (scalar.text, events.mark(raw.place))
                } else {
                    errors.append(.notAString(key: "system", found: try describe(value), at: markOf(value, or: keyMark)))
                }
            case "children"?:
                children = try readChildren(parent: 0)
            default:
                try readProperty(key, at: keyMark, initials: &initials)
            }
        }
        let properties = gatheredProperties.take(from: 0)
        _ = try events.next()  // the document's end
        guard let screenKey else {
            return outcome(isScreen: false, screen: nil, errors: [ScreenError.missingScreenKey(at: rootMark).diagnostic])
        }
        elements[0] = .passRetained(
            Element(
                kind: "screen", kindMark: screenKey, properties: properties, index: 0, end: elements.count, parent: nil,
                children: children ?? [], position: 0, initials: initials))
        guard errors.isEmpty else {
            return outcome(isScreen: true, screen: nil, errors: errors.map(\.diagnostic).sorted(by: Diagnostic.outputOrder))
        }
        // Each element's count handed over to the array, not copied.
        var filled: [Element] = []
        filled.reserveCapacity(elements.count)
        for element in elements { filled.append(element!.takeRetainedValue()) }
        elements = []
        return outcome(isScreen: true, screen: Screen(file: file, name: name, system: systemKey, elements: filled, references: references), errors: [])
    }

    private func outcome(isScreen: Bool, screen: Screen?, errors: [Diagnostic]) -> Outcome {
        var outcome = Outcome(
            isScreen: isScreen, screen: screen, errors: errors, systemKey: systemKey, screenKey: screenKey, referenceSystem: system,
            needsSystem: needsSystem)
        outcome.findings = referenceProblems.map { problem in
            var finding = problem.diagnostic
            finding.isInputError = false
            return finding
        }
        return outcome
    }

    // MARK: Elements

    /// A `children:` value: null, or a list of one-key mappings `kind: properties`.
    private mutating func readChildren(parent: Int) throws(YAMLError) -> [Int] {
        let value = try events.next()
        if case .scalar(let raw) = value, try events.scalar(raw).isNull { return [] }
        guard case .sequenceStart = value else {
            errors.append(.childrenNotList(found: try describe(value), at: markOf(value, or: .start(of: file))))
            return []
        }
        let start = gatheredIndexes.count
        while true {
            let item = try events.next()
            if case .end = item { return gatheredIndexes.take(from: start) }
            guard case .mappingStart(let itemPlace) = item else {
                errors.append(.notAnElement(found: try describe(item), at: markOf(item, or: .start(of: file))))
                continue
            }
            // The kind: the item's first key, a string.
            let first = try events.next()
            guard case .scalar(let raw) = first, case let kind = try events.scalar(raw), kind.isString else {
                let keys = try skipMapping(after: first)
                errors.append(.notAnElement(found: Self.mappingDescription(keys), at: events.mark(itemPlace)))
                continue
            }
            let errorsBefore = errors.count
            gatheredIndexes.append(elements.count)
            try readElement(kind: kind.text, kindMark: events.mark(raw.place), parent: parent, position: gatheredIndexes.count - start - 1)
            // One key, the kind, and nothing else: an item with more is no element, and what its first key held is
            // not reported.
            let rest = try skipMapping(after: try events.next())
            if rest > 0 {
                errors.removeSubrange(errorsBefore...)
                errors.append(.notAnElement(found: Self.mappingDescription(rest + 1), at: events.mark(itemPlace)))
            }
        }
    }

    private mutating func readElement(kind: String, kindMark: Mark, parent: Int, position: Int) throws(YAMLError) {
        let index = elements.count
        elements.append(nil)
        let start = gatheredProperties.count
        var children: [Int]?
        var initials = NameInitials()
        let body = try events.next()
        if case .mappingStart = body {
            while let (key, keyMark) = try nextKey() {
                if key?.text == "children" {
                    children = try readChildren(parent: index)
                } else {
                    try readProperty(key, at: keyMark, initials: &initials)
                }
            }
        } else if case .scalar(let raw) = body, try events.scalar(raw).isNull {
            // No properties.
        } else {
            errors.append(.propertiesNotMapping(kind: kind, found: try describe(body), at: markOf(body, or: kindMark)))
        }
        let properties = gatheredProperties.take(from: start)
        elements[index] = .passRetained(
            Element(
                kind: kind, kindMark: kindMark, properties: properties, index: index, end: elements.count, parent: parent,
                children: children ?? [], position: position, initials: initials))
    }

    // MARK: Properties and values

    /// The next key of the open mapping and where it is, nil at the mapping's end; a key that is null or a
    /// collection is given as nil (its value is for the caller to read or skip).
    private mutating func nextKey() throws(YAMLError) -> (key: Scalar?, mark: Mark)? {
        let event = try events.next()
        switch event {
        case .end:
            return nil
        case .scalar(let raw):
            let key = try events.scalar(raw)
            return (key.isNull ? nil : key, events.mark(raw.place))
        default:
            let mark = markOf(event, or: .start(of: file))
            _ = try describe(event)
            return (nil, mark)
        }
    }

    /// Reads a property of the open mapping into the gathered properties; a key that is not a string is an error,
    /// its value skipped.
    private mutating func readProperty(_ key: Scalar?, at keyMark: Mark, initials: inout NameInitials) throws(YAMLError) {
        guard let key else {
            errors.append(.invalidPropertyName(at: keyMark))
            _ = try describe(try events.next())
            return
        }
        initials.insert(key.text)
        guard let value = try readValue(try events.next()) else { return }
        gatheredProperties.append(Property(name: key.text, keyMark: keyMark, value: value))
    }

    /// A property's value; nil where it is an error (a reference to nothing, an unquoted reference).
    private mutating func readValue(_ event: EventCursor.Event) throws(YAMLError) -> PropertyValue? {
        switch event {
        case .scalar(let raw):
            let scalar = try events.scalar(raw)
            let mark = events.mark(raw.place)
            // A reference starts with a brace: any other scalar is told from its first byte, not its text.
            guard raw.bytes.first == UInt8(ascii: "{"), let reference = TokenReference(scalar) else {
                return .leaf(Leaf(mark: mark, scalar: scalar, token: nil))
            }
            return resolve(reference.path, scalar: scalar, at: mark)
        case .sequenceStart:
            let start = gatheredValues.count
            while true {
                let item = try events.next()
                if case .end = item { return .list(gatheredValues.take(from: start)) }
                if let value = try readValue(item) { gatheredValues.append(value) }
            }
        case .mappingStart(let place):
            let start = gatheredProperties.count
            var initials = NameInitials()
            var stringKeys = true
            while let (key, keyMark) = try nextKey() {
                stringKeys = stringKeys && key?.isString == true
                try readProperty(key, at: keyMark, initials: &initials)
            }
            let properties = gatheredProperties.take(from: start)
            // An unquoted `{group.token}`: a one-pair mapping, a dotted string key, a null value.
            if stringKeys, properties.count == 1, case .leaf(let leaf) = properties[0].value, leaf.isNull,
                properties[0].name.contains("."), !properties[0].name.contains(" ")
            {
                references.append(TokenUse(path: properties[0].name, mark: events.mark(place)))
                referenceProblems.append(.unquotedReference(at: events.mark(place)))
                return nil
            }
            return .mapping(properties)
        case .end, .documentEnd:
            return nil
        }
    }

    /// A reference's leaf, its token found in the chosen system's set; nil where it names no token.
    private mutating func resolve(_ path: String, scalar: Scalar, at mark: Mark) -> PropertyValue? {
        references.append(TokenUse(path: path, mark: mark))
        if !chose, screenKey != nil {
            system = choose(systemKey)
            chose = system != nil
        }
        guard let system else {
            needsSystem = true
            return .leaf(Leaf(mark: mark, scalar: scalar, token: nil))
        }
        guard let tokens = system.tokens else {
            errors.append(.noTokenSet(reference: path, at: mark))
            return nil
        }
        guard let token = tokens[path] else {
            if tokens.groups.contains(path) {
                referenceProblems.append(.referenceToGroup(reference: path, at: mark))
            } else {
                // A did-you-mean for the first few: each searches every token's name.
                suggestions += 1
                let suggestion = suggestions <= 50 ? NearestName.nearest(to: path, in: tokens.tokens.lazy.map(\.path)) : nil
                referenceProblems.append(.unknownReference(reference: path, suggestion: suggestion, at: mark))
            }
            return nil
        }
        return .leaf(Leaf(mark: mark, scalar: scalar, token: token))
    }

    /// Where an event starts, or `fallback` for one that has no place.
    private func markOf(_ event: EventCursor.Event, or fallback: Mark) -> Mark {
        event.place.map { events.mark($0) } ?? fallback
    }

    // MARK: Skipping

    /// What a value is, as errors name it, its events read to its end.
    private mutating func describe(_ event: EventCursor.Event) throws(YAMLError) -> String {
        switch event {
        case .scalar(let raw):
            switch try events.scalar(raw).value {
            case .null: return "null"
            case .bool: return "a boolean"
            case .int, .float: return "a number"
            case .string: return "a string"
            }
        case .sequenceStart:
            try skipCollection()
            return "a list"
        case .mappingStart:
            _ = try skipMapping(after: try events.next())
            return "a mapping"
        case .end, .documentEnd:
            return "nothing"
        }
    }

    /// Reads a collection's events to its end.
    private mutating func skipCollection() throws(YAMLError) {
        var depth = 1
        while depth > 0 {
            switch try events.next() {
            case .sequenceStart, .mappingStart: depth += 1
            case .end: depth -= 1
            case .documentEnd: return
            case .scalar: continue
            }
        }
    }

    /// Reads the rest of an open mapping, from the event `first` on; how many keys it had from there.
    private mutating func skipMapping(after first: EventCursor.Event) throws(YAMLError) -> Int {
        var keys = 0
        var event = first
        while true {
            switch event {
            case .end, .documentEnd: return keys
            case .sequenceStart, .mappingStart: try skipCollection()
            case .scalar: break
            }
            keys += 1
            _ = try describe(try events.next())
            event = try events.next()
        }
    }

    private static func mappingDescription(_ keys: Int) -> String {
        "a mapping with \(keys) keys"
    }
}

extension EventCursor.Event {
    /// Where the event starts, for the events that have a place.
    var place: EventCursor.Place? {
        switch self {
        case .scalar(let raw): raw.place
        case .sequenceStart(let place), .mappingStart(let place): place
        case .end, .documentEnd: nil
        }
    }
}

/// Items gathered for arrays made at their exact size: an open collection's items are appended, and taken off
/// the top as one array when it closes (moved, not copied), so the reader allocates once an array rather than
/// once each time an array doubles. Collections nest: an inner one is taken before the outer goes on.
private struct Gathering<Item>: ~Copyable {
    private var items: UnsafeMutablePointer<Item>
    private var capacity = 64
    private(set) var count = 0

    init() {
        items = .allocate(capacity: capacity)
    }

    deinit {
        items.deinitialize(count: count)
        items.deallocate()
    }

    mutating func append(_ item: Item) {
        if count == capacity {
            let larger = UnsafeMutablePointer<Item>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: items, count: count)
            items.deallocate()
            items = larger
            capacity *= 2
        }
        (items + count).initialize(to: item)
        count += 1
    }

    /// The items from `start` on, as an array, no longer gathered.
    mutating func take(from start: Int) -> [Item] {
        let end = count
        guard end > start else { return [] }
        count = start
        var taken: [Item] = []
        taken.reserveCapacity(end - start)
        for index in start..<end { taken.append((items + index).move()) }
        return taken
    }
}
