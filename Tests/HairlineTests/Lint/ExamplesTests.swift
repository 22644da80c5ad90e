import Foundation
import Testing

@testable import HairlineLint

/// Every screen under Examples/ is linted through the binary, as `hairline lint <file>` from the repo root,
/// and its findings must equal its `# expect:` marks exactly, both ways.
@Suite("Examples")
struct ExamplesTests {
    static let files: [String] = {
        let root = Binary.packageRoot.appendingPathComponent("Examples")
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return enumerator.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".yaml") && !$0.contains(".build") && !$0.hasPrefix("PluginPackage") }
            .map { "Examples/" + $0 }
            .sorted()
    }()

    @Test func thereAreCleanAndViolatingExamples() {
        #expect(Self.files.contains("Examples/blackbelt/progress.yaml"))
        #expect(Self.files.filter { $0.contains("/violations/") }.count >= 5)
    }

    @Test(arguments: files)
    func findingsEqualTheExpectMarks(_ file: String) throws {
        let result = try Binary.run(["lint", file])
        let text = try String(contentsOf: Binary.packageRoot.appendingPathComponent(file), encoding: .utf8)
        let expected = ExpectMarks.parse(text)
        var found: [String] = []
        for output in result.stdout.split(separator: "\n") {
            // path:line:col: severity: message [rule-id], and ` [*]` after it where --fix repairs it
            let line = output.hasSuffix(" [*]") ? output.dropLast(4) : output
            let parts = line.split(separator: ":", maxSplits: 3)
            guard parts.count == 4, parts[0] == file, let open = line.lastIndex(of: "["), line.hasSuffix("]") else {
                Issue.record("unexpected output line: \(line)")
                continue
            }
            found.append("\(parts[1]) \(line[line.index(after: open)..<line.index(before: line.endIndex)])")
        }
        #expect(found.sorted() == expected, "\(result.stdout)")
        // Exit 1 exactly when an error (not only warnings) was found.
        #expect(result.status == (result.stdout.contains(": error: ") ? 1 : 0))
        #expect(result.stderr.contains(" in 1 file"))
    }
}

/// Every rule's own `examples` in Rules/: each failing screen triggers the rule, no passing screen does.
@Suite("Rule examples")
struct RuleExamplesTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let ruleFile: String
        let tokens: String
        let id: String
        let screen: String
        let fails: Bool
        var testDescription: String { "\(id) \(fails ? "fail" : "pass")" }
    }

    static let cases: [Case] = {
        let root = Binary.packageRoot
        guard let config = try? LintConfig.load(path: root.appendingPathComponent(".hairline.yml").path) else { return [] }
        var cases: [Case] = []
        for system in config.systems {
            guard let tokens = system.tokens else { continue }
            for ruleFile in system.rules {
                guard let rules = try? RuleSetReader.load(path: root.appendingPathComponent(ruleFile).path) else { continue }
                for rule in rules {
                    cases += rule.examples.failing.map { Case(ruleFile: ruleFile, tokens: tokens, id: rule.id, screen: $0.text, fails: true) }
                    cases += rule.examples.passing.map { Case(ruleFile: ruleFile, tokens: tokens, id: rule.id, screen: $0.text, fails: false) }
                }
            }
        }
        return cases
    }()

    @Test func rulesCarryExamples() {
        #expect(Self.cases.count >= 6)
    }

    @Test(arguments: cases)
    func example(_ example: Case) throws {
        let result = try Binary.run(
            ["lint", "--stdin-path", "example.yaml", "--tokens", example.tokens, "--rules", example.ruleFile], stdin: example.screen)
        let hits = result.stdout.split(separator: "\n").filter { $0.hasSuffix("[\(example.id)]") }
        if example.fails {
            #expect(!hits.isEmpty, "\(example.id) should trigger on:\n\(example.screen)\n\(result.stdout)\(result.stderr)")
        } else {
            #expect(hits.isEmpty, "\(example.id) should not trigger: \(hits)")
        }
        #expect(result.status != 2, "\(result.stderr)")
    }
}
