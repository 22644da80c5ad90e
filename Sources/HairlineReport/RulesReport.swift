/// The plain-text rules report: a table of every rule, or one rule in detail.
public enum RulesReport {
    /// One rule's fields, as the report needs them (kept free of the lint module's types).
    public struct Entry: Sendable {
        public let id: String
        public let severity: String
        public let system: String?
        public let target: String
        public let check: String
        public let summary: String?
        public let why: String?
        public let file: String
        public let line: Int
        public let failing: [String]
        public let passing: [String]

        public init(
            id: String, severity: String, system: String?, target: String, check: String, summary: String?, why: String?,
            file: String, line: Int, failing: [String], passing: [String]
        ) {
            self.id = id
            self.severity = severity
            self.system = system
            self.target = target
            self.check = check
            self.summary = summary
            self.why = why
            self.file = file
            self.line = line
            self.failing = failing
            self.passing = passing
        }
    }

    /// A table: id, severity, selector, check, summary; columns padded to line up.
    public static func table(_ entries: [Entry]) -> String {
        let header = ["ID", "SEVERITY", "SELECTOR", "CHECK", "SUMMARY"]
        let rows = entries.map { [$0.id, $0.severity, $0.target, $0.check, $0.summary ?? ""] }
        let widths = (0..<4).map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            var text = ""
            for (index, cell) in cells.enumerated() {
                text += index < 4 ? cell + String(repeating: " ", count: widths[index] - cell.count + 2) : cell
            }
            return text
        }
        let count = "\(entries.count) rule\(entries.count == 1 ? "" : "s")"
        return ([line(header)] + rows.map(line) + ["", count]).joined(separator: "\n") + "\n"
    }

    /// One rule in detail: what it checks, why, and its examples.
    public static func detail(_ entry: Entry) -> String {
        var lines = [
            "\(entry.id) (\(entry.severity))" + (entry.system.map { " · \($0)" } ?? ""),
            entry.summary ?? "",
            "",
            "  selector: \(entry.target)",
            "  check:    \(entry.check)",
            "  defined:  \(entry.file):\(entry.line)",
        ]
        if let why = entry.why { lines += ["", "Why", "  " + why] }
        for (title, examples) in [("Triggers on", entry.failing), ("Passes", entry.passing)] where !examples.isEmpty {
            lines += ["", title]
            for example in examples {
                lines += example.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
