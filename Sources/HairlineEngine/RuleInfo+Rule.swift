import Foundation
import HairlineLint
import HairlineReport

extension RuleInfo {
    /// A rule as the reports describe it: its id, reason, target and examples.
    public init(_ rule: Rule) {
        self.init(
            id: rule.id, severity: rule.severity.rawValue, system: rule.system, target: rule.targetDescription,
            check: rule.checkName, settings: rule.settings, summary: rule.summary, why: rule.why, file: rule.file, line: rule.idMark.line,
            failing: rule.examples.failing.map { $0.text.trimmingCharacters(in: .newlines) },
            passing: rule.examples.passing.map { $0.text.trimmingCharacters(in: .newlines) }, helpURL: rule.helpURL)
    }
}
