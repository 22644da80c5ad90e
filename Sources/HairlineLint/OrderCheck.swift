import HairlineTokens
import HairlineYAML

/// `order`: the element's children that match the listed selectors appear in the listed order; others are
/// ignored. The finding is at the first child whose place in the sequence comes before that of a child above it.
struct OrderCheck: CheckDefinition, ScreenCheck {
    static let name = "order"

    let sequence: [Selector]

    static func parse(_ options: Node, errors: inout [RuleError]) -> OrderCheck? {
        var reader = OptionReader(options, context: "order", allowed: ["sequence"])
        let sequence = reader.selectors("sequence", required: true)
        errors += reader.errors
        guard let sequence, !sequence.isEmpty else { return nil }
        return OrderCheck(sequence: sequence)
    }

    func bind(to tokens: TokenSet?) throws(RuleError) -> any ScreenCheck { self }

    func evaluate(_ element: Element, in context: CheckContext) -> [CheckFinding] {
        var highest: (rank: Int, child: Element)?
        for index in element.children {
            let child = context.screen.elements[index]
            guard let rank = sequence.firstIndex(where: { $0.matches(child, in: context.screen) }) else { continue }
            if let previous = highest, rank < previous.rank {
                let order = sequence.map(\.description).joined(separator: " · ")
                return [
                    CheckFinding(
                        mark: child.kindMark,
                        message: "\(child.kind) (\(sequence[rank])) comes after \(previous.child.kind) (\(sequence[previous.rank])); "
                            + "the order is \(order)",
                        placeholders: ["kind": child.kind, "value": child.kind, "expected": order, "property": ""])
                ]
            }
            if highest == nil || rank > highest!.rank { highest = (rank, child) }
        }
        return []
    }
}
