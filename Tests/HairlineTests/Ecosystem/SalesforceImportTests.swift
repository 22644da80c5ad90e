import Foundation
import Testing

@testable import HairlineTokens

/// Salesforce's older YAML format (Theo) imports, and its values equal the resolved JSON Salesforce built from the
/// same files: colours channel by channel (Theo printed them as `rgb()`), lengths in points, strings as text.
@Suite("Salesforce (Theo) import")
struct SalesforceImportTests {
    static let root = Binary.packageRoot.appendingPathComponent("Tests/Fixtures/External/tokens/salesforce-slds-yaml").standardizedFileURL

    /// The two files that import component tokens from outside the copied design-tokens folder.
    static let outsideTheCopy: Set<String> = ["components", "force-base"]

    @Test func theFilesImportAndEqualTheirResolvedJSON() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("src").path)
            .filter { $0.hasSuffix(".yml") }.sorted()
        #expect(files.count >= 20)
        var compared = 0
        var equal = 0
        var differences: [String] = []
        for file in files {
            let name = String(file.dropLast(4))
            let path = Self.root.appendingPathComponent("src/\(file)").path
            guard !Self.outsideTheCopy.contains(name) else {
                #expect(throws: (any Error).self, "\(file) imports files outside the copy") { try TokenSetLoader.load(path: path) }
                continue
            }
            let set = try TokenSetLoader.load(path: path, displayPath: "src/\(file)")
            let data = try Data(contentsOf: Self.root.appendingPathComponent("resolved/\(name).json"))
            let resolved = try JSONSerialization.jsonObject(with: data) as? [String: String] ?? [:]
            for (key, want) in resolved {
                compared += 1
                guard let token = set[key] else {
                    differences.append("\(name) \(key): missing")
                    continue
                }
                if Self.equal(token, want) { equal += 1 } else { differences.append("\(name) \(key): ours \(token.value.json), theirs \(want)") }
            }
        }
        print("Salesforce import: \(equal) of \(compared) values equal the resolved JSON")
        #expect(compared > 1_000)
        // Theo also rewrote rgba() inside composite strings (box shadows): 0.10 became 0.1. Those strings are kept as
        // written, so a few differ in their text, never in a colour or a length.
        #expect(differences.allSatisfy { $0.contains("SHADOW") || $0.contains("rgba") }, "\(differences.filter { !$0.contains("rgba") }.prefix(10))")
        #expect(Double(equal) / Double(compared) > 0.98)
    }

    static func equal(_ token: Token, _ want: String) -> Bool {
        switch token.type {
        case .color:
            guard let hex = token.value.string, let ours = RGBA(hex: hex), let theirs = TheoImporter.colour(want).flatMap(RGBA.init(hex:)) else { return false }
            return abs(ours.red - theirs.red) * 255 <= 1 && abs(ours.green - theirs.green) * 255 <= 1 && abs(ours.blue - theirs.blue) * 255 <= 1
                && abs(ours.alpha - theirs.alpha) <= 0.01
        case .dimension:
            guard let ours = token.value.number, let theirs = TheoImporter.length(want) else { return false }
            return abs(ours - theirs) < 0.01
        default:
            return token.value.string == want
        }
    }
}
