import HairlineTokens
import HairlineYAML

/// `count`: the number of descendants matching `of` is within `min` and `max`. Below `min`, one finding at the
/// element; above `max`, one at each match past `max`, in document order.
struct CountCheck: CheckDefinition, ScreenCheck {
    static let name = "count"

    let of: Selector
    let min: Int?
    let max: Int?

    static func parse(_ options: Node, errors: inout [RuleError]) -> CountCheck? {
        var reader = OptionReader(options, context: "count", allowed: ["of", "min", "max"])
        let of = reader.selector("of", required: true)
        let min = reader.integer("min")
        let max = reader.integer("max")
        if reader.node.pairs != nil, reader.node["min"] == nil, reader.node["max"] == nil {
            reader.fail(.missingKey(key: "min' or 'max", in: "count", at: options.mark))
        }
        errors += reader.errors
        guard let of else { return nil }
        return CountCheck(of: of, min: min, max: max)
    }

    func bind(to tokens: TokenSet?) throws(RuleError) -> any ScreenCheck { self }

    func evaluate(_ element: Element, in context: CheckContext) -> [CheckFinding] {
        let matches = context.screen.descendants(of: element).filter { of.matches($0, in: context.screen) }
        var findings: [CheckFinding] = []
        if let min, matches.count < min {
            findings.append(
                CheckFinding(
                    mark: element.kindMark,
                    message: "\(element.kind) has \(matches.count) \(of); at least \(min) expected",
                    placeholders: Placeholders(value: String(matches.count), property: "", kind: element.kind, min: String(min), expected: "at least \(min)")))
        }
        if let max, matches.count > max {
            for extra in matches.dropFirst(max) {
                findings.append(
                    CheckFinding(
                        mark: extra.kindMark,
                        message: "more than \(max) \(of) in \(element.kind): \(matches.count) found",
                        placeholders: Placeholders(value: String(matches.count), property: "", kind: element.kind, max: String(max), expected: "at most \(max)")))
            }
        }
        return findings
    }
}

/// `max-count`: shorthand for `count` with only `max`.
struct MaxCountCheck: CheckDefinition {
    static let name = "max-count"

    let count: CountCheck

    static func parse(_ options: Node, errors: inout [RuleError]) -> MaxCountCheck? {
        var reader = OptionReader(options, context: "max-count", allowed: ["of", "max"])
        let of = reader.selector("of", required: true)
        let max = reader.integer("max", required: true)
        errors += reader.errors
        guard let of, let max else { return nil }
        return MaxCountCheck(count: CountCheck(of: of, min: nil, max: max))
    }

    func bind(to tokens: TokenSet?) throws(RuleError) -> any ScreenCheck { count }
}
