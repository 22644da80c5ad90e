import HairlineTokens
import HairlineYAML

/// `min` and `max`: every numeric leaf of the named properties is at least (at most) `value`. `capsule`
/// counts as +∞; non-numeric leaves pass.
struct BoundCheck: ScreenCheck {
    let properties: [String]
    let bound: Double
    let isMinimum: Bool

    static func parse(_ options: Node, name: String, errors: inout [RuleError]) -> (properties: [String], value: Double)? {
        var reader = OptionReader(options, context: name, allowed: ["properties", "value"])
        let properties = reader.strings("properties", required: true)
        let value = reader.number("value", required: true)
        errors += reader.errors
        guard let properties, let value else { return nil }
        return (properties, value)
    }

    /// Whether a number passes.
    func passes(_ number: Double) -> Bool { isMinimum ? number >= bound : number <= bound }

    func evaluate(_ element: Element, in context: CheckContext) -> [CheckFinding] {
        var findings: [CheckFinding] = []
        for property in properties {
            element.forEachLeaf(property) { path, leaf in
                guard let offending = leaf.firstValue(where: { ValueText.number($0).map { !passes($0) } ?? false }) else { return }
                let shown = ValueText.leaf(leaf, value: offending)
                let limit = JSONText.number(bound)
                findings.append(
                    CheckFinding(
                        mark: leaf.mark,
                        message: "\(path) \(shown) is \(isMinimum ? "below the minimum" : "above the maximum") \(limit)",
                        placeholders: Placeholders(
                            value: shown, property: path, kind: element.kind, max: isMinimum ? nil : limit, min: isMinimum ? limit : nil,
                            expected: "\(isMinimum ? "at least" : "at most") \(limit)")))
            }
        }
        return findings
    }
}

/// `min`: every leaf ≥ `value`.
struct MinCheck: CheckDefinition {
    static let name = "min"
    let check: BoundCheck

    static func parse(_ options: Node, errors: inout [RuleError]) -> MinCheck? {
        BoundCheck.parse(options, name: name, errors: &errors).map {
            MinCheck(check: BoundCheck(properties: $0.properties, bound: $0.value, isMinimum: true))
        }
    }

    func bind(to tokens: TokenSet?) throws(RuleError) -> any ScreenCheck { check }
}

/// `max`: every leaf ≤ `value`.
struct MaxCheck: CheckDefinition {
    static let name = "max"
    let check: BoundCheck

    static func parse(_ options: Node, errors: inout [RuleError]) -> MaxCheck? {
        BoundCheck.parse(options, name: name, errors: &errors).map {
            MaxCheck(check: BoundCheck(properties: $0.properties, bound: $0.value, isMinimum: false))
        }
    }

    func bind(to tokens: TokenSet?) throws(RuleError) -> any ScreenCheck { check }
}
