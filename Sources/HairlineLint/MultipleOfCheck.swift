import HairlineTokens
import HairlineYAML

/// `multiple-of`: every numeric leaf of the named properties is a whole multiple of `value` ("card height snaps to
/// 8"), within a thousandth. `capsule` and non-numeric leaves pass.
struct MultipleOfCheck: CheckDefinition, ScreenCheck {
    static let name = "multiple-of"
    let properties: [String]
    let step: Double

    static func parse(_ options: Node, errors: inout [RuleError]) -> MultipleOfCheck? {
        var reader = OptionReader(options, context: name, allowed: ["properties", "value"])
        let properties = reader.strings("properties", required: true)
        let value = reader.number("value", required: true)
        if let value, value <= 0, let node = options["value"] {
            reader.fail(.wrongType(key: "value", expected: "a number above 0", found: JSONText.number(value), at: node.mark))
        }
        errors += reader.errors
        guard let properties, let value, value > 0 else { return nil }
        return MultipleOfCheck(properties: properties, step: value)
    }

    func bind(to tokens: TokenSet?) throws(RuleError) -> any ScreenCheck { self }

    /// Whether a number is a whole multiple of the step.
    func passes(_ number: Double) -> Bool {
        guard number.isFinite else { return true }
        let ratio = number / step
        return abs(ratio - ratio.rounded()) < 0.001
    }

    func evaluate(_ element: Element, in context: CheckContext) -> [CheckFinding] {
        var findings: [CheckFinding] = []
        for property in properties {
            element.forEachLeaf(property) { path, leaf in
                guard let offending = leaf.firstValue(where: { ValueText.number($0).map { !passes($0) } ?? false }),
                    let number = ValueText.number(offending)
                else { return }
                let shown = ValueText.leaf(leaf, value: offending)
                let step = JSONText.number(self.step)
                let below = (number / self.step).rounded(.down) * self.step
                let nearest = [below, below + self.step].min { abs($0 - number) < abs($1 - number) }!
                findings.append(
                    CheckFinding(
                        mark: leaf.mark,
                        message: "\(path) \(shown) is not a multiple of \(step); nearest is \(JSONText.number(nearest))",
                        placeholders: Placeholders(value: shown, property: path, kind: element.kind, expected: "a multiple of \(step)")))
            }
        }
        return findings
    }
}
