import Foundation

/// Stub modules of SwiftUI, UIKit and AppKit for typechecking the generated Swift's Apple-platform half on Linux.
/// Each declares only the names the generated code uses, with the signatures Apple documents. The deployment floor
/// is iOS 15, macOS 12, tvOS 15, watchOS 8: a name that came later is declared deprecated with the message
/// `introduced in …`, so that each use of it shows as a warning whose line can be checked for an `#available`.
enum AppleStubs {
    /// Which platform modules exist.
    enum Platform: CaseIterable, CustomStringConvertible {
        /// SwiftUI alone: the fallback branches.
        case swiftUIOnly
        /// UIKit and SwiftUI, as on iOS.
        case uiKit
        /// AppKit and SwiftUI, as on macOS.
        case appKit

        var description: String {
            switch self {
            case .swiftUIOnly: "SwiftUI alone"
            case .uiKit: "UIKit"
            case .appKit: "AppKit"
            }
        }

        /// Conditions the SwiftUI stub is built with.
        var flags: [String] {
            switch self {
            case .swiftUIOnly: []
            case .uiKit: ["-D", "HAIRLINE_UIKIT"]
            case .appKit: ["-D", "HAIRLINE_APPKIT"]
            }
        }
    }

    /// A folder with the platform's stub modules built, ready for `swiftc -typecheck -I .`.
    static func modules(for platform: Platform) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        var modules: [(String, String)] = []
        if platform == .uiKit { modules.append(("UIKit", uiKit)) }
        if platform == .appKit { modules.append(("AppKit", appKit)) }
        modules.append(("SwiftUI", swiftUI))
        for (name, source) in modules {
            try folder.write("\(name).swift", source)
            try Swiftc.run(
                ["-emit-module", "-parse-as-library", "-module-name", name, "-emit-module-path", "\(name).swiftmodule", "-I", "."]
                    + platform.flags + ["\(name).swift"],
                in: folder.url)
        }
        return folder
    }

    /// The lines of `file` where the compiler warned of a name newer than the floor.
    static func newerThanTheFloor(in output: String, file: String) -> [Int] {
        output.split(separator: "\n").compactMap { line -> Int? in
            guard line.contains("introduced in"), line.hasPrefix(file + ":") else { return nil }
            return Int(line.split(separator: ":")[1])
        }
    }

    /// Whether a line sits in the first branch of an `if #available(…)`: the nearest `if #available` above it opens
    /// a brace that has not closed before the line.
    static func isGuarded(line: Int, in source: String) -> Bool {
        let lines = source.components(separatedBy: "\n")
        var depth = 0
        var index = line - 2
        while index >= 0 {
            let text = lines[index]
            depth += text.filter { $0 == "}" }.count - text.filter { $0 == "{" }.count
            if text.contains("if #available("), depth < 0 { return true }
            if depth < 0 { return false }
            index -= 1
        }
        return false
    }

    static let swiftUI = """
        import Foundation
        #if HAIRLINE_UIKIT
        import UIKit
        #endif
        #if HAIRLINE_APPKIT
        import AppKit
        #endif

        public protocol ShapeStyle {}
        extension Color: ShapeStyle {}

        public struct Color {
            public enum RGBColorSpace { case sRGB, sRGBLinear, displayP3 }
            public init(_ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {}
            public init(_ name: String, bundle: Bundle? = nil) {}
            #if HAIRLINE_UIKIT
            public init(uiColor: UIColor) {}  // iOS 15
            #endif
            #if HAIRLINE_APPKIT
            public init(nsColor: NSColor) {}  // macOS 12
            #endif
        }

        public struct Font {
            public struct Weight {
                public static let ultraLight = Weight(), thin = Weight(), light = Weight(), regular = Weight()
                public static let medium = Weight(), semibold = Weight(), bold = Weight(), heavy = Weight(), black = Weight()
            }
            public enum Design { case `default`, serif, rounded, monospaced }
            public enum TextStyle {
                case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
            }
            public static func system(size: CGFloat, weight: Weight = .regular, design: Design = .default) -> Font { Font() }
            public static func system(_ style: TextStyle, design: Design = .default) -> Font { Font() }
            @available(*, deprecated, message: "introduced in iOS 16.0, macOS 13.0")
            public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font { Font() }
            public static func custom(_ name: String, size: CGFloat) -> Font { Font() }
            public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: TextStyle) -> Font { Font() }  // iOS 14
            public static func custom(_ name: String, fixedSize: CGFloat) -> Font { Font() }  // iOS 14
            public func weight(_ weight: Weight) -> Font { self }
            public func monospacedDigit() -> Font { self }
        }

        public enum Text {
            public enum Case { case uppercase, lowercase }
        }

        public protocol View {}
        public struct _ModifiedView: View { public init() {} }

        extension View {
            public func font(_ font: Font?) -> _ModifiedView { _ModifiedView() }
            public func foregroundStyle<S: ShapeStyle>(_ style: S) -> _ModifiedView { _ModifiedView() }  // iOS 15
            public func lineSpacing(_ lineSpacing: CGFloat) -> _ModifiedView { _ModifiedView() }
            public func textCase(_ textCase: Text.Case?) -> _ModifiedView { _ModifiedView() }  // iOS 14
            @available(*, deprecated, message: "introduced in iOS 16.0, macOS 13.0")
            public func tracking(_ tracking: CGFloat) -> _ModifiedView { _ModifiedView() }
            public func modifier<M: ViewModifier>(_ modifier: M) -> _ModifiedView { _ModifiedView() }
        }

        @resultBuilder public enum ViewBuilder {
            public static func buildBlock<V: View>(_ content: V) -> V { content }
            public static func buildEither<V: View>(first: V) -> _ModifiedView { _ModifiedView() }
            public static func buildEither<V: View>(second: V) -> _ModifiedView { _ModifiedView() }
            public static func buildLimitedAvailability<V: View>(_ content: V) -> _ModifiedView { _ModifiedView() }
        }

        public protocol ViewModifier {
            associatedtype Body: View
            typealias Content = _ModifiedView
            @ViewBuilder func body(content: Content) -> Body
        }

        @propertyWrapper public struct ScaledMetric<Value: BinaryFloatingPoint> {  // iOS 14
            public var wrappedValue: Value
            public init(wrappedValue: Value, relativeTo textStyle: Font.TextStyle) { self.wrappedValue = wrappedValue }
        }
        """

    static let uiKit = """
        import Foundation

        open class UIColor {
            public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
            public init(dynamicProvider: @escaping (UITraitCollection) -> UIColor) {}  // iOS 13
            public init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {}  // iOS 11
            public class var systemRed: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
            public class var systemOrange: UIColor { systemRed }
            public class var systemYellow: UIColor { systemRed }
            public class var systemGreen: UIColor { systemRed }
            public class var systemMint: UIColor { systemRed }  // iOS 15
            public class var systemTeal: UIColor { systemRed }
            public class var systemCyan: UIColor { systemRed }  // iOS 15
            public class var systemBlue: UIColor { systemRed }
            public class var systemIndigo: UIColor { systemRed }
            public class var systemPurple: UIColor { systemRed }
            public class var systemPink: UIColor { systemRed }
            public class var systemBrown: UIColor { systemRed }
            public class var systemGray: UIColor { systemRed }
            public class var label: UIColor { systemRed }
            public class var secondaryLabel: UIColor { systemRed }
            public class var tertiaryLabel: UIColor { systemRed }
            public class var separator: UIColor { systemRed }
            public class var link: UIColor { systemRed }
        }

        public enum UIUserInterfaceStyle { case unspecified, light, dark }
        public enum UIAccessibilityContrast { case unspecified, normal, high }

        open class UITraitCollection {
            public var userInterfaceStyle: UIUserInterfaceStyle { .light }
            public var accessibilityContrast: UIAccessibilityContrast { .normal }
        }

        open class UIFontDescriptor {
            public struct SystemDesign: Equatable {
                public static let `default` = SystemDesign(), rounded = SystemDesign(), serif = SystemDesign(), monospaced = SystemDesign()
            }
            public func withDesign(_ design: SystemDesign) -> UIFontDescriptor? { self }  // iOS 13
        }

        open class UIFont {
            public struct TextStyle: Hashable {
                public static let largeTitle = TextStyle(), title1 = TextStyle(), title2 = TextStyle(), title3 = TextStyle()
                public static let headline = TextStyle(), subheadline = TextStyle(), body = TextStyle(), callout = TextStyle()
                public static let footnote = TextStyle(), caption1 = TextStyle(), caption2 = TextStyle()
            }
            public struct Weight {
                public static let ultraLight = Weight(), thin = Weight(), light = Weight(), regular = Weight()
                public static let medium = Weight(), semibold = Weight(), bold = Weight(), heavy = Weight(), black = Weight()
            }
            public init?(name fontName: String, size fontSize: CGFloat) {}
            public init(descriptor: UIFontDescriptor, size pointSize: CGFloat) {}
            public class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont { UIFont(descriptor: UIFontDescriptor(), size: fontSize) }
            public class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont { systemFont(ofSize: fontSize, weight: weight) }
            public class func preferredFont(forTextStyle style: TextStyle) -> UIFont { systemFont(ofSize: 17, weight: .regular) }
            public var pointSize: CGFloat { 17 }
            public var fontDescriptor: UIFontDescriptor { UIFontDescriptor() }
        }

        open class UIFontMetrics {  // iOS 11
            public init(forTextStyle textStyle: UIFont.TextStyle) {}
            public func scaledFont(for font: UIFont) -> UIFont { font }
            public func scaledValue(for value: CGFloat) -> CGFloat { value }
        }

        open class NSMutableParagraphStyle {
            public init() {}
            public var minimumLineHeight: CGFloat = 0
            public var maximumLineHeight: CGFloat = 0
        }

        extension NSAttributedString.Key {
            public static let font = NSAttributedString.Key("NSFont")
            public static let kern = NSAttributedString.Key("NSKern")
            public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
        }
        """

    static let appKit = """
        import Foundation

        open class NSAppearance {
            public struct Name: Equatable {
                public static let aqua = Name(), darkAqua = Name()
                public static let accessibilityHighContrastAqua = Name(), accessibilityHighContrastDarkAqua = Name()
            }
            public func bestMatch(from appearances: [Name]) -> Name? { appearances.first }  // macOS 10.14
        }

        open class NSColor {
            public typealias Name = String
            public init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
            public init(name: Name?, dynamicProvider: @escaping (NSAppearance) -> NSColor) {}  // macOS 10.15
            public init?(named name: Name, bundle: Bundle?) {}  // macOS 10.13
            public class var systemRed: NSColor { NSColor(srgbRed: 0, green: 0, blue: 0, alpha: 1) }
            public class var systemOrange: NSColor { systemRed }
            public class var systemYellow: NSColor { systemRed }
            public class var systemGreen: NSColor { systemRed }
            public class var systemMint: NSColor { systemRed }  // macOS 12
            public class var systemTeal: NSColor { systemRed }
            public class var systemCyan: NSColor { systemRed }  // macOS 12
            public class var systemBlue: NSColor { systemRed }
            public class var systemIndigo: NSColor { systemRed }
            public class var systemPurple: NSColor { systemRed }
            public class var systemPink: NSColor { systemRed }
            public class var systemBrown: NSColor { systemRed }
            public class var systemGray: NSColor { systemRed }
            public class var labelColor: NSColor { systemRed }
            public class var secondaryLabelColor: NSColor { systemRed }
            public class var tertiaryLabelColor: NSColor { systemRed }
            public class var separatorColor: NSColor { systemRed }
            public class var linkColor: NSColor { systemRed }
        }
        """
}
