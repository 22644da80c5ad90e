import HairlineTokens
import HairlineYAML

/// `compare`: each of `properties` on the element is `less` (or `less-or-equal`, `greater`, `greater-or-equal`)
/// than the same property on each sibling that matches `than` ("a unit label is smaller and lighter than its
/// number": `{properties: [size, weight], than: "text[role=value]", is: less}`). Values compare as numbers, in
/// every mode, font weights by name as theirs (`bold` is 700); where either side has no number the pair passes.
/// Finding: the element's property, once per property.
struct CompareCheck: CheckDefinition, ScreenCheck {
    static let name = "compare"
    static let relations = ["less", "less-or-equal", "greater", "greater-or-equal"]

    let properties: [String]
    let than: Selector
    let relation: String

    static func parse(_ options: Node, errors: inout [RuleError]) -> CompareCheck? {
        var reader = OptionReader(options, context: name, allowed: ["properties", "than", "is"])
        let properties = reader.strings("properties", required: true)
        let than = reader.selector("than", required: true)
        let relation = reader.string("is", required: true)
        if let relation, !relations.contains(relation), let node = options["is"] {
            reader.fail(.wrongType(key: "is", expected: relations.joined(separator: ", "), found: "'\(relation)'", at: node.mark))
        }
        errors += reader.errors
        guard let properties, let than, let relation, relations.contains(relation) else { return nil }
        return CompareCheck(properties: properties, than: than, relation: relation)
    }

    func bind(to tokens: TokenSet?) throws(RuleError) -> any ScreenCheck { self }

    func holds(_ value: Double, _ other: Double) -> Bool {
        switch relation {
        case "less": value < other
        case "less-or-equal": value <= other
        case "greater": value > other
        default: value >= other
        }
    }

    /// A leaf's number in a mode: a weight name as its weight on a weight property.
    private func number(_ leaf: Leaf, mode: Int, property: String) -> Double? {
        guard let value = leaf.value(inMode: mode) else { return nil }
        return ValueText.number(AllowedCheck.Bound.isWeight(property) ? AllowedCheck.Bound.weight(value) : value)
    }

    func evaluate(_ element: Element, in context: CheckContext) -> [CheckFinding] {
        guard let parent = context.screen.parent(of: element) else { return [] }
        let siblings = parent.children.map { context.screen.elements[$0] }.filter { $0 !== element && than.matches($0, in: context.screen) }
        var findings: [CheckFinding] = []
        for property in properties {
            guard case .leaf(let leaf) = element.property(property) else { continue }
            search: for sibling in siblings {
                guard case .leaf(let other) = sibling.property(property) else { continue }
                for mode in context.modeNames.indices {
                    guard let value = number(leaf, mode: mode, property: property),
                        let otherValue = number(other, mode: mode, property: property), !holds(value, otherValue)
                    else { continue }
                    let modeText = context.modeNames.count > 1 && (leaf.token != nil || other.token != nil) ? " in \(context.modeNames[mode]) mode" : ""
                    let wanted = ["less": "less than", "less-or-equal": "at most", "greater": "greater than"][relation] ?? "at least"
                    let shown = ValueText.leaf(leaf)
                    findings.append(
                        CheckFinding(
                            mark: leaf.mark,
                            message: "\(property) \(shown) is not \(wanted) \(ValueText.leaf(other)), the \(property) of the \(than) beside it\(modeText)",
                            placeholders: ["property": property, "value": shown, "kind": element.kind, "expected": "\(wanted) \(ValueText.leaf(other))"]))
                    break search
                }
            }
        }
        return findings
    }
}
