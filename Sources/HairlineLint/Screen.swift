import HairlineDiagnostics
import HairlineTokens
import HairlineYAML

/// A screen spec: a tree of elements, flattened in document order with parent and child links. The root
/// (index 0) is the `screen` element. A class: every check and selector is handed the screen.
public final class Screen: Sendable {
    /// The file the screen came from, as printed.
    public let file: String
    /// The screen's name (its `screen:` value).
    public let name: String
    /// The design system its `system:` key names, and where that key is.
    public let system: (name: String, mark: Mark)?
    /// Every element in document order; `elements[0]` is the root.
    public let elements: [Element]
    /// Every token reference the screen makes, resolved or not, in document order: what coverage, `hairline diff`
    /// and the token sheet count.
    public let references: [TokenUse]

    init(file: String, name: String, system: (name: String, mark: Mark)?, elements: [Element], references: [TokenUse]) {
        self.file = file
        self.name = name
        self.system = system
        self.elements = elements
        self.references = references
    }

    /// The root element.
    public var root: Element { elements[0] }

    /// The element's descendants, in document order.
    public func descendants(of element: Element) -> ArraySlice<Element> {
        elements[(element.index + 1)..<element.end]
    }

    /// The element's parent.
    public func parent(of element: Element) -> Element? {
        element.parent.map { elements[$0] }
    }
}

/// An element of a screen read from another syntax than YAML (a SwiftUI view body): its kind, where it is, its
/// properties and its children, as a tree; `Screen(file:name:root:references:)` lays it out as the YAML reader does.
public struct ScreenNode: Sendable {
    public var kind: String
    public var kindMark: Mark
    public var properties: [Property]
    public var children: [ScreenNode]

    public init(kind: String, kindMark: Mark, properties: [Property] = [], children: [ScreenNode] = []) {
        self.kind = kind
        self.kindMark = kindMark
        self.properties = properties
        self.children = children
    }
}

extension Screen {
    /// A screen of a tree of elements, flattened in document order as the YAML reader lays one out.
    public convenience init(file: String, name: String, root: ScreenNode, references: [TokenUse]) {
        var elements: [Element] = []
        func add(_ node: ScreenNode, parent: Int?, position: Int) -> Int {
            let index = elements.count
            // A placeholder while the children are added: the element is made once its end is known.
            elements.append(Element(kind: node.kind, kindMark: node.kindMark, properties: [], index: index, end: index + 1, parent: parent, children: [], position: position))
            var children: [Int] = []
            for (offset, child) in node.children.enumerated() { children.append(add(child, parent: index, position: offset)) }
            elements[index] = Element(
                kind: node.kind, kindMark: node.kindMark, properties: node.properties, index: index, end: elements.count, parent: parent,
                children: children, position: position)
            return index
        }
        _ = add(root, parent: nil, position: 0)
        self.init(file: file, name: name, system: nil, elements: elements, references: references)
    }
}

/// A place a screen names a token: `{spacing.md}` as a value (or, in error, unquoted).
public struct TokenUse: Sendable, Hashable {
    /// The token's path.
    public let path: String
    /// Where the reference is.
    public let mark: Mark

    public init(path: String, mark: Mark) {
        self.path = path
        self.mark = mark
    }
}

/// Elements' places in a screen's tree, as edits elsewhere leave them: each step its kind and its `id`
/// (`card#rhythm`), or its kind and its place among the siblings of that kind (`text[2]`), from the root (`screen`).
/// Each path and each parent's count of its children by kind is worked out once, for all of a screen's findings.
public struct ElementPaths {
    private let screen: Screen
    /// Each element's path once worked out, by its index.
    private var paths: [String?]
    /// Each counted element's place among its parent's children of its kind; -1 until its parent's are counted.
    private var ordinals: [Int]

    public init(_ screen: Screen) {
        self.screen = screen
        paths = Array(repeating: nil, count: screen.elements.count)
        ordinals = Array(repeating: -1, count: screen.elements.count)
    }

    /// The element's path.
    public mutating func path(of element: Element) -> String {
        if let known = paths[element.index] { return known }
        guard let parent = screen.parent(of: element) else {
            paths[element.index] = element.kind
            return element.kind
        }
        let step: String
        if case .leaf(let leaf)? = element.property("id"), !leaf.isNull {
            step = "\(element.kind)#\(leaf.text)"
        } else {
            if ordinals[element.index] < 0 {
                var counts: [String: Int] = [:]
                for child in parent.children {
                    let kind = screen.elements[child].kind
                    ordinals[child] = counts[kind, default: 0]
                    counts[kind, default: 0] += 1
                }
            }
            step = "\(element.kind)[\(max(0, ordinals[element.index]))]"
        }
        // As deep as the screen's nesting, which the YAML layer bounds.
        let path = self.path(of: parent) + "/" + step
        paths[element.index] = path
        return path
    }
}

/// One element of a screen: its kind, its properties, and its place in the tree. A class, so that walking
/// the tree (parents, descendants, selector matches) passes one reference rather than copying every field.
public final class Element: Sendable {
    /// The kind (`card`, `text`, …); `screen` for the root.
    public let kind: String
    /// Where the kind key is (the `screen:` key for the root): element findings point here.
    public let kindMark: Mark
    /// The properties, in document order, `children` excluded.
    public let properties: [Property]
    /// The element's index in `Screen.elements`.
    public let index: Int
    /// One past the index of its last descendant.
    public let end: Int
    /// The parent's index.
    public let parent: Int?
    /// The children's indexes, in order.
    public let children: [Int]
    /// The element's position among its parent's children (0 for the root).
    public let position: Int
    /// A bit for each first byte of its properties' names (`NameInitials`): a name whose bit is not set is not
    /// among them, found out without comparing a name.
    private let initials: NameInitials

    /// `initials`: the properties' names' initials, for a reader that noted them as it read the names; else
    /// found here.
    init(
        kind: String, kindMark: Mark, properties: [Property], index: Int, end: Int, parent: Int?, children: [Int],
        position: Int, initials: NameInitials? = nil
    ) {
        self.kind = kind
        self.kindMark = kindMark
        self.properties = properties
        self.index = index
        self.end = end
        self.parent = parent
        self.children = children
        self.position = position
        self.initials = initials ?? NameInitials(properties)
    }

    /// The property at a name or dotted path (`padding`, `padding.vertical`).
    public func property(_ path: String) -> PropertyValue? {
        // A path whose first name has no property here (a dotted path's first name is a property's).
        guard initials.mayHold(path) else { return nil }
        // A property of that exact name first (names rarely hold dots; paths do), each name read where it lies.
        let found = properties.withUnsafeBufferPointer { properties in properties.indices.first { properties[$0].name == path } }
        if let found { return properties[found].value }
        return Self.isDotted(path) ? nestedProperty(path)?.value : nil
    }

    /// The key of the property at a name or dotted path.
    public func propertyKey(_ path: String) -> Mark? {
        guard Self.isDotted(path) else { return properties.first { $0.name == path }?.keyMark }
        return nestedProperty(path)?.keyMark
    }

    /// The property a dotted path leads to, segment by segment through nested mappings.
    private func nestedProperty(_ path: String) -> Property? {
        let parts = path.split(separator: ".", omittingEmptySubsequences: false)
        guard let first = parts.first, var property = properties.first(where: { $0.name == first }) else { return nil }
        for part in parts.dropFirst() {
            guard case .mapping(let nested) = property.value, let next = nested.first(where: { $0.name == part }) else {
                return nil
            }
            property = next
        }
        return property
    }

    /// Whether a path has a dot, asked of the contiguous bytes (a small string's are copied to the stack).
    private static func isDotted(_ path: String) -> Bool {
        path.withContiguousUTF8 { $0.contains(UInt8(ascii: ".")) }
    }

    /// Every scalar leaf of the named property, nested leaves included, in document order.
    public func leaves(_ path: String) -> [Leaf] {
        property(path)?.leaves ?? []
    }
}

/// The first bytes of a list of names, as bits (a byte's low six bits pick one of 64): every rule asks every
/// element for properties it mostly does not have, and most such names start with a letter none of the
/// element's do. A name is equal (as Swift compares strings) to one that starts with the same ASCII byte, or
/// with a byte that is not ASCII (an `é` composed starts with one, an `é` decomposed with `e`): a list with a
/// name that starts with a byte that is not ASCII may hold any name, and so may be asked for any name that
/// starts with one.
struct NameInitials {
    private var bits: UInt64 = 0

    /// No names.
    init() {}

    init(_ properties: [Property]) {
        for property in properties { insert(property.name) }
    }

    /// Adds a name.
    mutating func insert(_ name: String) {
        insert(initial: name.utf8.first)
    }

    /// Adds a name by its first byte (nil for an empty name), for a reader that has the name's bytes at hand.
    mutating func insert(initial: UInt8?) {
        guard let initial, initial < 0x80 else {
            bits = .max
            return
        }
        bits |= 1 << UInt64(initial & 63)
    }

    /// Whether a name may be among the list's: false only where it is not.
    func mayHold(_ name: String) -> Bool {
        mayHold(initial: name.utf8.first)
    }

    /// Whether a name with this first byte (nil for an empty name) may be among the list's.
    func mayHold(initial: UInt8?) -> Bool {
        guard let initial, initial < 0x80 else { return bits != 0 }
        return bits & (1 << UInt64(initial & 63)) != 0
    }
}

/// A property: its name, where its key is, and its value.
public struct Property: Sendable {
    public let name: String
    public let keyMark: Mark
    public let value: PropertyValue

    public init(name: String, keyMark: Mark, value: PropertyValue) {
        self.name = name
        self.keyMark = keyMark
        self.value = value
    }
}

/// A property's value: a scalar leaf, a list, or nested properties.
public enum PropertyValue: Sendable {
    case leaf(Leaf)
    case list([PropertyValue])
    case mapping([Property])

    /// Every scalar leaf below, in document order.
    public var leaves: [Leaf] {
        switch self {
        case .leaf(let leaf): return [leaf]
        case .list(let items): return items.flatMap(\.leaves)
        case .mapping(let properties): return properties.flatMap(\.value.leaves)
        }
    }

    /// Whether the value states nothing, and so counts as absent for `required`, `forbidden` and a `[name]`
    /// selector: null, `""`, `[]` or `false` (a switch that is off is not there).
    public var isEmpty: Bool {
        switch self {
        case .leaf(let leaf): return leaf.isNull || leaf.literal == .string("") || leaf.literal == .bool(false)
        case .list(let items): return items.isEmpty
        case .mapping: return false
        }
    }
}

/// A scalar leaf of a property: a literal, or a token reference resolved through the system's token set.
public struct Leaf: Sendable {
    /// Where the scalar is: value findings point here.
    public let mark: Mark
    /// The scalar as written.
    public let scalar: Scalar
    /// The token the leaf refers to, if it is a reference.
    public let token: Token?

    public init(mark: Mark, scalar: Scalar, token: Token?) {
        self.mark = mark
        self.scalar = scalar
        self.token = token
    }

    /// Whether the leaf is null.
    public var isNull: Bool { token == nil && scalar.isNull }

    /// The literal value, if the leaf is not a reference (nil for null).
    public var literal: TokenValue? {
        guard token == nil else { return nil }
        switch scalar.value {
        case .null: return nil
        case .bool(let bool): return .bool(bool)
        case .int(let int): return .number(Double(int))
        case .float(let float): return .number(float)
        case .string(let string): return .string(string)
        }
    }

    /// The leaf's value in every mode: a token's value in each mode (each distinct value once), or the literal.
    public var values: [TokenValue] {
        if let token {
            var distinct: [TokenValue] = []
            for value in token.values where !distinct.contains(value) { distinct.append(value) }
            return distinct
        }
        return literal.map { [$0] } ?? []
    }

    /// The first of `values` that `predicate` holds for, found without listing them (a token's values in order
    /// meet each distinct value first where `values` lists it).
    public func firstValue(where predicate: (TokenValue) -> Bool) -> TokenValue? {
        if let token { return token.values.first(where: predicate) }
        guard let literal, predicate(literal) else { return nil }
        return literal
    }

    /// The value in a mode (by index): the token's, or the literal in every mode.
    public func value(inMode mode: Int) -> TokenValue? {
        if let token { return token.values[min(mode, token.values.count - 1)] }
        return literal
    }

    /// The leaf as written, for messages: the reference text or the literal.
    public var text: String { scalar.text }
}
