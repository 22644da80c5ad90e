import Foundation
import HairlineCompiler
import HairlineDiagnostics
import HairlineTokens
import Testing

/// The draft DTCG conformance suite's format cases: every positive case compiles (and goes through every
/// emitter), every negative case is rejected with an error at a position. Each disagreement is listed, with its
/// reason, in Fixtures/dtcg-known-differences.tsv; an unlisted one fails, and so does a listed one that agrees.
@Suite("DTCG conformance suite")
struct DTCGConformanceTests {
    static let folder = Binary.packageRoot.appendingPathComponent("Tests/Fixtures/External/tokens/dtcg-test-suite/format").standardizedFileURL

    struct Case: Sendable {
        let id: String
        let input: String
        let positive: Bool
    }

    static func cases() throws -> [Case] {
        let data = try Data(contentsOf: folder.appendingPathComponent("manifest.json"))
        let manifest = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let tests = manifest?["tests"] as? [[String: Any]] ?? []
        return tests.compactMap { test in
            guard let id = test["id"] as? String, let input = test["input"] as? String, let type = test["type"] as? String else { return nil }
            return Case(id: id, input: input, positive: type == "PositiveEvaluationTest")
        }
    }

    static func known() -> [String: [String]] {
        KnownDifferences.read(Binary.packageRoot.appendingPathComponent("Tests/HairlineTests/Fixtures/dtcg-known-differences.tsv"))
    }

    @Test func everyCaseAgreesOrIsAListedDifference() throws {
        let cases = try Self.cases()
        #expect(cases.count > 200)
        let known = Self.known()
        var agreed = 0
        var unlisted: [String] = []
        var stale: [String] = []
        for test in cases {
            let path = Self.folder.appendingPathComponent(test.input).path
            var agrees: Bool
            do {
                let set = try TokenSetLoader.load(path: path, displayPath: test.input)
                _ = ResolvedJSONEmitter.emit(set)
                _ = DTCGEmitter.emit(set)
                _ = try? SwiftEmitter.emit(set)
                agrees = test.positive
            } catch {
                // A rejection is only right with a position in the file.
                agrees = !test.positive && error.diagnostics.allSatisfy { $0.mark.line >= 1 && $0.mark.column >= 1 }
                if test.positive { unlisted.append("\(test.id): \(error.diagnostics.first.map { "\($0.mark): \($0.message)" } ?? "")") }
            }
            if agrees {
                agreed += 1
                if known[test.id] != nil { stale.append(test.id) }
            } else if known[test.id] == nil, !test.positive {
                unlisted.append("\(test.id): accepted, but the suite says it is invalid")
            }
        }
        #expect(unlisted.isEmpty, "disagreements not listed:\n\(unlisted.joined(separator: "\n"))")
        #expect(stale.isEmpty, "listed but now agreeing (remove them): \(stale)")
        print("DTCG format conformance: \(agreed) of \(cases.count) cases agree (\(String(format: "%.1f", Double(agreed) * 100 / Double(cases.count)))%)")
    }

    @Test func colourSpacesConvertToKnownSRGBValues() throws {
        // Reference values: the CSS Color 4 sample code's conversions of pure primaries and white.
        let set = try TokenHelpers.resolve("""
            c:
              $type: color
              p3Green: {colorSpace: display-p3, components: [0, 1, 0]}
              labWhite: {colorSpace: lab, components: [100, 0, 0]}
              lchBlack: {colorSpace: lch, components: [0, 0, 0]}
              oklabRed: {colorSpace: oklab, components: [0.627955, 0.224863, 0.125846]}
              hwbBlue: {colorSpace: hwb, components: [240, 0, 0]}
              xyzWhite: {colorSpace: xyz-d65, components: [0.9504559270516716, 1, 1.0890577507598784]}
            """)
        #expect(set["c.p3Green"]?.value == .string("#00FF00"))  // out of gamut: clamped
        #expect(set["c.labWhite"]?.value == .string("#FFFFFF"))
        #expect(set["c.lchBlack"]?.value == .string("#000000"))
        #expect(set["c.oklabRed"]?.value == .string("#FF0000"))
        #expect(set["c.hwbBlue"]?.value == .string("#0000FF"))
        #expect(set["c.xyzWhite"]?.value == .string("#FFFFFF"))
    }

    @Test func refPointersExtendsAndRoot() throws {
        let set = try TokenHelpers.resolve("""
            colors:
              $type: color
              blue: {$value: {colorSpace: srgb, components: [0.2, 0.4, 0.8]}}
              $root: {$value: "#808080"}
            numbers:
              blueRed: {$type: number, $ref: "#/colors/blue/$value/components/0"}
              alias: {$ref: "#/colors/blue/$value"}
            base:
              $type: dimension
              pad: 8
              gap: 4
            dense:
              $extends: "{base}"
              gap: 2
            """)
        #expect(set["numbers.blueRed"]?.value == .number(0.2))
        #expect(set["numbers.alias"]?.type == .color)
        #expect(set["numbers.alias"]?.value == .string("#3366CC"))
        #expect(set["colors.$root"]?.value == .string("#808080"))
        #expect(set["dense.pad"]?.value == .number(8))
        #expect(set["dense.gap"]?.value == .number(2))
        #expect(TokenHelpers.errors("a:\n  $type: number\n  x: {$ref: \"#/a/y/$value\"}\n") == ["3:13: $ref '#/a/y/$value' points to no token or part of a token's value [token-reference]"])
    }
}
