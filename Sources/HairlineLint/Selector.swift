import HairlineTokens
import HairlineYAML

/// A CSS-like selector over screen elements (CONTRACT §2.2): kinds, `*`, attributes, descendant and child
/// combinators, comma lists, `:not()`, `:has()` (relative as CSS's: `:has(> x)` a child, `:has(+ x)` the next
/// sibling, `:has(~ x)` a later sibling) and `:first-child`.
public struct Selector: Sendable, Hashable, CustomStringConvertible {
    /// The alternatives of a comma list.
    let alternatives: [Complex]
    /// The selector as written.
    public let description: String

    struct Complex: Sendable, Hashable {
        /// Compounds from left to right; each after the first with the combinator that joins it to the one before.
        var parts: [(combinator: Combinator, compound: Compound)]

        static func == (lhs: Complex, rhs: Complex) -> Bool {
            lhs.parts.map(\.combinator) == rhs.parts.map(\.combinator) && lhs.parts.map(\.compound) == rhs.parts.map(\.compound)
        }

        func hash(into hasher: inout Hasher) {
            for part in parts {
                hasher.combine(part.combinator)
                hasher.combine(part.compound)
            }
        }
    }

    enum Combinator: Sendable, Hashable {
        case descendant
        case child
        /// `a + b`: b directly after a, under the same parent.
        case adjacent
        /// `a ~ b`: b anywhere after a, under the same parent.
        case sibling
    }

    struct Compound: Sendable, Hashable {
        /// The kind, or nil for `*` (and for a compound of only attributes and pseudo-classes).
        var kind: String?
        var attributes: [Attribute] = []
        var pseudoClasses: [PseudoClass] = []
    }

    struct Attribute: Sendable, Hashable {
        /// The property name or dotted path.
        var name: String
        /// The value it must equal, typed like YAML; nil for presence.
        var value: TokenValue?
    }

    indirect enum PseudoClass: Sendable, Hashable {
        case not(Selector)
        /// An element related to this one matches: a descendant, or with a leading combinator a child, the next
        /// sibling, or a later sibling.
        case has(Selector, Combinator)
        case firstChild
    }

    /// Parses a selector; throws a message and the character offset where it went wrong.
    public init(parsing text: String) throws(SelectorParser.Failure) {
        var parser = SelectorParser(text)
        self = try parser.parseWhole()
    }

    init(alternatives: [Complex], description: String) {
        self.alternatives = alternatives
        self.description = description
        if alternatives.count == 1, alternatives[0].parts.count == 1, case let compound = alternatives[0].parts[0].compound,
            compound.attributes.isEmpty, compound.pseudoClasses.isEmpty
        {
            bareKind = .some(compound.kind)
        } else {
            bareKind = nil
        }
    }

    /// The kind, when the whole selector is one kind (`card`) or `*` (nil): most rules' selectors, matched by one
    /// comparison.
    private let bareKind: String??

    /// Whether the selector is kinds alone (`card`, `card, tile`, `*`): every element of those kinds, with no condition.
    var isKindsAlone: Bool {
        alternatives.allSatisfy { $0.parts.count == 1 && $0.parts[0].compound.attributes.isEmpty && $0.parts[0].compound.pseudoClasses.isEmpty }
    }

    /// The kinds an element must have to match (the kinds of each alternative's last compound), or nil when an
    /// alternative matches any kind: a linter looks at only the rules that can match an element's kind.
    public var kinds: Set<String>? {
        var kinds = Set<String>()
        for complex in alternatives {
            guard let kind = complex.parts[complex.parts.count - 1].compound.kind else { return nil }
            kinds.insert(kind)
        }
        return kinds
    }

    /// Whether an element matches.
    public func matches(_ element: Element, in screen: Screen) -> Bool {
        if let bareKind { return bareKind.map { $0 == element.kind } ?? true }
        return alternatives.contains { complex in
            // One compound needs no memory; a chain remembers each (part, element) pair that failed, so a descendant
            // chain is tried once a pair, not once a path (31 `card`s on 30 nested cards never finished).
            guard complex.parts.count > 1 else { return Self.matches(complex.parts[0].compound, element, screen) }
            var failed = Set<Int>()
            return matches(complex, at: complex.parts.count - 1, element, screen, failed: &failed)
        }
    }

    /// Part `index` of a chain and the parts before it, matched at an element. The first part is one compound, and
    /// the last is tried once, so only the parts between are remembered: a two-part chain (`chart *`) needs no set.
    private func matches(_ complex: Complex, at index: Int, _ element: Element, _ screen: Screen, failed: inout Set<Int>) -> Bool {
        let remembered = index > 0 && index < complex.parts.count - 1
        let key = index &* screen.elements.count &+ element.index
        if remembered, failed.contains(key) { return false }
        var result = Self.matches(complex.parts[index].compound, element, screen)
        if result, index > 0 {
            switch complex.parts[index].combinator {
            case .child:
                result = screen.parent(of: element).map { matches(complex, at: index - 1, $0, screen, failed: &failed) } ?? false
            case .descendant:
                result = false
                var ancestor = screen.parent(of: element)
                while let current = ancestor, !result {
                    result = matches(complex, at: index - 1, current, screen, failed: &failed)
                    ancestor = screen.parent(of: current)
                }
            case .adjacent:
                result = screen.parent(of: element).map { parent in
                    element.position > 0 && matches(complex, at: index - 1, screen.elements[parent.children[element.position - 1]], screen, failed: &failed)
                } ?? false
            case .sibling:
                result = false
                if let parent = screen.parent(of: element) {
                    for earlier in parent.children.prefix(element.position) where !result {
                        result = matches(complex, at: index - 1, screen.elements[earlier], screen, failed: &failed)
                    }
                }
            }
        }
        if !result, remembered { failed.insert(key) }
        return result
    }

    /// The elements `:has(` looks at, as its leading combinator relates them to the element.
    private static func related(_ element: Element, by relation: Combinator, in screen: Screen) -> ArraySlice<Element> {
        switch relation {
        case .descendant: return screen.descendants(of: element)
        case .child: return ArraySlice(element.children.map { screen.elements[$0] })
        case .adjacent, .sibling:
            guard let parent = screen.parent(of: element) else { return [] }
            let later = parent.children.dropFirst(element.position + 1)
            return ArraySlice((relation == .adjacent ? later.prefix(1) : later).map { screen.elements[$0] })
        }
    }

    private static func matches(_ compound: Compound, _ element: Element, _ screen: Screen) -> Bool {
        if let kind = compound.kind, kind != element.kind { return false }
        for attribute in compound.attributes {
            guard let value = element.property(attribute.name) else { return false }
            guard let expected = attribute.value else {
                if value.isEmpty { return false }
                continue
            }
            guard case .leaf(let leaf) = value, let actual = leaf.value(inMode: 0), actual == expected else { return false }
        }
        for pseudo in compound.pseudoClasses {
            switch pseudo {
            case .not(let inner):
                if inner.matches(element, in: screen) { return false }
            case .has(let inner, let relation):
                if !related(element, by: relation, in: screen).contains(where: { inner.matches($0, in: screen) }) { return false }
            case .firstChild:
                if element.parent == nil || element.position != 0 { return false }
            }
        }
        return true
    }
}

/// A hand-written recursive-descent parser for the selector grammar.
public struct SelectorParser {
    /// What went wrong, and at which character (0-based) of the selector.
    public struct Failure: Error, Sendable, Hashable {
        public let message: String
        public let offset: Int
    }

    private let characters: [Character]
    private let text: String
    private var index = 0
    /// How deep `:not(` and `:has(` nest here, and the most they may: each level is a recursion, in parsing and in
    /// matching, and 10,000 levels overflowed the stack.
    private var nesting = 0
    public static let maxNesting = 32
    /// The most compounds one chain may hold (`card row text …`): matching walks them recursively.
    public static let maxChain = 64

    init(_ text: String) {
        self.text = text
        self.characters = Array(text)
    }

    mutating func parseWhole() throws(Failure) -> Selector {
        let selector = try parseList()
        skipSpace()
        if index < characters.count {
            throw Failure(message: "unexpected '\(characters[index])'", offset: index)
        }
        return selector
    }

    private mutating func parseList() throws(Failure) -> Selector {
        let start = index
        var alternatives = [try parseComplex()]
        skipSpace()
        while peek == "," {
            index += 1
            alternatives.append(try parseComplex())
            skipSpace()
        }
        // Trimmed of what `skipSpace` skips, character by character: trimming scalars would leave a combining mark
        // that rode on a space (` \u{615}`) at the start, and the description would not parse again.
        var written = characters[start..<index]
        while let first = written.first, first.isWhitespace { written.removeFirst() }
        while let last = written.last, last.isWhitespace { written.removeLast() }
        return Selector(alternatives: alternatives, description: String(written))
    }

    private mutating func parseComplex() throws(Failure) -> Selector.Complex {
        skipSpace()
        var parts: [(Selector.Combinator, Selector.Compound)] = [(.descendant, try parseCompound())]
        while true {
            let before = index
            skipSpace()
            guard let next = peek, next != ",", next != ")" else { break }
            var combinator = Selector.Combinator.descendant
            if next == ">" || next == "+" || next == "~" {
                combinator = next == ">" ? .child : next == "+" ? .adjacent : .sibling
                index += 1
                skipSpace()
            } else if index == before {
                throw Failure(message: "unexpected '\(next)'", offset: index)
            }
            parts.append((combinator, try parseCompound()))
            guard parts.count <= Self.maxChain else {
                throw Failure(message: "a selector chains at most \(Self.maxChain) compounds", offset: before)
            }
        }
        return Selector.Complex(parts: parts)
    }

    private mutating func parseCompound() throws(Failure) -> Selector.Compound {
        var compound = Selector.Compound()
        let start = index
        if peek == "*" {
            index += 1
        } else if let first = peek, first.isLetter || first == "_" {
            compound.kind = readName(allowDots: false)
        }
        while let next = peek {
            if next == "[" {
                compound.attributes.append(try parseAttribute())
            } else if next == ":" {
                compound.pseudoClasses.append(try parsePseudoClass())
            } else {
                break
            }
        }
        if index == start {
            let found = peek.map { "'\($0)'" } ?? "the end"
            throw Failure(message: "expected a kind, '*', '[attribute]' or ':pseudo-class'; found \(found)", offset: index)
        }
        return compound
    }

    private mutating func parseAttribute() throws(Failure) -> Selector.Attribute {
        index += 1  // [
        skipSpace()
        let name = readName(allowDots: true)
        guard !name.isEmpty else { throw Failure(message: "expected a property name after '['", offset: index) }
        skipSpace()
        var value: TokenValue?
        if peek == "=" {
            index += 1
            skipSpace()
            value = try parseAttributeValue()
            skipSpace()
        }
        guard peek == "]" else { throw Failure(message: "expected ']'", offset: index) }
        index += 1
        return Selector.Attribute(name: name, value: value)
    }

    /// A quoted value is a string; an unquoted one is typed like a plain YAML scalar (`true`, `16`, `filled`).
    private mutating func parseAttributeValue() throws(Failure) -> TokenValue {
        if let quote = peek, quote == "\"" || quote == "'" {
            let start = index
            index += 1
            var text = ""
            while let next = peek, next != quote {
                text.append(next)
                index += 1
            }
            guard peek == quote else { throw Failure(message: "unterminated string", offset: start) }
            index += 1
            return .string(text)
        }
        var text = ""
        while let next = peek, next != "]", !next.isWhitespace {
            text.append(next)
            index += 1
        }
        guard !text.isEmpty else { throw Failure(message: "expected a value after '='", offset: index) }
        switch CoreSchema.resolve(text) {
        case .bool(let bool): return .bool(bool)
        case .int(let int): return .number(Double(int))
        case .float(let float): return .number(float)
        case .null, .string: return .string(text)
        }
    }

    private mutating func parsePseudoClass() throws(Failure) -> Selector.PseudoClass {
        let start = index
        index += 1  // :
        let name = readName(allowDots: false)
        switch name {
        case "first-child":
            return .firstChild
        case "not", "has":
            guard peek == "(" else { throw Failure(message: "expected '(' after ':\(name)'", offset: index) }
            index += 1
            nesting += 1
            defer { nesting -= 1 }
            guard nesting <= Self.maxNesting else {
                throw Failure(message: ":not( and :has( nest at most \(Self.maxNesting) deep", offset: start)
            }
            // `:has(` may lead with a combinator, relating what it looks for to the element (CSS's relative selector).
            skipSpace()
            var relation = Selector.Combinator.descendant
            if name == "has", let leading = peek, let combinator = [">": Selector.Combinator.child, "+": .adjacent, "~": .sibling][leading] {
                relation = combinator
                index += 1
            }
            let inner = try parseList()
            skipSpace()
            guard peek == ")" else { throw Failure(message: "expected ')' to close ':\(name)('", offset: index) }
            index += 1
            return name == "not" ? .not(inner) : .has(inner, relation)
        default:
            throw Failure(message: "unknown pseudo-class ':\(name)'; expected :not(), :has() or :first-child", offset: start)
        }
    }

    private var peek: Character? { index < characters.count ? characters[index] : nil }

    private mutating func skipSpace() {
        while let next = peek, next.isWhitespace { index += 1 }
    }

    private mutating func readName(allowDots: Bool) -> String {
        var name = ""
        while let next = peek, next.isLetter || next.isNumber || next == "_" || next == "-" || (allowDots && next == ".") {
            name.append(next)
            index += 1
        }
        return name
    }
}

import Foundation
