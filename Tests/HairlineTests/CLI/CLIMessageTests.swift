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

    @Test func aMissingFileTheConfigNamesIsReportedWhereItIsNamedAndAbsolutePathsAreUsedAsGiven() throws {
        let folder = try CLILintTests.project(["screens/a.yaml": "screen: A\npadding: 8\n"])
        let rules = folder.url.appendingPathComponent("rules.yaml").path
        try folder.write(".hairline.yml", "systems:\n  mini:\n    tokens: missing.yaml\n    rules: [\(rules)]\n    screens: [\"screens/*.yaml\"]\n")
        let result = try Binary.run(["lint"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(".hairline.yml:3:13: error: system 'mini' names missing.yaml, which does not exist (looked for "))
        #expect(!result.stderr.contains("rules.yaml"), "the absolute rule path is found")
        try folder.write(".hairline.yml", "systems:\n  mini:\n    tokens: tokens.yaml\n    rules: [\(rules)]\n    screens: [\"screens/*.yaml\"]\n")
        #expect(try Binary.run(["lint"], in: folder.url).status == 0)
    }

    @Test func rulesWithoutTokensKeepTheConfigsTokenSetOrSayWhyNot() throws {
        let folder = try CLILintTests.project(["screens/a.yaml": "screen: A\npadding: 8\n"])
        // One token set in the config: kept, so the scale the rule names resolves.
        let kept = try Binary.run(["lint", "screens/a.yaml", "--rules", "rules.yaml"], in: folder.url)
        #expect(kept.status == 0, "\(kept.stderr)")
        try folder.write("other.yaml", CLILintTests.tokens)
        try folder.write(".hairline.yml", CLILintTests.config + "  other:\n    tokens: other.yaml\n    rules: [rules.yaml]\n")
        let ambiguous = try Binary.run(["lint", "screens/a.yaml", "--rules", "rules.yaml"], in: folder.url)
        #expect(ambiguous.status == 2)
        #expect(ambiguous.stderr.contains("--rules without --tokens: the config's systems have different token sets (other.yaml, tokens.yaml); pass --tokens FILE"))
    }

    @Test func otherToolsFormatsCompile() throws {
        let folder = try TemporaryFolder()
        try folder.write("sd.json", "{\"color\": {\"base\": {\"red\": {\"value\": \"#ff0000\", \"type\": \"color\"}}}}")
        try folder.write("studio.json", "{\"global\": {\"red\": {\"value\": \"#f00\", \"type\": \"color\"}}, \"$themes\": [], \"$metadata\": {}}")
        for (file, path) in [("sd.json", "color.base.red"), ("studio.json", "red")] {
            let result = try Binary.run(["compile", file, "--json", "out.json"], in: folder.url)
            #expect(result.status == 0, "\(file): \(result.stderr)")
            let json = try String(contentsOf: folder.url.appendingPathComponent("out.json"), encoding: .utf8)
            #expect(json.contains("\"\(path)\": {\"type\": \"color\", \"value\": \"#FF0000\"}"), "\(json)")
        }
        try folder.write("math.json", "{\"space\": {\"a\": {\"value\": \"4\", \"type\": \"spacing\"}, \"b\": {\"value\": \"{space.a} * 2\", \"type\": \"spacing\"}}}")
        let math = try Binary.run(["compile", "math.json"], in: folder.url)
        #expect(math.status == 2)
        #expect(math.stderr.hasPrefix("math.json:1:67: error: '{space.a} * 2' computes with references"))
    }
}

/// A rule id that names no rule — in the config, in a suppression comment — is an error with the nearest id.
@Suite("Unknown rule ids")
struct UnknownRuleIDTests {
    @Test func theConfigAndSuppressionsNameOnlyRules() throws {
        let folder = try CLILintTests.project(
            ["screens/a.yaml": "screen: A\npadding: 6 # hairline:disable-line mini-spacng — the old scale\nchildren:\n  - card: {title: x} # hairline:disable-line mini-title -- ok\n"],
            config: CLILintTests.config + "rules:\n  mini-titel: warning\n  unused-suppression: off\n")
        let result = try Binary.run(["lint"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains(".hairline.yml:7:3: error: rules: mini-titel names no rule of the config's rule sets; did you mean 'mini-title'? [config]"))
        #expect(result.stdout.contains("screens/a.yaml:2:12: error: hairline:disable-line mini-spacng names no rule of this system; did you mean 'mini-spacing'? [unknown-rule]"))
        // The em dash ends the ids as ` -- ` does; a built-in id is a rule id; a known id that hides nothing is not an error.
        #expect(!result.stdout.contains("the old scale"))
        #expect(!result.stdout.contains("mini-title names no rule"))
    }
}

/// The rules report shows what each rule allows or limits, not only its check's name.
@Suite("Rules report settings")
struct RulesReportSettingsTests {
    @Test(arguments: ["text", "markdown", "json", "html"])
    func everyFormatShowsTheSettings(_ format: String) throws {
        let folder = try CLILintTests.project([:])
        let result = try Binary.run(["rules", "--format", format], in: folder.url)
        #expect(result.status == 0)
        switch format {
        case "json": #expect(result.stdout.contains("\"settings\" : \"{properties: [padding], values: \\\"{spacing.scale}\\\"}\""))
        case "html": #expect(result.stdout.contains("allowed {properties: [padding], values: &quot;{spacing.scale}&quot;}"))
        case "markdown": #expect(result.stdout.contains("allowed {properties: [padding], values: \"{spacing.scale}\"}"))
        default: #expect(result.stdout.contains("allowed {properties: [padding], values: \"{spacing.scale}\"}"))
        }
        let detail = try Binary.run(["rules", "mini-title"], in: folder.url)
        #expect(detail.stdout.contains("  check:    required [title]\n"))
    }
}
