import Foundation
import Testing

/// The messages a new team meets first say what to change.
@Suite("Messages that say what to do")
struct CLIMessageTests {
    @Test func aTabInIndentationSaysToUseSpaces() throws {
        let folder = try CLILintTests.project(["screens/a.yaml": "screen: A\nchildren:\n\t- card: {title: x}\n"])
        let result = try Binary.run(["lint"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("screens/a.yaml:3:1: error: found character that cannot start any token: a tab; YAML indents with spaces only, so replace the tab with spaces [yaml-syntax]"))
    }

    @Test func badIndentationSaysWhichLineToCheck() throws {
        let folder = try CLILintTests.project(["screens/a.yaml": "screen: A\nchildren:\n  - card:\n      title: x\n     padding: 8\n"])
        let result = try Binary.run(["lint"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("check this line's indentation: it must line up with the other keys of its mapping"))
    }

    @Test func warnIsAcceptedAsWarningAndOtherSpellingsAreNamed() throws {
        let rules = CLILintTests.rules.replacingOccurrences(of: "severity: warning", with: "severity: warn")
        let folder = try CLILintTests.project(
            ["screens/a.yaml": "screen: A\nchildren:\n  - card: {padding: 8}\n"],
            config: CLILintTests.config + "rules:\n  mini-spacing: note\n", rules: rules)
        let result = try Binary.run(["lint"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "screens/a.yaml:3:5: warning: card has no title [mini-title]\n")
        let wrong = try CLILintTests.project(["screens/a.yaml": "screen: A\n"], rules: CLILintTests.rules.replacingOccurrences(of: "severity: warning", with: "severity: caution"))
        let refused = try Binary.run(["lint"], in: wrong.url)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("error, warning (or warn), info (or note)"))
    }

    @Test func theSummaryCountsTheFileThatHadTheError() throws {
        let folder = try CLILintTests.project(["screens/a.yaml": "screen: A\nchildren: [\n"])
        let result = try Binary.run(["lint"], in: folder.url)
        #expect(result.stderr.hasSuffix("1 input error in 1 file\n"))
    }
}
