import Foundation
import HairlineDiagnostics
import HairlineTokens
import Testing

/// Style Dictionary's and Tokens Studio's own formats, read as the DTCG they amount to: real files of each
/// (Tests/Fixtures/External/tokens), and Tokens Studio's themes as modes.
@Suite("Style Dictionary and Tokens Studio files")
struct ForeignTokenFormatTests {
    static let external = Binary.packageRoot.appendingPathComponent("Tests/Fixtures/External/tokens")

    static func load(_ relative: String) throws -> TokenSet {
        try TokenSetLoader.load(path: external.appendingPathComponent(relative).path, displayPath: relative)
    }

    static func errors(_ relative: String) -> [Diagnostic] {
        errors(atPath: external.appendingPathComponent(relative).path, shown: relative)
    }

    /// The errors a token file gives; empty when it compiles.
    static func errors(atPath path: String, shown: String? = nil) -> [Diagnostic] {
        do throws(DiagnosticError) {
            _ = try TokenSetLoader.load(path: path, displayPath: shown)
            return []
        } catch {
            return error.diagnostics
        }
    }

    /// Style Dictionary 3's basic example: `value` and `comment`, the `size` category's bare numbers as rem, and
    /// `.value` references.
    @Test func styleDictionaryFilesCompile() throws {
        let sizes = try Self.load("style-dictionary-v3/size/font.json")
        #expect(sizes.tokens.map(\.path) == ["size.font.base", "size.font.large", "size.font.medium", "size.font.small"])
        #expect(sizes.tokens.allSatisfy { $0.type == .dimension })
        #expect(sizes["size.font.small"]?.value == .number(12), "0.75rem")
        #expect(sizes["size.font.base"]?.value == .number(16), "{size.font.medium.value}")
        #expect(sizes["size.font.small"]?.description == "the small size of the font")
        let colours = try Self.load("style-dictionary-v3/color/base.json")
        #expect(colours["color.base.red"]?.type == .color)
        #expect(colours["color.base.gray.light"]?.value == .string("#CCCCCC"))
    }

    /// Style Dictionary's files refer to each other: named as a resolver's sources, they are read together.
    @Test func styleDictionaryFilesReadTogetherThroughAResolver() throws {
        let folder = try TemporaryFolder()
        let base = try String(contentsOf: Self.external.appendingPathComponent("style-dictionary-v3/color/base.json"), encoding: .utf8)
        let font = try String(contentsOf: Self.external.appendingPathComponent("style-dictionary-v3/color/font.json"), encoding: .utf8)
        try folder.write("base.json", base)
        try folder.write("font.json", font)
        try folder.write(
            "colors.resolver.json",
            ##"{"version": "2025.10", "sets": {"all": {"sources": [{"$ref": "base.json"}, {"$ref": "font.json"}]}}, "resolutionOrder": [{"$ref": "#/sets/all"}]}"##)
        let set = try TokenSetLoader.load(path: folder.url.appendingPathComponent("colors.resolver.json").path)
        #expect(set["color.font.base"]?.value == .string("#FF0000"))
        #expect(set["color.font.tertiary"]?.value == .string("#CCCCCC"))
        #expect(Self.errors("style-dictionary-v3/color/font.json").first?.message.contains("color.base.red") == true, "alone, its references name nothing")
    }

    /// A set of Hairline's own with a dimension written as an object (`{value, unit}`) and no `$value` is read as
    /// it is, not taken for Style Dictionary's.
    @Test func dimensionObjectsAreNotStyleDictionaryTokens() throws {
        let text = "spacing:\n  $type: dimension\n  small: {value: 4, unit: px}\n  large: 16\n"
        let set = try TokenSetLoader.load(bytes: Array(text.utf8), path: "t.yaml")
        #expect(set["spacing.small"]?.value == .number(4))
        #expect(set["spacing.large"]?.type == .dimension)
    }

    /// What Tokens Studio computes and DTCG cannot say is an error at each value, never a wrong value.
    @Test func tokensStudioComputationsAreErrorsWhereTheyAre() {
        let errors = Self.errors("tokens-studio/sd-transforms.tokens.json")
        let places = errors.map { "\($0.mark.line):\($0.mark.column)" }
        #expect(places.starts(with: ["5:15", "12:16"]), "\(places)")
        #expect(errors.contains { $0.message.hasPrefix("type 'math' is not one Hairline reads") })
        #expect(errors.contains { $0.message.hasPrefix("'{dimension.xs} * {dimension.scale}' computes with references") })
        #expect(errors.contains { $0.message.hasPrefix("'rgba({colors.blue}, 50%)'") })
        #expect(errors.allSatisfy { $0.code == "token-format" })
        let modifiers = Self.errors("tokens-studio/swift-UI-colors.tokens.json")
        #expect(modifiers.count == 2)
        #expect(modifiers.allSatisfy { $0.message.hasPrefix("colour modifiers (studio.tokens modify) are not applied") })
    }

    /// One file of token sets, `$themes` and `$metadata`: each theme a mode, its sets merged in the metadata's
    /// order; Tokens Studio's types and values as DTCG's.
    @Test func tokensStudioThemesAreModes() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "studio.json",
            """
            {
              "dark": {"theme": {"bg": {"value": "{colors.black}", "type": "color"}}},
              "global": {
                "colors": {"black": {"value": "#171717", "type": "color"}, "white": {"value": "#ffffff", "type": "color"}},
                "space": {"md": {"value": "16", "type": "spacing"}, "radius": {"value": "8px", "type": "borderRadius"}},
                "weight": {"semi": {"value": "Semi Bold", "type": "fontWeights"}, "heavy": {"value": "ExtraBold", "type": "fontWeights"}},
                "muted": {"value": "25%", "type": "opacity"},
                "leading": {"value": "150%", "type": "lineHeights"},
                "body": {"value": {"fontFamily": "Inter", "fontWeight": "Regular", "fontSize": "16", "lineHeight": "150%", "paragraphSpacing": "0"}, "type": "typography", "description": "Body text"},
                "lift": {"value": {"x": "0", "y": "4", "blur": "10", "spread": "0", "color": "#00000066", "type": "dropShadow"}, "type": "boxShadow"}
              },
              "light": {"theme": {"bg": {"value": "{colors.white}", "type": "color"}}},
              "$themes": [
                {"id": "1", "name": "light", "selectedTokenSets": {"global": "source", "light": "enabled", "dark": "disabled"}},
                {"id": "2", "name": "dark", "selectedTokenSets": {"global": "source", "dark": "enabled"}}
              ],
              "$metadata": {"tokenSetOrder": ["global", "light", "dark"]}
            }
            """)
        let set = try TokenSetLoader.load(path: folder.url.appendingPathComponent("studio.json").path)
        #expect(set.modes == ["light", "dark"])
        #expect(set["theme.bg"]?.values == [.string("#FFFFFF"), .string("#171717")])
        #expect(set["space.md"]?.type == .dimension && set["space.md"]?.value == .number(16))
        #expect(set["space.radius"]?.value == .number(8))
        #expect(set["weight.semi"]?.value == .number(600) && set["weight.heavy"]?.value == .number(800))
        #expect(set["muted"]?.type == .number && set["muted"]?.value == .number(0.25))
        #expect(set["leading"]?.value == .number(1.5))
        #expect(set["body"]?.type == .typography && set["body"]?.description == "Body text")
        #expect(set["body"]?.value["fontSize"] == .number(16))
        #expect(set["body"]?.value["lineHeight"] == .number(1.5))
        #expect(set["lift"]?.type == .shadow && set["lift"]?.value["offsetY"] == .number(4))

        // A theme that selects a set the file does not hold says so, at the theme's entry.
        try folder.write("broken.json", ##"{"global": {"a": {"value": "#fff", "type": "color"}}, "$themes": [{"name": "x", "selectedTokenSets": {"globl": "enabled"}}]}"##)
        let errors = Self.errors(atPath: folder.url.appendingPathComponent("broken.json").path)
        #expect(errors.map(\.message) == ["theme 'x' selects 'globl', which is no token set of this file"])
    }
}
