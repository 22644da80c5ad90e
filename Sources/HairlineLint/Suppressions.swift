import Foundation
import HairlineDiagnostics
import HairlineTokens

/// The `# hairline:` comments of a screen spec, and what they suppress:
/// `disable-next-line <ids>`, `disable-line <ids>` (at the end of a line), `disable <ids>` … `enable <ids>`,
/// `all` for every rule, and an optional reason after ` -- `. libyaml drops comments, so they are read from the
/// raw lines; a `#` inside a quoted scalar, or not after a space, is not a comment.
public struct Suppressions: Sendable {
    enum Kind: String, Sendable {
        case nextLine = "disable-next-line"
        case line = "disable-line"
        case disable
        case enable
    }

    struct Directive: Sendable {
        let kind: Kind
        let ids: [String]
        let mark: Mark
        let reason: String?
    }

    let directives: [Directive]

    /// The id of the warning for a suppression that suppresses nothing.
    public static let unusedID = "unused-suppression"
    /// The id of the error for a suppression that names no rule of the system.
    public static let unknownID = "unknown-rule"

    /// Reads the directives of a file's bytes; a file without the marker `hairline:` anywhere (most files) costs
    /// one byte search.
    public static func parse(bytes: [UInt8], file: String) -> Suppressions {
        // A directive is a comment: a file with no `#` (found at memory speed) has none.
        let hasComment = bytes.withUnsafeBytes { raw in
            raw.baseAddress.map { memchr($0, Int32(UInt8(ascii: "#")), raw.count) != nil } ?? false
        }
        guard hasComment, mentionsMarker(bytes) else { return Suppressions(directives: []) }
        return parse(String(decoding: bytes, as: UTF8.self), file: file)
    }

    /// Reads the directives of a Swift file's bytes: `// hairline:…` comments, with the same meaning.
    public static func parse(swift bytes: [UInt8], file: String) -> Suppressions {
        guard mentionsMarker(bytes) else { return Suppressions(directives: []) }
        return parse(String(decoding: bytes, as: UTF8.self), file: file, commentStart: Suppressions.swiftCommentStart(in:))
    }

    /// Whether the bytes hold `hairline:` anywhere: a file without it has no directive.
    private static func mentionsMarker(_ bytes: [UInt8]) -> Bool {
        let marker = Array("hairline:".utf8)
        var index = 0
        while index + marker.count <= bytes.count {
            if bytes[index] == marker[0], bytes[index..<index + marker.count].elementsEqual(marker) { return true }
            index += 1
        }
        return false
    }

    /// Reads the directives of a YAML file's text.
    public static func parse(_ text: String, file: String) -> Suppressions {
        parse(text, file: file, commentStart: commentStart(in:))
    }

    /// Reads the directives of a file's text, its comments found by `commentStart`.
    static func parse(_ text: String, file: String, commentStart: (Substring) -> (Int, Substring)?) -> Suppressions {
        var directives: [Directive] = []
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            guard let (column, comment) = commentStart(line) else { continue }
            let body = comment.trimmingCharacters(in: .whitespaces)
            guard body.hasPrefix("hairline:") else { continue }
            var rest = String(body.dropFirst("hairline:".count))
            var reason: String?
            // The reason after ` -- `, or after a dash an editor made of it (an em or en dash).
            if let range = rest.range(of: " -- ") ?? rest.range(of: " — ") ?? rest.range(of: " – ") {
                reason = String(rest[range.upperBound...]).trimmingCharacters(in: .whitespaces)
                rest = String(rest[..<range.lowerBound])
            }
            let words = rest.split(separator: " ", maxSplits: 1).map(String.init)
            guard let first = words.first, let kind = Kind(rawValue: first) else { continue }
            let ids = (words.count > 1 ? words[1] : "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            directives.append(
                Directive(kind: kind, ids: ids.isEmpty ? ["all"] : ids, mark: Mark(file: file, line: lineNumber, column: column), reason: reason))
        }
        return Suppressions(directives: directives)
    }

    /// The column (1-based, in code points) of a Swift line's `//` comment and the text after it, if it has one: a
    /// `//` inside a one-line string literal is not a comment.
    static func swiftCommentStart(in line: Substring) -> (Int, Substring)? {
        var inString = false
        var column = 0
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            column += character.unicodeScalars.count
            let next = line.index(after: index)
            if inString {
                if character == "\\" {
                    index = next < line.endIndex ? line.index(after: next) : next
                    column += 1
                    continue
                }
                if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "/", next < line.endIndex, line[next] == "/" {
                return (column, line[line.index(after: next)...])
            }
            index = next
        }
        return nil
    }

    /// The column (1-based, in code points) of a line's comment and the text after its `#`, if it has one.
    static func commentStart(in line: Substring) -> (Int, Substring)? {
        var inSingle = false
        var inDouble = false
        var previous: Character = " "
        var column = 0
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            column += character.unicodeScalars.count
            if inDouble {
                if character == "\\" {
                    index = line.index(after: index)
                    if index < line.endIndex { column += line[index].unicodeScalars.count }
                } else if character == "\"" {
                    inDouble = false
                }
            } else if inSingle {
                if character == "'" {
                    // '' is an escaped quote inside a single-quoted scalar.
                    let next = line.index(after: index)
                    if next < line.endIndex, line[next] == "'" {
                        index = next
                        column += 1
                    } else {
                        inSingle = false
                    }
                }
            } else if character == "\"", previous.isWhitespace || "[{,:-".contains(previous) {
                inDouble = true
            } else if character == "'", previous.isWhitespace || "[{,:-".contains(previous) {
                inSingle = true
            } else if character == "#", previous.isWhitespace {
                return (column, line[line.index(after: index)...])
            }
            previous = character
            if index < line.endIndex { index = line.index(after: index) }
        }
        return nil
    }

    /// Whether there are no directives.
    public var isEmpty: Bool { directives.isEmpty }

    /// The findings that no directive suppresses, plus an `unused-suppression` warning for every id in a directive
    /// that suppressed nothing.
    /// `knownIDs`: the system's rule ids; an id in a directive that is none of them is an error with the nearest.
    public func apply(to findings: [Diagnostic], knownIDs: Set<String>? = nil) -> [Diagnostic] {
        guard !directives.isEmpty else { return findings }
        var used: Set<String> = []  // "directive index/id"
        var kept: [Diagnostic] = []
        for finding in findings {
            var suppressed = false
            for (index, directive) in directives.enumerated() where directive.kind != .enable {
                guard let id = directive.ids.first(where: { $0 == "all" || $0 == finding.code }),
                    covers(directive, at: index, line: finding.mark.line, rule: finding.code)
                else { continue }
                used.insert("\(index)/\(id)")
                suppressed = true
            }
            if !suppressed { kept.append(finding) }
        }
        for (index, directive) in directives.enumerated() where directive.kind != .enable {
            for id in directive.ids where !used.contains("\(index)/\(id)") {
                if let knownIDs, id != "all", !knownIDs.contains(id) {
                    let nearest = NearestName.nearest(to: id, in: knownIDs.sorted())
                    kept.append(
                        Diagnostic(
                            severity: .error, code: Self.unknownID,
                            message: "hairline:\(directive.kind.rawValue) \(id) names no rule of this system" + (nearest.map { "; did you mean '\($0)'?" } ?? ""),
                            mark: directive.mark))
                    continue
                }
                let what = id == "all" ? "any rule" : id
                kept.append(
                    Diagnostic(
                        severity: .warning, code: Self.unusedID,
                        message: "hairline:\(directive.kind.rawValue) \(id) suppresses nothing here; remove it (\(what) has no finding to hide)",
                        mark: directive.mark))
            }
        }
        return kept.sorted(by: Diagnostic.outputOrder)
    }

    private func covers(_ directive: Directive, at index: Int, line: Int, rule: String) -> Bool {
        switch directive.kind {
        case .nextLine: return line == directive.mark.line + 1
        case .line: return line == directive.mark.line
        case .enable: return false
        case .disable:
            guard line > directive.mark.line else { return false }
            // Until the first later `enable` that names this rule or all.
            let end = directives[(index + 1)...].first { other in
                other.kind == .enable && (other.ids.contains("all") || other.ids.contains(rule))
            }
            return end.map { line < $0.mark.line } ?? true
        }
    }
}
