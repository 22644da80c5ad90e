import HairlineDiagnostics
import HairlineTokens

/// The Swift output's Apple-platform half (CONTRACT 6.5): colours that follow the appearance (UIKit's and AppKit's
/// dynamic colours behind one SwiftUI `Color`, the platform's own system colour where a token names one), type that
/// scales with Dynamic Type (a view modifier per role applying its line height, letter spacing and case), and UIKit
/// fonts and text attributes. Each part sits behind `#if canImport(…)`; the deployment floor is iOS 15, macOS 12,
/// tvOS 15 and watchOS 8, and anything newer is used behind `#available`.
extension SwiftEmitter {
    /// The system colours the platforms name alike, by the token's `system:` name; others fall back to the token's
    /// own values.
    static let systemColours: [String: (uiKit: String, appKit: String)] = [
        "systemRed": (".systemRed", ".systemRed"), "systemOrange": (".systemOrange", ".systemOrange"),
        "systemYellow": (".systemYellow", ".systemYellow"), "systemGreen": (".systemGreen", ".systemGreen"),
        "systemMint": (".systemMint", ".systemMint"), "systemTeal": (".systemTeal", ".systemTeal"),
        "systemCyan": (".systemCyan", ".systemCyan"), "systemBlue": (".systemBlue", ".systemBlue"),
        "systemIndigo": (".systemIndigo", ".systemIndigo"), "systemPurple": (".systemPurple", ".systemPurple"),
        "systemPink": (".systemPink", ".systemPink"), "systemBrown": (".systemBrown", ".systemBrown"),
        "systemGray": (".systemGray", ".systemGray"), "label": (".label", ".labelColor"),
        "secondaryLabel": (".secondaryLabel", ".secondaryLabelColor"), "tertiaryLabel": (".tertiaryLabel", ".tertiaryLabelColor"),
        "separator": (".separator", ".separatorColor"), "link": (".link", ".linkColor"),
    ]

    /// The `switch (dark, highContrast)` cases of `value(dark:highContrast:)`: each appearance's mode, else the mode
    /// for its lightness, else the default; and a summary of which mode stands for what.
    func appearanceSwitch() -> (cases: [String], summary: String) {
        let appearances = XCAssetsEmitter.appearances(of: set)
        func mode(dark: Bool, high: Bool) -> Int {
            let exact = appearances.first { $0.value.dark == dark && $0.value.highContrast == high }?.key
            let lightness = appearances.filter { $0.value.dark == dark && !$0.value.highContrast }.keys.min()
            return exact ?? lightness ?? 0
        }
        var cases: [String] = []
        for (dark, high) in [(false, false), (true, false), (false, true), (true, true)] {
            let name = SwiftNames.memberName(modeNames[min(mode(dark: dark, high: high), modeNames.count - 1)])
            cases.append("        case (\(dark), \(high)): return self.\(name)")
        }
        let named = appearances.sorted { $0.key < $1.key }.map { index, appearance in
            "\(modeNames[min(index, modeNames.count - 1)]): \(appearance.dark ? "dark" : "light")\(appearance.highContrast ? ", increased contrast" : "")"
        }
        return (cases, named.joined(separator: "; "))
    }

    /// A colour token's name in the asset catalog: its path with `/`, as the catalog's namespaces make it.
    static func assetName(_ token: Token) -> String {
        (token.group + [token.name]).map(XCAssetsEmitter.fileName).joined(separator: "/")
    }

    /// Where the asset catalog is, for colours read from it.
    func assetsBundle(_ used: Set<TokenType>) -> String {
        guard options.colorsFromCatalog, used.contains(.color) else { return "" }
        return """

            /// The bundle whose asset catalog holds the \(SwiftNames.commentText(set.name)) colours (`hairline compile --xcassets`): the
            /// main bundle unless the app says otherwise (a package's `Bundle.module`).
            \(access) enum \(named("Assets")) {
                nonisolated(unsafe) \(access) static var bundle: Foundation.Bundle = .main
            }

            """
    }

    /// The UIKit, AppKit and SwiftUI extensions for the types used; `systemColours`: the system colours the
    /// tokens name, sorted.
    func applePlatforms(_ used: Set<TokenType>, systemColours: [String]) -> String {
        let needsRGBA = !used.isDisjoint(with: [.color, .shadow, .gradient, .border])
        guard needsRGBA || used.contains(.typography) else { return "" }
        var out = ""
        out += uiKit(used, needsRGBA: needsRGBA, systemColours: systemColours)
        out += appKit(used, needsRGBA: needsRGBA, systemColours: systemColours)
        out += swiftUI(used, needsRGBA: needsRGBA)
        return out
    }

    /// The static members' names (`themeAccent`), each with its colour or typography token, in the set's order; a
    /// name two tokens would share is the first's. What `--swift-static-members` writes, and what the Swift linter
    /// reads back as the token (`.foregroundStyle(.themeAccent)`).
    public func staticMemberNames() -> [(name: String, token: Token)] {
        var names: [(name: String, token: Token)] = []
        var taken: Set<String> = []
        for token in set.tokens where token.type == .color || token.type == .typography {
            let words = token.segments.dropFirst().flatMap(SwiftNames.words)
            let name = SwiftNames.memberName(([prefix] + words).joined(separator: " "))
            guard !words.isEmpty, taken.insert(name).inserted else { continue }
            names.append((name, token))
        }
        return names
    }

    /// Static members for the colour and typography tokens on the platform types, named by the namespace and the
    /// token's path below its top group (`color.text.primary` in `Theme` → `themeTextPrimary`): SwiftUI's `Color`,
    /// and `ShapeStyle` where it is one (`.foregroundStyle(.themeAccent)`), `Font` (`.font(.themeTitle)`), and UIKit's
    /// and AppKit's colours. A name two tokens would share is written for the first only.
    func staticMembers(expressions: [String: String]) -> String {
        var colours: [(name: String, expression: String)] = []
        var fonts: [(name: String, expression: String)] = []
        for (name, token) in staticMemberNames() {
            guard let expression = expressions[token.path] else { continue }
            if token.type == .color { colours.append((name, expression)) } else { fonts.append((name, expression)) }
        }
        guard !colours.isEmpty || !fonts.isEmpty else { return "" }
        func members(_ list: [(name: String, expression: String)], type: String, property: String) -> String {
            list.map { "    \(access) static var \($0.name): \(type) { \($0.expression).\(property) }\n" }.joined()
        }
        var out = "\n#if canImport(SwiftUI)\nimport SwiftUI\n"
        if !colours.isEmpty {
            out += "\nextension SwiftUI.Color {\n" + members(colours, type: "SwiftUI.Color", property: "color") + "}\n"
            out += "\nextension SwiftUI.ShapeStyle where Self == SwiftUI.Color {\n" + members(colours, type: "SwiftUI.Color", property: "color") + "}\n"
        }
        if !fonts.isEmpty { out += "\nextension SwiftUI.Font {\n" + members(fonts, type: "SwiftUI.Font", property: "font") + "}\n" }
        out += "#endif\n"
        if !colours.isEmpty {
            out += "\n#if canImport(UIKit) && !os(watchOS)\nimport UIKit\n\nextension UIKit.UIColor {\n" + members(colours, type: "UIKit.UIColor", property: "uiColor") + "}\n#endif\n"
            out += "\n#if canImport(AppKit) && !targetEnvironment(macCatalyst)\nimport AppKit\n\nextension AppKit.NSColor {\n" + members(colours, type: "AppKit.NSColor", property: "nsColor") + "}\n#endif\n"
        }
        return out
    }

    /// `switch` cases mapping the set's system colour names to a platform's.
    private func systemCases(_ names: [String], _ platform: KeyPath<(uiKit: String, appKit: String), String>) -> String {
        names.compactMap { name in
            Self.systemColours[name].map { "        case \(SwiftNames.stringLiteral(name)): return \($0[keyPath: platform])" }
        }.joined(separator: "\n")
    }

    private func uiKit(_ used: Set<TokenType>, needsRGBA: Bool, systemColours: [String]) -> String {
        var out = "\n#if canImport(UIKit) && !os(watchOS)\nimport UIKit\n"
        if needsRGBA {
            out += """

                extension \(named("RGBA")) {
                    /// The colour as a UIKit colour.
                    \(access) var uiColor: UIKit.UIColor {
                        UIKit.UIColor(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
                    }
                }

                """
        }
        if used.contains(.color) {
            out += """

                extension \(named("Color")) {
                    /// One UIKit colour that follows the appearance (light or dark, increased contrast): the platform's
                    /// own system colour where the token names one, else the token's value for the appearance.
                    \(access) var uiColor: UIKit.UIColor {
                \(options.colorsFromCatalog ? "        if let named = UIKit.UIColor(named: asset, in: \(named("Assets")).bundle, compatibleWith: nil) { return named }\n" : "")\
                        if let system = Self.uiKitSystemColor(system) { return system }
                        let colour = self
                        return UIKit.UIColor { traits in
                            colour.value(dark: traits.userInterfaceStyle == .dark, highContrast: traits.accessibilityContrast == .high).uiColor
                        }
                    }

                    private static func uiKitSystemColor(_ name: Swift.String?) -> UIKit.UIColor? {
                        switch name {
                \(systemCases(systemColours, \.uiKit))
                        default: return nil
                        }
                    }
                }

                """
        }
        if used.contains(.typography) {
            out += """

                extension \(named("Typography")) {
                    /// The role as a UIKit font at the current Dynamic Type size: scaled from its size by its text style's
                    /// metrics (unless it must not scale), or the text style's preferred font.
                    \(access) var uiFont: UIKit.UIFont {
                        let style = Self.uiTextStyle(scalingStyleName)
                        let size = CGFloat(fontSize ?? Swift.Double(UIKit.UIFont.preferredFont(forTextStyle: style).pointSize))
                        let weight = Self.uiWeight(fontWeight ?? 400)
                        var font: UIKit.UIFont
                        if let family = customFamily, let custom = UIKit.UIFont(name: family, size: size) {
                            font = custom
                        } else if monospacedDigits == true {
                            font = UIKit.UIFont.monospacedDigitSystemFont(ofSize: size, weight: weight)
                        } else {
                            font = UIKit.UIFont.systemFont(ofSize: size, weight: weight)
                        }
                        if customFamily == nil, let design = Self.uiDesign(isRounded ? "rounded" : design), let described = font.fontDescriptor.withDesign(design) {
                            font = UIKit.UIFont(descriptor: described, size: size)
                        }
                        return scales ? UIKit.UIFontMetrics(forTextStyle: style).scaledFont(for: font) : font
                    }

                    /// The attributes of text in this role: its font, letter spacing and line height.
                    \(access) var attributes: [Foundation.NSAttributedString.Key: Any] {
                        let font = uiFont
                        var attributes: [Foundation.NSAttributedString.Key: Any] = [.font: font]
                        if let letterSpacing { attributes[.kern] = CGFloat(letterSpacing) }
                        if let lineHeight {
                            let paragraph = UIKit.NSMutableParagraphStyle()
                            paragraph.minimumLineHeight = font.pointSize * CGFloat(lineHeight)
                            paragraph.maximumLineHeight = font.pointSize * CGFloat(lineHeight)
                            attributes[.paragraphStyle] = paragraph
                        }
                        return attributes
                    }

                    /// A string set in this role: its case applied, its attributes set.
                    \(access) func attributed(_ string: Swift.String) -> Foundation.NSAttributedString {
                        Foundation.NSAttributedString(string: cased(string), attributes: attributes)
                    }

                    static func uiTextStyle(_ name: Swift.String) -> UIKit.UIFont.TextStyle {
                        switch name {
                        case "largeTitle": return .largeTitle
                        case "title": return .title1
                        case "title2": return .title2
                        case "title3": return .title3
                        case "headline": return .headline
                        case "callout": return .callout
                        case "subheadline": return .subheadline
                        case "footnote": return .footnote
                        case "caption": return .caption1
                        case "caption2": return .caption2
                        default: return .body
                        }
                    }

                    private static func uiWeight(_ value: Swift.Double) -> UIKit.UIFont.Weight {
                        [.ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black][weightStep(value)]
                    }

                    private static func uiDesign(_ name: Swift.String?) -> UIKit.UIFontDescriptor.SystemDesign? {
                        switch name {
                        case "rounded": return .rounded
                        case "monospaced": return .monospaced
                        case "serif": return .serif
                        default: return nil
                        }
                    }
                }

                """
        }
        return out + "#endif\n"
    }

    private func appKit(_ used: Set<TokenType>, needsRGBA: Bool, systemColours: [String]) -> String {
        guard needsRGBA else { return "" }
        var out = "\n#if canImport(AppKit) && !targetEnvironment(macCatalyst)\nimport AppKit\n"
        out += """

            extension \(named("RGBA")) {
                /// The colour as an AppKit colour.
                \(access) var nsColor: AppKit.NSColor {
                    AppKit.NSColor(srgbRed: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
                }
            }

            """
        if used.contains(.color) {
            out += """

                extension \(named("Color")) {
                    /// One AppKit colour that follows the appearance (aqua or dark aqua, increased contrast): the
                    /// platform's own system colour where the token names one, else the token's value for the appearance.
                    \(access) var nsColor: AppKit.NSColor {
                \(options.colorsFromCatalog ? "        if let named = AppKit.NSColor(named: asset, bundle: \(named("Assets")).bundle) { return named }\n" : "")\
                        if let system = Self.appKitSystemColor(system) { return system }
                        let colour = self
                        return AppKit.NSColor(name: nil) { appearance in
                            let match = appearance.bestMatch(from: [
                                .aqua, .darkAqua, .accessibilityHighContrastAqua, .accessibilityHighContrastDarkAqua,
                            ])
                            let dark = match == .darkAqua || match == .accessibilityHighContrastDarkAqua
                            let high = match == .accessibilityHighContrastAqua || match == .accessibilityHighContrastDarkAqua
                            return colour.value(dark: dark, highContrast: high).nsColor
                        }
                    }

                    private static func appKitSystemColor(_ name: Swift.String?) -> AppKit.NSColor? {
                        switch name {
                \(systemCases(systemColours, \.appKit))
                        default: return nil
                        }
                    }
                }

                """
        }
        return out + "#endif\n"
    }

    private func swiftUI(_ used: Set<TokenType>, needsRGBA: Bool) -> String {
        var out = "\n#if canImport(SwiftUI)\nimport SwiftUI\n"
        // Where `.color` comes from: the catalog's colour set, else the platform's dynamic colour.
        let colourSource =
            options.colorsFromCatalog
            ? "its colour set in the asset catalog."
            : "UIKit's or AppKit's dynamic colour (the\n    /// platform's system colour where the token names one); where neither is, the default mode."
        let firstBranch =
            options.colorsFromCatalog
            ? "        #if true\n        return SwiftUI.Color(asset, bundle: \(named("Assets")).bundle)\n        #elseif canImport(UIKit) && !os(watchOS)"
            : "        #if canImport(UIKit) && !os(watchOS)"
        if needsRGBA {
            out += """

                extension \(named("RGBA")) {
                    /// The colour as a SwiftUI colour.
                    \(access) var color: SwiftUI.Color {
                        SwiftUI.Color(.sRGB, red: red, green: green, blue: blue, opacity: alpha)
                    }
                }

                """
        }
        if used.contains(.color) {
            out += """

                extension \(named("Color")) {
                    /// The colour in a mode, as a SwiftUI colour.
                    \(access) func color(_ mode: \(named("Mode"))) -> SwiftUI.Color { self[mode].color }

                    /// One SwiftUI colour that follows the appearance: \(colourSource)
                    \(access) var color: SwiftUI.Color {
                \(firstBranch)
                        return SwiftUI.Color(uiColor: uiColor)
                        #elseif canImport(AppKit) && !targetEnvironment(macCatalyst)
                        return SwiftUI.Color(nsColor: nsColor)
                        #else
                        return color(.\(SwiftNames.memberName(modeNames[0])))
                        #endif
                    }
                }

                """
        }
        if used.contains(.typography) {
            out += """

                extension \(named("Typography")) {
                    /// The role as a SwiftUI font: a custom family scaled relative to its text style, the system font at
                    /// its size scaled the same way, or its text style's; fixed where the role must not scale. For text
                    /// that follows a change of the Dynamic Type size while it is shown, use `.typography(_:)`.
                    \(access) var font: SwiftUI.Font { font(size: scaledSize) }

                    /// The font at a size already scaled.
                    \(access) func font(size: CGFloat?) -> SwiftUI.Font {
                        let weight = Self.weight(fontWeight ?? 400)
                        let design = Self.design(isRounded ? "rounded" : self.design)
                        var font: SwiftUI.Font
                        if let family = customFamily, let size {
                            font = .custom(family, fixedSize: size)
                        } else if let family = customFamily {
                            font = .custom(family, size: CGFloat(17), relativeTo: Self.textStyle(scalingStyleName))
                        } else if let size {
                            font = .system(size: size, weight: weight, design: design)
                        } else {
                            font = SwiftUI.Font.system(Self.textStyle(scalingStyleName), design: design).weight(weight)
                        }
                        if monospacedDigits == true { font = font.monospacedDigit() }
                        return font
                    }

                    /// The size at the current Dynamic Type size (UIKit's metrics for the text style); the size itself
                    /// where the role must not scale or there are no such metrics; nil for a role with no size.
                    \(access) var scaledSize: CGFloat? {
                        guard let fontSize else { return nil }
                        #if canImport(UIKit) && !os(watchOS)
                        if scales { return UIKit.UIFontMetrics(forTextStyle: Self.uiTextStyle(scalingStyleName)).scaledValue(for: CGFloat(fontSize)) }
                        #endif
                        return CGFloat(fontSize)
                    }

                    static func weight(_ value: Swift.Double) -> SwiftUI.Font.Weight {
                        [.ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black][weightStep(value)]
                    }

                    static func design(_ name: Swift.String?) -> SwiftUI.Font.Design {
                        switch name {
                        case "rounded": return .rounded
                        case "monospaced": return .monospaced
                        case "serif": return .serif
                        default: return .default
                        }
                    }

                    static func textStyle(_ name: Swift.String) -> SwiftUI.Font.TextStyle {
                        switch name {
                        case "largeTitle": return .largeTitle
                        case "title": return .title
                        case "title2": return .title2
                        case "title3": return .title3
                        case "headline": return .headline
                        case "callout": return .callout
                        case "subheadline": return .subheadline
                        case "footnote": return .footnote
                        case "caption": return .caption
                        case "caption2": return .caption2
                        default: return .body
                        }
                    }
                }

                /// A type role applied to a view: its font at the current Dynamic Type size (following a change of it
                /// while shown), its line height, letter spacing and case.
                \(access) struct \(named("TypographyModifier")): SwiftUI.ViewModifier {
                    let role: \(named("Typography"))
                    @SwiftUI.ScaledMetric private var size: CGFloat

                    \(access) init(_ role: \(named("Typography"))) {
                        self.role = role
                        _size = SwiftUI.ScaledMetric(wrappedValue: CGFloat(role.fontSize ?? 17), relativeTo: \(named("Typography")).textStyle(role.scalingStyleName))
                    }

                    \(access) func body(content: Content) -> some SwiftUI.View {
                        let size: CGFloat? = role.fontSize == nil ? nil : (role.scales ? self.size : CGFloat(role.fontSize!))
                        let shown = content
                            .font(role.font(size: size))
                            .lineSpacing(role.lineSpacing(at: size ?? 17))
                            .textCase(role.textCase == "uppercase" ? .uppercase : role.textCase == "lowercase" ? .lowercase : nil)
                        if #available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *) {
                            shown.tracking(CGFloat(role.letterSpacing ?? 0))
                        } else {
                            shown
                        }
                    }
                }

                extension SwiftUI.View {
                    /// Sets text in a type role of the design system.
                    \(access) func typography(_ role: \(named("Typography"))) -> some SwiftUI.View {
                        modifier(\(named("TypographyModifier"))(role))
                    }
                }

                """
        }
        return out + "#endif\n"
    }
}
