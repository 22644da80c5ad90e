import HairlineTokens
import HairlineYAML
import Testing

@testable import HairlineLint

@Suite("Selectors")
struct SelectorTests {
    static let screenText = """
        screen: Home
        pinned: true
        children:
          - card:
              id: a
              shadow: {blur: 8}
              children:
                - text: {role: label, value: "Start Workout"}
                - row:
                    children:
                      - button: {style: filled, label: "Start Workout", pinned: "true"}
          - card:
              id: b
              children:
                - button: {style: bordered, pinned: true, size: "{size.m}"}
                - chart: {height: 132}
        """

    static func screen() throws -> Screen {
        let tokens = try TokenHelpers.resolve("size:\n  $type: dimension\n  m: 16\n")
        return try ScreenReader.read(screenText, file: "s.yaml", tokens: tokens)
    }

    /// The kinds (with ids or labels) of the elements a selector matches, in document order.
    static func matches(_ selector: String) throws -> [String] {
        let screen = try screen()
        let parsed = try Selector(parsing: selector)
        return screen.elements.filter { parsed.matches($0, in: screen) }.map { element in
            if case .leaf(let leaf) = element.property("id") { return "\(element.kind)#\(leaf.text)" }
            if case .leaf(let leaf) = element.property("style") { return "\(element.kind).\(leaf.text)" }
            return element.kind
        }
    }

    static let table: [(String, [String])] = [
        ("card", ["card#a", "card#b"]),
        ("screen", ["screen"]),
        ("*", ["screen", "card#a", "text", "row", "button.filled", "card#b", "button.bordered", "chart"]),
        ("[shadow]", ["card#a"]),
        ("[style=filled]", ["button.filled"]),
        ("[label=\"Start Workout\"]", ["button.filled"]),
        ("[value=\"Start Workout\"]", ["text"]),
        ("[pinned=true]", ["screen", "button.bordered"]),
        ("[pinned=\"true\"]", ["button.filled"]),
        ("[size=16]", ["button.bordered"]),
        ("[height=132]", ["chart"]),
        ("[shadow.blur=8]", ["card#a"]),
        ("card button", ["button.filled", "button.bordered"]),
        ("card > button", ["button.bordered"]),
        ("card > row > button", ["button.filled"]),
        ("screen > card text", ["text"]),
        ("text, chart", ["text", "chart"]),
        ("button:not([style=filled])", ["button.bordered"]),
        ("card:has(chart)", ["card#b"]),
        ("card:has(row button)", ["card#a"]),
        ("card:not(:has(row))", ["card#b"]),
        (":first-child", ["card#a", "text", "button.filled", "button.bordered"]),
        ("card:first-child", ["card#a"]),
        ("*:not(chart, card *)", ["screen", "card#a", "card#b"]),
        ("  card  >  button  ", ["button.bordered"]),
        // Siblings: right after, and anywhere after, under the same parent.
        ("card + card", ["card#b"]),
        ("text + row", ["row"]),
        ("button + chart", ["chart"]),
        ("text ~ *", ["row"]),
        ("card ~ *", ["card#b"]),
        ("chart + button", []),
        ("card:first-child ~ card > button", ["button.bordered"]),
        // Relative :has(: a child, the next sibling, a later sibling.
        ("card:has(> row)", ["card#a"]),
        ("card:has(> button)", ["card#b"]),
        ("card:has(+ card)", ["card#a"]),
        ("text:has(+ row)", ["text"]),
        ("button:has(+ chart)", ["button.bordered"]),
        ("button:has(~ *)", ["button.bordered"]),
        ("card:not(:has(+ card))", ["card#b"]),
        ("*:has( > text, chart)", ["card#a", "card#b"]),
    ]

    @Test(arguments: table)
    func matching(_ selector: String, _ expected: [String]) throws {
        #expect(try Self.matches(selector) == expected)
    }

    static let invalid: [(String, String, Int)] = [
        ("card >", "expected a kind, '*', '[attribute]' or ':pseudo-class'; found the end", 6),
        ("[style=filled", "expected ']'", 13),
        ("card:hover", "unknown pseudo-class ':hover'; expected :not(), :has() or :first-child", 4),
        (":not(card", "expected ')' to close ':not('", 9),
        ("card, ", "expected a kind, '*', '[attribute]' or ':pseudo-class'; found the end", 6),
        ("[label=\"x]", "unterminated string", 7),
        ("card ] x", "expected a kind, '*', '[attribute]' or ':pseudo-class'; found ']'", 5),
        ("card +", "expected a kind, '*', '[attribute]' or ':pseudo-class'; found the end", 6),
    ]

    @Test(arguments: invalid)
    func invalidSelector(_ selector: String, _ message: String, _ offset: Int) {
        #expect(throws: SelectorParser.Failure(message: message, offset: offset)) { try Selector(parsing: selector) }
    }

    /// A selector's description parses again to a selector that matches the same elements, whatever space lies
    /// around it: a combining mark after a space (one character, and a space to the parser), tabs, line breaks.
    @Test(arguments: ["\t  \u{615}*> * +*", " \u{301}card > text", "card\n", "\u{2003}row  text\t", "card \u{615}> text"])
    func aDescriptionParsesAgainToTheSameSelector(_ text: String) throws {
        let screen = try Self.screen()
        let selector = try Selector(parsing: text)
        let again = try Selector(parsing: selector.description)
        #expect(screen.elements.map { again.matches($0, in: screen) } == screen.elements.map { selector.matches($0, in: screen) })
        #expect(selector.description.first?.isWhitespace == false && selector.description.last?.isWhitespace == false)
    }

    /// The kinds a selector can match are its alternatives' last kinds; any alternative that ends in `*` (or in
    /// attributes alone) can match every kind. A linter offers an element only the rules its kind can match, so each
    /// element a selector matches must be of one of them.
    @Test(arguments: [
        ("card text, card button", ["button", "text"] as [String]?), ("card:not(:has(row))", ["card"]), ("*:not(chart)", nil),
        ("row, *", nil), ("card > [pinned]", nil), ("button[style=filled]", ["button"]), ("card ~ chart, card + chart", ["chart"]),
    ])
    func theKindsASelectorCanMatch(_ text: String, _ kinds: [String]?) throws {
        let selector = try Selector(parsing: text)
        #expect(selector.kinds.map { $0.sorted() } == kinds)
        let screen = try Self.screen()
        if let kinds = selector.kinds {
            #expect(screen.elements.filter { selector.matches($0, in: screen) }.allSatisfy { kinds.contains($0.kind) })
        }
    }
}
