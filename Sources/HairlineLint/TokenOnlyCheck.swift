import HairlineDiagnostics
import HairlineTokens
import HairlineYAML

/// `token-only`: every leaf of the named properties is a token reference, not a literal.
struct TokenOnlyCheck: CheckDefinition {
    static let name = "token-only"

    let properties: [String]

    static func parse(_ options: Node, errors: inout [RuleError]) -> TokenOnlyCheck? {
        var reader = OptionReader(options, context: "token-only", allowed: ["properties"])
        let properties = reader.strings("properties", required: true)
        errors += reader.errors
        return properties.map { TokenOnlyCheck(properties: $0) }
    }

    func bind(to tokens: TokenSet?) throws(RuleError) -> any ScreenCheck {
        Bound(properties: properties, fixes: LiteralFixes(tokens: tokens))
    }

    struct Bound: ScreenCheck {
        let properties: [String]
        let fixes: LiteralFixes

        func evaluate(_ element: Element, in context: CheckContext) -> [CheckFinding] {
            properties.flatMap { property in
                element.leafEntries(property).compactMap { path, leaf in
                    guard leaf.token == nil, !leaf.isNull else { return nil }
                    return CheckFinding(
                        mark: leaf.mark, message: "\(path) \(leaf.text) is a literal; use a token",
                        placeholders: Placeholders(value: leaf.text, property: path, kind: element.kind, expected: "a token reference"),
                        fix: fixes.reference(for: leaf))
                }
            }
        }
    }
}
