import HairlineTokens
import HairlineYAML

/// `max-distinct`: descendants matching `of` carry at most `max` distinct values of `property`. The finding is
/// at the value on the first element that brings the (max+1)th distinct value.
struct MaxDistinctCheck: CheckDefinition, ScreenCheck {
    static let name = "max-distinct"

    let property: String
    let of: Selector
    let max: Int

    static func parse(_ options: Node, errors: inout [RuleError]) -> MaxDistinctCheck? {
        var reader = OptionReader(options, context: "max-distinct", allowed: ["property", "of", "max"])
        let property = reader.string("property", required: true)
        let of = reader.selector("of", required: true)
        let max = reader.integer("max", required: true)
        errors += reader.errors
        guard let property, let of, let max else { return nil }
        return MaxDistinctCheck(property: property, of: of, max: max)
    }

    func bind(to tokens: TokenSet?) throws(RuleError) -> any ScreenCheck { self }

    func evaluate(_ element: Element, in context: CheckContext) -> [CheckFinding] {
        var seen: [TokenValue] = []
        // Each value as the message names it: a composite by its token.
        var names: [String] = []
        for descendant in context.screen.descendants(of: element) where of.matches(descendant, in: context.screen) {
            guard case .leaf(let leaf) = descendant.property(property), let value = leaf.value(inMode: 0) else { continue }
            if seen.contains(value) { continue }
            seen.append(value)
            names.append(ValueText.named(leaf, value: value))
            if seen.count == max + 1 {
                let shown = ValueText.leaf(leaf)
                return [
                    CheckFinding(
                        mark: leaf.mark,
                        message: "\(element.kind) has more than \(max) distinct \(property) values; \(shown) is number \(max + 1) "
                            + "(after \(names.dropLast().joined(separator: ", ")))",
                        placeholders: Placeholders(value: shown, property: property, kind: element.kind, max: String(max), expected: "at most \(max)"))
                ]
            }
        }
        return []
    }
}
