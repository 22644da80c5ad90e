import Foundation
import HairlineDiagnostics
import HairlineTokens
import HairlineYAML

/// Compiles token-set text, returning the set or the rendered errors (`line:col: message [code]`).
enum TokenHelpers {
    static func resolve(_ text: String) throws -> TokenSet {
        let root = try YAMLSource.parse(text, file: "t.yaml")
        return try TokenSetLoader.resolve(root, defaultName: "t")
    }

    /// The errors a token set gives, each as `line:col: message [code]`; empty when it compiles.
    static func errors(_ text: String) -> [String] {
        do {
            _ = try resolve(text)
            return []
        } catch let error as DiagnosticError {
            return error.diagnostics.map { "\($0.mark.line):\($0.mark.column): \($0.message) [\($0.code)]" }
        } catch let error as YAMLError {
            return ["yaml: \(error.diagnostic.message)"]
        } catch {
            return ["unexpected: \(error)"]
        }
    }

    /// Every token file of the repository (Tokens/, Examples/, the fixtures) and of the public sets in
    /// Tests/Fixtures/External/tokens: YAML and JSON, asset catalogues left out.
    static func tokenFiles() -> [URL] {
        var files: [URL] = []
        for folder in ["Tokens", "Examples", "Tests/HairlineTests/Fixtures", "Tests/Fixtures/External/tokens"] {
            let walker = FileManager.default.enumerator(at: Binary.packageRoot.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                if ["yaml", "yml", "json"].contains(url.pathExtension), !url.path.contains(".xcassets") { files.append(url) }
            }
        }
        return files
    }

    /// A large set for the readers' pieces tests: `$name`, two modes, and twelve groups of forty tokens, by turns
    /// dimensions (literals, aliases in the group, mode mappings, and every fourth token `fourth(group, token)`)
    /// and colours (mode mappings and literals).
    static func piecesSet(fourth: (_ group: Int, _ token: Int) -> String) -> String {
        var text = "$name: Pieces\n$modes: [light, dark]\n"
        for group in 0..<12 {
            text += "g\(group):\n  $type: \(group % 2 == 0 ? "dimension" : "color")\n  $description: group \(group)\n"
            for token in 0..<40 {
                switch (group % 2, token % 4) {
                case (0, 0): text += "  t\(token): \(token)\n"
                case (0, 1): text += "  t\(token): \"{g\(group).t\(token - 1)}\"\n"
                case (0, 2): text += "  t\(token): {light: \(token), dark: \(token * 2)}\n"
                case (0, _): text += fourth(group, token)
                case (_, 0): text += "  t\(token): {light: \"#000000\", dark: \"#ffffff\"}\n"
                default: text += "  t\(token): \"#12345\(token % 10)\"\n"
                }
            }
        }
        return text
    }

    /// The resolved JSON of one token's default value in a set written as YAML.
    static func value(_ text: String, _ path: String) throws -> String? {
        try resolve(text)[path]?.value.json
    }
}
