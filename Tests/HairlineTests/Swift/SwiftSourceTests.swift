import Foundation
import HairlineDiagnostics
import HairlineEngine
import HairlineSwift
import Testing

/// `hairline lint` on Swift source: SwiftUI view bodies read through the toolchain's parser as screens, checked by
/// the same rule set as YAML screen specs, with fixes that write the generated token symbols.
@Suite("Swift source")
struct SwiftSourceTests {
    static let tokens = """
        $name: Mini
        spacing:
          $type: dimension
          sm: 8
          md: 12
          lg: 16
        color:
          $type: color
          accent: "#0066CC"

        """
    static let rules = """
        components:
          card:
            swift: [Panel]
            properties: {padding: dimension, radius: dimension, background: color}
          stack:
            properties: {spacing: dimension}
          text:
            properties: {value: string, role: {values: [title, body]}, color: color}
          button:
            properties: {label: string, style: {values: [filled, outline, link]}}
        rules:
          - id: mini-spacing
            given: "*"
            check: {allowed: {properties: [padding, spacing], values: "{spacing}"}}
          - id: mini-colors
            given: "*"
            check: {allowed: {properties: [background, color], values: "{color}"}}
          - id: mini-one-filled
            given: screen
            check: {max-count: {of: "button[style=filled]", max: 1}}

        """
    static let view = """
        import SwiftUI

        struct Summary: View {
            let gap: CGFloat
            var body: some View {
                VStack(spacing: 10) {
                    Text("Today").font(.title3)
                    Panel {
                        Text("Steps").foregroundStyle(Color(red: 1, green: 0, blue: 0))
                        Button("Start") {}.buttonStyle(.borderedProminent)
                    }
                    .padding(gap)
                    .background(Mini.Color.accent.color)
                    // hairline:disable-next-line mini-spacing -- the hero's own inset
                    .padding(20)
                    Button("Log") {}
                        .buttonStyle(.borderedProminent)
                    if gap > 8 { Text("More").padding(Mini.Spacing.md) }
                }
            }
        }

        """

    static func project(view: String = view, rules: String = rules) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(".hairline.yml", "systems:\n  mini:\n    tokens: tokens.yaml\n    rules: [rules.yaml]\n    screens: [\"Sources/**/*.swift\", \"screens/*.yaml\"]\n")
        try folder.write("tokens.yaml", tokens)
        try folder.write("rules.yaml", rules)
        try folder.write("Sources/App/Summary.swift", view)
        return folder
    }

    @Test func viewBodiesAreCheckedByTheRuleSetAtTheirPlaces() throws {
        let folder = try Self.project()
        let result = try Binary.run(["lint"], in: folder.url)
        #expect(result.status == 1, "\(result.stderr)")
        let found = result.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        let expected = [
            // `VStack(spacing: 10)`: 10 is off the scale, at the literal.
            "Sources/App/Summary.swift:6:25:",
            // `.font(.title3)`: a role the system lacks (the text style's name, at the member's dot).
            "Sources/App/Summary.swift:7:32:",
            // `Color(red: 1, green: 0, blue: 0)` is #FF0000, none of the colours.
            "Sources/App/Summary.swift:9:47:",
            // The second filled button, at its `Button`.
            "Sources/App/Summary.swift:16:13:",
        ]
        #expect(found == expected, "\(result.stdout)")
        #expect(result.stdout.contains("[mini-one-filled]") && result.stdout.contains("#FF0000"), "\(result.stdout)")
        // `.padding(gap)` is a value the linter cannot evaluate: nothing is guessed; the suppressed 20 is silent, and
        // the token's symbol is the token.
        #expect(!result.stdout.contains(":12:") && !result.stdout.contains(":15:") && !result.stdout.contains(":18:"), "\(result.stdout)")
    }

    /// A YAML spec of the same screen gets the same rule ids on the same kinds of element.
    @Test func theSameScreenAsYAMLGetsTheSameFindings() throws {
        let folder = try Self.project()
        try folder.write(
            "screens/summary.yaml",
            """
            screen: Summary
            children:
              - stack:
                  spacing: 10
                  children:
                    - text: {value: Today, role: title3}
                    - card:
                        background: "{color.accent}"
                        padding: 20 # hairline:disable-line mini-spacing -- the hero's own inset
                        children:
                          - text: {value: Steps, color: "#FF0000"}
                          - button: {label: Start, style: filled}
                    - button: {label: Log, style: filled}
                    - text: {value: More}

            """)
        let swift = try Binary.run(["lint", "Sources", "--format", "json"], in: folder.url)
        let yaml = try Binary.run(["lint", "screens", "--format", "json"], in: folder.url)
        func summary(_ output: String) throws -> [String] {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
            let findings = try #require(object["findings"] as? [[String: Any]])
            return findings.map { "\($0["rule"] ?? "")" }.sorted()
        }
        #expect(try summary(swift.stdout) == summary(yaml.stdout), "\(swift.stdout)\n\(yaml.stdout)")
        #expect(try summary(swift.stdout).count == 4)
    }

    /// A literal equal to one token's value becomes the token's generated symbol, byte-minimal, and the fixed file
    /// still typechecks against the generated token file (with stub SwiftUI modules).
    @Test func aFixWritesTheGeneratedSymbolAndTheFileStillTypechecks() throws {
        let rules = Self.rules.replacingOccurrences(
            of: "rules:\n", with: "rules:\n  - id: mini-token-spacing\n    given: \"*\"\n    check: {token-only: {properties: [padding]}}\n")
        let view = """
            import SwiftUI

            struct Card: View {
                var body: some View {
                    Panel {
                        Panel { }.padding(16) // the inner panel
                    }
                    .padding(12)
                }
            }

            """
        let folder = try Self.project(view: view, rules: rules)
        let fixed = try Binary.run(["lint", "--fix"], in: folder.url)
        #expect(fixed.status == 0, "\(fixed.stdout)\(fixed.stderr)")
        let text = try String(contentsOf: folder.url.appendingPathComponent("Sources/App/Summary.swift"), encoding: .utf8)
        #expect(text == view.replacingOccurrences(of: ".padding(16)", with: ".padding(Mini.Spacing.lg)").replacingOccurrences(of: ".padding(12)", with: ".padding(Mini.Spacing.md)"))
        // Typechecked: the generated tokens, the stub SwiftUI, and the two names the view uses that the stub lacks.
        let stubs = try AppleStubs.modules(for: .swiftUIOnly)
        #expect(try Binary.run(["compile", "tokens.yaml", "--swift", stubs.url.appendingPathComponent("Tokens.swift").path], in: folder.url).status == 0)
        try stubs.write("Card.swift", text)
        try stubs.write(
            "Panel.swift",
            "import Foundation\nimport SwiftUI\nstruct Panel<Content: View>: View { init(@ViewBuilder content: () -> Content) {} }\nstruct Empty: View {}\n"
                + "extension ViewBuilder { static func buildBlock() -> Empty { Empty() } }\n"
                + "extension View { func padding(_ length: CGFloat) -> _ModifiedView { _ModifiedView() } }\n")
        let output = try Swiftc.run(["-typecheck", "-I", ".", "Tokens.swift", "Panel.swift", "Card.swift"], in: stubs.url)
        #expect(!output.contains("error"), "\(output)")
    }

    /// Without a Swift compiler the Swift files are one input error saying what to install, and the YAML screens of
    /// the same run are linted all the same.
    @Test func withoutSwiftcOneErrorAndTheYAMLIsStillLinted() throws {
        let folder = try Self.project()
        try folder.write("screens/a.yaml", "screen: A\nchildren:\n  - card: {padding: 10}\n")
        let result = try Binary.run(["lint"], in: folder.url, environment: ["PATH": "/usr/bin:/bin", "SWIFT_EXEC": ""])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        let errors = result.stderr.split(separator: "\n").filter { $0.contains("error:") }
        #expect(errors.count == 1 && errors[0].contains("install a Swift toolchain"), "\(result.stderr)")
        #expect(result.stdout.contains("screens/a.yaml:3:21:"), "\(result.stdout)")
    }

    /// What the linter cannot evaluate gives no finding: variables, ternaries, computed values, a chain on a style;
    /// the properties are present (so nothing is missing) but no value check sees them.
    @Test func valuesThatCannotBeEvaluatedGiveNoFinding() throws {
        let rules = Self.rules.replacingOccurrences(
            of: "    properties: {value: string, role: {values: [title, body]}, color: color}",
            with: "    properties: {value: string, role: {values: [title, body]}, color: color}\n    required: [value, role]")
        let view = """
            import SwiftUI

            struct Detail: View {
                @Environment(\\.colorScheme) private var colorScheme
                let item: Item
                var inset: CGFloat { item.compact ? 8 : 12 }

                var body: some View {
                    VStack(spacing: item.spacing) {
                        Text(item.title).font(item.isLarge ? .title : .body)
                        Text("Note").font(.subheadline.weight(.semibold)).foregroundStyle(colorScheme == .dark ? .white : .black)
                        Panel { Text(verbatim: item.detail).font(style) }
                            .padding(inset)
                            .background(item.color.gradient)
                            .clipShape(RoundedRectangle(cornerRadius: item.radius, style: .continuous))
                    }
                    .padding(.horizontal, Layout.margin * 2)
                }
            }

            """
        let folder = try Self.project(view: view, rules: rules)
        let result = try Binary.run(["lint"], in: folder.url)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.isEmpty || result.stdout.hasPrefix("no findings"), "\(result.stdout)")
    }

    /// A file's view bodies are screens of their own: a view and its variant each hold their one filled button.
    @Test func eachViewBodyIsAScreen() throws {
        let view = """
            import SwiftUI

            struct Expanded: View {
                var body: some View { Button("Unlock") {}.buttonStyle(.borderedProminent) }
            }

            struct Compact: View {
                var body: some View { Button("Unlock") {}.buttonStyle(.borderedProminent) }
            }

            """
        let folder = try Self.project(view: view)
        let result = try Binary.run(["lint"], in: folder.url)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let both = try Self.project(view: view.replacingOccurrences(of: "var body: some View { Button(\"Unlock\") {}.buttonStyle(.borderedProminent) }\n}\n\nstruct Compact: View {\n    var body: some View { Button", with: "var body: some View { VStack { Button(\"Unlock\") {}.buttonStyle(.borderedProminent); Button"))
        #expect(try Binary.run(["lint"], in: both.url).stdout.contains("[mini-one-filled]"))
    }

    /// A team's own modifiers are mapped in the rule set: a modifier that takes a value sets the property to it, one
    /// that takes none sets it to true.
    @Test func aComponentsSwiftBlockMapsTheTeamsModifiers() throws {
        let rules = Self.rules.replacingOccurrences(
            of: "    swift: [Panel]\n    properties: {padding: dimension, radius: dimension, background: color}",
            with: "    swift: {views: [Panel], modifiers: {panelInset: padding, lifted: shadow}}\n    properties: {padding: dimension, radius: dimension, background: color, shadow: boolean}")
            .replacingOccurrences(of: "rules:\n", with: "rules:\n  - id: flat\n    given: card\n    check: {forbidden: {properties: [shadow]}}\n")
        let view = "import SwiftUI\n\nstruct A: View {\n    var body: some View {\n        Panel { Text(\"x\") }.panelInset(10).lifted()\n    }\n}\n"
        let folder = try Self.project(view: view, rules: rules)
        let result = try Binary.run(["lint"], in: folder.url)
        #expect(result.stdout.contains("Summary.swift:5:40: error: padding 10") && result.stdout.contains("[flat]"), "\(result.stdout)\(result.stderr)")
    }

    /// The static members `--swift-static-members` writes are their tokens; a system colour by name is that name.
    @Test func aGeneratedStaticMemberIsItsToken() throws {
        let view = "import SwiftUI\n\nstruct A: View {\n    var body: some View {\n        Text(\"a\").foregroundStyle(.miniAccent)\n        Text(\"b\").foregroundStyle(.red)\n    }\n}\n"
        let folder = try Self.project(view: view)
        let result = try Binary.run(["lint", "--format", "json"], in: folder.url)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.map { "\($0["line"]!) \($0["rule"]!)" } == ["6 mini-colors"], "\(result.stdout)")
        let coverage = try Binary.run(["coverage", "--format", "json"], in: folder.url)
        #expect(coverage.stdout.contains("\"color.accent\" : 1"), "\(coverage.stdout)")
    }

    /// `import` lines are blanked for the compiler, byte for byte, so every offset stays.
    @Test func aBlankedImportKeepsEveryOffset() throws {
        let file = Array("@testable import Acme\nimport struct Foo.Bar\nlet important = 1 // import x\n".utf8)
        let blanked = SwiftCompiler.blankingImports(file)
        #expect(blanked.count == file.count)
        #expect(String(decoding: blanked, as: UTF8.self) == String(repeating: " ", count: 21) + "\n" + String(repeating: " ", count: 21) + "\nlet important = 1 // import x\n")
    }
}
