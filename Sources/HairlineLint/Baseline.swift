import Foundation
import HairlineDiagnostics

/// A record of accepted findings, keyed by file, rule, the text of the offending line and the message — not by
/// line number — so edits elsewhere in a file do not bring them back. A group whose count grows reports again.
public struct Baseline: Codable, Sendable, Equatable {
    public struct Entry: Codable, Sendable, Equatable, Hashable {
        public let file: String
        public let rule: String
        public let lineText: String
        public let message: String
        public var count: Int
    }

    public var version = 1
    public var findings: [Entry]

    struct Key: Hashable {
        let file: String
        let rule: String
        let lineText: String
        let message: String
    }

    private static func key(_ finding: Diagnostic, _ lineTexts: [Mark: String]) -> Key {
        Key(
            file: finding.mark.file, rule: finding.code,
            lineText: lineTexts[finding.mark]?.trimmingCharacters(in: .whitespaces) ?? "", message: finding.message)
    }

    /// The baseline of a run's findings.
    public init(findings: [Diagnostic], lineTexts: [Mark: String]) {
        var counts: [Key: Int] = [:]
        for finding in findings { counts[Self.key(finding, lineTexts), default: 0] += 1 }
        self.findings = counts.map { Entry(file: $0.file, rule: $0.rule, lineText: $0.lineText, message: $0.message, count: $1) }
            .sorted { ($0.file, $0.rule, $0.lineText, $0.message) < ($1.file, $1.rule, $1.lineText, $1.message) }
    }

    /// The findings the baseline does not account for: every finding of a group that is new or has grown.
    public func newFindings(_ findings: [Diagnostic], lineTexts: [Mark: String]) -> [Diagnostic] {
        var recorded: [Key: Int] = [:]
        for entry in self.findings {
            recorded[Key(file: entry.file, rule: entry.rule, lineText: entry.lineText, message: entry.message), default: 0] += entry.count
        }
        let groups = Dictionary(grouping: findings) { Self.key($0, lineTexts) }
        return groups.flatMap { key, members in members.count > (recorded[key] ?? 0) ? members : [] }
            .sorted(by: Diagnostic.outputOrder)
    }

    /// The baseline as JSON, keys sorted.
    public func encoded() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(self)) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Reads a baseline file's JSON.
    public static func decode(_ data: Data) -> Baseline? {
        try? JSONDecoder().decode(Baseline.self, from: data)
    }
}
