import HairlineDiagnostics
import HairlineTokens
import HairlineYAML

/// What a check sees while it runs on one element: the screen, the token set and its modes.
public struct CheckContext: Sendable {
    public let screen: Screen
    public let tokens: TokenSet?
    /// The run's budget for slow pattern matches.
    public let slowMatches: SlowMatches

    public init(screen: Screen, tokens: TokenSet?, slowMatches: SlowMatches = SlowMatches()) {
        (self.screen, self.tokens, self.slowMatches) = (screen, tokens, slowMatches)
    }

    /// The mode names, or `["default"]` when the set declares none.
    public var modeNames: [String] { ModeSelection.names(in: tokens) }
}

/// One finding a check makes: where, its default message, the values a rule's message template may use, and the
/// repair it offers for the node at its mark, if any.
public struct CheckFinding: Sendable, Hashable {
    public let mark: Mark
    public let message: String
    public let placeholders: Placeholders
    public var fix: Fix? = nil
    /// The finding's own rule id, for a check whose findings go by several (the component vocabulary's); nil:
    /// the rule's.
    public var code: String? = nil
    /// The modes it holds in, where only some (Diagnostic.modes).
    public var modes: [String]? = nil
}

/// The values a rule's message template may use, by name (`{value}`, `{property}`, …); one a check does not give
/// fills in as nothing.
public struct Placeholders: Sendable, Hashable {
    public var value: String?
    public var property: String?
    public var kind: String?
    public var max: String?
    public var min: String?
    public var expected: String?

    public init(
        value: String? = nil, property: String? = nil, kind: String? = nil, max: String? = nil, min: String? = nil, expected: String? = nil
    ) {
        (self.value, self.property, self.kind, self.max, self.min, self.expected) = (value, property, kind, max, min, expected)
    }

    /// The value of a placeholder by its name; nil for a name that is not one, or not given.
    public subscript(name: Substring) -> String? {
        switch name {
        case "value": value
        case "property": property
        case "kind": kind
        case "max": max
        case "min": min
        case "expected": expected
        default: nil
        }
    }
}

/// A check bound to a token set, ready to run on elements.
public protocol ScreenCheck: Sendable {
    /// The findings for one element that the rule's `given` selected.
    func evaluate(_ element: Element, in context: CheckContext) -> [CheckFinding]
}

/// A check as written in a rule file: parsed from its options, then bound to a system's token set.
protocol CheckDefinition: Sendable {
    /// The check's name in rule files.
    static var name: String { get }
    /// Parses the options, appending every problem to `errors`; nil when they are unusable.
    static func parse(_ options: Node, errors: inout [RuleError]) -> Self?
    /// Resolves token references and groups against a token set.
    func bind(to tokens: TokenSet?) throws(RuleError) -> any ScreenCheck
    /// The properties and selectors it reads, for `rules --verify` (VocabularyVerifier).
    var reads: CheckReads { get }
}

/// Every check, by name. An immutable table.
enum CheckRegistry {
    static let definitions: [any CheckDefinition.Type] = [
        AllowedCheck.self, RequiredCheck.self, ForbiddenCheck.self, CountCheck.self, MaxCountCheck.self,
        MaxDistinctCheck.self, MinCheck.self, MaxCheck.self, MultipleOfCheck.self, PatternCheck.self, TokenOnlyCheck.self,
        TokenMetaCheck.self, ContrastCheck.self, OrderCheck.self, ColorCheck.self, CompareCheck.self,
    ]

    static var names: [String] { definitions.map { $0.name } }

    static func definition(named name: String) -> (any CheckDefinition.Type)? {
        definitions.first { $0.name == name }
    }
}

/// How values print and compare in checks.
enum ValueText {
    /// A value as a message shows it: numbers without a needless fraction, strings as written.
    /// A composite (a typography role, a shadow) reads as its fields, never as JSON: `fontSize 13, fontWeight 500`.
    static func text(_ value: TokenValue) -> String {
        switch value {
        case .number(let number): return JSONText.number(number)
        case .string(let string): return string
        case .bool(let bool): return bool ? "true" : "false"
        case .list(let items): return "[" + items.map(text).joined(separator: "; ") + "]"
        case .object(let fields): return fields.map { "\($0.name) \(text($0.value))" }.joined(separator: ", ")
        }
    }

    /// A leaf as a message shows it: the literal, or the reference with its value; a reference to a composite is
    /// named by its token alone (`{type.caption}`).
    static func leaf(_ leaf: Leaf, value: TokenValue? = nil) -> String {
        guard leaf.token != nil else { return leaf.text }
        let shown = value ?? leaf.values.first ?? .string("")
        if case .object = shown { return leaf.text }
        if case .list = shown { return leaf.text }
        return "\(leaf.text) (\(text(shown)))"
    }

    /// A leaf's value named for a message: its reference where it is a token's composite, else the value's text.
    static func named(_ leaf: Leaf, value: TokenValue) -> String {
        guard let token = leaf.token else { return text(value) }
        switch value {
        case .object, .list: return "{\(token.path)}"
        default: return text(value)
        }
    }

    /// Numbers compare in points (`"16pt"` and `"16px"` written as strings compare as 16), hex colours as colours.
    static func normalised(_ value: TokenValue) -> TokenValue {
        guard case .string(let text) = value else { return value }
        // A hex colour compares as the colour: `#34c759`, `#34C759FF` and `#34C759` are one value.
        if text.utf8.first == UInt8(ascii: "#") { return RGBA(hex: text).map { .string($0.hex) } ?? value }
        // `pt` and `px` both end in `p` then `t` or `x`: test the last two bytes before slicing anything.
        let bytes = text.utf8
        guard bytes.count > 2, bytes[bytes.index(bytes.endIndex, offsetBy: -2)] == UInt8(ascii: "p"),
            bytes.last == UInt8(ascii: "t") || bytes.last == UInt8(ascii: "x")
        else { return value }
        let digits = String(text.dropLast(2))
        if let number = CoreSchema.float(digits) ?? CoreSchema.integer(digits).map(Double.init) { return .number(number) }
        return value
    }

    /// Whether a property (its last name) is a font weight: `weight`, `fontWeight`, `font.fontWeight`.
    static func isWeight(_ property: String) -> Bool {
        let name = property.split(separator: ".").last.map { $0.lowercased() }
        return name == "weight" || name == "fontweight"
    }

    /// A weight name as its number (`bold` is 700); any other value as it is.
    static func weight(_ value: TokenValue) -> TokenValue {
        guard case .string(let name) = value, let number = FontWeightName.number(name) else { return value }
        return .number(number)
    }

    /// The number a value compares as for `min` and `max`; `capsule` is +∞.
    static func number(_ value: TokenValue) -> Double? {
        if value == .string("capsule") { return .infinity }
        return normalised(value).number
    }

    /// Values listed for a message: numbers in order, then the rest, joined with ` · `.
    static func list(_ values: [TokenValue]) -> String {
        let numbers = values.compactMap(\.number).sorted()
        let others = values.filter { $0.number == nil }
        let all = numbers.map { JSONText.number($0) } + others.map(text)
        // A message lists a few: a group of thousands of values would make every finding a page long.
        guard all.count > maxListed else { return all.joined(separator: " · ") }
        return all.prefix(maxListed).joined(separator: " · ") + " · … (\(all.count - maxListed) more)"
    }

    /// How many allowed values a message lists.
    static let maxListed = 24
}

extension Element {
    /// Every scalar leaf of the named property with its dotted path (`padding.vertical`), in document order.
    func leafEntries(_ path: String) -> [(path: String, leaf: Leaf)] {
        var entries: [(String, Leaf)] = []
        forEachLeaf(path) { entries.append(($0, $1)) }
        return entries
    }

    /// `body` called with each scalar leaf of the named property and its dotted path, in document order, no
    /// list made: a check asks every element, and most have no such property or one leaf.
    func forEachLeaf(_ path: String, _ body: (_ path: String, _ leaf: Leaf) -> Void) {
        guard let value = property(path) else { return }
        // The usual value, one leaf, without the recursive walk.
        if case .leaf(let leaf) = value { return body(path, leaf) }
        forEachLeaf(of: value, at: path, body)
    }

    /// `body` called with each scalar leaf of a property's value already looked up (at `path`), as `forEachLeaf`
    /// calls it.
    public func forEachLeaf(of value: PropertyValue, at path: String, _ body: (_ path: String, _ leaf: Leaf) -> Void) {
        switch value {
        case .leaf(let leaf): body(path, leaf)
        case .list(let items): for item in items { forEachLeaf(of: item, at: path, body) }
        case .mapping(let properties): for property in properties { forEachLeaf(of: property.value, at: path + "." + property.name, body) }
        }
    }
}
