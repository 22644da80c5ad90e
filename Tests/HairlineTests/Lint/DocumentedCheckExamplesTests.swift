import Foundation
import HairlineDiagnostics
import HairlineTokens
import HairlineYAML
import Testing

@testable import HairlineLint

/// Every `# example` block of docs/rules.md is linted, and its findings must fall on exactly the lines marked
/// `# expect`: the documentation of each check cannot drift from what the check does.
@Suite("Documented check examples")
struct DocumentedCheckExamplesTests {
    struct Example: CustomTestStringConvertible, Sendable {
        let title: String
        let text: String
        let line: Int
        var testDescription: String { "docs/rules.md:\(line) \(title)" }
    }

    static let examples: [Example] = {
        let url = Binary.packageRoot.appendingPathComponent("docs/rules.md")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var examples: [Example] = []
        var current: [String]?
        var start = 0
        var heading = ""
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("### ") { heading = String(line.dropFirst(4)) }
            if line == "```yaml" {
                current = []
                start = index + 2
            } else if line == "```", let block = current {
                if block.first?.hasPrefix("# example") == true {
                    examples.append(Example(title: "\(heading) \(block[0].dropFirst(2))", text: block.joined(separator: "\n") + "\n", line: start))
                }
                current = nil
            } else if current != nil {
                current!.append(String(line))
            }
        }
        return examples
    }()

    @Test func everyCheckHasATriggeringAndAPassingExample() {
        let titles = Self.examples.map(\.title)
        for check in CheckRegistry.names where !["max-count", "max"].contains(check) {
            #expect(titles.contains { $0.contains("`\(check)`") && $0.hasSuffix("triggers") }, "\(check) triggers")
            #expect(titles.contains { $0.contains("`\(check)`") && $0.hasSuffix("passes") }, "\(check) passes")
        }
        #expect(Self.examples.count >= 25)
    }

    /// The example's `screen:` block as a screen spec of its own: its lines at their places (the lines before it
    /// blank), one level less indented.
    static func screenText(_ example: String) -> String? {
        let lines = example.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "screen:") else { return nil }
        let body = lines[(start + 1)...].prefix { $0.isEmpty || $0.hasPrefix("  ") }
        return String(repeating: "\n", count: start + 1) + body.map { String($0.dropFirst(2)) }.joined(separator: "\n") + "\n"
    }

    @Test(arguments: examples)
    func example(_ example: Example) throws {
        let root = try YAMLSource.parse(example.text, file: "example.yaml")
        let tokens = try root["tokens"].map { try TokenSetLoader.resolve($0, defaultName: "docs") }
        let rule = try RuleSetReader.rule(from: try #require(root["rule"]), id: "example", file: "example.yaml")
        let system = try LintSystem(name: "docs", tokens: tokens, rules: [rule])
        var findings = system.lintTokens()
        if let screen = Self.screenText(example.text) {
            findings += system.lint(try ScreenReader.read(screen, file: "example.yaml", tokens: tokens))
        }
        let found = findings.map { "\($0.mark.line) " }.sorted()
        #expect(found == ExpectMarks.parse(example.text), "\(findings.map { "\($0.mark): \($0.message)" })")
        if example.title.hasSuffix("triggers") { #expect(!findings.isEmpty) }
    }
}
