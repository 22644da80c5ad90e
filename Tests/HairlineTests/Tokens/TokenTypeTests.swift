import HairlineTokens
import Testing

/// Every type's authoring forms and their resolved JSON, and invalid values with exact messages and positions.
@Suite("Token types")
struct TokenTypeTests {
    /// (type, value as written in YAML, resolved JSON)
    static let valid: [(String, String, String)] = [
        ("dimension", "16", "16"),
        ("dimension", "0.5", "0.5"),
        ("dimension", "-4", "-4"),
        ("dimension", "\"16pt\"", "16"),
        ("dimension", "\"16px\"", "16"),
        ("dimension", "12.5pt", "12.5"),
        ("dimension", "{value: 16, unit: px}", "16"),
        ("dimension", "{value: 20, unit: pt}", "20"),
        ("dimension", "{value: 1.5, unit: rem}", "24"),
        ("dimension", "\"0.5rem\"", "8"),
        ("color", "{colorSpace: a98-rgb, components: [1, 0, 0]}", "\"#FF0000\""),
        ("color", "{colorSpace: rec2020, components: [1, 1, 1]}", "\"#FFFFFF\""),
        ("color", "{colorSpace: prophoto-rgb, components: [0, 0, 0]}", "\"#000000\""),
        ("color", "{colorSpace: xyz-d50, components: [0.9642956764295677, 1, 0.8251046025104602]}", "\"#FFFFFF\""),
        ("dimension", "capsule", "\"capsule\""),
        ("color", "\"#abc\"", "\"#AABBCC\""),
        ("color", "\"#F3F6FB\"", "\"#F3F6FB\""),
        ("color", "\"#32ADE661\"", "\"#32ADE661\""),
        ("color", "\"#32ADE6FF\"", "\"#32ADE6\""),
        ("color", "{colorSpace: srgb, components: [1, 0.5, 0], alpha: 0.5}", "\"#FF800080\""),
        ("color", "{colorSpace: srgb, components: [0, 0.4, 0.8], hex: \"#000000\"}", "\"#0066CC\""),
        ("color", "{system: systemTeal, fallback: \"#30B0C7\"}", "\"#30B0C7\""),
        ("color", "{colorSpace: hsl, components: [120, 100, 25]}", "\"#008000\""),
        ("color", "{colorSpace: oklch, components: [0.627955, 0.257683, 29.2339]}", "\"#FF0000\""),
        ("color", "{colorSpace: display-p3, components: [1, 0, 0]}", "\"#FF0000\""),
        // Linear 0.21404 encodes to 0.4999988 (computed independently): 127.4997 rounds to 127, 0x7F.
        ("color", "{colorSpace: srgb-linear, components: [0.21404, 0.21404, 0.21404]}", "\"#7F7F7F\""),
        ("number", "0.35", "0.35"),
        ("number", "3", "3"),
        ("string", "chevron.right", "\"chevron.right\""),
        ("fontFamily", "SF Pro", "[\"SF Pro\"]"),
        ("fontFamily", "[SF Pro Rounded, system-ui]", "[\"SF Pro Rounded\", \"system-ui\"]"),
        ("fontWeight", "500", "500"),
        ("fontWeight", "semi-bold", "600"),
        ("fontWeight", "regular", "400"),
        ("fontWeight", "extra-black", "950"),
        ("duration", "280ms", "280"),
        ("duration", "0.28s", "280"),
        ("duration", "{value: 1.5, unit: s}", "1500"),
        ("cubicBezier", "[0.2, 0, 0, 1]", "[0.2, 0, 0, 1]"),
        ("cubicBezier", "[0.34, 1.56, 0.64, 1]", "[0.34, 1.56, 0.64, 1]"),
        ("typography", "{fontSize: 34, fontWeight: 500, lineHeight: 1.2, fontFamily: SF Pro}",
         "{\"fontFamily\": [\"SF Pro\"], \"fontSize\": 34, \"fontWeight\": 500, \"lineHeight\": 1.2}"),
        ("typography", "{textStyle: caption2, design: rounded, monospacedDigits: true, textCase: uppercase, letterSpacing: 0.5pt}",
         "{\"letterSpacing\": 0.5, \"textStyle\": \"caption2\", \"design\": \"rounded\", \"monospacedDigits\": true, \"textCase\": \"uppercase\"}"),
        ("shadow", "{color: \"#00000033\", offsetX: 0, offsetY: 2px, blur: 8, spread: 0}",
         "{\"color\": \"#00000033\", \"offsetX\": 0, \"offsetY\": 2, \"blur\": 8, \"spread\": 0}"),
        ("shadow", "[{color: \"#000\", offsetX: 0, offsetY: 1, blur: 2, spread: 0, inset: true}]",
         "[{\"color\": \"#000000\", \"offsetX\": 0, \"offsetY\": 1, \"blur\": 2, \"spread\": 0, \"inset\": true}]"),
        ("gradient", "[{color: \"#32ADE661\", position: 0}, {color: \"#32ADE600\", position: 1}]",
         "[{\"color\": \"#32ADE661\", \"position\": 0}, {\"color\": \"#32ADE600\", \"position\": 1}]"),
        ("border", "{color: \"#111114\", width: 0.5, style: solid}",
         "{\"color\": \"#111114\", \"width\": 0.5, \"style\": \"solid\"}"),
        ("strokeStyle", "{dashArray: [3, 3], lineCap: round}", "{\"dashArray\": [3, 3], \"lineCap\": \"round\"}"),
        ("transition", "{duration: 280ms, delay: 0ms, timingFunction: [0.2, 0, 0, 1]}",
         "{\"duration\": 280, \"delay\": 0, \"timingFunction\": [0.2, 0, 0, 1]}"),
    ]

    @Test(arguments: valid)
    func validValue(_ type: String, _ written: String, _ resolved: String) throws {
        let text = "group:\n  $type: \(type)\n  token:\n    $value: \(written)\n"
        #expect(try TokenHelpers.value(text, "group.token") == resolved)
    }

    /// (type, value as written, the error at line 4 — `col: message`)
    static let invalid: [(String, String, String)] = [
        ("dimension", "16em", "13: invalid dimension: '16em': expected a number of points: 16, \"16pt\", \"16px\", {value: 16, unit: px} or capsule"),
        ("dimension", "{value: 1, unit: em}", "30: invalid dimension: unit 'em' is not one of pt, px, rem"),
        ("dimension", "{value: 1, units: px}", "24: invalid dimension: unknown field 'units'; expected unit, value"),
        ("dimension", "[1]", "13: invalid dimension: expected a number of points: 16, \"16pt\", \"16px\", {value: 16, unit: px} or capsule; found a list"),
        ("dimension", ".inf", "13: invalid dimension: .inf is not a finite number"),
        ("color", "\"#12345\"", "13: invalid color: '#12345' is not a colour: expected #RGB, #RRGGBB or #RRGGBBAA"),
        ("color", "{colorSpace: cmyk, components: [0, 0, 0]}", "26: invalid color: colour space 'cmyk' is not supported; use one of srgb, srgb-linear, hsl, hwb, display-p3, a98-rgb, prophoto-rgb, rec2020, oklab, oklch, lab, lch, xyz-d65, xyz-d50, xyz"),
        ("color", "{colorSpace: srgb, components: [0, 0]}", "44: invalid color: 'components' must be a list of three numbers"),
        ("color", "{colorSpace: srgb, components: [0, 0, 0], alpha: 2}", "62: invalid color: alpha 2 is not between 0 and 1"),
        ("color", "{system: systemTeal}", "13: invalid color: a system colour needs a 'fallback' for platforms without it"),
        ("color", "{colorSpace: srgb, components: [1.2, 0, 0]}", "44: invalid color: red 1.2 is out of range (0–1) in srgb"),
        ("color", "{colorSpace: hsl, components: [360, 50, 50]}", "43: invalid color: hue 360 is out of range (0–360, exclusive) in hsl"),
        ("color", "{colorSpace: oklch, components: [0.5, -0.1, 20]}", "45: invalid color: chroma -0.1 is out of range (0–inf) in oklch"),
        ("color", "{colorSpace: srgb, components: [1, 0, 0], hex: \"#ff000080\"}", "60: invalid color: 'hex' is a #RRGGBB fallback (six hex digits, no alpha)"),
        ("shadow", "{color: \"#000\", offsetX: 0, offsetY: 1, blur: 2}", "13: invalid shadow: missing 'spread'"),
        ("number", "\"0.5\"", "13: invalid number: expected a number, found a string"),
        ("string", "12", "13: invalid string: expected a string, found a number"),
        ("fontWeight", "1200", "13: invalid fontWeight: 1200 is not between 1 and 1000"),
        ("fontWeight", "heavyish", "13: invalid fontWeight: 'heavyish' is not a weight name (thin, light, regular, medium, semi-bold, bold, …)"),
        ("duration", "280", "13: invalid duration: expected \"280ms\", \"0.28s\" or {value: 280, unit: ms}; found a number"),
        ("cubicBezier", "[1.2, 0, 0, 1]", "14: invalid cubicBezier: x1 = 1.2 is not between 0 and 1"),
        ("cubicBezier", "[0, 0, 1]", "13: invalid cubicBezier: expected [x1, y1, x2, y2]"),
        ("typography", "{fontWeight: 500}", "13: invalid typography: needs a fontSize or a textStyle"),
        ("typography", "{textStyle: huge}", "25: invalid typography: textStyle is one of largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote, caption, caption2"),
        ("typography", "{fontSize: 12, colour: red}", "28: invalid typography: unknown field 'colour'; expected design, fontFamily, fontSize, fontWeight, letterSpacing, lineHeight, monospacedDigits, textCase, textStyle"),
        ("shadow", "{color: \"#000\", offsetX: 0, offsetY: 1}", "13: invalid shadow: missing 'blur'"),
        ("gradient", "[{color: \"#000\", position: 2}]", "40: invalid gradient: position 2 is not between 0 and 1"),
        ("strokeStyle", "wavy", "13: invalid strokeStyle: 'wavy' is not one of solid, dashed, dotted, double, groove, ridge, outset, inset"),
    ]

    @Test(arguments: invalid)
    func invalidValue(_ type: String, _ written: String, _ expected: String) {
        let text = "group:\n  $type: \(type)\n  token:\n    $value: \(written)\n"
        #expect(TokenHelpers.errors(text) == ["4:\(expected) [token-value]"])
    }

    /// `#RRGGBB` and `#RRGGBBAA` in any case come out upper-case, an alpha of FF dropped, as the text's own
    /// upper-casing gives them; anything else (a byte that is not a hex digit, another length, no `#`) is nil.
    @Test func hexColoursAreNormalisedAsUpperCasingGivesThem() {
        let digits = Array("0123456789abcdefABCDEF")
        let others = Array("gG-x #:é")
        var generator = SystemRandomNumberGenerator()
        for trial in 0..<4_000 {
            let length = [6, 8, 8, 3, 5, 7][trial % 6]
            var body = (0..<length).map { _ in digits.randomElement(using: &generator)! }
            if trial % 9 == 8, length == 8 { body[6...7] = ["f", "F"] }
            let spoilt = trial % 5 == 4
            if spoilt { body[Int.random(in: 0..<length, using: &generator)] = others.randomElement(using: &generator)! }
            let text = "#" + String(body)
            var expected: String? = nil
            if !spoilt, length == 6 || length == 8 {
                let upper = text.uppercased()
                expected = length == 8 && upper.hasSuffix("FF") ? String(upper.dropLast(2)) : upper
            }
            #expect(RGBA.normalisedHex(text) == expected, "\(text)")
        }
        #expect(RGBA.normalisedHex("abcdef1") == nil)
        #expect(RGBA.normalisedHex("#12345afF") == "#12345A")
    }

    @Test func channelBytesRoundHalfAwayFromZero() {
        // 0.5 × 255 = 127.5 rounds up to 128 (0x80); 0.3 × 255 = 76.5 to 77 (0x4D).
        #expect(RGBA(red: 0.5, green: 0.3, blue: 0, alpha: 0.5).hex == "#804D0080")
        #expect(RGBA.byte(0.38) == 97)
    }
}
