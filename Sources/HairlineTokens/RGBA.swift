/// An sRGB colour with alpha, each channel 0–1, and its `#RRGGBB[AA]` form.
public struct RGBA: Sendable, Hashable {
    public let red: Double
    public let green: Double
    public let blue: Double
    public let alpha: Double

    /// Creates a colour; channels are clamped to 0–1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = min(1, max(0, red))
        self.green = min(1, max(0, green))
        self.blue = min(1, max(0, blue))
        self.alpha = min(1, max(0, alpha))
    }

    /// Parses `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (either case).
    public init?(hex: String) {
        guard hex.first == "#" else { return nil }
        var digits = Array(hex.dropFirst())
        guard [3, 4, 6, 8].contains(digits.count), digits.allSatisfy(\.isHexDigit) else { return nil }
        if digits.count <= 4 { digits = digits.flatMap { [$0, $0] } }
        var bytes: [Double] = []
        var index = 0
        while index < digits.count {
            bytes.append(Double(Int(String(digits[index..<index + 2]), radix: 16) ?? 0) / 255)
            index += 2
        }
        self.init(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 1)
    }

    /// A channel's byte: `Int((x × 255).rounded())`, ties away from zero.
    public static func byte(_ channel: Double) -> Int {
        Int((channel * 255).rounded())
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when alpha is below 1, uppercase.
    public var hex: String {
        var bytes = [red, green, blue].map(Self.byte)
        let alphaByte = Self.byte(alpha)
        if alphaByte < 255 { bytes.append(alphaByte) }
        return "#" + bytes.map { byte in
            let text = String(byte, radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }.joined()
    }

    /// The WCAG 2 relative luminance.
    public var relativeLuminance: Double {
        func linear(_ channel: Double) -> Double {
            channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// This colour composited over an opaque background.
    public func over(_ background: RGBA) -> RGBA {
        RGBA(
            red: red * alpha + background.red * (1 - alpha),
            green: green * alpha + background.green * (1 - alpha),
            blue: blue * alpha + background.blue * (1 - alpha),
            alpha: 1)
    }
}

import Foundation
