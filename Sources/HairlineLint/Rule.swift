import HairlineDiagnostics
import HairlineTokens
import HairlineYAML

/// One rule of a rule set, as data: what it inspects, its check, and the design system's own reason for it.
public struct Rule: Sendable {
    /// What the rule inspects: screen elements chosen by a selector, or tokens chosen by a glob.
    public enum Target: Sendable {
        case screens(Selector)
        case tokens(Glob)
    }

    /// Screens that show the rule: some that must trigger it, some that must not (YAML text of a screen).
    public struct Examples: Sendable {
        public let failing: [(text: String, mark: Mark)]
        public let passing: [(text: String, mark: Mark)]
    }

    public let id: String
    public let idMark: Mark
    public let severity: Severity
    public let summary: String?
    public let why: String?
    /// The message template, with `{value}`, `{property}`, `{kind}`, `{max}`, `{min}`, `{expected}`.
    public let message: String?
    public let target: Target
    /// The check's name as written (`allowed`, `max-count`, …).
    public let checkName: String
    /// The check's settings as written, on one line (`{properties: [padding], values: "{spacing.scale}"}`): its
    /// thresholds and allowed values, for the reports.
    public var settings: String = ""
    /// The rule set's `system:` label.
    public let system: String?
    /// The documentation URL for the rule: the rule set's `docs` base with the id as anchor.
    public let helpURL: String?
    /// The file the rule is defined in.
    public let file: String
    public let examples: Examples
    /// Whether the rule's findings offer their fixes (`fix: false` turns them off).
    public let offersFixes: Bool

    let screenCheck: (any CheckDefinition)?
    let tokenCheck: TokenRuleCheck?

    /// Whether this is a rule set's component vocabulary (its `components:` block).
    public var isVocabulary: Bool { checkName == ComponentsCheck.name }

    /// The selector or glob as written.
    public var targetDescription: String {
        switch target {
        case .screens(let selector): selector.description
        case .tokens(let glob): "tokens " + glob.description
        }
    }
}

/// The placeholders a message template may use.
enum MessageTemplate {
    static let placeholders: Set<String> = ["value", "property", "kind", "max", "min", "expected"]

    /// The names of every `{name}` in a template.
    static func names(in template: String) -> [String] {
        var names: [String] = []
        var current: String?
        for character in template {
            if character == "{" {
                current = ""
            } else if character == "}", let name = current {
                names.append(name)
                current = nil
            } else if current != nil {
                current!.append(character)
            }
        }
        return names
    }

    /// The template with each `{name}` of a placeholder replaced by its value (nothing where the finding gives
    /// none), in one pass: a value that holds `{kind}` is not filled in again.
    static func fill(_ template: String, with values: Placeholders) -> String {
        var out = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"), placeholders.contains(String(rest[afterOpen..<close])) {
                out += values[rest[afterOpen..<close]] ?? ""
                rest = rest[rest.index(after: close)...]
            } else {
                out += "{"
                rest = rest[afterOpen...]
            }
        }
        return out + rest
    }
}

import Foundation

/// One id, one rule: the first mark of each rule id read so far. The same rule read again (the same file and
/// line, as when two systems share a rule file) is that rule; another rule with the id is an error. Each rule
/// set's component vocabulary is its own `components` rule: two systems' vocabularies are two rules.
public struct RuleIDs: Sendable {
    public enum Admission: Sendable {
        case new
        case again
        case duplicate(RuleError)
    }

    private var firstMarks: [String: Mark] = [:]

    public init() {}

    public mutating func admit(_ rule: Rule) -> Admission {
        let key = rule.checkName == ComponentsCheck.name ? "\(rule.id) \(rule.idMark.file)" : rule.id
        guard let first = firstMarks[key] else {
            firstMarks[key] = rule.idMark
            return .new
        }
        return first == rule.idMark ? .again : .duplicate(.duplicateID(id: rule.id, at: rule.idMark, first: first))
    }
}
