import HairlineTokens
import HairlineYAML

/// `required`: every named property is present and not null, `""` or `[]`. One finding per missing property, at
/// the element's kind key.
struct RequiredCheck: CheckDefinition, ScreenCheck {
    static let name = "required"

    let properties: [String]

    static func parse(_ options: Node, errors: inout [RuleError]) -> RequiredCheck? {
        if let text = options.string { return RequiredCheck(properties: [text]) }
        guard let items = options.items, !items.isEmpty, items.allSatisfy({ $0.string != nil }) else {
            errors.append(.wrongType(key: "required", expected: "a list of property names", found: options.kindDescription, at: options.mark))
            return nil
        }
        return RequiredCheck(properties: items.compactMap(\.string))
    }

    func bind(to tokens: TokenSet?) throws(RuleError) -> any ScreenCheck { self }

    func evaluate(_ element: Element, in context: CheckContext) -> [CheckFinding] {
        properties.compactMap { property in
            if let value = element.property(property), !value.isEmpty { return nil }
            return CheckFinding(
                mark: element.kindMark, message: "\(element.kind) has no \(property)",
                placeholders: Placeholders(value: "", property: property, kind: element.kind, expected: property))
        }
    }
}
