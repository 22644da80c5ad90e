/// A lint output format: one stateless type per format, one file each.
public protocol Reporter: Sendable {
    /// The format's name on the command line (`--format NAME`, `--report NAME=FILE`).
    static var name: String { get }
    /// The whole output for a run.
    static func render(_ report: LintReport) -> String
}

/// Every lint output format, by name. An immutable table.
public enum Reporters {
    public static let all: [any Reporter.Type] = [
        TextReporter.self, JSONReporter.self, SARIFReporter.self, JUnitReporter.self, CheckstyleReporter.self,
        GitHubReporter.self, MarkdownReporter.self,
    ]

    /// The names, in order.
    public static var names: [String] { all.map { $0.name } }

    /// The reporter for a name.
    public static func named(_ name: String) -> (any Reporter.Type)? {
        all.first { $0.name == name }
    }
}

/// XML text and attribute escaping.
enum XMLText {
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\t", "\r": out += "&#\(scalar.value);"
            case _ where scalar.value < 0x20: out += "\u{FFFD}"  // not allowed in XML 1.0
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
