/// How serious a diagnostic is. Ordered so that `error` is the greatest.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
    case info
    case warning
    case error

    private var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

extension Severity {
    /// The severities as rule sets and configs may spell them: `error`, `warning` (or `warn`), `info` (or `note`).
    public init?(spelling text: String) {
        switch text {
        case "warn": self = .warning
        case "note": self = .info
        default: self.init(rawValue: text)
        }
    }

    /// The spellings, for an error that names them.
    public static let spellings = "error, warning (or warn), info (or note)"
}
