import HairlineDiagnostics
import HairlineTokens

/// How token and group names become Swift identifiers (docs/tokens.md, "Swift names").
///
/// Words are split at anything that is not a letter or digit (`card-padding`, `card_padding` and
/// `card padding` are all `cardPadding`); groups become UpperCamelCase namespaces and tokens lowerCamelCase
/// constants. What Swift cannot read bare is written in backticks, never renamed: a keyword (`default` →
/// `` `default` ``, `self`, `init`), a name starting with a digit (`4` → `` `4` ``, a raw identifier of Swift 6.2),
/// the groups `Self` and `Any`. Two names have no spelling at all and get a trailing underscore: the groups `Type`
/// and `Protocol` (`` Tokens.`Type` `` is still the metatype), and so do the names the file writes unqualified
/// (`Swift`, `CGFloat`, `Sendable`, …), which a namespace would shadow. A name with no letter or digit is its code
/// points (`_` → `_5F`).
public enum SwiftNames {
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "inout", "internal",
        "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as",
        "false", "is", "nil", "super", "throws", "true", "try", "await", "async", "some", "any", "consume", "borrowing",
        "consuming", "copy", "discard", "each", "macro", "package", "nonisolated",
    ]
    /// Names that are members only in backticks.
    static let backtickedNames: Set<String> = ["self", "init", "Self", "Any"]
    /// Group names Swift reads as the metatype even in backticks.
    static let metatypeNames: Set<String> = ["Type", "Protocol"]
    /// The names the generated file itself writes unqualified (modules, and the types it conforms to or converts
    /// to): a namespace or group of one of these names would shadow them, so it gets a trailing underscore too.
    static let shadowingTypeNames: Set<String> = [
        "Swift", "Foundation", "SwiftUI", "UIKit", "AppKit", "CoreGraphics", "CGFloat", "Sendable", "Hashable", "CaseIterable",
        "Equatable", "Codable",
    ]

    /// The words of a name.
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in name {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    private static func capitalised(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    /// `identifier` as source: in backticks where Swift would not read it bare.
    private static func spelled(_ identifier: String) -> String {
        guard let first = identifier.first else { return "_0" }
        if first.isNumber || keywords.contains(identifier) || backtickedNames.contains(identifier) { return "`\(identifier)`" }
        return identifier
    }

    /// A group's namespace name: UpperCamelCase.
    public static func typeName(_ name: String) -> String {
        let identifier = words(name).map(capitalised).joined()
        return metatypeNames.contains(identifier) || shadowingTypeNames.contains(identifier) ? identifier + "_" : spelled(identifier)
    }

    /// Whether a name is already a lowerCamelCase identifier (ASCII letters and digits, starting lowercase), and
    /// whether it is lower-case letters alone: one pass over its bytes, as every token's name is looked at.
    private static func plainness(_ name: String) -> (isLowerCamel: Bool, isLowercaseLetters: Bool) {
        func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> (isLowerCamel: Bool, isLowercaseLetters: Bool) {
            let lowercase = UInt8(ascii: "a")...UInt8(ascii: "z")
            guard let first = bytes.first, lowercase.contains(first) else { return (false, false) }
            var lettersOnly = true
            for byte in bytes where !lowercase.contains(byte) {
                guard (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                else { return (false, false) }
                lettersOnly = false
            }
            return (true, lettersOnly)
        }
        return name.withContiguousUTF8(scan)
    }

    /// A type named by a namespace (as `typeName` spells it) and a suffix: `BlackBelt` + `Color` is `BlackBeltColor`,
    /// `` `3DKit` `` + `Color` is `` `3DKitColor` ``.
    public static func prefixed(_ namespace: String, _ suffix: String) -> String {
        namespace.hasPrefix("`") ? "\(namespace.dropLast())\(suffix)`" : namespace + suffix
    }

    /// A token's constant name: lowerCamelCase, a keyword in backticks.
    public static func memberName(_ name: String) -> String {
        let plainness = plainness(name)
        if plainness.isLowerCamel {
            // Every keyword, `self` and `init` are lower-case letters alone: a name with a digit or a capital is
            // none of them, and is not looked up.
            return plainness.isLowercaseLetters ? spelled(name) : name
        }
        let parts = words(name)
        // A name with no letter or digit (`_`, `-`) is its characters' code points: `_` alone is no identifier.
        guard let head = parts.first else { return "_" + name.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: "_") }
        let joined = head.prefix(1).lowercased() + head.dropFirst() + parts.dropFirst().map(capitalised).joined()
        return spelled(joined)
    }

    /// A token name as an argument label: like `memberName`, but a keyword needs no backticks there (except
    /// `inout`, `var` and `let`); a raw identifier keeps them.
    public static func argumentLabel(_ name: String) -> String {
        let member = memberName(name)
        guard member.hasPrefix("`") else { return member }
        let bare = String(member.dropFirst().dropLast())
        return keywords.subtracting(["inout", "var", "let"]).contains(bare) ? bare : member
    }

    /// Text for a `//` or `///` comment: every line break (LF, CR, NEL, LS, PS, vertical tab, form feed) a space,
    /// so that nothing after one reads as code.
    public static func commentText(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { isLineBreak($0) ? " " : $0 }))
    }

    /// A comment's lines: the text split at every line break `commentText` takes out.
    public static func commentLines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0.unicodeScalars.contains(where: isLineBreak) })
    }

    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Writes `stringLiteral(text)` into `out`; most text has nothing to escape and is written whole.
    public static func writeStringLiteral(_ text: String, to out: inout TextBuffer) {
        let plain = text.withContiguousUTF8 { bytes in
            !bytes.contains { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        }
        guard plain else { return out.write(stringLiteral(text)) }
        out.write("\"")
        out.write(text)
        out.write("\"")
    }

    /// A Swift string literal.
    public static func stringLiteral(_ text: String) -> String { stringEscaper(text) }

    private static let stringEscaper = Escaper(["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"], open: "\"", close: "\"") { scalar in
        scalar.value < 0x20 || scalar.value == 0x7F ? "\\u{\(String(scalar.value, radix: 16))}" : nil
    }
}
