import HairlineDiagnostics
import HairlineTokens
import HairlineYAML

/// A check over the token set itself (`tokens:` rules): `allowed`, `min`, `max` and `pattern` with `properties`
/// naming value fields (`value` for the whole value, or a composite's field such as `fontWeight`), and
/// `same-in-all-modes: true`. Findings point at the token's value in the token file.
struct TokenRuleCheck: Sendable {
    enum Kind: Sendable {
        case allowed(ValueList)
        case bound(Double, isMinimum: Bool)
        case pattern(PatternCheck)
        case sameInAllModes
    }

    let properties: [String]
    let kind: Kind

    static let names = ["allowed", "min", "max", "pattern", "same-in-all-modes"]

    static func parse(name: String, options: Node, errors: inout [RuleError]) -> TokenRuleCheck? {
        switch name {
        case "same-in-all-modes":
            guard options.bool == true else {
                errors.append(.wrongType(key: name, expected: "true", found: options.kindDescription, at: options.mark))
                return nil
            }
            return TokenRuleCheck(properties: ["value"], kind: .sameInAllModes)
        case "allowed":
            var reader = OptionReader(options, context: name, allowed: ["properties", "values"])
            let properties = reader.strings("properties") ?? ["value"]
            let values = reader.value("values", required: true)
            errors += reader.errors
            return values.map { TokenRuleCheck(properties: properties, kind: .allowed(ValueList(node: $0))) }
        case "min", "max":
            var reader = OptionReader(options, context: name, allowed: ["properties", "value"])
            let properties = reader.strings("properties") ?? ["value"]
            let value = reader.number("value", required: true)
            errors += reader.errors
            return value.map { TokenRuleCheck(properties: properties, kind: .bound($0, isMinimum: name == "min")) }
        case "pattern":
            guard let pattern = PatternCheck.parse(options, errors: &errors) else { return nil }
            return TokenRuleCheck(properties: pattern.properties, kind: .pattern(pattern))
        default:
            return nil
        }
    }

    /// The check with its value list resolved.
    struct Bound: Sendable {
        let check: TokenRuleCheck
        let allowed: [TokenValue]
        /// The budget for slow pattern matches of this bound rule's evaluations.
        let slowMatches = SlowMatches()

        func evaluate(_ token: Token, modes: [String]) -> [CheckFinding] {
            if case .sameInAllModes = check.kind {
                guard token.differsByMode else { return [] }
                let values = zip(modes, token.values).map { "\($0) \(ValueText.text($1))" }.joined(separator: ", ")
                return [
                    CheckFinding(
                        mark: token.mark, message: "\(token.path) differs between modes (\(values)); it must be the same in all",
                        placeholders: Placeholders(value: ValueText.text(token.value), property: "value", kind: token.path, expected: "the same value in every mode"))
                ]
            }
            var findings: [CheckFinding] = []
            for property in check.properties {
                for (mode, whole) in token.values.enumerated() {
                    guard let value = property == "value" ? whole : whole[property] else { continue }
                    if let problem = problem(value) {
                        let modeText = token.differsByMode && modes.count > 1 ? " in \(modes[mode]) mode" : ""
                        let label = property == "value" ? token.path : "\(token.path) \(property)"
                        findings.append(
                            CheckFinding(
                                mark: token.mark, message: "\(label) \(ValueText.text(value))\(modeText) \(problem.message)",
                                placeholders: Placeholders(value: ValueText.text(value), property: property, kind: token.path, expected: problem.expected)))
                        break
                    }
                }
            }
            return findings
        }

        private func problem(_ value: TokenValue) -> (message: String, expected: String)? {
            switch check.kind {
            case .allowed:
                guard !allowed.contains(ValueText.normalised(value)) else { return nil }
                let expected = ValueText.list(allowed)
                return ("is not one of \(expected)", expected)
            case .bound(let bound, let isMinimum):
                guard let number = ValueText.number(value) else { return nil }
                if isMinimum ? number >= bound : number <= bound { return nil }
                let limit = JSONText.number(bound)
                return ("is \(isMinimum ? "below the minimum" : "above the maximum") \(limit)", limit)
            case .pattern(let pattern):
                guard case .string(let text) = value else { return nil }
                return pattern.problem(text, within: slowMatches)
            case .sameInAllModes:
                return nil
            }
        }
    }

    func bind(to tokens: TokenSet?) throws(RuleError) -> Bound {
        if case .allowed(let list) = kind {
            return Bound(check: self, allowed: try list.resolve(in: tokens).map(ValueText.normalised))
        }
        return Bound(check: self, allowed: [])
    }
}
