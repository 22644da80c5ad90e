import Foundation
import HairlineDiagnostics
import HairlineTokens
import Testing

/// The public token sets in Tests/Fixtures/External/tokens compile through their DTCG resolver files (strict mode where
/// they keep to the spec, lenient mode where they bend it), and their resolved colours and lengths equal the
/// `resolved/*.want.css` another tool (Terrazzo) built from the same files, numerically.
@Suite("Public token sets")
struct PublicTokenSetTests {
    static let root = Binary.packageRoot.appendingPathComponent("Tests/Fixtures/External/tokens").standardizedFileURL

    struct Set: Sendable, CustomTestStringConvertible {
        let resolver: String
        let css: String?
        /// The CSS blocks to compare, each with the mode (by index) whose values it holds.
        var blocks: [(selector: String, mode: Int)] = [(":root", 0)]
        /// Whether the set keeps to DTCG strictly enough to compile without --lenient.
        let strict: Bool
        var testDescription: String { resolver }
    }

    static let sets = [
        Set(resolver: "shopify-polaris/shopify-polaris.resolver.json", css: "shopify-polaris/resolved/polaris.want.css", strict: true),
        Set(resolver: "microsoft-fluent/microsoft-fluent.resolver.json", css: "microsoft-fluent/resolved/fluent.want.css", strict: false),
        Set(
            resolver: "figma-sds/figma-sds.resolver.json", css: "figma-sds/resolved/sds.want.css",
            blocks: [("[data-theme=\"light\"]", 0), ("[data-theme=\"dark\"]", 1)], strict: false),
        Set(resolver: "github-primer/github-primer.resolver.json", css: "github-primer/resolved/primer.want.css", strict: false),
        Set(resolver: "terrazzo-yaml/terrazzo.resolver.yml", css: nil, strict: false),
    ]

    /// `color.blueDark` → `color-blue-dark`, as CSS custom property names spell token paths.
    static func kebab(_ path: String) -> String {
        var out = ""
        for character in path {
            if character == "$" {
                continue
            } else if character == "." {
                out.append("-")
            } else if character.isUppercase {
                out += "-" + character.lowercased()
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// The custom properties of the first block with a selector, `var(--x)` resolved within it.
    static func properties(_ css: String, block selector: String) -> [String: String] {
        guard let start = css.range(of: selector + " {"), let end = css.range(of: "\n}", range: start.upperBound..<css.endIndex) else { return [:] }
        var properties: [String: String] = [:]
        for line in css[start.upperBound..<end.lowerBound].split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("--"), let colon = trimmed.firstIndex(of: ":") else { continue }
            let name = String(trimmed[trimmed.index(trimmed.startIndex, offsetBy: 2)..<colon])
            var value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if value.hasSuffix(";") { value.removeLast() }
            properties[name] = value
        }
        for (name, value) in properties {
            var resolved = value
            var hops = 0
            while resolved.hasPrefix("var(--"), resolved.hasSuffix(")"), hops < 16 {
                resolved = properties[String(resolved.dropFirst(6).dropLast())] ?? resolved
                hops += 1
            }
            properties[name] = resolved
        }
        return properties
    }

    /// `rgb(0% 43.529% 73.333%)` or `rgb(… / 0.5)` as channels 0–255 and alpha 0–1.
    static func rgb(_ value: String) -> [Double]? {
        guard value.hasPrefix("rgb("), value.hasSuffix(")") else { return nil }
        let inner = value.dropFirst(4).dropLast().replacingOccurrences(of: "/", with: " ")
        let parts = inner.split(separator: " ").map(String.init)
        guard parts.count >= 3 else { return nil }
        var channels = parts.prefix(3).compactMap { Double($0.replacingOccurrences(of: "%", with: "")).map { $0 * 2.55 } }
        channels.append(parts.count > 3 ? (Double(parts[3].replacingOccurrences(of: "%", with: "")).map { parts[3].hasSuffix("%") ? $0 / 100 : $0 } ?? 1) : 1)
        return channels.count == 4 ? channels : nil
    }

    /// `12px`, `0.75rem` (16 px each) or a bare number, in points.
    static func length(_ value: String) -> Double? {
        if value.hasSuffix("rem"), let number = Double(value.dropLast(3)) { return number * 16 }
        if value.hasSuffix("px"), let number = Double(value.dropLast(2)) { return number }
        return nil
    }

    @Test(arguments: sets)
    func compilesAndMatchesItsResolvedCSS(_ set: Set) throws {
        let path = Self.root.appendingPathComponent(set.resolver).path
        if set.strict {
            #expect(throws: Never.self) { try TokenSetLoader.load(path: path, displayPath: set.resolver) }
        } else {
            #expect(throws: DiagnosticError.self, "strict mode rejects what the set bends") {
                try TokenSetLoader.load(path: path, displayPath: set.resolver)
            }
        }
        let tokens = try TokenSetLoader.load(path: path, displayPath: set.resolver, lenient: true)
        #expect(tokens.tokens.count > 20)
        #expect(set.strict ? tokens.warnings.isEmpty : !tokens.warnings.isEmpty)
        guard let cssPath = set.css else { return }
        let css = try String(contentsOf: Self.root.appendingPathComponent(cssPath), encoding: .utf8)
        var byName: [String: Token] = [:]
        for token in tokens.tokens { byName[Self.kebab(token.path).replacingOccurrences(of: "--", with: "-").trimmingCharacters(in: ["-"])] = token }
        var compared = 0
        var mismatches: [String] = []
        for (selector, mode) in set.blocks {
            for (name, value) in Self.properties(css, block: selector).sorted(by: { $0.key < $1.key }) {
                guard let token = byName[name] else { continue }
                let resolved = token.values[min(mode, token.values.count - 1)]
                if token.type == .color, let want = Self.rgb(value), let hex = resolved.string, let got = RGBA(hex: hex) {
                    compared += 1
                    let ours = [got.red * 255, got.green * 255, got.blue * 255, got.alpha]
                    let close = zip(ours.prefix(3), want.prefix(3)).allSatisfy { abs($0 - $1) <= 1.0 } && abs(ours[3] - want[3]) <= 0.01
                    if !close { mismatches.append("\(selector) \(name): ours \(hex), theirs \(value)") }
                } else if token.type == .dimension, let want = Self.length(value), let got = resolved.number {
                    compared += 1
                    if abs(got - want) > 0.01 { mismatches.append("\(selector) \(name): ours \(got), theirs \(value)") }
                }
            }
        }
        #expect(compared > 20, "\(set.resolver): only \(compared) values compared")
        #expect(mismatches.isEmpty, "\(set.resolver): \(mismatches.count) of \(compared) differ:\n\(mismatches.prefix(10).joined(separator: "\n"))")
        print("\(set.resolver): \(compared) resolved values equal the CSS")
    }
}
