import Foundation
import HairlineDiagnostics
import HairlineReport

/// A record of accepted findings, keyed by file, rule and where the finding is in the screen's structure (its
/// element's path and property: `screen/card#rhythm/padding`) — not by line number, nor by the line's text — so
/// edits elsewhere in a file, and edits to other properties on the same line, do not bring them back. A group whose
/// count grows reports again. Findings with no such place (and entries of baselines written before version 2) are
/// keyed by the text of their line and their message, as version 1 keyed every finding.
public struct Baseline: Codable, Sendable, Equatable {
    public struct Entry: Codable, Sendable, Equatable, Hashable {
        public let file: String
        public let rule: String
        /// The finding's place in the screen's structure, where it has one.
        public let anchor: String?
        public let lineText: String
        public let message: String
        public var count: Int
    }

    public var version = 2
    public var findings: [Entry]

    enum Key: Hashable {
        case anchored(file: String, rule: String, anchor: String)
        case lineText(file: String, rule: String, lineText: String, message: String)
    }

    private static func key(_ finding: Diagnostic, _ lineTexts: [Mark: String]) -> Key {
        if let anchor = finding.anchor { return .anchored(file: finding.mark.file, rule: finding.code, anchor: anchor) }
        return lineKey(finding, lineTexts)
    }

    private static func lineKey(_ finding: Diagnostic, _ lineTexts: [Mark: String]) -> Key {
        .lineText(
            file: finding.mark.file, rule: finding.code, lineText: lineTexts[finding.mark]?.trimmingSpaces ?? "",
            message: finding.message)
    }

    private static func key(_ entry: Entry) -> Key {
        if let anchor = entry.anchor { return .anchored(file: entry.file, rule: entry.rule, anchor: anchor) }
        return .lineText(file: entry.file, rule: entry.rule, lineText: entry.lineText, message: entry.message)
    }

    /// The baseline of a run's findings.
    public init(findings: [Diagnostic], lineTexts: [Mark: String]) {
        var entries: [Key: Entry] = [:]
        for finding in findings {
            let key = Self.key(finding, lineTexts)
            if entries[key] == nil {
                entries[key] = Entry(
                    file: finding.mark.file, rule: finding.code, anchor: finding.anchor,
                    lineText: lineTexts[finding.mark]?.trimmingSpaces ?? "", message: finding.message, count: 0)
            }
            entries[key]!.count += 1
        }
        self.findings = entries.values.sorted {
            ($0.file, $0.rule, $0.anchor ?? "", $0.lineText, $0.message) < ($1.file, $1.rule, $1.anchor ?? "", $1.lineText, $1.message)
        }
    }

    /// The findings the baseline does not account for: every finding of a group that is new or has grown. A finding
    /// is matched by its place where the baseline recorded places, else by its line's text and message.
    public func newFindings(_ findings: [Diagnostic], lineTexts: [Mark: String]) -> [Diagnostic] {
        var recorded: [Key: Int] = [:]
        for entry in self.findings {
            // Counts come from a file: added without overflow (two of Int.max trapped), a negative one as none.
            let (sum, overflow) = recorded[Self.key(entry), default: 0].addingReportingOverflow(max(entry.count, 0))
            recorded[Self.key(entry)] = overflow ? Int.max : sum
        }
        let byPlace = self.findings.contains { $0.anchor != nil }
        let groups = Dictionary(grouping: findings) { finding in
            byPlace || finding.anchor == nil ? Self.key(finding, lineTexts) : Self.lineKey(finding, lineTexts)
        }
        return groups.flatMap { key, members in members.count > (recorded[key] ?? 0) ? members : [] }
            .sorted(by: Diagnostic.outputOrder)
    }

    /// The baseline as JSON, keys sorted, written as every report is.
    public func encoded() -> String {
        let entries: [Any] = findings.map { entry in
            var object: [String: Any] = [
                "file": entry.file, "rule": entry.rule, "lineText": entry.lineText, "message": entry.message, "count": entry.count,
            ]
            if let anchor = entry.anchor { object["anchor"] = anchor }
            return object
        }
        return JSONOutput.serialize(["version": version, "findings": entries])
    }

    /// Reads a baseline file's JSON.
    public static func decode(_ data: Data) -> Baseline? {
        try? JSONDecoder().decode(Baseline.self, from: data)
    }
}
