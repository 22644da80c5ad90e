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

    /// The leaf a property names on an element, and the field of its composite value the property's last name
    /// picks where the leaf is a typography or other composite token (`font.fontSize` on `font: "{type.unit}"`).
    private func leaf(_ property: String, of element: Element) -> (leaf: Leaf, field: String?)? {
        if case .leaf(let leaf) = element.property(property) { return (leaf, nil) }
        guard let dot = property.lastIndex(of: "."), case .leaf(let leaf) = element.property(String(property[..<dot])) else { return nil }
        return (leaf, String(property[property.index(after: dot)...]))
    }

    /// A leaf's number in a mode (its field's, for a composite): a weight name as its weight on a weight property.
    private func number(_ found: (leaf: Leaf, field: String?), mode: Int, property: String) -> Double? {
        guard var value = found.leaf.value(inMode: mode) else { return nil }
        if let field = found.field {
            guard let fieldValue = value[field] else { return nil }
            value = fieldValue
        }
        return ValueText.number(ValueText.isWeight(property) ? ValueText.weight(value) : value)
    }

    /// A leaf as a message shows it: a composite's field as its number and the token it comes from.
    private func shown(_ found: (leaf: Leaf, field: String?), _ number: Double) -> String {
        found.field == nil ? ValueText.leaf(found.leaf) : "\(JSONText.number(number)) (\(found.leaf.text))"
    }

    func evaluate(_ element: Element, in context: CheckContext) -> [CheckFinding] {
        guard let parent = context.screen.parent(of: element) else { return [] }
        let siblings = parent.children.map { context.screen.elements[$0] }.filter { $0 !== element && than.matches($0, in: context.screen) }
        var findings: [CheckFinding] = []
        for property in properties {
            guard let mine = leaf(property, of: element) else { continue }
            search: for sibling in siblings {
                guard let theirs = leaf(property, of: sibling) else { continue }
                for mode in context.modeNames.indices {
                    guard let value = number(mine, mode: mode, property: property),
                        let otherValue = number(theirs, mode: mode, property: property), !holds(value, otherValue)
                    else { continue }
                    let byMode = mine.leaf.token?.differsByMode == true || theirs.leaf.token?.differsByMode == true
                    let modeText = context.modeNames.count > 1 && byMode ? " in \(context.modeNames[mode]) mode" : ""
                    let wanted = ["less": "less than", "less-or-equal": "at most", "greater": "greater than"][relation] ?? "at least"
                    let (shown, other) = (shown(mine, value), shown(theirs, otherValue))
                    findings.append(
                        CheckFinding(
                            mark: mine.leaf.mark,
                            message: "\(property) \(shown) is not \(wanted) \(other), the \(property) of the \(than) beside it\(modeText)",
                            placeholders: Placeholders(value: shown, property: property, kind: element.kind, expected: "\(wanted) \(other)")))
                    break search
                }
            }
        }
        return findings
    }
}
