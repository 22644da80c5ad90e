/// Font weights by name: DTCG's names, and the spellings designers and SwiftUI type for them (`semibold`,
/// `SemiBold`, `Semi Bold`, `ultraLight`, `extra_bold`). Where the conventions disagree DTCG's numbers are used
/// (`thin` is 100 and `ultra-light` 200, as in DTCG; SwiftUI orders them the other way round).
public enum FontWeightName {
    /// The weight a name stands for: `bold` 700, `semibold` 600; nil for a name that is no weight.
    public static func number(_ name: String) -> Double? {
        numbers[key(name)]
    }

    private static func key(_ name: String) -> String {
        String(name.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" })
    }

    private static let numbers: [String: Double] = Dictionary(
        ValueParser.weightNames.map { (key($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
}
