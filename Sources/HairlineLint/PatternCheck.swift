import Foundation
import HairlineTokens
import HairlineYAML

/// `pattern`: every string leaf of the named properties matches `match`, does not match `not`, and is in
/// `case` (`title`, `sentence`, `upper`, `lower`; words in `allow` and acronyms are exempt from case, and so is what
/// `names` matches: a person's or a place's name keeps its capitals).
struct PatternCheck: CheckDefinition, ScreenCheck {
    static let name = "pattern"

    enum TextCase: String, Sendable, CaseIterable {
        case title, sentence, upper, lower
    }

    let properties: [String]
    let match: BoundedRegex?
    let not: BoundedRegex?
    let textCase: TextCase?
    let allow: Set<String>
    /// What in a text is a name (a user's, a place's), which the case check reads as a number: neither a
    /// capitalised word nor a lower-case one.
    let names: BoundedRegex?

    static func parse(_ options: Node, errors: inout [RuleError]) -> PatternCheck? {
        var reader = OptionReader(options, context: "pattern", allowed: ["properties", "match", "not", "case", "allow", "names"])
        let properties = reader.strings("properties", required: true)
        let match = reader.string("match").flatMap { regex($0, reader.node["match"]!, &reader) }
        let not = reader.string("not").flatMap { regex($0, reader.node["not"]!, &reader) }
        var textCase: TextCase?
        if let name = reader.string("case") {
            textCase = TextCase(rawValue: name)
            if textCase == nil {
                reader.fail(.wrongType(key: "case", expected: "title, sentence, upper or lower", found: "'\(name)'", at: reader.node["case"]!.mark))
            }
        }
        let allow = Set(reader.strings("allow") ?? [])
        let names = reader.string("names").flatMap { regex($0, reader.node["names"]!, &reader) }
        errors += reader.errors
        guard let properties else { return nil }
        return PatternCheck(properties: properties, match: match, not: not, textCase: textCase, allow: allow, names: names)
    }

    private static func regex(_ pattern: String, _ node: Node, _ reader: inout OptionReader) -> BoundedRegex? {
        do {
            return try BoundedRegex(pattern)
        } catch {
            reader.fail(.invalidRegex(pattern: pattern, problem: error.message, at: node.mark))
            return nil
        }
    }

    func bind(to tokens: TokenSet?) throws(RuleError) -> any ScreenCheck { self }

    func evaluate(_ element: Element, in context: CheckContext) -> [CheckFinding] {
        var findings: [CheckFinding] = []
        for property in properties {
            element.forEachLeaf(property) { path, leaf in
                var found: (text: String, problem: (message: String, expected: String))?
                _ = leaf.firstValue { value in
                    guard case .string(let text) = value, let problem = problem(text, within: context.slowMatches) else { return false }
                    found = (text, problem)
                    return true
                }
                guard let (text, problem) = found else { return }
                findings.append(
                    CheckFinding(
                        mark: leaf.mark, message: "\(path) '\(text)' \(problem.message)",
                        placeholders: Placeholders(value: text, property: path, kind: element.kind, expected: problem.expected)))
            }
        }
        return findings
    }

    /// What is wrong with a string, if anything.
    func problem(_ text: String, within budget: SlowMatches) -> (message: String, expected: String)? {
        if let match {
            switch match.matches(text, within: budget) {
            case .some(false): return ("does not match \(match.pattern)", match.pattern)
            case nil: return ("could not be checked against \(match.pattern) in time (a match may take 0.25 s, and slow ones 1 s in all)", match.pattern)
            default: break
            }
        }
        if let not {
            switch not.matches(text, within: budget) {
            case .some(true): return ("matches \(not.pattern), which is not allowed", "not \(not.pattern)")
            case nil: return ("could not be checked against \(not.pattern) in time (a match may take 0.25 s, and slow ones 1 s in all)", "not \(not.pattern)")
            default: break
            }
        }
        if let textCase, !Self.isInCase(names?.replacingMatches(in: text, with: "0", within: budget) ?? text, textCase, allow: allow) {
            let names: [TextCase: String] = [.title: "Title Case", .sentence: "sentence case", .upper: "UPPERCASE", .lower: "lowercase"]
            return ("is not in \(names[textCase]!)", names[textCase]!)
        }
        return nil
    }

    /// Words that Title Case leaves in lower case unless they come first.
    static let minorWords: Set<String> = [
        "a", "an", "and", "as", "at", "but", "by", "for", "from", "in", "into", "nor", "of", "on", "onto", "or", "per",
        "than", "the", "to", "upon", "via", "vs", "with",
    ]

    static func isInCase(_ text: String, _ textCase: TextCase, allow: Set<String>) -> Bool {
        switch textCase {
        case .upper: return !text.unicodeScalars.contains { $0.isLower }
        case .lower: return !text.unicodeScalars.contains { $0.isUpper }
        case .title, .sentence:
            var startsSentence = true
            var index = 0
            // An array, walked by integer positions: a string's scalar view decodes at every step of every search.
            let all = Array(text.unicodeScalars)
            var scalars = all[...]
            while let start = scalars.firstIndex(where: { !$0.isSpace }) {
                scalars = scalars[start...]
                let end = scalars.firstIndex(where: { $0.isSpace }) ?? scalars.endIndex
                let token = scalars[..<end]
                scalars = scalars[end...]
                defer { index += 1 }
                let isStart = startsSentence
                // A word after one that ends a sentence starts a new one (sentence case capitalises it).
                startsSentence = token.last.map { $0 == "." || $0 == "!" || $0 == "?" } ?? false
                // The word without the punctuation around it.
                guard let first = token.firstIndex(where: \.isLetterOrNumber),
                    let last = token.lastIndex(where: \.isLetterOrNumber)
                else { continue }
                let word = token[first...last]
                guard word.first!.isLetter else { continue }
                if !allow.isEmpty, allow.contains(String(String.UnicodeScalarView(word))) { continue }
                // An acronym (HR, UV, NOAA) keeps its capitals.
                if word.count > 1, !word.contains(where: \.isLower), word.filter(\.isUpper).count > 1 { continue }
                let capitalised = word.first!.isUpper
                if textCase == .title {
                    if index > 0, !capitalised, word.count <= 4, minorWords.contains(String(String.UnicodeScalarView(word)).lowercased()) {
                        continue
                    }
                    if !capitalised { return false }
                } else if isStart != capitalised {
                    return false
                }
            }
            return true
        }
    }
}

/// A Foundation (ICU) regular expression run under a time bound, so that no pattern can hang the linter.
struct BoundedRegex: Sendable {
    struct Failure: Error {
        let message: String
    }

    /// The longest pattern accepted.
    static let maxPatternLength = 1_000
    /// How long one match may run.
    static let timeLimit: TimeInterval = 0.25
    /// How long the slow matches of one pattern (each over `slowMatch`) may run in all: a catastrophic pattern over
    /// many values is cut short once, not a quarter second a value. Quick matches never count.
    static let slowBudget: TimeInterval = 1
    static let slowMatch: TimeInterval = 0.01

    let pattern: String
    private let regex: NSRegularExpression
    private let answers = Answers()

    /// The answers for short texts matched before: a screen's strings repeat (and a language server lints the same
    /// screen at every edit), and a match through ICU costs microseconds. Bounded: cleared when full.
    private final class Answers: @unchecked Sendable {
        static let capacity = 8_192
        static let longestText = 256
        private let lock = NSLock()
        private var known: [String: Bool] = [:]

        func answer(_ text: String) -> Bool? { lock.withLock { known[text] } }

        func record(_ text: String, _ answer: Bool) {
            lock.withLock {
                if known.count >= Self.capacity { known.removeAll(keepingCapacity: true) }
                known[text] = answer
            }
        }
    }

    init(_ pattern: String) throws(Failure) {
        guard pattern.count <= Self.maxPatternLength else {
            throw Failure(message: "longer than \(Self.maxPatternLength) characters")
        }
        do {
            regex = try NSRegularExpression(pattern: pattern)
        } catch {
            throw Failure(message: "not a valid ICU regular expression")
        }
        self.pattern = pattern
    }

    /// The text with every match replaced by `replacement`; the text as it is if matching ran out of time.
    func replacingMatches(in text: String, with replacement: String, within budget: SlowMatches) -> String {
        var ranges: [Range<String.Index>] = []
        let finished = enumerate(text, within: budget) { match in
            if match.length > 0, let range = Range(match, in: text) { ranges.append(range) }
            return true
        }
        guard finished, !ranges.isEmpty else { return text }
        var replaced = text
        for range in ranges.reversed() { replaced.replaceSubrange(range, with: replacement) }
        return replaced
    }

    /// Whether the pattern matches anywhere in the text; nil if the match ran out of time.
    func matches(_ text: String, within budget: SlowMatches) -> Bool? {
        let remembered = text.utf8.count <= Answers.longestText
        if remembered, let known = answers.answer(text) { return known }
        var found = false
        let answer = enumerate(text, within: budget) { _ in
            found = true
            return false
        } ? found : nil
        if remembered, let answer { answers.record(text, answer) }
        return answer
    }

    /// Runs the pattern over the text under its time bounds, handing `body` each match's range until it returns
    /// false; false where the run was cut short (its own time limit, or the pattern's budget for slow matches spent).
    private func enumerate(_ text: String, within budget: SlowMatches, _ body: (NSRange) -> Bool) -> Bool {
        if budget.isSpent(pattern) { return false }
        let start = Date()
        defer { budget.add(Date().timeIntervalSince(start), to: pattern) }
        let deadline = start.addingTimeInterval(Self.timeLimit)
        var timedOut = false
        var progress = 0
        // Foundation's block escapes in its type only: it is not kept past the call.
        withoutActuallyEscaping(body) { body in
            regex.enumerateMatches(in: text, options: [.reportProgress], range: NSRange(text.startIndex..., in: text)) { result, _, stop in
                if let result {
                    if !body(result.range) { stop.pointee = true }
                    return
                }
                // The clock is read at every 16th report of progress, not at each: reading it costs.
                progress += 1
                if progress % 16 == 0, Date() > deadline {
                    timedOut = true
                    stop.pointee = true
                }
            }
        }
        return !timedOut
    }
}

/// Unicode properties the case checks ask of every character, answered without a table lookup for ASCII.
extension Unicode.Scalar {
    fileprivate var isSpace: Bool {
        isASCII ? value == 0x20 || (0x09...0x0D).contains(value) : properties.isWhitespace
    }

    fileprivate var isLetter: Bool {
        isASCII ? (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) : properties.isAlphabetic
    }

    fileprivate var isLetterOrNumber: Bool {
        isASCII ? isLetter || (0x30...0x39).contains(value) : properties.isAlphabetic || properties.numericType != nil
    }

    fileprivate var isUpper: Bool {
        isASCII ? (0x41...0x5A).contains(value) : properties.isUppercase
    }

    fileprivate var isLower: Bool {
        isASCII ? (0x61...0x7A).contains(value) : properties.isLowercase
    }
}

/// How long each pattern's slow matches (each over `BoundedRegex.slowMatch`) have taken in one lint run, shared by
/// every thread of the run: a catastrophic pattern is cut short once a run, and the next run (an editor's next
/// edit) starts with its whole budget again.
public final class SlowMatches: @unchecked Sendable {
    private let lock = NSLock()
    private var spent: [String: TimeInterval] = [:]

    /// A run's budget, none of it spent.
    public init() {}

    func isSpent(_ pattern: String) -> Bool {
        lock.withLock { (spent[pattern] ?? 0) >= BoundedRegex.slowBudget }
    }

    func add(_ elapsed: TimeInterval, to pattern: String) {
        guard elapsed >= BoundedRegex.slowMatch else { return }
        lock.withLock { spent[pattern, default: 0] += elapsed }
    }
}
