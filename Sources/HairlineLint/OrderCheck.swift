import HairlineTokens
import HairlineYAML

/// `order`: the element's children that match the listed selectors appear in the listed order; others are
/// ignored, but for children that match `through` (containers such as a scroll or a section), whose own children
/// take their place. The finding is at the first child whose place in the sequence comes before that of a child
/// above it.
struct OrderCheck: CheckDefinition, ScreenCheck {
    static let name = "order"

    let sequence: [Selector]
    /// Containers looked through: their children are ordered as the element's own.
    let through: Selector?

    static func parse(_ options: Node, errors: inout [RuleError]) -> OrderCheck? {
        var reader = OptionReader(options, context: "order", allowed: ["sequence", "through"])
        let sequence = reader.selectors("sequence", required: true)
        let through = reader.selector("through")
        errors += reader.errors
        guard let sequence, !sequence.isEmpty else { return nil }
        return OrderCheck(sequence: sequence, through: through)
    }

    func bind(to tokens: TokenSet?) throws(RuleError) -> any ScreenCheck { self }

    /// The element's children in order, each container `through` matches replaced by its own (to any depth;
    /// without recursion, so a deep screen costs no stack).
    private func ordered(_ element: Element, in screen: Screen) -> [Element] {
        guard let through else { return element.children.map { screen.elements[$0] } }
        var result: [Element] = []
        var pending = Array(element.children.reversed())
        while let index = pending.popLast() {
            let child = screen.elements[index]
            if through.matches(child, in: screen) { pending += child.children.reversed() } else { result.append(child) }
        }
        return result
    }

    func evaluate(_ element: Element, in context: CheckContext) -> [CheckFinding] {
        var highest: (rank: Int, child: Element)?
        for child in ordered(element, in: context.screen) {
            guard let rank = sequence.firstIndex(where: { $0.matches(child, in: context.screen) }) else { continue }
            if let previous = highest, rank < previous.rank {
                let order = sequence.map(\.description).joined(separator: " · ")
                return [
                    CheckFinding(
                        mark: child.kindMark,
                        message: "\(child.kind) (\(sequence[rank])) comes after \(previous.child.kind) (\(sequence[previous.rank])); "
                            + "the order is \(order)",
                        placeholders: Placeholders(value: child.kind, property: "", kind: child.kind, expected: order))
                ]
            }
            if highest == nil || rank > highest!.rank { highest = (rank, child) }
        }
        return []
    }
}
