import HairlineDiagnostics
import HairlineTokens
import HairlineYAML

/// Reads a screen straight from YAML events, without building a `Node` tree first: linting's fast path.
///
/// It reads a screen exactly as `ScreenReader` reads the parsed tree, and reads only screens with nothing to
/// report. At anything `ScreenReader` or the YAML parser would report, and at any YAML that `EventReader`
/// leaves to the full parser (anchors, tags, …), it gives up and returns nil; the caller then parses the file
/// and reads it the full way, which reports every error. So the output of a run does not depend on which way
/// a file was read.
///
/// It checks a mapping's keys itself (the event reader is made not to): a key that is not a string (a collection, a
/// number, null) gives up, and so does a key met twice in one mapping. A screen's mappings hold a few keys each, and
/// their names are compared where the properties already hold them, most not at all (`NameInitials`).
///
/// It reads the event reader's raw events, making a scalar and a mark only where it keeps them: an event that
/// holds a scalar, made in another module, was copied and destroyed through its type's value witnesses at every
/// event a pattern did not match or only looked at.
public struct ScreenStreamReader: ~Copyable {
    private struct GiveUp: Error {}

    /// The design system for a screen, given its `system:` key if one has been read yet; nil gives up.
    public typealias SystemChoice = (_ key: (name: String, mark: Mark)?) -> LintSystem?

    private var events: EventReader
    private let file: String
    private let choose: SystemChoice
    /// The elements read so far, in document order, each held by one count the reader owns; an element's slot is
    /// nil until its children are read. (A shared placeholder in the slots took two reference counts an element on
    /// one object both cores touch; optional elements in the slots were destroyed, at each store and each take,
    /// through the generic optional's value witness.)
    private var elements: [Unmanaged<Element>?] = []
    /// What the open elements and values have read so far, each taken off as an array of its exact size.
    private var gatheredProperties = Gathering<Property>()
    private var gatheredValues = Gathering<PropertyValue>()
    private var gatheredIndexes = Gathering<Int>()
    private var systemKey: (name: String, mark: Mark)?
    /// The tokens the screen's references named so far, by path, in the system chosen for them.
    /// The first `resolvedKept` of them, searched in order: a screen names a few tokens, and comparing a few
    /// paths cost less than hashing one.
    private var resolved: [(path: String, token: Token)] = []
    private static let resolvedKept = 16
    private var system: LintSystem?
    /// Whether `system` was chosen before the `system:` key was read.
    private var choseWithoutKey = false

    /// The screen in `bytes` and the system that lints it, or nil when the file must be read the full way.
    public static func read(bytes: [UInt8], file: String, system: SystemChoice) -> (screen: Screen, system: LintSystem)? {
        withoutActuallyEscaping(system) { choose in
            guard let events = EventReader(bytes: bytes, file: file, checksKeys: false, reusesScalars: true) else { return nil }
            var reader = ScreenStreamReader(events: events, file: file, choose: choose)
            do throws(GiveUp) {
                let screen = try reader.readScreen()
                return (screen, try reader.finalSystem())
            } catch {
                return nil
            }
        }
    }

    private init(events: consuming EventReader, file: String, choose: @escaping SystemChoice) {
        self.events = events
        self.file = file
        self.choose = choose
    }

    deinit {
        // The elements of a screen given up on.
        for element in elements { element?.release() }
    }

    private mutating func next() throws(GiveUp) -> EventReader.RawEvent {
        guard let event = events.nextRaw() else { throw GiveUp() }
        return event
    }

    /// The next event's scalar and its mark; nil when the next event is not a scalar.
    private mutating func nextScalar() throws(GiveUp) -> (scalar: Scalar, mark: Mark)? {
        guard case .scalar(let raw) = try next() else { return nil }
        return (events.scalar(raw), events.mark(raw.place))
    }

    /// The next key of the open mapping and its first byte, nil at its end. A key that is not a string gives up.
    private mutating func nextKey() throws(GiveUp) -> (key: Scalar, mark: Mark, initial: UInt8?)? {
        switch try next() {
        case .scalar(let raw):
            let key = events.scalar(raw)
            guard key.isString else { throw GiveUp() }
            return (key, events.mark(raw.place), raw.bytes.first)
        case .end:
            return nil
        default:
            throw GiveUp()
        }
    }

    /// Gives up when a key is the name of a property gathered since `start`, in the open mapping; notes its first
    /// byte (`initial`) in `initials` otherwise.
    private func refuseRepeated(_ name: String, initial: UInt8?, since start: Int, initials: inout NameInitials) throws(GiveUp) {
        if initials.mayHold(initial: initial), gatheredProperties.contains(from: start, where: { $0.name == name }) {
            throw GiveUp()
        }
        initials.insert(initial: initial)
    }

    private mutating func readScreen() throws(GiveUp) -> Screen {
        guard case .mappingStart = try next() else { throw GiveUp() }
        elements.append(nil)
        var name: (String, Mark)?
        var children: [Int]?
        var initials = NameInitials()
        while let (key, keyMark, initial) = try nextKey() {
            switch key.text {
            case "screen":
                guard name == nil, let (value, _) = try nextScalar(), !value.isNull else { throw GiveUp() }
                name = (value.text, keyMark)
            case "system":
                guard systemKey == nil, let (value, mark) = try nextScalar(), value.isString else { throw GiveUp() }
                systemKey = (value.text, mark)
            case "children":
                guard children == nil else { throw GiveUp() }
                children = try readChildren(parent: 0)
            default:
                try refuseRepeated(key.text, initial: initial, since: 0, initials: &initials)
                gatheredProperties.append(try readProperty(key, at: keyMark))
            }
        }
        let properties = gatheredProperties.take(from: 0)
        guard case .documentEnd = try next(), let (name, kindMark) = name else { throw GiveUp() }
        elements[0] = .passRetained(
            Element(
                kind: "screen", kindMark: kindMark, properties: properties, index: 0, end: elements.count, parent: nil,
                children: children ?? [], position: 0, initials: initials))
        // Each element's count handed over to the array, not copied (a reference count each).
        var filled: [Element] = []
        filled.reserveCapacity(elements.count)
        for element in elements { filled.append(element!.takeRetainedValue()) }
        elements = []
        return Screen(file: file, name: name, system: systemKey, elements: filled)
    }

    /// A `children:` value: null, or a list of one-key mappings `kind: properties`.
    private mutating func readChildren(parent: Int) throws(GiveUp) -> [Int] {
        let value = try next()
        if case .scalar(let raw) = value, events.scalar(raw).isNull { return [] }
        guard case .sequenceStart = value else { throw GiveUp() }
        let start = gatheredIndexes.count
        while true {
            let item = try next()
            if case .end = item { return gatheredIndexes.take(from: start) }
            guard case .mappingStart = item, let (kind, kindMark) = try nextScalar(), kind.isString else { throw GiveUp() }
            gatheredIndexes.append(elements.count)
            try readElement(kind: kind.text, kindMark: kindMark, parent: parent, position: gatheredIndexes.count - start - 1)
            // One key, the kind, and nothing else.
            guard case .end = try next() else { throw GiveUp() }
        }
    }

    private mutating func readElement(kind: String, kindMark: Mark, parent: Int, position: Int) throws(GiveUp) {
        let index = elements.count
        elements.append(nil)
        let start = gatheredProperties.count
        var children: [Int]?
        var initials = NameInitials()
        let body = try next()
        if case .mappingStart = body {
            while let (key, keyMark, initial) = try nextKey() {
                if key.text == "children" {
                    guard children == nil else { throw GiveUp() }
                    children = try readChildren(parent: index)
                } else {
                    try refuseRepeated(key.text, initial: initial, since: start, initials: &initials)
                    gatheredProperties.append(try readProperty(key, at: keyMark))
                }
            }
        } else {
            guard case .scalar(let raw) = body, events.scalar(raw).isNull else { throw GiveUp() }
        }
        let properties = gatheredProperties.take(from: start)
        elements[index] = .passRetained(
            Element(
                kind: kind, kindMark: kindMark, properties: properties, index: index, end: elements.count, parent: parent,
                children: children ?? [], position: position, initials: initials))
    }

    private mutating func readProperty(_ key: Scalar, at keyMark: Mark) throws(GiveUp) -> Property {
        Property(name: key.text, keyMark: keyMark, value: try readValue(try next()))
    }

    private mutating func readValue(_ event: EventReader.RawEvent) throws(GiveUp) -> PropertyValue {
        switch event {
        case .scalar(let raw):
            let (scalar, mark) = (events.scalar(raw), events.mark(raw.place))
            // A reference starts with a brace: any other scalar is told from its first byte, not its text.
            guard raw.bytes.first == UInt8(ascii: "{"), let reference = TokenReference(scalar) else {
                return .leaf(Leaf(mark: mark, scalar: scalar, token: nil))
            }
            return .leaf(Leaf(mark: mark, scalar: scalar, token: try token(at: reference.path)))
        case .sequenceStart:
            let start = gatheredValues.count
            while true {
                let item = try next()
                if case .end = item { return .list(gatheredValues.take(from: start)) }
                gatheredValues.append(try readValue(item))
            }
        case .mappingStart:
            let start = gatheredProperties.count
            var initials = NameInitials()
            while let (key, keyMark, initial) = try nextKey() {
                try refuseRepeated(key.text, initial: initial, since: start, initials: &initials)
                gatheredProperties.append(try readProperty(key, at: keyMark))
            }
            let properties = gatheredProperties.take(from: start)
            // An unquoted `{group.token}`: a one-pair mapping, a dotted string key, a null value.
            if properties.count == 1, case .leaf(let leaf) = properties[0].value, leaf.isNull,
                properties[0].name.contains("."), !properties[0].name.contains(" ")
            {
                throw GiveUp()
            }
            return .mapping(properties)
        case .end, .documentEnd:
            throw GiveUp()
        }
    }

    /// The token a reference's path names, in the token set references resolve through: the system's, chosen
    /// by what has been read so far. A path met before in the screen is found in the paths already resolved (a
    /// screen refers to a few tokens many times; a search of the set compares paths, and reaching the set copied
    /// the system's).
    private mutating func token(at path: String) throws(GiveUp) -> Token {
        for known in resolved where known.path == path { return known.token }
        if system == nil {
            system = choose(systemKey)
            choseWithoutKey = systemKey == nil
        }
        guard let token = system?.tokens?[path] else { throw GiveUp() }
        if resolved.count < Self.resolvedKept { resolved.append((path, token)) }
        return token
    }

    /// The system for the whole screen. Gives up when no system fits, or when a `system:` key read after the
    /// first reference names another system than the one that reference resolved in.
    private func finalSystem() throws(GiveUp) -> LintSystem {
        guard let system else {
            guard let chosen = choose(systemKey) else { throw GiveUp() }
            return chosen
        }
        guard choseWithoutKey, systemKey != nil else { return system }
        guard let chosen = choose(systemKey), chosen.name == system.name else { throw GiveUp() }
        return chosen
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

    /// Whether an item from `start` on holds for a predicate.
    func contains(from start: Int, where predicate: (Item) -> Bool) -> Bool {
        for index in start..<count where predicate(items[index]) { return true }
        return false
    }

    /// The items from `start` on, as an array, no longer gathered.
    mutating func take(from start: Int) -> [Item] {
        let end = count
        guard end > start else { return [] }
        count = start
        // Reserved and appended, not `Array(unsafeUninitializedCapacity:)`: that allocates through a function the
        // standard library does not specialize, which looks up the array storage's generic type at every call.
        var taken: [Item] = []
        taken.reserveCapacity(end - start)
        for index in start..<end { taken.append((items + index).move()) }
        return taken
    }
}
