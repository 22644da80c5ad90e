import HairlineDiagnostics
import HairlineTokens

/// The fixes a check offers for a literal: where a rule asks for a token, the one token whose value is the literal
/// in every mode, as a reference (safe); where a value is off a scale, the nearest allowed one (unsafe).
struct LiteralFixes: Sendable {
    /// The tokens with one value in every mode, by that value (a colour's hex in lower case). A colour literal is
    /// matched to colour tokens only, any other literal to tokens of other types.
    private let byValue: [TokenValue: [Token]]
    /// The colour tokens by each of their modes' values (hex in lower case): those whose default mode has it first,
    /// and of those, the ones that alias no other token first.
    private let colorsByAnyMode: [String: [Token]]

    init(tokens: TokenSet?) {
        var byValue: [TokenValue: [Token]] = [:]
        var colorsByAnyMode: [String: [Token]] = [:]
        let all = tokens?.tokens ?? []
        for token in all where !token.differsByMode {
            byValue[Self.key(token.value, isColor: token.type == .color), default: []].append(token)
        }
        // The tokens whose default mode has the colour first, those that alias no other before those that do.
        for token in all.filter({ $0.alias == nil }) + all.filter({ $0.alias != nil }) where token.type == .color {
            if case .string(let hex) = token.value { colorsByAnyMode[hex.lowercased(), default: []].append(token) }
        }
        for token in all where token.type == .color && token.differsByMode {
            for case .string(let hex) in Set(token.values.dropFirst()) where token.value != .string(hex) {
                colorsByAnyMode[hex.lowercased(), default: []].append(token)
            }
        }
        self.byValue = byValue
        self.colorsByAnyMode = colorsByAnyMode
    }

    /// The colour tokens whose value in some mode is the leaf's literal colour.
    func colorTokens(matching leaf: Leaf) -> [Token] {
        guard case .string(let text)? = leaf.literal, let hex = RGBA.hex(written: text) else { return [] }
        return colorsByAnyMode[hex.lowercased()] ?? []
    }

    /// A value as the index keys it: a colour's apart from other strings (wrapped in a list), whatever its case.
    private static func key(_ value: TokenValue, isColor: Bool) -> TokenValue {
        guard isColor else { return value }
        if case .string(let text) = value { return .list([.string(text.lowercased())]) }
        return .list([value])
    }

    /// The reference to the one token (of those `accepts` takes) whose value is the leaf's literal in every mode.
    func reference(for leaf: Leaf, accepts: (Token) -> Bool = { _ in true }) -> Fix? {
        guard let literal = leaf.literal else { return nil }
        let isColor: Bool
        if case .string(let text) = literal { isColor = text.hasPrefix("#") } else { isColor = false }
        let candidates = (byValue[Self.key(literal, isColor: isColor)] ?? []).filter(accepts)
        guard candidates.count == 1, let token = candidates.first else { return nil }
        return Fix(title: "Replace \(leaf.text) with {\(token.path)}", safety: .safe, value: "{\(token.path)}")
    }

    /// The allowed number nearest a literal number, when one is nearer than every other (a tie is not fixed).
    static func nearest(for leaf: Leaf, in allowed: [Double]) -> Fix? {
        guard case .number(let number)? = leaf.literal else { return nil }
        var best: (value: Double, distance: Double)?
        var tied = false
        for value in allowed {
            let distance = abs(value - number)
            if best == nil || distance < best!.distance {
                (best, tied) = ((value, distance), false)
            } else if distance == best!.distance, value != best!.value {
                tied = true
            }
        }
        guard let best, best.distance.isFinite, !tied else { return nil }
        let text = JSONText.number(best.value)
        return Fix(title: "Replace \(leaf.text) with \(text)", safety: .unsafe, value: text)
    }
}
