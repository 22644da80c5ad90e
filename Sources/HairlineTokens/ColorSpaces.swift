import Foundation

/// Converts DTCG colour spaces to sRGB components (0–1, unclamped until the colour is built).
public enum ColorSpaces {
    /// The colour spaces Hairline converts.
    public static let supported = [
        "srgb", "srgb-linear", "hsl", "hwb", "display-p3", "a98-rgb", "prophoto-rgb", "rec2020", "oklab", "oklch", "lab",
        "lch", "xyz-d65", "xyz-d50", "xyz",
    ]

    /// Why components are out of their colour space's range (CSS Color 4, as DTCG 2025.10 uses it), or nil.
    public static func rangeProblem(space: String, _ c: [Double]) -> String? {
        func within(_ index: Int, _ low: Double, _ high: Double, open: Bool = false, _ name: String) -> String? {
            let value = c[index]
            let ok = value >= low && (open ? value < high : value <= high)
            return ok ? nil : "\(name) \(JSONText.number(value)) is out of range (\(JSONText.number(low))–\(JSONText.number(high))\(open ? ", exclusive" : ""))"
        }
        switch space {
        case "srgb", "srgb-linear", "display-p3", "a98-rgb", "prophoto-rgb", "rec2020":
            for index in 0..<3 { if let problem = within(index, 0, 1, ["red", "green", "blue"][index]) { return problem } }
            return nil
        case "hsl":
            return within(0, 0, 360, open: true, "hue") ?? within(1, 0, 100, "saturation") ?? within(2, 0, 100, "lightness")
        case "hwb":
            return within(0, 0, 360, open: true, "hue") ?? within(1, 0, 100, "whiteness") ?? within(2, 0, 100, "blackness")
        case "lab": return within(0, 0, 100, "lightness")
        case "lch": return within(0, 0, 100, "lightness") ?? within(1, 0, .infinity, "chroma") ?? within(2, 0, 360, open: true, "hue")
        case "oklab": return within(0, 0, 1, "lightness")
        case "oklch": return within(0, 0, 1, "lightness") ?? within(1, 0, .infinity, "chroma") ?? within(2, 0, 360, open: true, "hue")
        default: return nil
        }
    }

    /// The sRGB components of a colour given in `space`, or nil for a space Hairline does not convert.
    public static func toSRGB(space: String, _ c: [Double]) -> [Double]? {
        switch space {
        case "srgb": return c
        case "srgb-linear": return c.map(encode)
        case "hsl": return hsl(c[0], c[1] / 100, c[2] / 100)
        case "hwb": return hwb(c[0], c[1] / 100, c[2] / 100)
        case "display-p3": return fromXYZ(multiply(p3ToXYZ, c.map(decode))).map(encode)
        case "xyz-d65", "xyz": return fromXYZ(c).map(encode)
        case "xyz-d50": return fromXYZ(multiply(d50ToD65, c)).map(encode)
        case "a98-rgb":
            let linear = c.map { x in (x < 0 ? -1 : 1) * pow(abs(x), 563.0 / 256) }
            return fromXYZ(multiply(a98ToXYZ, linear)).map(encode)
        case "prophoto-rgb":
            let linear = c.map { x in abs(x) <= 16.0 / 512 ? x / 16 : (x < 0 ? -1 : 1) * pow(abs(x), 1.8) }
            return fromXYZ(multiply(d50ToD65, multiply(prophotoToXYZD50, linear))).map(encode)
        case "rec2020":
            let alpha = 1.09929682680944
            let beta = 0.018053968510807
            let linear = c.map { x in abs(x) < beta * 4.5 ? x / 4.5 : (x < 0 ? -1 : 1) * pow((abs(x) + alpha - 1) / alpha, 1 / 0.45) }
            return fromXYZ(multiply(rec2020ToXYZ, linear)).map(encode)
        case "oklab": return oklabToSRGB(c[0], c[1], c[2])
        case "oklch":
            let hue = c[2] * .pi / 180
            return oklabToSRGB(c[0], c[1] * cos(hue), c[1] * sin(hue))
        case "lab": return labToSRGB(c[0], c[1], c[2])
        case "lch":
            let hue = c[2] * .pi / 180
            return labToSRGB(c[0], c[1] * cos(hue), c[1] * sin(hue))
        default: return nil
        }
    }

    /// The sRGB transfer function: linear light to encoded.
    static func encode(_ x: Double) -> Double {
        let sign: Double = x < 0 ? -1 : 1
        let a = abs(x)
        return a <= 0.0031308 ? 12.92 * x : sign * (1.055 * pow(a, 1 / 2.4) - 0.055)
    }

    /// The sRGB transfer function inverted: encoded to linear light.
    static func decode(_ x: Double) -> Double {
        let sign: Double = x < 0 ? -1 : 1
        let a = abs(x)
        return a <= 0.04045 ? x / 12.92 : sign * pow((a + 0.055) / 1.055, 2.4)
    }

    static func multiply(_ m: [[Double]], _ v: [Double]) -> [Double] {
        m.map { row in row[0] * v[0] + row[1] * v[1] + row[2] * v[2] }
    }

    // Matrices from CSS Color 4 (D65 white).
    static let p3ToXYZ: [[Double]] = [
        [0.4865709486482162, 0.26566769316909306, 0.1982172852343625],
        [0.2289745640697488, 0.6917385218365064, 0.079286914093745],
        [0.0, 0.04511338185890264, 1.043944368900976],
    ]
    static let xyzToLinearSRGB: [[Double]] = [
        [3.2409699419045226, -1.537383177570094, -0.4986107602930034],
        [-0.9692436362808796, 1.8759675015077202, 0.04155505740717559],
        [0.05563007969699366, -0.20397695888897652, 1.0569715142428786],
    ]

    static func fromXYZ(_ xyz: [Double]) -> [Double] { multiply(xyzToLinearSRGB, xyz) }

    static let a98ToXYZ: [[Double]] = [
        [0.5766690429101305, 0.1855582379065463, 0.1882286462349947],
        [0.29734497525053605, 0.6273635662554661, 0.07529145849399788],
        [0.02703136138641234, 0.07068885253582723, 0.9913375368376388],
    ]
    static let prophotoToXYZD50: [[Double]] = [
        [0.7977604896723027, 0.13518583717574031, 0.0313493495815248],
        [0.2880711282292934, 0.7118432178101014, 0.00008565396060525902],
        [0.0, 0.0, 0.8251046025104601],
    ]
    static let rec2020ToXYZ: [[Double]] = [
        [0.6369580483012914, 0.14461690358620832, 0.1688809751641721],
        [0.2627002120112671, 0.6779980715188708, 0.05930171646986196],
        [0.0, 0.028072693049087428, 1.060985057710791],
    ]
    /// Bradford chromatic adaptation from D50 to D65.
    static let d50ToD65: [[Double]] = [
        [0.955473421488075, -0.02309845494876471, 0.06325924320057072],
        [-0.0283697093338637, 1.0099953980813041, 0.021041441191917323],
        [0.012314014864481998, -0.020507649298898964, 1.330365926242124],
    ]

    static func hsl(_ hue: Double, _ saturation: Double, _ lightness: Double) -> [Double] {
        func f(_ n: Double) -> Double {
            let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
            let a = saturation * min(lightness, 1 - lightness)
            return lightness - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return [f(0), f(8), f(4)]
    }

    static func hwb(_ hue: Double, _ white: Double, _ black: Double) -> [Double] {
        if white + black >= 1 {
            let gray = white / (white + black)
            return [gray, gray, gray]
        }
        return hsl(hue, 1, 0.5).map { $0 * (1 - white - black) + white }
    }

    static func oklabToSRGB(_ l: Double, _ a: Double, _ b: Double) -> [Double] {
        let l_ = l + 0.3963377774 * a + 0.2158037573 * b
        let m_ = l - 0.1055613458 * a - 0.0638541728 * b
        let s_ = l - 0.0894841775 * a - 1.2914855480 * b
        let (lc, mc, sc) = (l_ * l_ * l_, m_ * m_ * m_, s_ * s_ * s_)
        return [
            4.0767416621 * lc - 3.3077115913 * mc + 0.2309699292 * sc,
            -1.2684380046 * lc + 2.6097574011 * mc - 0.3413193965 * sc,
            -0.0041960863 * lc - 0.7034186147 * mc + 1.7076147010 * sc,
        ].map(encode)
    }

    static func labToSRGB(_ l: Double, _ a: Double, _ b: Double) -> [Double] {
        // CIE Lab (D50) to XYZ D50, then Bradford-adapted to D65.
        let kappa = 24389.0 / 27
        let epsilon = 216.0 / 24389
        let fy = (l + 16) / 116
        let fx = a / 500 + fy
        let fz = fy - b / 200
        let x = pow(fx, 3) > epsilon ? pow(fx, 3) : (116 * fx - 16) / kappa
        let y = l > kappa * epsilon ? pow(fy, 3) : l / kappa
        let z = pow(fz, 3) > epsilon ? pow(fz, 3) : (116 * fz - 16) / kappa
        let d50 = [x * 0.3457 / 0.3585, y, z * (1 - 0.3457 - 0.3585) / 0.3585]
        return fromXYZ(multiply(d50ToD65, d50)).map(encode)
    }
}
