/// One rule's fields, as reports need them (kept free of the lint module's types).
public struct RuleInfo: Sendable, Hashable {
    public let id: String
    public let severity: String
    public let system: String?
    public let target: String
    public let check: String
    /// The check's settings on one line: its thresholds and allowed values.
    public let settings: String
    public let summary: String?
    public let why: String?
    public let file: String
    public let line: Int
    public let failing: [String]
    public let passing: [String]
    /// The rule's documentation URL, if its rule set gives a docs base.
    public let helpURL: String?

    /// The check with its settings: `allowed {properties: [padding], values: "{spacing.scale}"}`.
    public var checkText: String {
        settings.isEmpty ? check : "\(check) \(settings)"
    }

    /// Whether a URL is one a report may link to: `https:` or `http:`, nothing a viewer would run or open locally.
    public static func isWebURL(_ url: String) -> Bool {
        let lower = url.lowercased()
        return (lower.hasPrefix("https://") || lower.hasPrefix("http://")) && !url.unicodeScalars.contains { $0.value < 0x21 || $0 == "\"" || $0 == "<" || $0 == ">" }
    }

    public init(
        id: String, severity: String, system: String?, target: String, check: String, settings: String = "", summary: String?, why: String?,
        file: String, line: Int, failing: [String], passing: [String], helpURL: String? = nil
    ) {
        self.settings = settings
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
        self.helpURL = helpURL
    }
}
