import HairlineLint
import HairlineTokens
import HairlineYAML

/// A screen with nesting, siblings, attributes and repeated kinds, for selectors to match against.
let screen: Screen? = try? ScreenReader.read(
    """
    screen: Fuzz
    children:
      - card:
          padding: 16
          children:
            - text: {role: title, value: Hello}
            - card: {children: [{card: {children: [{text: {role: body, value: a}}]}}]}
            - chart: {window: 7d, source: steps}
            - button: {style: filled, label: Go}
            - button: {style: plain, label: Later}
      - section: {children: [{row: {height: 44, children: [{text: {role: caption, value: b}}]}}]}
    """, file: "screen.yaml", tokens: nil)

/// libFuzzer target: any bytes as a selector. Parsing ends in a selector or a failure with a message, never a
/// crash; a selector that parses is matched against every element of a screen (bounded work, whatever its
/// nesting and chains), and parses again from its own description to one that matches the same elements.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSelectors(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let screen else { fatalError("the fuzz screen does not read") }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let selector: Selector
    do throws(SelectorParser.Failure) {
        selector = try Selector(parsing: text)
    } catch {
        if error.message.isEmpty { fatalError("a selector failure without a message") }
        return 0
    }
    let matched = screen.elements.map { selector.matches($0, in: screen) }
    guard let again = try? Selector(parsing: selector.description) else {
        fatalError("'\(selector.description)', the description of a selector, does not parse")
    }
    if screen.elements.map({ again.matches($0, in: screen) }) != matched {
        fatalError("'\(selector.description)' matches other elements than '\(text)'")
    }
    return 0
}
