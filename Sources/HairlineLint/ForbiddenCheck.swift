import HairlineDiagnostics
import HairlineTokens
import HairlineYAML

/// `forbidden`: `{properties: [...]}` — none of the properties is present (finding at the property's key; null, `""`,
/// `[]` and `false` are not present);
/// `{of: selector}` — no descendant matches (finding at each match's kind key).
struct ForbiddenCheck: CheckDefinition, ScreenCheck {
    static let name = "forbidden"

    let properties: [String]
    let of: Selector?

    static func parse(_ options: Node, errors: inout [RuleError]) -> ForbiddenCheck? {
        var reader = OptionReader(options, context: "forbidden", allowed: ["properties", "of"])
        let properties = reader.strings("properties") ?? []
        let of = reader.selector("of")
        if reader.node.pairs != nil, reader.node["properties"] == nil, reader.node["of"] == nil {
            reader.fail(.missingKey(key: "properties' or 'of", in: "forbidden", at: options.mark))
        }
        errors += reader.errors
        return ForbiddenCheck(properties: properties, of: of)
    }

    func bind(to tokens: TokenSet?) throws(RuleError) -> any ScreenCheck { self }

    func evaluate(_ element: Element, in context: CheckContext) -> [CheckFinding] {
        var findings: [CheckFinding] = []
        for property in properties {
            guard let key = element.propertyKey(property), element.property(property)?.isEmpty == false else { continue }
            // Removing it changes the screen: offered as unsafe.
            findings.append(
                CheckFinding(
                    mark: key, message: "\(property) is not allowed on \(element.kind)",
                    placeholders: Placeholders(value: "", property: property, kind: element.kind, expected: "no \(property)"),
                    fix: Fix(removingPropertyTitled: "Remove \(property)", safety: .unsafe)))
        }
        if let of {
            for descendant in context.screen.descendants(of: element) where of.matches(descendant, in: context.screen) {
                findings.append(
                    CheckFinding(
                        mark: descendant.kindMark, message: "\(descendant.kind) (\(of)) is not allowed in \(element.kind)",
                        placeholders: Placeholders(value: descendant.kind, property: "", kind: descendant.kind, expected: "no \(of)")))
            }
        }
        return findings
    }
}
