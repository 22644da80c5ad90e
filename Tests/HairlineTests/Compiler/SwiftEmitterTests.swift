import Foundation
import HairlineDiagnostics
import HairlineTokens
import Testing

@testable import HairlineCompiler

@Suite("Swift output", .serialized)
struct SwiftEmitterTests {
    static func fixture(_ path: String) throws -> TokenSet {
        try TokenSetLoader.load(path: Binary.packageRoot.appendingPathComponent(path).path, displayPath: path)
    }

    /// Every token set in Tokens/, and the fixture with one token of every type.
    static let sets: [String] = {
        let folder = Binary.packageRoot.appendingPathComponent("Tokens")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.sorted().map { "Tokens/" + $0 }
            + ["Tests/HairlineTests/Fixtures/all-types.yaml"]
    }()

    @Test func namesAreEscapedByTheDocumentedRule() {
        #expect(SwiftNames.typeName("type") == "Type_")
        #expect(SwiftNames.typeName("self") == "`Self`")
        #expect(SwiftNames.typeName("card-anatomy") == "CardAnatomy")
        #expect(SwiftNames.typeName("2xl") == "`2xl`")
        #expect(SwiftNames.typeName("3D Kit") == "`3DKit`")
        #expect(SwiftNames.prefixed("`3DKit`", "Color") == "`3DKitColor`")
        #expect(SwiftNames.memberName("4") == "`4`")
        #expect(SwiftNames.memberName("default") == "`default`")
        #expect(SwiftNames.memberName("self") == "`self`")
        #expect(SwiftNames.memberName("init") == "`init`")
        #expect(SwiftNames.argumentLabel("default") == "default")
        #expect(SwiftNames.argumentLabel("2x") == "`2x`")
        // Every keyword and name used only in backticks, as a token's name: each is escaped, and with a digit or a
        // capital added none is.
        for name in SwiftNames.keywords.union(SwiftNames.backtickedNames) where name.first!.isLowercase {
            #expect(SwiftNames.memberName(name) != name, "\(name)")
            #expect(SwiftNames.memberName(name + "2") == name + "2")
            #expect(SwiftNames.memberName(name + "X") == name + "X")
        }
        #expect(SwiftNames.memberName("card-gap") == "cardGap")
        #expect(SwiftNames.memberName("Card Padding") == "cardPadding")
        #expect(SwiftNames.memberName("label_to_value") == "labelToValue")
        #expect(SwiftNames.stringLiteral("a \"b\" \\ \n") == "\"a \\\"b\\\" \\\\ \\n\"")
    }

    /// The collisions the Swift emitter reports for a set written as YAML; an issue when it reports none.
    static func collisions(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Diagnostic] {
        let set = try TokenHelpers.resolve(text)
        do throws(DiagnosticError) {
            _ = try SwiftEmitter.emit(set)
        } catch {
            return error.diagnostics
        }
        Issue.record("no collision reported", sourceLocation: sourceLocation)
        return []
    }

    @Test func collidingNamesAreAnError() throws {
        let diagnostics = try Self.collisions("a:\n  $type: number\n  card-gap: 1\n  cardGap: 2\n  card_gap: 3\n")
        #expect(diagnostics.map(\.message) == [
            "'a.cardGap' and 'a.card-gap' both become the Swift name 'cardGap'; rename one",
            "'a.card_gap' and 'a.card-gap' both become the Swift name 'cardGap'; rename one",
        ])
        #expect(diagnostics.first?.notes.first?.mark?.line == 3)
    }

    /// Two nested groups that become one namespace name: the error names both groups by their whole paths,
    /// at the first token of the later group, with a note at the first token of the earlier.
    @Test func collidingGroupsAreAnErrorAtTheirTokens() throws {
        let diagnostics = try Self.collisions("a:\n  card-gap:\n    $type: number\n    x: 1\n  cardGap:\n    $type: number\n    y: 2\n")
        #expect(diagnostics.map(\.message) == ["'a.cardGap' and 'a.card-gap' both become the Swift name 'CardGap'; rename one"])
        #expect(diagnostics.map { [$0.mark.line, $0.mark.column] } == [[7, 5]])
        #expect(diagnostics.first?.notes.map(\.message) == ["'a.card-gap' is here"])
        #expect(diagnostics.first?.notes.first?.mark?.line == 4)
    }

    /// A name as written that comes first, then one that becomes the same name: the second is the error.
    @Test func aNameAsWrittenCollidesWithALaterOne() throws {
        let diagnostics = try Self.collisions("g:\n  $type: number\n  aB: 1\n  a_b: 2\n  aC: 3\n")
        #expect(diagnostics.map(\.message) == ["'g.a_b' and 'g.aB' both become the Swift name 'aB'; rename one"])
        #expect(diagnostics.first?.notes.first?.mark?.line == 3)
    }

    @Test(arguments: sets)
    func outputIsDeterministic(_ path: String) throws {
        let set = try Self.fixture(path)
        #expect(try SwiftEmitter.emit(set) == SwiftEmitter.emit(Self.fixture(path)))
    }

    @Test func bannerAndFoundationOnlyOutsideTheApplePlatformBlocks() throws {
        let swift = try SwiftEmitter.emit(Self.fixture("Tokens/blackbelt.yaml"))
        #expect(swift.hasPrefix("// Generated by hairline. Do not edit.\n"))
        // Each import outside Foundation sits in the `#if canImport(…)` of its own module.
        var block: String?
        var imports: [String] = []
        for line in swift.split(separator: "\n") {
            if line.hasPrefix("#if canImport(") { block = String(line.dropFirst("#if canImport(".count).prefix { $0 != ")" }) }
            if line == "#endif" { block = nil }
            if line.hasPrefix("import ") { imports.append("\(block ?? "-"): \(line)") }
        }
        #expect(imports == ["-: import Foundation", "UIKit: import UIKit", "AppKit: import AppKit", "SwiftUI: import SwiftUI"])
        #expect(swift.contains("public enum Type_ {"))
        #expect(!swift.contains("\r"))
    }

    /// Hostile names and descriptions: every line break Swift or an editor honours inside a comment would end it,
    /// and what follows would compile as code. Each is written as a space or a comment line of its own: the file
    /// compiles, and a probe that uses what the text tried to declare does not.
    @Test func lineBreaksInNamesAndDescriptionsDeclareNothing() throws {
        let breaks = ["\r", "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}"]
        var description = "Spacing"
        for (index, lineBreak) in breaks.enumerated() { description += "\(lineBreak)public let injected\(index) = \(index)" }
        let mark = Mark.start(of: "t.yaml")
        let token = Token(
            segments: ["space", "small"], type: .dimension, values: [.number(8), .number(8)], description: description, system: nil,
            metadata: [:], keyMark: mark, mark: mark)
        let set = TokenSet(name: "Evil\rpublic let injectedName = 1", modes: ["light", "dark"], tokens: [token], groups: ["space"])
        let swift = try SwiftEmitter.emit(set)
        for line in swift.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) where line.contains("injected") {
            #expect(line.trimmingCharacters(in: .whitespaces).hasPrefix("//"), "\(line)")
        }
        let folder = try TemporaryFolder()
        try folder.write("Tokens.swift", swift)
        try Swiftc.run(["-parse-as-library", "-typecheck", "Tokens.swift"], in: folder.url)
        try folder.write("Probe.swift", "let probe = injected0 + injectedName\n")
        #expect(throws: Swiftc.Failure.self) { try Swiftc.run(["-typecheck", "Tokens.swift", "Probe.swift"], in: folder.url) }
    }

    /// The Swift an app codebase wants: `internal` access, a namespace of the app's choosing, and static members
    /// so that SwiftUI and UIKit read naturally. Typechecked against the stubs with a small view that uses them.
    @Test(arguments: [AppleStubs.Platform.uiKit, .appKit])
    func internalAccessANamespaceAndStaticMembersCompileInAView(_ platform: AppleStubs.Platform) throws {
        let folder = try AppleStubs.modules(for: platform)
        try folder.write(
            "t.yaml",
            """
            $name: Acme Design
            $modes: [light, dark]
            color:
              $type: color
              accent: {light: "#0066CC", dark: "#2B93FF"}
              text: {primary: "#111111"}
            type:
              $type: typography
              title: {fontFamily: [SF Pro], fontSize: 22, fontWeight: 700}

            """)
        let result = try Binary.run(
            ["compile", "t.yaml", "--swift", "Tokens.swift", "--swift-access", "internal", "--swift-namespace", "Theme", "--swift-static-members"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let swift = try String(contentsOf: folder.url.appendingPathComponent("Tokens.swift"), encoding: .utf8)
        #expect(!swift.contains("public "), "everything is internal")
        #expect(swift.contains("internal enum Theme {"))
        let uses = platform == .uiKit ? "let paint: UIKit.UIColor = .themeAccent" : "let paint: AppKit.NSColor = .themeAccent"
        try folder.write(
            "View.swift",
            """
            import SwiftUI
            \(platform == .uiKit ? "import UIKit" : "import AppKit")
            func styled<V: SwiftUI.View>(_ view: V) -> some SwiftUI.View {
                view.foregroundStyle(.themeAccent).font(.themeTitle)
            }
            let accent: SwiftUI.Color = .themeTextPrimary
            \(uses)
            let spacing = Theme.Color.accent

            """)
        let output = try Swiftc.run(["-typecheck", "-I", "."] + platform.flags + ["Tokens.swift", "View.swift"], in: folder.url)
        #expect(!output.contains("error"), "\(output)")
        // An unknown member is an error: the view really is checked.
        try folder.write("Probe.swift", "import SwiftUI\nlet probe: SwiftUI.Color = .themeNotAToken\n")
        #expect(throws: Swiftc.Failure.self) { try Swiftc.run(["-typecheck", "-I", "."] + platform.flags + ["Tokens.swift", "Probe.swift"], in: folder.url) }
    }

    /// Names written in backticks rather than renamed, as an app team reads them: a namespace and tokens that start
    /// with a digit (raw identifiers), `self` and `init` as tokens, and the static members built from them.
    @Test func namesSwiftReadsOnlyInBackticksCompileAndAreUsable() throws {
        let folder = try AppleStubs.modules(for: .uiKit)
        try folder.write(
            "t.yaml",
            """
            $name: 3D Kit
            $modes: [light, dark]
            spacing: {$type: dimension, 4: 4, 2xl: 40, self: 8, init: 2, default: 16}
            color: {$type: color, 3d-accent: {light: "#000000", dark: "#FFFFFF"}}
            type: {$type: typography, body: {fontFamily: [SF Pro], fontSize: 15}}

            """)
        try folder.write(
            "Use.swift",
            """
            import Foundation
            import SwiftUI
            func use() -> [CGFloat] {
                _ = Color.`3DKit3dAccent`
                _ = `3DKit`.Type_.body
                return [`3DKit`.Spacing.`4`, `3DKit`.Spacing.`2xl`, `3DKit`.Spacing.`self`, `3DKit`.Spacing.`init`, `3DKit`.Spacing.`default`]
            }

            """)
        let result = try Binary.run(["compile", "t.yaml", "--swift", "Tokens.swift", "--swift-static-members"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let output = try Swiftc.run(["-typecheck", "-I", "."] + AppleStubs.Platform.uiKit.flags + ["Tokens.swift", "Use.swift"], in: folder.url)
        #expect(!output.contains("error"), "\(output)")
        let swift = try String(contentsOf: folder.url.appendingPathComponent("Tokens.swift"), encoding: .utf8)
        #expect(swift.contains("public enum `3DKit` {") && !swift.contains("_3DKit") && !swift.contains("_4"))
    }

    /// Names that once made the file fail to compile: a token named `_`, and a set and groups named as the modules
    /// and types the file writes unqualified (`Swift`, `CGFloat`, `Sendable`, `CaseIterable`), which shadowed them.
    @Test func namesThatWouldShadowWhatTheFileUsesStillCompile() throws {
        let folder = try AppleStubs.modules(for: .uiKit)
        try folder.write(
            "t.yaml",
            """
            $name: Swift
            $modes: [light, dark]
            Swift: {$type: dimension, a: 4}
            CGFloat: {$type: dimension, _: 8, "-": 2}
            Sendable: {$type: color, x: {light: "#000000", dark: "#FFFFFF"}}
            CaseIterable: {$type: typography, body: {fontFamily: [SF Pro], fontSize: 15}}
            Hashable: {$type: number, n: 1}

            """)
        let result = try Binary.run(["compile", "t.yaml", "--swift", "Tokens.swift"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        try Swiftc.run(["-parse-as-library", "-typecheck", "Tokens.swift"], in: folder.url)
        let output = try Swiftc.run(["-typecheck", "-I", "."] + AppleStubs.Platform.uiKit.flags + ["Tokens.swift"], in: folder.url)
        #expect(!output.contains("error"), "\(output)")
        let swift = try String(contentsOf: folder.url.appendingPathComponent("Tokens.swift"), encoding: .utf8)
        #expect(swift.contains("public enum Swift_ {") && swift.contains("public enum CGFloat_ {") && swift.contains("static let _5F: CGFloat = 8"))
    }

    /// Compiles the generated Swift with a driver that prints every token in every mode as JSON, and
    /// compares what it prints with the resolved JSON's values.
    @Test(arguments: sets)
    func generatedSwiftCompilesAndItsValuesEqualTheJSON(_ path: String) throws {
        let set = try Self.fixture(path)
        let emitter = SwiftEmitter(set)
        let folder = try TemporaryFolder()
        try folder.write("Tokens.swift", try emitter.emit())
        try folder.write("main.swift", try Self.driver(for: set, emitter: emitter))
        let compilerOutput = try Swiftc.run(["-o", "driver", "Tokens.swift", "main.swift"], in: folder.url)
        #expect(!compilerOutput.contains("Tokens.swift"), "the generated Swift compiles without warnings: \(compilerOutput)")
        let printed = try Swiftc.execute(folder.url.appendingPathComponent("driver"))
        var expected: [String] = []
        for token in set.tokens {
            let values = (0..<set.modeCount).map { Self.normalised(token.values[$0], token.type).json }
            expected.append(([token.path] + values).joined(separator: "\t"))
        }
        let lines = printed.split(separator: "\n").map(String.init)
        #expect(lines.count == expected.count)
        for (line, want) in zip(lines, expected) { #expect(line == want) }
    }

    /// The Apple-platform half cannot compile on Linux; it is typechecked against stub modules of SwiftUI, UIKit
    /// and AppKit that declare the names it uses with Apple's signatures (AppleStubs), three ways: neither UIKit nor
    /// AppKit (the fallback), UIKit (iOS), AppKit (macOS). A name newer than the deployment floor is declared with a
    /// warning naming the release that brought it: each such warning must fall inside an `if #available`.
    @Test(arguments: sets)
    func applePlatformHalfTypechecksAgainstStubs(_ path: String) throws {
        let set = try Self.fixture(path)
        // As written by default, and with every option that changes the Apple half.
        let options = SwiftEmitter.Options(aliasesAsReferences: true, colorsFromCatalog: true)
        for (source, platform) in [try SwiftEmitter.emit(set), try SwiftEmitter(set, options: options).emit()].flatMap({ source in
            AppleStubs.Platform.allCases.map { (source, $0) }
        }) {
            let folder = try AppleStubs.modules(for: platform)
            try folder.write("Tokens.swift", source)
            let output = try Swiftc.run(["-typecheck", "-I", "."] + platform.flags + ["Tokens.swift"], in: folder.url)
            #expect(!output.contains("error"), "\(platform): \(output)")
            for line in AppleStubs.newerThanTheFloor(in: output, file: "Tokens.swift") {
                #expect(AppleStubs.isGuarded(line: line, in: source), "\(platform): line \(line) uses a name newer than the floor outside #available")
            }
        }
    }

    /// The stubs are really seen, and the floor really checked: a name they lack fails, and a use of a newer name
    /// outside `#available` is caught.
    @Test func theStubsAreSeenAndTheFloorChecked() throws {
        let folder = try AppleStubs.modules(for: .uiKit)
        try folder.write("Probe.swift", "import SwiftUI\nlet probe = SwiftUI.Font.notAThing\n")
        #expect(throws: Swiftc.Failure.self) { try Swiftc.run(["-typecheck", "-I", ".", "Probe.swift"], in: folder.url) }
        let unguarded = "import SwiftUI\nimport Foundation\nfunc f(_ v: some SwiftUI.View) -> some SwiftUI.View { v.tracking(CGFloat(1)) }\n"
        try folder.write("Newer.swift", unguarded)
        let output = try Swiftc.run(["-typecheck", "-I", ".", "Newer.swift"], in: folder.url)
        let lines = AppleStubs.newerThanTheFloor(in: output, file: "Newer.swift")
        #expect(lines == [3])
        #expect(!AppleStubs.isGuarded(line: 3, in: unguarded))
    }

    @Test func deprecatedTokensAreDeprecatedInSwiftWithTheirReplacement() throws {
        let set = try TokenHelpers.resolve("""
            color:
              $type: color
              accent: "#0066CC"
              brand: {$value: "#0066CC", $deprecated: "Use {color.accent}: brand was renamed."}
              old: {$value: "#111111", $deprecated: true}
              either: {$value: "#222222", $deprecated: "Use {color.accent} or {color.old}"}
            """)
        let swift = try SwiftEmitter.emit(set)
        #expect(swift.components(separatedBy: "@available(*, deprecated").count - 1 == 3)
        #expect(swift.contains("@available(*, deprecated, message: \"Use {color.accent}: brand was renamed.\", renamed: \"T.Color.accent\")\n        public static let brand"))
        #expect(swift.contains("@available(*, deprecated)\n        public static let old"))
        #expect(swift.contains("@available(*, deprecated, message: \"Use {color.accent} or {color.old}\")\n        public static let either"))
        // The file compiles, and a use of a deprecated token warns with its message.
        let folder = try TemporaryFolder()
        try folder.write("Tokens.swift", swift)
        try folder.write("Use.swift", "let x = T.Color.brand\n")
        let output = try Swiftc.run(["-typecheck", "Tokens.swift", "Use.swift"], in: folder.url)
        #expect(output.contains("'brand' is deprecated: Use {color.accent}: brand was renamed."))
    }

    @Test func aGroupsDeprecationReachesItsTokensAndEveryOutput() throws {
        let set = try TokenHelpers.resolve("""
            legacy:
              $deprecated: "Use {color.ink}."
              $type: color
              a: "#111111"
              b: {$value: "#222222", $deprecated: false}
              c: {$value: "#333333", $deprecated: "Own reason."}
            color:
              $type: color
              ink: "#000000"
            """)
        #expect(set.tokens.map { "\($0.path)=\($0.deprecated ?? "-")" } == ["color.ink=-", "legacy.a=Use {color.ink}.", "legacy.b=-", "legacy.c=Own reason."])
        let json = ResolvedJSONEmitter.emit(set)
        #expect(json.contains("\"legacy.a\": {\"type\": \"color\", \"value\": \"#111111\", \"deprecated\": \"Use {color.ink}.\"}"))
        #expect(json.contains("\"legacy.b\": {\"type\": \"color\", \"value\": \"#222222\"}"))
        let dtcg = DTCGEmitter.emit(set)
        #expect(dtcg.components(separatedBy: "\"$deprecated\"").count - 1 == 2)
        let swift = try SwiftEmitter.emit(set)
        #expect(swift.contains("@available(*, deprecated, message: \"Use {color.ink}.\", renamed: \"T.Color.ink\")\n        public static let a"))
    }

    /// The platform-neutral half the Apple code stands on, run: each appearance's colour (a mode for it, else for
    /// its lightness, else the default), the text style a role scales with, its case and its line spacing.
    @Test func appearancesAndTypeRolesWorkOutAsDocumented() throws {
        let set = try TokenHelpers.resolve("""
            $modes: [light, dark, darkHighContrast]
            color:
              $type: color
              ink: {light: "#111111", dark: "#EEEEEE", darkHighContrast: "#FFFFFF"}
            type:
              $type: typography
              numeral: {$value: {fontSize: 33, lineHeight: 1.5}, $extensions: {hairline: {fixedSize: true}}}
              label: {fontSize: 12.5, textCase: uppercase}
              body: {textStyle: body}
            """)
        let folder = try TemporaryFolder()
        try folder.write("Tokens.swift", try SwiftEmitter.emit(set))
        try folder.write(
            "main.swift",
            """
            import Foundation
            let ink = T.Color.ink
            for (dark, high) in [(false, false), (true, false), (false, true), (true, true)] {
                let c = ink.value(dark: dark, highContrast: high)
                print(dark, high, Int((c.red * 255).rounded()))
            }
            for role in [T.Type_.numeral, T.Type_.label, T.Type_.body] {
                print(role.scalingStyleName, role.scales, role.cased("Sessions"), role.lineSpacing(at: 20))
            }
            print([0, 100, 149, 150, 400, 449, 450, 850, 900, 1000].map { TTypography.weightStep(Double($0)) }.map(String.init).joined(separator: " "))
            """)
        let compilerOutput = try Swiftc.run(["-o", "probe", "Tokens.swift", "main.swift"], in: folder.url)
        #expect(!compilerOutput.contains("error"), "\(compilerOutput)")
        let printed = try Swiftc.execute(folder.url.appendingPathComponent("probe"))
        #expect(
            printed == """
                false false 17
                true false 238
                false true 17
                true true 255
                largeTitle false Sessions 6.200000000000001
                footnote true SESSIONS 0.0
                body true Sessions 0.0
                0 0 0 1 3 3 4 8 8 8

                """)
    }

    /// Composite literals as they are written straight into the file: typography fields in their documented
    /// order, a fixed size's `scales: false` (also after no field but a text style), escapes in font names, and
    /// each shadow layer with its optional spread and inset.
    @Test func compositeLiteralsAreWrittenInFieldOrderWithEscapes() throws {
        let set = try TokenHelpers.resolve(#"""
            $name: T
            type:
              $type: typography
              quote: {fontFamily: ["Say \"Hi\"", 'back\slash', "tab\there"], fontSize: 12, monospacedDigits: true, textStyle: body, letterSpacing: 0.5}
              fixed: {$value: {fontSize: 33, lineHeight: 1.5}, $extensions: {hairline: {fixedSize: true}}}
              styleOnly: {$value: {textStyle: caption}, $extensions: {hairline: {fixedSize: true}}}
            shadow:
              $type: shadow
              layered: [{color: "#000000", offsetX: 0, offsetY: 1, blur: 2, spread: 0, inset: true}, {color: "#FF000080", offsetX: 1.5, offsetY: 2, blur: 3, spread: 0}]
            """#)
        let swift = try SwiftEmitter.emit(set)
        for line in [
            #"public static let quote: TTypography = TTypography(fontFamily: ["Say \"Hi\"", "back\\slash", "tab\there"], fontSize: 12, letterSpacing: 0.5, textStyle: "body", monospacedDigits: true)"#,
            "public static let fixed: TTypography = TTypography(fontSize: 33, lineHeight: 1.5, scales: false)",
            #"public static let styleOnly: TTypography = TTypography(textStyle: "caption", scales: false)"#,
            "public static let layered: [TShadow] = [TShadow(color: TRGBA(red: 0, green: 0, blue: 0, alpha: 255), offsetX: 0, offsetY: 1, blur: 2, spread: 0, inset: true), "
                + "TShadow(color: TRGBA(red: 255, green: 0, blue: 0, alpha: 128), offsetX: 1.5, offsetY: 2, blur: 3, spread: 0)]",
        ] {
            #expect(swift.contains(line), "\(line)")
        }
    }

    /// Aliases written as their targets' symbols read the same values; a palette kept out by `$extensions` or by
    /// path is not written, and the semantic tokens that alias it still are, with the values.
    @Test func aliasReferencesAndExclusionsKeepTheValues() throws {
        let set = try Self.fixture("Tokens/blackbelt.yaml")
        let emitter = SwiftEmitter(set, options: SwiftEmitter.Options(aliasesAsReferences: true))
        let swift = try emitter.emit()
        #expect(swift.contains("public static let cardPadding: CGFloat = BlackBelt.Spacing.Scale.double"))
        let folder = try TemporaryFolder()
        try folder.write("Tokens.swift", swift)
        try folder.write("main.swift", try Self.driver(for: set, emitter: emitter))
        let compilerOutput = try Swiftc.run(["-o", "driver", "Tokens.swift", "main.swift"], in: folder.url)
        #expect(!compilerOutput.contains("Tokens.swift"), "\(compilerOutput)")
        let printed = try Swiftc.execute(folder.url.appendingPathComponent("driver"))
        let plain = SwiftEmitter(set)
        let plainFolder = try TemporaryFolder()
        try plainFolder.write("Tokens.swift", try plain.emit())
        try plainFolder.write("main.swift", try Self.driver(for: set, emitter: plain))
        _ = try Swiftc.run(["-o", "driver", "Tokens.swift", "main.swift"], in: plainFolder.url)
        #expect(printed == (try Swiftc.execute(plainFolder.url.appendingPathComponent("driver"))))

        let palette = try TokenHelpers.resolve("""
            palette:
              $extensions: {hairline: {swift: false}}
              $type: color
              blue: "#0066CC"
            color:
              $type: color
              accent: "{palette.blue}"
            spacing:
              $type: dimension
              base: 8
              raw: 3
            """)
        let kept = try SwiftEmitter(palette, options: SwiftEmitter.Options(excluded: ["spacing.raw"])).emit()
        #expect(!kept.contains("enum Palette"))
        #expect(!kept.contains("raw"))
        #expect(kept.contains("public static let accent: TColor = TColor(value: TRGBA(red: 0, green: 102, blue: 204, alpha: 255)"))
        #expect(kept.contains("public static let base: CGFloat = 8"))
    }

    // MARK: - Helpers

    /// A shadow is always a list in Swift; a single shadow is one layer.
    static func normalised(_ value: TokenValue, _ type: TokenType) -> TokenValue {
        if type == .shadow, case .object = value { return .list([value]) }
        return value
    }

    static func driver(for set: TokenSet, emitter: SwiftEmitter) throws -> String {
        let p = emitter.prefix
        let expressions = try emitter.expressions()
        var out = """
            import Foundation

            func j(_ x: Double) -> String { x.isInfinite ? "\\"capsule\\"" : (x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : "\\(x)") }
            func j(_ x: CGFloat) -> String { j(Double(x)) }
            func j(_ x: Bool) -> String { x ? "true" : "false" }
            func j(_ s: String) -> String { "\\"" + s + "\\"" }
            func j(_ a: [String]) -> String { "[" + a.map { j($0) }.joined(separator: ", ") + "]" }
            func j(_ a: [Double]) -> String { "[" + a.map { j($0) }.joined(separator: ", ") + "]" }
            func hex(_ c: \(p)RGBA) -> String {
                var bytes = [c.red, c.green, c.blue].map { Int(($0 * 255).rounded()) }
                let alpha = Int((c.alpha * 255).rounded())
                if alpha < 255 { bytes.append(alpha) }
                return "#" + bytes.map { String(format: "%02X", $0) }.joined()
            }
            func j(_ c: \(p)RGBA) -> String { j(hex(c)) }
            func object(_ fields: [(String, String?)]) -> String {
                "{" + fields.compactMap { name, value in value.map { j(name) + ": " + $0 } }.joined(separator: ", ") + "}"
            }

            """
        let types = Set(set.tokens.map(\.type))
        if types.contains(.typography) {
            out += """
                func j(_ t: \(p)Typography) -> String {
                    object([("fontFamily", t.fontFamily.map { j($0) }), ("fontSize", t.fontSize.map { j($0) }),
                            ("fontWeight", t.fontWeight.map { j($0) }), ("letterSpacing", t.letterSpacing.map { j($0) }),
                            ("lineHeight", t.lineHeight.map { j($0) }), ("textStyle", t.textStyle.map { j($0) }),
                            ("design", t.design.map { j($0) }), ("monospacedDigits", t.monospacedDigits.map { j($0) }),
                            ("textCase", t.textCase.map { j($0) })])
                }

                """
        }
        if types.contains(.shadow) {
            out += """
                func j(_ s: [\(p)Shadow]) -> String {
                    "[" + s.map { l in object([("color", j(l.color)), ("offsetX", j(l.offsetX)), ("offsetY", j(l.offsetY)),
                        ("blur", j(l.blur)), ("spread", l.spread.map { j($0) }), ("inset", l.inset.map { j($0) })]) }
                        .joined(separator: ", ") + "]"
                }

                """
        }
        if types.contains(.gradient) {
            out += """
                func j(_ g: [\(p)GradientStop]) -> String {
                    "[" + g.map { object([("color", j($0.color)), ("position", j($0.position))]) }.joined(separator: ", ") + "]"
                }

                """
        }
        if !types.isDisjoint(with: [.strokeStyle, .border]) {
            out += """
                func j(_ s: \(p)StrokeStyle) -> String {
                    if let name = s.name { return j(name) }
                    return object([("dashArray", s.dashArray.map { j($0) }), ("lineCap", s.lineCap.map { j($0) })])
                }

                """
        }
        if types.contains(.border) {
            out += "func j(_ b: \(p)Border) -> String { object([(\"color\", j(b.color)), (\"width\", j(b.width)), (\"style\", j(b.style))]) }\n"
        }
        if types.contains(.transition) {
            out += """
                func j(_ t: \(p)Transition) -> String {
                    object([("duration", j(t.duration)), ("delay", j(t.delay)), ("timingFunction", j(t.timingFunction))])
                }

                """
        }
        for token in set.tokens {
            let expression = expressions[token.path]!
            let values: String
            if token.type == .color || token.differsByMode {
                values = "\(p)Mode.allCases.map { j(\(expression)[$0]) }"
            } else {
                values = "Array(repeating: j(\(expression)), count: \(p)Mode.allCases.count)"
            }
            out += "print(([\(JSONText.string(token.path))] + \(values)).joined(separator: \"\\t\"))\n"
        }
        return out
    }
}

/// A large set's Swift and JSON are written on every core: the bytes, and the collisions, must be those of one.
@Suite("Outputs written on every core")
struct ParallelOutputTests {
    /// Top-level tokens among 30 groups of nested groups, colours with modes, themed numbers.
    static let set: TokenSet = {
        var text = "$modes: [light, dark]\nroot-token: {$type: number, $value: 1}\n"
        for group in 0..<30 {
            text += "group\(group):\n  $type: dimension\n  inner:\n"
            for token in 0..<20 { text += "    t\(token): {light: \(token), dark: \(token + group)}\n" }
            text += "  colour:\n    $type: color\n"
            for token in 0..<10 { text += "    c\(token): {light: \"#00ff\(String(format: "%02x", token))\", dark: \"#112233\"}\n" }
            if group == 14 { text += "lone-\(group): {$type: string, $value: middle}\n" }
        }
        return try! TokenHelpers.resolve(text)
    }()

    static func swift(_ set: TokenSet, options: SwiftEmitter.Options = .init(), parallelMinimum: Int) throws(DiagnosticError) -> [UInt8] {
        try SwiftEmitter(set, options: options, parallelMinimum: parallelMinimum).emitBytes()
    }

    /// Tokens left out are found in the pass that finds what the file's shared part needs, on every core: the
    /// file is the one a set without them gives (every colour left out takes the colour type's support out with
    /// it), on one core and on every core.
    @Test func tokensLeftOutAreLeftOutOfTheFileAndItsSupport() throws {
        let options = SwiftEmitter.Options(excluded: ["group3", "lone-14"] + (0..<30).map { "group\($0).colour" })
        let without = TokenSet(
            name: Self.set.name, modes: Self.set.modes,
            tokens: Self.set.tokens.filter { $0.path != "lone-14" && $0.group.first != "group3" && $0.type != .color }, groups: Self.set.groups)
        #expect(without.tokens.count == Self.set.tokens.count - 1 - 20 - 30 * 10)
        let expected = try Self.swift(without, parallelMinimum: .max)
        #expect(try Self.swift(Self.set, options: options, parallelMinimum: 1) == expected)
        #expect(try Self.swift(Self.set, options: options, parallelMinimum: .max) == expected)
        let whole = String(decoding: try Self.swift(Self.set, parallelMinimum: 1), as: UTF8.self)
        let text = String(decoding: expected, as: UTF8.self)
        #expect(whole.contains("enum Group3 ") && !text.contains("enum Group3 ") && text.contains("enum Group4 "))
        #expect(whole.contains("RGBA") && !text.contains("RGBA"))
    }

    @Test func swiftAndJSONAreTheBytesOfOneCore() throws {
        #expect(Self.set.tokens.count == 30 * 30 + 2)
        #expect(try Self.swift(Self.set, parallelMinimum: 1) == Self.swift(Self.set, parallelMinimum: .max))
        #expect(ResolvedJSONEmitter.emitBytes(Self.set, parallelMinimum: 1) == ResolvedJSONEmitter.emitBytes(Self.set, parallelMinimum: .max))
        #expect(String(decoding: try Self.swift(Self.set, parallelMinimum: 1), as: UTF8.self) == (try SwiftEmitter.emit(Self.set)))
    }

    /// Groups whose Swift names collide at the root from the two ends of the set (so from two parts), and
    /// names that collide inside one group: the same errors, in the same order, as one core reports.
    @Test func collisionsAreReportedAsOneCoreReportsThem() throws {
        var text = "A-b:\n  $type: number\n  x: 1\n"
        for letter in "BCDEFGHIJK" { text += "\(letter)1:\n  $type: number\n  x: 1\n" }
        text += "aB:\n  $type: number\n  y: 2\n"
        let set = try TokenHelpers.resolve(text)
        // And a collision inside one group.
        let inGroup = try TokenHelpers.resolve(text.replacingOccurrences(of: "A-b:", with: "Ab:") + "  y-z: 3\n  yZ: 4\n")
        func errors(_ minimum: Int, in set: TokenSet) -> [String] {
            do {
                _ = try Self.swift(set, parallelMinimum: minimum)
                return []
            } catch {
                return error.diagnostics.map { "\($0.mark) \($0.message)" }
            }
        }
        #expect(errors(.max, in: set).count == 1)
        #expect(errors(.max, in: set).first?.contains("'aB' and 'A-b' both become the Swift name 'AB'") == true)
        #expect(errors(1, in: set) == errors(.max, in: set))
        #expect(errors(.max, in: inGroup).count == 1)
        #expect(errors(1, in: inGroup) == errors(.max, in: inGroup))
        // Top-level tokens only: the second part's root holds names as written alone, one of which the first
        // part's root uses too.
        var lone = "Zz: {$type: number, $value: 1}\n"
        for filler in 0..<10 { lone += "f\(filler): {$type: number, $value: \(filler)}\n" }
        let apart = try TokenHelpers.resolve(lone + "zz: {$type: number, $value: 2}\n")
        #expect(errors(.max, in: apart).map { $0.contains("'zz' and 'Zz' both become the Swift name 'zz'") } == [true])
        #expect(errors(1, in: apart) == errors(.max, in: apart))
    }
}
