import Foundation
import Testing

/// Text that states no colour is drawn in its container's, else the system's default foreground, and its contrast
/// is checked as such: uncoloured text on a `{color.ink}` card once passed while the preview drew it invisible.
@Suite("Default foreground")
struct DefaultForegroundTests {
    static let tokens = """
        $modes: [light, dark]
        color:
          $type: color
          canvas: {light: "#FFFFFF", dark: "#000000"}
          ink: {light: "#111114", dark: "#F5F5F7"}
          body: {$value: {light: "#222222", dark: "#EEEEEE"}, $extensions: {hairline: {usage: foreground}}}
          night: "#0B1020"

        """
    static let rules = """
        rules:
          - {id: legible, given: "text, button", check: {contrast: {foreground: color, background: background}}}

        """

    static func lint(_ screen: String, tokens: String = tokens) throws -> [String] {
        let folder = try TemporaryFolder()
        try folder.write("t.yaml", tokens)
        try folder.write("r.yaml", rules)
        try folder.write("s.yaml", screen)
        return try Binary.run(["lint", "--tokens", "t.yaml", "--rules", "r.yaml", "s.yaml"], in: folder.url).stdout.split(separator: "\n").map(String.init)
    }

    @Test func uncolouredTextOnADarkCardIsAFindingAtTheText() throws {
        let lines = try Self.lint("screen: S\nchildren:\n  - card:\n      background: \"{color.night}\"\n      children:\n        - text: {value: Hidden}\n        - text: {value: Seen, color: \"#FFFFFF\"}\n")
        #expect(lines == ["s.yaml:6:11: error: color {color.body} (#222222) on {color.night} (#0B1020) has contrast 1.19:1 in light mode; at least 4.5:1 is needed [legible]"], "\(lines)")
    }

    @Test func aContainersColourIsInheritedAndContainersDrawNothing() throws {
        // The card states white; its text inherits it. The card itself draws no text and is not checked.
        let lines = try Self.lint("screen: S\nchildren:\n  - card:\n      background: \"{color.night}\"\n      color: \"#FFFFFF\"\n      children:\n        - text: {value: Seen}\n")
        #expect(lines.isEmpty, "\(lines)")
    }

    @Test func withoutAUsageTokenColorInkIsTheDefault() throws {
        let tokens = Self.tokens.replacingOccurrences(of: ", $extensions: {hairline: {usage: foreground}}", with: "")
        let lines = try Self.lint("screen: S\nchildren:\n  - card: {background: \"{color.night}\", children: [{text: {value: Hidden}}]}\n", tokens: tokens)
        #expect(lines.count == 1 && lines[0].contains("color {color.ink} (#111114) on {color.night}"), "\(lines)")
    }
}
