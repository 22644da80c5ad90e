import HairlineDiagnostics

/// The YAML 1.2 core schema's resolution of plain scalars.
///
/// `null`, `Null`, `NULL`, `~` and the empty scalar are null; `true`/`false` in three spellings are booleans;
/// decimal, `0o` octal and `0x` hexadecimal integers are integers; decimals with a fraction or exponent,
/// `.inf` and `.nan` are floats. Everything else, including YAML 1.1's `yes`, `no`, `on` and `off`, is a string.
public enum CoreSchema {
    /// Resolves a plain scalar's text.
    public static func resolve(_ text: String) -> ScalarValue {
        guard let first = text.utf8.first else { return .null }
        // The first byte decides what the scalar can be: a null or a boolean is a word, a number starts with a
        // digit, a sign or a dot (`.inf`), and anything else is a string.
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            if let int = integer(text) { return .int(int) }
            if let float = float(text) { return .float(float) }
            return .string(text)
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"):
            return resolveNull(text) ?? .string(text)
        case UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"):
            return resolveBool(text) ?? .string(text)
        default:
            return .string(text)
        }
    }

    /// Whether a plain scalar of these UTF-8 bytes is certainly a string, told from its first two bytes and its
    /// length alone: not empty, not starting like a number or `~`, and not a word with the first letter, the
    /// length and the second letter of `null`, `true` or `false` in any of their spellings. False means `resolve`
    /// must decide.
    public static func isCertainlyString(plain bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first else { return false }
        let (length, second) = (bytes.count, bytes.count > 1 ? bytes[1] | 0x20 : 0)
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "~"):
            return false
        case UInt8(ascii: "n"), UInt8(ascii: "N"): return !(length == 4 && second == UInt8(ascii: "u"))
        case UInt8(ascii: "t"), UInt8(ascii: "T"): return !(length == 4 && second == UInt8(ascii: "r"))
        case UInt8(ascii: "f"), UInt8(ascii: "F"): return !(length == 5 && second == UInt8(ascii: "a"))
        default: return true
        }
    }

    static func resolveNull(_ text: String) -> ScalarValue? {
        // Told apart by length first, then by the second letter: most words that start like a null or a boolean
        // (`name`, `t0`, `t100`) are not one.
        let utf8 = text.utf8
        guard utf8.count <= 4 else { return nil }
        if utf8.count == 4, utf8[utf8.index(after: utf8.startIndex)] | 0x20 != UInt8(ascii: "u") { return nil }
        return switch text {
        case "", "~", "null", "Null", "NULL": .null
        default: nil
        }
    }

    static func resolveBool(_ text: String) -> ScalarValue? {
        let utf8 = text.utf8
        guard (4...5).contains(utf8.count) else { return nil }
        let second = utf8[utf8.index(after: utf8.startIndex)] | 0x20
        guard second == UInt8(ascii: "r") || second == UInt8(ascii: "a") else { return nil }
        return switch text {
        case "true", "True", "TRUE": .bool(true)
        case "false", "False", "FALSE": .bool(false)
        default: nil
        }
    }

    /// The integer a core-schema integer literal stands for, or nil if it is not one (or overflows).
    public static func integer(_ text: String) -> Int? {
        text.withContiguousUTF8 { integer(utf8: $0, text: text) }
    }

    private static func integer(utf8: UnsafeBufferPointer<UInt8>, text: String) -> Int? {
        guard !utf8.isEmpty else { return nil }
        if utf8.count > 2, utf8[0] == UInt8(ascii: "0") {
            if utf8[1] == UInt8(ascii: "o") {
                let digits = utf8[2...]
                guard digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "7") }) else { return nil }
                return Int(String(decoding: digits, as: UTF8.self), radix: 8)
            }
            if utf8[1] == UInt8(ascii: "x") {
                let digits = utf8[2...]
                guard digits.allSatisfy(isHexDigit) else { return nil }
                return Int(String(decoding: digits, as: UTF8.self), radix: 16)
            }
        }
        var digits = utf8[...]
        if let first = digits.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.allSatisfy(isDecimalDigit) else { return nil }
        return Int(text)
    }

    /// The number a core-schema float literal stands for, or nil if it is not one.
    public static func float(_ text: String) -> Double? {
        // Only the infinities and NaN end in a letter.
        if let last = text.utf8.last, last >= UInt8(ascii: "A") {
            switch text {
            case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
            case "-.inf", "-.Inf", "-.INF": return -.infinity
            case ".nan", ".NaN", ".NAN": return .nan
            default: return nil
            }
        }
        return text.withContiguousUTF8 { float(utf8: $0, text: text) }
    }

    /// [-+]? ( \.[0-9]+ | [0-9]+ ( \.[0-9]* )? ) ( [eE] [-+]? [0-9]+ )?
    private static func float(utf8: UnsafeBufferPointer<UInt8>, text: String) -> Double? {
        var index = 0
        func digitRun() -> Int {
            let start = index
            while index < utf8.count, isDecimalDigit(utf8[index]) { index += 1 }
            return index - start
        }
        if index < utf8.count, utf8[index] == UInt8(ascii: "-") || utf8[index] == UInt8(ascii: "+") { index += 1 }
        let integerDigits = digitRun()
        var fractionDigits = 0
        if index < utf8.count, utf8[index] == UInt8(ascii: ".") {
            index += 1
            fractionDigits = digitRun()
        }
        guard integerDigits > 0 || fractionDigits > 0 else { return nil }
        if index < utf8.count, utf8[index] == UInt8(ascii: "e") || utf8[index] == UInt8(ascii: "E") {
            index += 1
            if index < utf8.count, utf8[index] == UInt8(ascii: "-") || utf8[index] == UInt8(ascii: "+") { index += 1 }
            guard digitRun() > 0 else { return nil }
        }
        guard index == utf8.count else { return nil }
        return Double(text)
    }

    private static func isDecimalDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDecimalDigit(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
    }
}
