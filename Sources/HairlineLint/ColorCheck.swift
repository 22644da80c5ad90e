import HairlineDiagnostics
import HairlineTokens
import HairlineYAML

/// `color`: every colour leaf of the named properties, resolved (a token in each of its modes, a literal `#hex`),
/// lies within bounds in OKLCH: `lightness` (0–1) and `chroma` (0 for a grey, about 0.37 at most) each
/// `{min, max}`, `hue` a range of degrees `{from, to}` (going round through 360 when `from` is the larger). "A
/// neutral canvas": `chroma: {max: 0.02}`; "never a neutral grey" for a data hue: `chroma: {min: 0.04}`. `modes`
/// limits the check to some of the token set's modes ("the dark canvas carries the teal cast"). A leaf that is no
/// colour passes.
struct ColorCheck: CheckDefinition {
    static let name = "color"

    struct Bounds: Sendable {
        var min: Double?
        var max: Double?

        func holds(_ value: Double) -> Bool {
            (min.map { value >= $0 - 1e-9 } ?? true) && (max.map { value <= $0 + 1e-9 } ?? true)
        }
    }

    let properties: [String]
    let lightness: Bounds?
    let chroma: Bounds?
    let hue: (from: Double, to: Double)?
    let modes: [String]?
    let optionsMark: Node

    static func parse(_ options: Node, errors: inout [RuleError]) -> ColorCheck? {
        var reader = OptionReader(options, context: name, allowed: ["properties", "lightness", "chroma", "hue", "modes"])
        let properties = reader.strings("properties", required: true)
        func bounds(_ key: String) -> Bounds? {
            guard let node = reader.value(key) else { return nil }
            var inner = OptionReader(node, context: "\(name) \(key)", allowed: ["min", "max"])
            let found = Bounds(min: inner.number("min"), max: inner.number("max"))
            if found.min == nil, found.max == nil, node.pairs != nil {
                inner.fail(.missingKey(key: "min or max", in: "\(name) \(key)", at: node.mark))
            }
            errors += inner.errors
            return found
        }
        let modes = reader.strings("modes")
        let lightness = bounds("lightness")
        let chroma = bounds("chroma")
        var hue: (Double, Double)?
        if let node = reader.value("hue") {
            var inner = OptionReader(node, context: "\(name) hue", allowed: ["from", "to"])
            if let from = inner.number("from", required: true), let to = inner.number("to", required: true) { hue = (from, to) }
            errors += inner.errors
        }
        if options.pairs != nil, !["lightness", "chroma", "hue"].contains(where: { options[$0] != nil }) {
            reader.fail(.missingKey(key: "lightness, chroma or hue", in: name, at: options.mark))
        }
        errors += reader.errors
        guard let properties, lightness != nil || chroma != nil || hue != nil else { return nil }
        return ColorCheck(properties: properties, lightness: lightness, chroma: chroma, hue: hue, modes: modes, optionsMark: options)
    }

    func bind(to tokens: TokenSet?) throws(RuleError) -> any ScreenCheck {
        guard let modes else { return Bound(check: self, modeIndexes: nil) }
        return Bound(check: self, modeIndexes: try ModeSelection.indexes(of: modes, in: tokens, at: optionsMark["modes"]?.mark ?? optionsMark.mark))
    }

    /// The check with its modes found in the token set (nil: every mode).
    struct Bound: ScreenCheck {
        let check: ColorCheck
        let modeIndexes: [Int]?

        func evaluate(_ element: Element, in context: CheckContext) -> [CheckFinding] {
            check.evaluate(element, modes: modeIndexes)
        }
    }

    /// The OKLCH chroma below which a colour is a grey, whose hue means nothing.
    static let greyChroma = 0.02

    /// What is out of bounds in a colour, as a message's words; nil when it is within them all.
    func problem(_ colour: RGBA) -> String? {
        let (l, c, h) = colour.oklch
        func text(_ value: Double) -> String { JSONText.number((value * 1000).rounded() / 1000) }
        func outside(_ what: String, _ value: Double, _ bounds: Bounds) -> String? {
            guard !bounds.holds(value) else { return nil }
            if let min = bounds.min, value < min { return "\(what) \(text(value)), below \(text(min))" }
            return "\(what) \(text(value)), above \(text(bounds.max!))"
        }
        if let chroma, let problem = outside("chroma", c, chroma) { return problem + (c < Self.greyChroma ? " (a grey)" : "") }
        if let lightness, let problem = outside("lightness", l, lightness) { return problem }
        if let hue {
            // A grey has no hue: it is outside every range of hues.
            let within = c >= Self.greyChroma && (hue.from <= hue.to ? (hue.from...hue.to).contains(h) : h >= hue.from || h <= hue.to)
            if !within {
                return c < Self.greyChroma ? "no hue (a grey)" : "hue \(Int(h.rounded()))°, outside \(JSONText.number(hue.from))–\(JSONText.number(hue.to))°"
            }
        }
        return nil
    }

    func evaluate(_ element: Element, modes: [Int]?) -> [CheckFinding] {
        var findings: [CheckFinding] = []
        for property in properties {
            element.forEachLeaf(property) { path, leaf in
                var found: String?
                func offends(_ value: TokenValue) -> Bool {
                    guard let text = value.string, let colour = RGBA(written: text) else { return false }
                    found = problem(colour)
                    return found != nil
                }
                let offending = modes.map { $0.lazy.compactMap { leaf.value(inMode: $0) }.first(where: offends) } ?? leaf.firstValue(where: offends)
                guard let offending, let found else { return }
                let shown = ValueText.leaf(leaf, value: offending)
                findings.append(
                    CheckFinding(
                        mark: leaf.mark, message: "\(path) \(shown) has \(found)",
                        placeholders: Placeholders(value: shown, property: path, kind: element.kind, expected: found)))
            }
        }
        return findings
    }
}
