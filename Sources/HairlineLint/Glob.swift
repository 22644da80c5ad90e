/// A glob over segmented names: `*` matches within one segment, `**` any number of whole segments (zero
/// included). Token paths use `.` between segments (`color.metric.*`), file paths `/` (`Examples/**/*.yaml`).
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    public let description: String
    private let segments: [String]
    private let separator: Character

    public init(_ pattern: String, separator: Character) {
        description = pattern
        self.separator = separator
        segments = pattern.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
    }

    /// Whether a name matches the whole glob.
    public func matches(_ name: String) -> Bool {
        let parts = name.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
        return Self.match(segments[...], parts[...])
    }

    private static func match(_ pattern: ArraySlice<String>, _ parts: ArraySlice<String>) -> Bool {
        guard let head = pattern.first else { return parts.isEmpty }
        if head == "**" {
            let rest = pattern.dropFirst()
            var remaining = parts
            while true {
                if match(rest, remaining) { return true }
                guard !remaining.isEmpty else { return false }
                remaining = remaining.dropFirst()
            }
        }
        guard let part = parts.first, segment(Array(head), Array(part)) else { return false }
        return match(pattern.dropFirst(), parts.dropFirst())
    }

    /// `*` and `?` within one segment.
    private static func segment(_ pattern: [Character], _ text: [Character]) -> Bool {
        var p = 0
        var t = 0
        var star: Int?
        var resume = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                resume = t
                p += 1
            } else if let starIndex = star {
                p = starIndex + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
