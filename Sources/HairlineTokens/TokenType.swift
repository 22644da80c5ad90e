/// A token's `$type`: the DTCG types Hairline reads, each with its authoring forms (docs/tokens.md).
public enum TokenType: String, Sendable, Hashable, CaseIterable {
    case dimension
    case color
    case number
    case string
    case fontFamily
    case fontWeight
    case duration
    case cubicBezier
    case typography
    case shadow
    case gradient
    case border
    case strokeStyle
    case transition

    /// The keys of a composite value's mapping: a mapping without `$value` whose keys are all among these
    /// is one token written in composite shorthand, not a group.
    public var valueFields: Set<String> {
        Self.valueFields[self] ?? []
    }

    /// The value fields of each composite type, made once.
    private static let valueFields: [TokenType: Set<String>] = [
        .dimension: ["value", "unit"], .duration: ["value", "unit"],
        .color: ["colorSpace", "components", "alpha", "hex", "system", "fallback"],
        .typography: Set(TypographyField.allCases.map(\.rawValue)),
        .shadow: ["color", "offsetX", "offsetY", "blur", "spread", "inset"],
        .border: ["color", "width", "style"],
        .strokeStyle: ["dashArray", "lineCap"],
        .transition: ["duration", "delay", "timingFunction"],
    ]
}

/// The fields of a typography value, in the order they are emitted.
public enum TypographyField: String, Sendable, CaseIterable {
    case fontFamily, fontSize, fontWeight, letterSpacing, lineHeight
    case textStyle, design, monospacedDigits, textCase

    /// The field's place in `allCases`.
    var position: Int {
        switch self {
        case .fontFamily: 0
        case .fontSize: 1
        case .fontWeight: 2
        case .letterSpacing: 3
        case .lineHeight: 4
        case .textStyle: 5
        case .design: 6
        case .monospacedDigits: 7
        case .textCase: 8
        }
    }

    /// The type each field's value has, or nil for Hairline's enumerated and boolean fields.
    var type: TokenType? {
        switch self {
        case .fontFamily: .fontFamily
        case .fontSize, .letterSpacing: .dimension
        case .fontWeight: .fontWeight
        case .lineHeight: .number
        case .textStyle, .design, .monospacedDigits, .textCase: nil
        }
    }

    /// Dynamic Type text styles a `textStyle` may name.
    static let textStyles = [
        "largeTitle", "title", "title2", "title3", "headline", "body", "callout", "subheadline", "footnote", "caption",
        "caption2",
    ]
    /// Font designs a `design` may name.
    static let designs = ["default", "rounded", "monospaced", "serif"]
    /// Cases a `textCase` may name.
    static let textCases = ["uppercase", "lowercase"]
}
