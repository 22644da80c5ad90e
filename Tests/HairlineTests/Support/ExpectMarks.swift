import Foundation
import HairlineEngine

/// The `# expect` marks of a file, as `rules --verify` reads them: each marked line with the rule id it names (`# expect: a, b`),
/// or an empty id for a bare `# expect`.
enum ExpectMarks {
    static func parse(_ text: String) -> [String] {
        RuleVerifier.marks(in: text).map { "\($0.line) \($0.id)" }.sorted()
    }
}
