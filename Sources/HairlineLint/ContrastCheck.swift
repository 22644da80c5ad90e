import Foundation
import HairlineDiagnostics
import HairlineTokens
import HairlineYAML

/// `contrast`: the WCAG 2 contrast between an element's foreground colour and the nearest background on itself
/// or an ancestor (else `default-background`, by default `{color.canvas}`) is at least `min`, or `large-min` for
/// large text, in every listed mode. Translucent colours are composited over what lies below them.
struct ContrastCheck: CheckDefinition {
    static let name = "contrast"

    let foreground: String
    let background: String
    let minimum: Double
    let largeMinimum: Double
    let modes: [String]?
    let defaultBackground: Node?
    /// The colour of a foreground no element states: given, else the token set's default foreground
    /// (`defaultForeground(in:)`), else none (such an element is not checked).
    let defaultForeground: Node?
    let optionsMark: Node

    static func parse(_ options: Node, errors: inout [RuleError]) -> ContrastCheck? {
        var reader = OptionReader(
            options, context: "contrast",
            allowed: ["foreground", "background", "min", "large-min", "modes", "default-background", "default-foreground"])
        let foreground = reader.string("foreground") ?? "color"
        let background = reader.string("background") ?? "background"
        let minimum = reader.number("min") ?? 4.5
        let largeMinimum = reader.number("large-min") ?? 3
        let modes = reader.strings("modes")
        let defaultBackground = reader.value("default-background")
        let defaultForeground = reader.value("default-foreground")
        errors += reader.errors
        return ContrastCheck(
            foreground: foreground, background: background, minimum: minimum, largeMinimum: largeMinimum, modes: modes,
            defaultBackground: defaultBackground, defaultForeground: defaultForeground, optionsMark: options)
    }

    func bind(to tokens: TokenSet?) throws(RuleError) -> any ScreenCheck {
        let modeNames = ModeSelection.names(in: tokens)
        let modeIndexes = try ModeSelection.indexes(of: modes, in: tokens, at: optionsMark["modes"]?.mark ?? optionsMark.mark)
        // The default background: given, or the token set's color.canvas; with neither the rule cannot run.
        let node = defaultBackground
        let fallback = try node.map { node throws(RuleError) in try Self.colours(of: node, in: tokens) } ?? tokens?["color.canvas"].map(Self.colours) ?? []
        guard !fallback.isEmpty else {
            throw .unresolvedValues(
                reference: "default-background",
                problem: "is needed: give one, or a {color.canvas} token in the token set", at: node?.mark ?? optionsMark.mark)
        }
        var ink: (text: String, colours: [RGBA]) = ("", [])
        if let node = defaultForeground {
            ink = (node.string ?? "", try Self.colours(of: node, in: tokens))
        } else if let token = Self.defaultForeground(in: tokens) {
            ink = ("{\(token.path)}", Self.colours(token))
        }
        return Bound(
            foreground: foreground, background: background, minimum: minimum, largeMinimum: largeMinimum,
            modeIndexes: modeIndexes, modeNames: modeNames, fallback: fallback, ink: ink)
    }

    /// A default colour option's colour in each mode: a token reference's values, else the colours it lists.
    private static func colours(of node: Node, in tokens: TokenSet?) throws(RuleError) -> [RGBA] {
        let values = try ValueList(node: node).resolve(in: tokens)
        if let reference = TokenReference(node), let token = tokens?[reference.path] { return colours(token) }
        return values.compactMap { $0.string.flatMap(RGBA.init(written:)) }
    }

    /// A colour token's colour in each mode.
    private static func colours(_ token: Token) -> [RGBA] {
        token.values.compactMap { $0.string.flatMap(RGBA.init(written:)) }
    }

    /// The system's default foreground: the colour token whose `$extensions.hairline.usage` is `foreground`, else
    /// `color.ink`; nil when the set has neither.
    static func defaultForeground(in tokens: TokenSet?) -> Token? {
        guard let tokens else { return nil }
        return tokens.tokens.first { $0.type == .color && $0.metadata["usage"] == .string("foreground") } ?? tokens["color.ink"]
    }

    struct Bound: ScreenCheck {
        let foreground: String
        let background: String
        let minimum: Double
        let largeMinimum: Double
        let modeIndexes: [Int]
        let modeNames: [String]
        let fallback: [RGBA]
        /// The default foreground, as written and in each mode; no colours: elements without one are not checked.
        let ink: (text: String, colours: [RGBA])

        func evaluate(_ element: Element, in context: CheckContext) -> [CheckFinding] {
            // An element's own foreground; for one that draws text and states none, its nearest container's, else the
            // system's ink: uncoloured text on a dark card is drawn in ink, and must be legible there too. A container
            // that states no colour draws none.
            var own: Leaf?
            if case .leaf(let leaf) = element.property(foreground) { own = leaf }
            var stated = own
            if stated == nil {
                guard Self.drawsText(element) else { return [] }
                var owner = context.screen.parent(of: element)
                while let current = owner, stated == nil {
                    if case .leaf(let leaf) = current.property(foreground) { stated = leaf }
                    owner = context.screen.parent(of: current)
                }
                guard stated != nil || !ink.colours.isEmpty else { return [] }
            }
            let large = isLargeText(element)
            let required = large ? largeMinimum : minimum
            var found: CheckFinding?
            var failing: [String] = []
            for mode in modeIndexes {
                guard let fg = stated.map({ color($0, mode) }) ?? ink.colours[min(mode, ink.colours.count - 1)] else { continue }
                let below = backdrop(under: element, mode: mode, screen: context.screen, against: fg)
                let bg = below.colour
                let ratio = Contrast.ratio(fg.over(bg), bg)
                // Compare at two decimals, as WCAG tools report.
                if (ratio * 100).rounded(.down) / 100 < required {
                    let ratioText = String(format: "%.2f", ratio)
                    let modeText = modeNames.count > 1 ? " in \(modeNames[mode]) mode" : ""
                    // A foreground the element states is marked where it is written; an inherited or default one,
                    // at the element.
                    let shown = stated.map { ValueText.leaf($0, value: .string(fg.hex)) } ?? "\(ink.text) (\(fg.hex))"
                    failing.append(modeNames[mode])
                    if found != nil { continue }
                    found = CheckFinding(
                        mark: own?.mark ?? element.kindMark,
                        message: "\(foreground) \(shown) on \(below.text) has contrast \(ratioText):1\(modeText); "
                            + "at least \(JSONText.number(required)):1 is needed\(large ? " for large text" : "")",
                        placeholders: Placeholders(value: shown, property: foreground, kind: element.kind, min: JSONText.number(required), expected: "\(JSONText.number(required)):1"))
                }
            }
            // The modes it fails in, where not all: a preview marks it on those alone.
            if failing.count < modeNames.count { found?.modes = failing }
            return found.map { [$0] } ?? []
        }

        /// Whether an element draws text: a `text`, or an element with a `value`, `label` or `title`.
        static func drawsText(_ element: Element) -> Bool {
            element.kind == "text" || ["value", "label", "title"].contains { element.property($0) != nil }
        }

        private func color(_ leaf: Leaf, _ mode: Int) -> RGBA? {
            leaf.value(inMode: mode)?.string.flatMap(RGBA.init(written:))
        }

        private func backdrop(under element: Element, mode: Int, screen: Screen, against foreground: RGBA) -> (colour: RGBA, text: String) {
            Contrast.backdrop(
                under: element, in: screen, property: background, mode: mode, fallback: fallback[min(mode, fallback.count - 1)],
                against: foreground)
        }

        /// Large text: 18 pt and up, or 14 pt and up at weight 700 or more, from `font` (a typography token) or
        /// `size` and `weight`.
        private func isLargeText(_ element: Element) -> Bool {
            var size: Double?
            var weight: Double?
            if case .leaf(let leaf) = element.property("font"), let font = leaf.value(inMode: 0) {
                size = font["fontSize"]?.number
                weight = font["fontWeight"]?.number
            }
            if case .leaf(let leaf) = element.property("size"), let value = leaf.value(inMode: 0) { size = ValueText.number(value) }
            if case .leaf(let leaf) = element.property("weight"), let value = leaf.value(inMode: 0) { weight = ValueText.number(value) }
            guard let size else { return false }
            return size >= 18 || (size >= 14 && (weight ?? 400) >= 700)
        }

    }
}

/// WCAG 2 contrast, as the `contrast` rule and an editor's hover work it out.
public enum Contrast {
    /// The WCAG 2 contrast ratio of two opaque colours.
    public static func ratio(_ a: RGBA, _ b: RGBA) -> Double {
        let (la, lb) = (a.relativeLuminance, b.relativeLuminance)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// The opaque colour behind an element in a mode, and how to name it: the `property` backgrounds of the element
    /// and its ancestors, composited from the bottom (`fallback`, itself over white if translucent) up. Behind a
    /// gradient, the stop with the least contrast against `foreground` (the first stop when none is given).
    public static func backdrop(
        under element: Element, in screen: Screen, property: String = "background", mode: Int, fallback base: RGBA,
        against foreground: RGBA? = nil
    ) -> (colour: RGBA, text: String) {
        let all = backdrops(under: element, in: screen, property: property, mode: mode, fallback: base)
        guard let foreground, all.count > 1 else { return all[0] }
        return all.min { ratio(foreground.over($0.colour), $0.colour) < ratio(foreground.over($1.colour), $1.colour) }!
    }

    /// Every opaque colour that can lie behind an element: one, or one for each stop of each gradient among its
    /// backgrounds (at most `maxBackdrops`), each with how to name it.
    static func backdrops(under element: Element, in screen: Screen, property: String, mode: Int, fallback base: RGBA)
        -> [(colour: RGBA, text: String)]
    {
        // Each layer: its colour, or its gradient's stops.
        var layers: [[(RGBA, String)]] = []
        var current: Element? = element
        while let candidate = current {
            if case .leaf(let leaf) = candidate.property(property), let value = leaf.value(inMode: mode) {
                if let colour = value.string.flatMap(RGBA.init(written:)) {
                    layers.append([(colour, ValueText.leaf(leaf, value: .string(colour.hex)))])
                    if colour.alpha >= 1 { break }
                } else if case .list(let stops) = value {
                    let colours = stops.compactMap { $0["color"]?.string.flatMap(RGBA.init(written:)) }
                    let name = ValueText.leaf(leaf, value: value)
                    if !colours.isEmpty {
                        layers.append(colours.enumerated().map { ($1, "\(name) at stop \($0 + 1) of \(colours.count) (\($1.hex))") })
                        if colours.allSatisfy({ $0.alpha >= 1 }) { break }
                    }
                }
            }
            current = screen.parent(of: candidate)
        }
        // Composited from the default background up; an opaque layer hides it.
        var results: [(colour: RGBA, text: String)] = [(base.over(RGBA(red: 1, green: 1, blue: 1)), "the default background \(base.hex)")]
        for layer in layers.reversed() {
            var next: [(colour: RGBA, text: String)] = []
            for below in results {
                for (colour, description) in layer where next.count < maxBackdrops { next.append((colour.over(below.colour), description)) }
            }
            results = next
        }
        return results
    }

    /// The most colours a backdrop is tried as: gradients over gradients multiply their stops.
    static let maxBackdrops = 64
}

/// The modes a check is limited to (`modes: [dark]`), as indexes into the token set's modes.
enum ModeSelection {
    /// The token set's mode names; `default` for a set without modes.
    static func names(in tokens: TokenSet?) -> [String] {
        tokens?.modeNames ?? ["default"]
    }

    /// The indexes of `modes` (every mode's when nil); a name the token set lacks is an error at `mark`.
    static func indexes(of modes: [String]?, in tokens: TokenSet?, at mark: Mark) throws(RuleError) -> [Int] {
        let names = names(in: tokens)
        guard let modes else { return Array(names.indices) }
        var indexes: [Int] = []
        for mode in modes {
            guard let index = names.firstIndex(of: mode) else {
                throw .unresolvedValues(reference: mode, problem: "is not a mode of the token set (\(names.joined(separator: ", ")))", at: mark)
            }
            indexes.append(index)
        }
        return indexes
    }
}
