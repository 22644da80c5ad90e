import HairlineDiagnostics

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
        guard let bytes = Self.bytes(hex: hex) else { return nil }
        self.init(
            red: Double(bytes.red) / 255, green: Double(bytes.green) / 255, blue: Double(bytes.blue) / 255,
            alpha: Double(bytes.alpha) / 255)
    }

    /// The 8-bit channels of `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (either case); alpha 255 when not given.
    public static func bytes(hex: String) -> (red: Int, green: Int, blue: Int, alpha: Int)? {
        // Over the contiguous UTF-8 bytes.
        hex.withContiguousUTF8(bytes(hex:))
    }

    /// A colour's channels from the bytes of `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA`.
    private static func bytes(hex utf8: UnsafeBufferPointer<UInt8>) -> (red: Int, green: Int, blue: Int, alpha: Int)? {
        guard utf8.first == UInt8(ascii: "#") else { return nil }
        let digits = utf8.count - 1
        guard digits == 3 || digits == 4 || digits == 6 || digits == 8 else { return nil }
        // Each channel's two digits; a short form's digit stands for both.
        let short = digits <= 4
        var channels = (0, 0, 0, 255)
        for index in 0..<(short ? digits : digits / 2) {
            let channel: Int
            if short {
                guard let value = nibble(utf8[1 + index]) else { return nil }
                channel = value * 17
            } else {
                guard let high = nibble(utf8[1 + 2 * index]), let low = nibble(utf8[2 + 2 * index]) else { return nil }
                channel = high * 16 + low
            }
            switch index {
            case 0: channels.0 = channel
            case 1: channels.1 = channel
            case 2: channels.2 = channel
            default: channels.3 = channel
            }
        }
        return channels
    }

    private static func nibble(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    /// The resolved form of a `#RRGGBB` or `#RRGGBBAA` string without decoding its channels: uppercased, and an
    /// alpha of FF dropped. Nil for any other form (which then goes through `init(hex:)`).
    public static func normalisedHex(_ text: String) -> String? {
        text.withContiguousUTF8(normalisedHex)
    }

    /// The same, of UTF-8 bytes: a string's, or a scalar's as libyaml read them. The digits are checked, then
    /// copied into the string's own bytes, lower-case ones raised (nine bytes at most: a small string, never
    /// allocated).
    static func normalisedHex(_ utf8: UnsafeBufferPointer<UInt8>) -> String? {
        guard utf8.count == 7 || utf8.count == 9, utf8[0] == UInt8(ascii: "#") else { return nil }
        for index in 1..<utf8.count where nibble(utf8[index]) == nil { return nil }
        let count = utf8.count == 9 && utf8[7] | 0x20 == UInt8(ascii: "f") && utf8[8] | 0x20 == UInt8(ascii: "f") ? 7 : utf8.count
        return String(unsafeUninitializedCapacity: count) { bytes in
            bytes[0] = UInt8(ascii: "#")
            for index in 1..<count {
                // A hex digit at or above `a` is one of `a` to `f`.
                let byte = utf8[index]
                bytes[index] = byte >= UInt8(ascii: "a") ? byte - 0x20 : byte
            }
            return count
        }
    }

    /// The upper-case hex digits, by value.
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// A channel's byte: `Int((x × 255).rounded())`, ties away from zero.
    public static func byte(_ channel: Double) -> Int {
        Int((channel * 255).rounded())
    }

    /// The colour as CSS writes it, for the pages Hairline draws: `rgba(17,17,20,0.5)`, alpha to a thousandth.
    public var css: String {
        let bytes = [red, green, blue].map(Self.byte)
        return "rgba(\(bytes[0]),\(bytes[1]),\(bytes[2]),\(JSONText.number((alpha * 1000).rounded() / 1000)))"
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when alpha is below 1, uppercase.
    public var hex: String {
        let digits = Self.hexDigits
        var bytes: [UInt8] = [UInt8(ascii: "#")]
        bytes.reserveCapacity(9)
        var channels = [red, green, blue].map(Self.byte)
        let alphaByte = Self.byte(alpha)
        if alphaByte < 255 { channels.append(alphaByte) }
        for channel in channels {
            bytes.append(digits[channel >> 4])
            bytes.append(digits[channel & 0xF])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The WCAG 2 relative luminance.
    public var relativeLuminance: Double {
        func linear(_ channel: Double) -> Double {
            channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The colour in OKLCH: lightness 0–1, chroma from 0 (a grey) up to about 0.37 in sRGB, hue in degrees
    /// (0 up to 360; meaningless, and 0, for a grey). Alpha is left out.
    public var oklch: (lightness: Double, chroma: Double, hue: Double) {
        func linear(_ channel: Double) -> Double {
            channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        let (r, g, b) = (linear(red), linear(green), linear(blue))
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        let lightness = 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s
        let a = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s
        let bb = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
        let chroma = (a * a + bb * bb).squareRoot()
        var hue = chroma < 1e-6 ? 0 : atan2(bb, a) * 180 / .pi
        if hue < 0 { hue += 360 }
        return (lightness, chroma, hue)
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
