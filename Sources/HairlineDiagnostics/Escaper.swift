/// How one output language writes text that must read back as itself: the characters it writes another way, as a
/// table, and a rule for the rest (control characters, mostly). The one loop every escaper runs; each language
/// (HTML, XML, CSS, Markdown, Swift and YAML string literals, GitHub's workflow commands) is an `Escaper` value.
public struct Escaper: Sendable {
    /// What a character is written as, by character.
    let table: [Unicode.Scalar: String]
    /// What any other character is written as; nil: as itself.
    let other: @Sendable (Unicode.Scalar) -> String?
    /// The text before and after (a literal's quotes).
    let open: String
    let close: String
    /// Which ASCII bytes are written another way: ASCII text without one is returned as it is, unread again.
    private let asciiSpecial: [Bool]

    public init(
        _ table: [Unicode.Scalar: String], open: String = "", close: String = "",
        other: @escaping @Sendable (Unicode.Scalar) -> String? = { _ in nil }
    ) {
        (self.table, self.open, self.close, self.other) = (table, open, close, other)
        asciiSpecial = (0..<128).map { byte in
            let scalar = Unicode.Scalar(UInt8(byte))
            return table[scalar] != nil || other(scalar) != nil
        }
    }

    /// The text escaped; text with nothing to escape, the usual case, is returned as it is (with the quotes).
    public func callAsFunction(_ text: String) -> String {
        let plain = text.utf8.allSatisfy { $0 < 0x80 && !asciiSpecial[Int($0)] }
        guard !plain, text.unicodeScalars.contains(where: { table[$0] != nil || other($0) != nil }) else { return open + text + close }
        var out = open
        for scalar in text.unicodeScalars {
            if let written = table[scalar] ?? other(scalar) { out += written } else { out.unicodeScalars.append(scalar) }
        }
        return out + close
    }
}
