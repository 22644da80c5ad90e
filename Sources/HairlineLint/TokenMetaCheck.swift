import HairlineDiagnostics
import HairlineTokens
import HairlineYAML

/// `token-meta`: the token each leaf references carries `$extensions.hairline.<key>` equal to a value (`equals`),
/// not equal to it (`not`), or equal to another property's value on the element or its nearest ancestor that
/// has it (`equals-property`). A literal leaf, or a token without the key, fails `equals` and `equals-property`
/// and passes `not` — but for a literal colour that is some mode's value of a token with the forbidden value, which
/// fails `not` as that token would.
struct TokenMetaCheck: CheckDefinition {
    static let name = "token-meta"

    enum Condition: Sendable {
        case equals(TokenValue)
        case not(TokenValue)
        case equalsProperty(String)

        var isNot: Bool {
            if case .not = self { return true }
            return false
        }
    }

    let properties: [String]
    let key: String
    let condition: Condition

    static func parse(_ options: Node, errors: inout [RuleError]) -> TokenMetaCheck? {
        var reader = OptionReader(options, context: "token-meta", allowed: ["properties", "key", "equals", "not", "equals-property"])
        let properties = reader.strings("properties", required: true)
        let key = reader.string("key", required: true)
        var conditions: [Condition] = []
        if let node = reader.value("equals") { conditions.append(.equals(scalarValue(node))) }
        if let node = reader.value("not") { conditions.append(.not(scalarValue(node))) }
        if let name = reader.string("equals-property") { conditions.append(.equalsProperty(name)) }
        if conditions.count != 1, reader.node.pairs != nil {
            reader.fail(.missingKey(key: "exactly one of equals, not or equals-property", in: "token-meta", at: options.mark))
        }
        errors += reader.errors
        guard let properties, let key, conditions.count == 1 else { return nil }
        return TokenMetaCheck(properties: properties, key: key, condition: conditions[0])
    }

    static func scalarValue(_ node: Node) -> TokenValue {
        guard let scalar = node.scalar else { return .string(node.kindDescription) }
        return Leaf(mark: node.mark, scalar: scalar, token: nil).literal ?? .string("")
    }

    func bind(to tokens: TokenSet?) throws(RuleError) -> any ScreenCheck {
        Bound(check: self, fixes: LiteralFixes(tokens: tokens))
    }

    /// The check with the fixes its token set offers a literal: the one token with the literal's value that
    /// passes the condition.
    struct Bound: ScreenCheck {
        let check: TokenMetaCheck
        let fixes: LiteralFixes

        func evaluate(_ element: Element, in context: CheckContext) -> [CheckFinding] {
            check.evaluate(element, in: context, fixes: fixes)
        }
    }

    func evaluate(_ element: Element, in context: CheckContext, fixes: LiteralFixes) -> [CheckFinding] {
        var findings: [CheckFinding] = []
        for property in properties {
            for (path, leaf) in element.leafEntries(property) {
                let actual = leaf.token?.metadata[key]
                let expected: TokenValue?
                let passes: Bool
                switch condition {
                case .equals(let value):
                    expected = value
                    passes = actual == value
                case .not(let value):
                    expected = value
                    if leaf.token == nil, let same = fixes.colorTokens(matching: leaf).first(where: { $0.metadata[key] == value }) {
                        findings.append(
                            CheckFinding(
                                mark: leaf.mark,
                                message: "\(path) \(leaf.text) is the value of {\(same.path)}, a token with \(key) \(ValueText.text(value)), which is not allowed on \(element.kind)",
                                placeholders: Placeholders(value: leaf.text, property: path, kind: element.kind, expected: ValueText.text(value))))
                        continue
                    }
                    passes = actual != value
                case .equalsProperty(let name):
                    expected = inheritedValue(name, from: element, in: context.screen)
                    passes = expected != nil && actual == expected
                }
                if passes { continue }
                let expectedText = expected.map(ValueText.text) ?? "?"
                // A value the token has from the token it aliases says so: the place to change it is there.
                let inherited = leaf.token?.inheritedFrom[key].map { " (inherited from {\($0)})" } ?? ""
                let message: String
                switch condition {
                case .not:
                    message = "\(path) \(leaf.text) is a token with \(key) \(actual.map(ValueText.text) ?? "")\(inherited), which is not allowed on \(element.kind)"
                case .equals, .equalsProperty:
                    let what = leaf.token == nil ? "is a literal" : actual.map { "has \(key) \(ValueText.text($0))\(inherited)" } ?? "has no \(key)"
                    message = "\(path) \(leaf.text) \(what); expected a token with \(key) \(expectedText)"
                }
                // A literal where `equals` or `equals-property` asks for a token: the one token with its value that has the key's value.
                var fix: Fix?
                if leaf.token == nil, let expected, !condition.isNot { fix = fixes.reference(for: leaf) { $0.metadata[key] == expected } }
                findings.append(
                    CheckFinding(
                        mark: leaf.mark, message: message,
                        placeholders: Placeholders(value: leaf.text, property: path, kind: element.kind, expected: expectedText), fix: fix))
            }
        }
        return findings
    }

    /// A property's default-mode value on the element or its nearest ancestor that has it.
    private func inheritedValue(_ name: String, from element: Element, in screen: Screen) -> TokenValue? {
        var current: Element? = element
        while let candidate = current {
            if case .leaf(let leaf) = candidate.property(name) { return leaf.value(inMode: 0) }
            current = screen.parent(of: candidate)
        }
        return nil
    }
}
