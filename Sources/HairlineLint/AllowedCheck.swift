import HairlineDiagnostics
import HairlineTokens
import HairlineYAML

/// `allowed`: every leaf of the named properties equals one of the values. `"{group}"` stands for every value of
/// every token under the group, in every mode; an `except` entry adds values for one property on elements that
/// match its selector.
struct AllowedCheck: CheckDefinition {
    static let name = "allowed"

    struct Exception: Sendable {
        let given: Selector
        let property: String
        let values: ValueList
    }

    let properties: [String]
    let values: ValueList
    let exceptions: [Exception]

    static func parse(_ options: Node, errors: inout [RuleError]) -> AllowedCheck? {
        var reader = OptionReader(options, context: "allowed", allowed: ["properties", "values", "except"])
        let properties = reader.strings("properties", required: true)
        let values = reader.value("values", required: true)
        var exceptions: [Exception] = []
        if let list = reader.value("except") {
            for item in list.items ?? [list] {
                var entry = OptionReader(item, context: "an 'except' entry", allowed: ["given", "property", "values"])
                let given = entry.selector("given", required: true)
                let property = entry.string("property", required: true)
                let values = entry.value("values", required: true)
                errors += entry.errors
                if let given, let property, let values { exceptions.append(Exception(given: given, property: property, values: ValueList(node: values))) }
            }
        }
        errors += reader.errors
        guard let properties, let values else { return nil }
        return AllowedCheck(properties: properties, values: ValueList(node: values), exceptions: exceptions)
    }

    func bind(to tokens: TokenSet?) throws(RuleError) -> any ScreenCheck {
        var bound: [(Selector, String, [TokenValue])] = []
        for exception in exceptions {
            bound.append((exception.given, exception.property, try exception.values.resolve(in: tokens).map(ValueText.normalised)))
        }
        return Bound(properties: properties, values: try values.resolve(in: tokens).map(ValueText.normalised), exceptions: bound)
    }

    struct Bound: ScreenCheck {
        let properties: [String]
        let values: [TokenValue]
        let exceptions: [(Selector, String, [TokenValue])]
        /// The values as a message lists them, and the numbers among them: the same for every finding.
        private let expected: String
        private let numbers: [Double]
        /// The properties that are font weights (`weight`, `fontWeight`, a path ending `.fontWeight`), whose values compare by
        /// number with weight names read as theirs (`bold` is 700), and the values as such a property compares them.
        private let weightProperties: Set<String>
        private let weightValues: [TokenValue]

        init(properties: [String], values: [TokenValue], exceptions: [(Selector, String, [TokenValue])]) {
            self.properties = properties
            self.values = values
            self.exceptions = exceptions
            expected = ValueText.list(values)
            numbers = values.compactMap(\.number)
            weightProperties = Set(properties.filter(ValueText.isWeight))
            weightValues = values.map(ValueText.weight)
        }

        // Every element of a screen is asked, for each property, and most have none of them: the property is
        // looked up first, and a single leaf, the usual value, checked without a closure.
        func evaluate(_ element: Element, in context: CheckContext) -> [CheckFinding] {
            var findings: [CheckFinding] = []
            for property in properties {
                guard let value = element.property(property) else { continue }
                if case .leaf(let leaf) = value {
                    check(leaf, path: property, property: property, element: element, screen: context.screen, into: &findings)
                } else {
                    // A list or mapping: its leaves walked from the value found, not looked up again.
                    element.forEachLeaf(of: value, at: property) { path, leaf in
                        check(leaf, path: path, property: property, element: element, screen: context.screen, into: &findings)
                    }
                }
            }
            return findings
        }

        /// A finding for the leaf's first value (as `Leaf.values` lists them) that is not allowed, if any.
        private func check(
            _ leaf: Leaf, path: String, property: String, element: Element, screen: Screen, into findings: inout [CheckFinding]
        ) {
            guard let offending = leaf.firstValue(where: { !isAllowed($0, property: property, path: path, element: element, screen: screen) })
            else { return }
            findings.append(finding(path: path, leaf: leaf, value: offending, element: element))
        }

        /// Whether a value is one of the values, or of an exception's for this property on an element its
        /// selector matches (the selector is only tried for a value the exception would allow).
        private func isAllowed(_ value: TokenValue, property: String, path: String, element: Element, screen: Screen) -> Bool {
            var value = ValueText.normalised(value)
            let isWeight = !weightProperties.isEmpty && weightProperties.contains(property)
            if isWeight { value = ValueText.weight(value) }
            if (isWeight ? weightValues : values).contains(value) { return true }
            return exceptions.contains { given, exceptionProperty, extra in
                (exceptionProperty == property || exceptionProperty == path)
                    && extra.contains { (isWeight ? ValueText.weight($0) : $0) == value }
                    && given.matches(element, in: screen)
            }
        }

        private func finding(path: String, leaf: Leaf, value: TokenValue, element: Element) -> CheckFinding {
            let shown = ValueText.leaf(leaf, value: value)
            let placeholders = Placeholders(value: shown, property: path, kind: element.kind, expected: expected)
            var message: String
            if let number = ValueText.normalised(value).number, let nearest = nearest(to: number) {
                let tied = numbers.first { $0 != nearest && abs($0 - number) == abs(nearest - number) }
                message = "\(path) \(shown) is off the scale \(expected); nearest is \(JSONText.number(nearest))"
                    + (tied.map { ", as near as \(JSONText.number($0)) (a tie: not fixed)" } ?? "")
            } else {
                message = "\(path) \(shown) is not one of \(expected)"
            }
            if values.isEmpty { message = "\(path) \(shown) is not allowed" }
            let fix = values.isEmpty ? nil : LiteralFixes.nearest(for: leaf, in: numbers)
            return CheckFinding(mark: leaf.mark, message: message, placeholders: placeholders, fix: fix)
        }

        /// The allowed number closest to `number` (the smaller on a tie).
        private func nearest(to number: Double) -> Double? {
            numbers.min { a, b in
                let (da, db) = (abs(a - number), abs(b - number))
                return da != db ? da < db : a < b
            }
        }
    }
}
