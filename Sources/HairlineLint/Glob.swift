/// A glob over segmented names: `*` matches within one segment, `**` any number of whole segments (zero
/// included). Token paths use `.` between segments (`color.metric.*`), file paths `/` (`Examples/**/*.yaml`).
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    public let description: String
    private let segments: [String]
    /// Each segment's bytes when it is plain ASCII (one byte, one character), for matching without building
    /// characters; nil for a segment that is not.
    private let asciiSegments: [[UInt8]?]
    private let separator: Character

    public init(_ pattern: String, separator: Character) {
        description = pattern
        self.separator = separator
        segments = pattern.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
        asciiSegments = segments.map { Self.isPlainASCII($0.utf8) ? Array($0.utf8) : nil }
    }

    /// Whether a name matches the whole glob.
    public func matches(_ name: String) -> Bool {
        // A plain ASCII name (file paths and token paths nearly always are) is matched over its bytes.
        if let separatorByte = separator.asciiValue,
            let matched = name.utf8.withContiguousStorageIfAvailable({ bytes -> Bool? in
                guard Self.isPlainASCII(bytes) else { return nil }
                let parts = bytes.split(separator: separatorByte, omittingEmptySubsequences: false)
                return match(parts) { index, part in
                    // A segment that is not plain ASCII has a character no ASCII text holds.
                    asciiSegments[index].map { Self.wildcardMatch($0, part, star: UInt8(ascii: "*"), any: UInt8(ascii: "?")) } ?? false
                }
            }), let matched
        {
            return matched
        }
        let parts = name.split(separator: separator, omittingEmptySubsequences: false)
        return match(parts) { index, part in
            Self.wildcardMatch(Array(segments[index]), Array(part), star: "*", any: "?")
        }
    }

    /// Whether `parts` match the segments. Each (segment, part) state is tried once, its failure remembered, so
    /// a pattern with many `**` costs segments × parts, not parts to the power of the `**`s.
    private func match<Part>(_ parts: [Part], _ segment: (Int, Part) -> Bool) -> Bool {
        var failed = Set<Int>()
        func attempt(_ index: Int, _ offset: Int) -> Bool {
            guard index < segments.count else { return offset == parts.count }
            let state = index * (parts.count + 1) + offset
            if failed.contains(state) { return false }
            let matched: Bool
            if segments[index] == "**" {
                matched = (offset...parts.count).contains { attempt(index + 1, $0) }
            } else {
                matched = offset < parts.count && segment(index, parts[offset]) && attempt(index + 1, offset + 1)
            }
            if !matched { failed.insert(state) }
            return matched
        }
        return attempt(0, 0)
    }

    /// ASCII without a carriage return (`\r\n` is one character, two bytes).
    private static func isPlainASCII<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        bytes.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\r") }
    }

    /// `*` and `?` within one segment.
    private static func wildcardMatch<Pattern: RandomAccessCollection<Element>, Text: RandomAccessCollection<Element>, Element: Equatable>(
        _ pattern: Pattern, _ text: Text, star: Element, any: Element
    ) -> Bool where Pattern.Index == Int, Text.Index == Int {
        var p = 0
        var t = 0
        var starAt: Int?
        var resume = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == any || pattern[p] == text[text.startIndex + t] {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == star {
                starAt = p
                resume = t
                p += 1
            } else if let starIndex = starAt {
                p = starIndex + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == star { p += 1 }
        return p == pattern.count
    }
}
