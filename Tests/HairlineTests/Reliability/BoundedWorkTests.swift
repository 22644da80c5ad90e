import Foundation
import HairlineCompiler
import HairlineDiagnostics
import HairlineEngine
import HairlineLint
import HairlineReport
import HairlineTokens
import HairlineYAML
import Testing

/// Work that grew faster than its input, and recursion that could overflow the stack, now bounded: each input is
/// generated here at the size that used to hang or crash.
@Suite("Bounded work")
struct BoundedWorkTests {
    @Test func selectorsNestAndChainWithinNamedLimits() throws {
        let deep = String(repeating: ":not(", count: 10_000) + "card" + String(repeating: ")", count: 10_000)
        #expect(throws: SelectorParser.Failure.self) { try Selector(parsing: deep) }
        let atLimit = String(repeating: ":not(", count: SelectorParser.maxNesting) + "card" + String(repeating: ")", count: SelectorParser.maxNesting)
        #expect(try Selector(parsing: atLimit).description == atLimit)
        let long = Array(repeating: "card", count: 10_000).joined(separator: " ")
        #expect(throws: SelectorParser.Failure.self) { try Selector(parsing: long) }
    }

    /// 31 `card`s as descendants of each other, on 30 nested cards: tried once a (part, element) pair.
    @Test func aDescendantChainIsMatchedInPolynomialTime() throws {
        var text = "screen: S\nchildren:\n"
        var indent = "  "
        for _ in 0..<30 {
            text += indent + "- card:\n" + indent + "    children:\n"
            indent += "      "
        }
        text += indent + "- text: {value: x}\n"
        let screen = try ScreenReader.read(text, file: "s.yaml", tokens: nil)
        let cards = screen.elements.filter { $0.kind == "card" }
        let tooLong = try Selector(parsing: Array(repeating: "card", count: 31).joined(separator: " "))
        #expect(!cards.contains { tooLong.matches($0, in: screen) })
        // The same chains, short enough to match: the innermost card is the 30th.
        let thirty = try Selector(parsing: Array(repeating: "card", count: 30).joined(separator: " "))
        #expect(cards.filter { thirty.matches($0, in: screen) }.count == 1)
        let child = try Selector(parsing: "screen > card > card")
        #expect(cards.filter { child.matches($0, in: screen) }.count == 1)
    }

    @Test func oneGroupOfManyTokensIsWrittenAsDTCGInLinearTime() throws {
        var text = "g:\n  $type: number\n"
        for index in 0..<20_000 { text += "  t\(index): \(index)\n" }
        let set = try TokenHelpers.resolve(text)
        let json = DTCGEmitter.emit(set)
        #expect(json.contains("\"t19999\": {\"$type\": \"number\", \"$value\": 19999}"))
        #expect(json.components(separatedBy: "\"$type\"").count - 1 == 20_000)
    }

    /// A chain of 2,000 rule files, each extending the next, and of 2,000 Theo files, each importing the next: an
    /// error at the first link past the limit, not a stack overflow.
    @Test func fileChainsStopAtTheirLimit() throws {
        var files: [String: [UInt8]] = [:]
        for index in 0..<2_000 {
            files["/nonexistent-chain/r\(index).yaml"] = Array("extends: [r\(index + 1).yaml]\nrules: []\n".utf8)
            files["/nonexistent-chain/t\(index).yml"] = Array("imports: [t\(index + 1).yml]\nprops:\n  P\(index): {value: \"\(index)\", type: number}\n".utf8)
        }
        let documents = Documents(files)
        #expect {
            try RuleSetReader.load(path: "/nonexistent-chain/r0.yaml", displayPath: "r0.yaml", documents: documents)
        } throws: { error in
            (error as? DiagnosticError)?.diagnostics.contains { $0.message.contains("extends chains more than \(RuleSetReader.maxExtendsDepth) rule files") } == true
        }
        #expect {
            try TokenSetLoader.load(path: "/nonexistent-chain/t0.yml", displayPath: "t0.yml", documents: documents)
        } throws: { error in
            (error as? DiagnosticError)?.diagnostics.contains { $0.message.contains("imports chain more than 64 files") } == true
        }
    }

    /// A FIFO named as a screen or a token set is refused at once, not waited on.
    @Test func aFIFONamedAsAFileIsRefusedNotWaitedOn() throws {
        let folder = try CLILintTests.project([:])
        let fifo = folder.url.appendingPathComponent("screens/pipe.yaml")
        try FileManager.default.createDirectory(at: fifo.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(mkfifo(fifo.path, 0o600) == 0)
        // `timeout` ends a run that waits, which would fail the status checks below.
        let lint = try Binary.run(["-c", "timeout 10 \"$HAIRLINE\" lint screens/pipe.yaml"], in: folder.url, environment: ["HAIRLINE": Binary.executable.path], shell: true)
        #expect(lint.status == 2)
        #expect(lint.stderr.contains("screens/pipe.yaml:1:1: error: cannot read screens/pipe.yaml: it is not a regular file"))
        let compile = try Binary.run(["-c", "timeout 10 \"$HAIRLINE\" compile screens/pipe.yaml"], in: folder.url, environment: ["HAIRLINE": Binary.executable.path], shell: true)
        #expect(compile.status == 2)
    }

    /// Standard output on a full disk: exit 2 with the reason, not a crash.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "SKIPPED: no /dev/full here"))
    func aFullStandardOutputIsAnErrorNotACrash() throws {
        let result = try Binary.run(
            ["-c", "\"$HAIRLINE\" lint Examples/blackbelt/violations > /dev/full"], environment: ["HAIRLINE": Binary.executable.path], shell: true)
        #expect(result.status == 2)
        #expect(result.stderr.contains("hairline: cannot write standard output: No space left on device"))
    }

    @Test func oneFileForTwoOutputsIsRefusedAndABadBaselineSaysWhy() throws {
        let folder = try CLILintTests.project(["screens/a.yaml": "screen: A\n"])
        let twice = try Binary.run(["lint", "--output", "out.json", "--report", "json=out.json"], in: folder.url)
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("two outputs are written to out.json"))
        try folder.write("baseline.json", "{")
        let bad = try Binary.run(["lint", "--baseline", "baseline.json"], in: folder.url)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("it is not a baseline Hairline wrote"))
        let missing = try Binary.run(["lint", "--baseline", "none.json"], in: folder.url)
        #expect(missing.stderr.contains("there is no such file; write one with --write-baseline"))
    }

    /// 5,000 aliases to nothing: every one reported, the first 50 with a did-you-mean (each is a search of every name).
    @Test func didYouMeanIsLookedForTheFirstFewOnly() throws {
        var text = "g:\n  $type: number\n  base: 1\n"
        for index in 0..<5_000 { text += "  t\(index): \"{g.bse}\"\n" }
        let errors = TokenHelpers.errors(text)
        #expect(errors.count == 5_000)
        #expect(errors.filter { $0.contains("did you mean '{g.base}'?") }.count == 50)
    }

    /// Groups that each extend the previous three ways: counted before copied, refused past the named limit.
    @Test func extendsFanOutIsCountedBeforeItIsCopied() throws {
        var text = "g0:\n  $type: number\n  a: 1\n  b: 2\n"
        for level in 1..<14 {
            text += "g\(level):\n  $type: number\n"
            for name in ["x", "y", "z"] { text += "  \(name): {$extends: \"{g\(level - 1)}\"}\n" }
        }
        let errors = TokenHelpers.errors(text)
        #expect(errors.count == 1)
        #expect(errors.first?.contains("'$extends' must be within 100000 copied tokens in a set") == true)
        // A few levels are fine.
        let small = text.components(separatedBy: "g4:\n")[0]
        #expect(TokenHelpers.errors(small) == [])
    }

    /// A scale of 2,000 values: a finding lists the first 24 and says how many more, not all of them.
    @Test func aMessageListsAFewAllowedValues() throws {
        var tokens = "scale:\n  $type: dimension\n"
        for index in 0..<2_000 { tokens += "  s\(index): \(index * 2)\n" }
        let rules = "rules:\n  - id: r\n    given: \"*\"\n    check: {allowed: {properties: [padding], values: \"{scale}\"}}\n"
        let folder = try CLILintTests.project(["screens/a.yaml": "screen: A\npadding: 3\n"], tokens: tokens, rules: rules)
        let result = try Binary.run(["lint"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stdout.contains("padding 3 is off the scale 0 · 2 · 4 · "))
        #expect(result.stdout.contains(" · 46 · … (1976 more); nearest is 2, as near as 4 (a tie: not fixed)"))
        #expect(result.stdout.count < 400)
    }

    /// A value of a megabyte quoted in a message, or on the line an error shows: every line printed stays short,
    /// and says what it left out.
    @Test func noOutputLineGrowsWithAValue() throws {
        let value = "a" + String(repeating: "x", count: 1_000_000) + "z"
        let diagnostic = Diagnostic.inputError("token", "invalid color: '\(value)'", at: .start(of: "t.yaml"), notes: [.init("see '\(value)'", at: nil)])
        for message in [diagnostic.message, diagnostic.notes[0].message] {
            #expect(message.count <= Diagnostic.maxMessageLength + 40)
            #expect(message.contains("characters left out"))
            #expect(message.hasSuffix("xz'"))
        }
        #expect(diagnostic.message.hasPrefix("invalid color: 'ax"))

        // The snippet shows the characters around the column, the caret under the one the column names.
        let line = String(repeating: "x", count: 500_000) + "ERROR" + String(repeating: "y", count: 500_000)
        let snippet = TextFormatter.snippet(sourceLine: line, column: 500_001).split(separator: "\n")
        #expect(snippet.count == 2)
        #expect(snippet[0].count <= TextFormatter.snippetWidth + 2 && snippet[0].hasPrefix("…") && snippet[0].hasSuffix("…"))
        let caret = snippet[1].count - 1
        #expect(snippet[1].last == "^" && Array(snippet[0])[caret] == "E")
        #expect(TextFormatter.snippet(sourceLine: "ab: c", column: 5) == "ab: c\n    ^")

        let folder = try TemporaryFolder()
        try folder.write("t.yaml", "color:\n  bad:\n    $type: color\n    $value: '\(value)'\n")
        let result = try Binary.run(["compile", "t.yaml", "--json", "out.json"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("t.yaml:4:13: error: invalid color: 'ax"))
        #expect(result.stderr.split(separator: "\n").allSatisfy { $0.count < 1_200 }, "\(result.stderr.count) characters")
    }

    /// `**` eight times over a name 40 segments deep that does not match: each (segment, part) tried once.
    @Test func repeatedGlobstarsMatchInPolynomialTime() {
        let deep = (0..<40).map { "d\($0)" }.joined(separator: "/") + "/screen.yml"
        let globstars = Glob(Array(repeating: "**", count: 8).joined(separator: "/") + "/*.yaml", separator: "/")
        let started = ContinuousClock.now
        #expect(!globstars.matches(deep))
        #expect(globstars.matches(deep.replacingOccurrences(of: ".yml", with: ".yaml")))
        #expect(Glob("**/d3/**/d39/*.yml", separator: "/").matches(deep))
        #expect(!Glob("**/d39/**/d3/*.yml", separator: "/").matches(deep))
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    /// 30 modifiers of two contexts each combine into a billion modes: refused before any is made.
    @Test func resolverModifiersAreCountedBeforeTheyAreCombined() throws {
        var files: [String: [UInt8]] = ["/nonexistent-resolver/base.tokens.json": Array(#"{"size": {"$type": "number", "$value": 1}}"#.utf8)]
        func resolver(modifiers: Int) -> [UInt8] {
            var modifierText: [String] = []
            for index in 0..<modifiers {
                modifierText.append(##""m\##(index)": {"contexts": {"a": [{"$ref": "base.tokens.json"}], "b": [{"$ref": "base.tokens.json"}]}}"##)
            }
            let order = (0..<modifiers).map { ##"{"$ref": "#/modifiers/m\##($0)"}"## }
            return Array(
                ##"{"sets": {"base": {"sources": [{"$ref": "base.tokens.json"}]}}, "modifiers": {\##(modifierText.joined(separator: ", "))}, "resolutionOrder": [{"$ref": "#/sets/base"}, \##(order.joined(separator: ", "))]}"##
                    .utf8)
        }
        files["/nonexistent-resolver/huge.resolver.json"] = resolver(modifiers: 30)
        files["/nonexistent-resolver/small.resolver.json"] = resolver(modifiers: 3)
        let documents = Documents(files)
        #expect {
            try TokenSetLoader.load(path: "/nonexistent-resolver/huge.resolver.json", displayPath: "huge.resolver.json", documents: documents)
        } throws: { error in
            let diagnostics = (error as? DiagnosticError)?.diagnostics ?? []
            return diagnostics.count == 1
                && diagnostics[0].message.contains("the modifiers up to 'm8' combine into more than \(ResolverLoader.maxModes) modes")
        }
        let small = try TokenSetLoader.load(path: "/nonexistent-resolver/small.resolver.json", displayPath: "small.resolver.json", documents: documents)
        #expect(small.modes.count == 8)
    }

    /// A catastrophic pattern's budget for slow matches is a run's: once spent, the rest of that run's values say
    /// they could not be checked in time, and the next run (an editor's next edit, its systems kept) checks again
    /// (the budget lived on the loaded system, and an editor never checked that pattern again until a reload).
    @Test func aPatternsBudgetForSlowMatchesIsARunsNotTheSystems() throws {
        let slow = String(repeating: "a", count: 32) + "!"
        let texts = (0..<6).map { "    - text: {value: \"\(slow)\($0)\"}\n" }.joined()
        let folder = try CLILintTests.project(
            ["a.yaml": "screen: A\nchildren:\n\(texts)    - text: {value: b1}\n", "b.yaml": "screen: B\nchildren:\n    - text: {value: b2}\n"],
            rules: "rules:\n  - {id: p, given: text, check: {pattern: {properties: [value], match: \"^(a+)+$\"}}}\n")
        let engine = LintEngine(config: nil, explicitSystem: .init(tokens: "tokens.yaml", rules: ["rules.yaml"]), workingDirectory: folder.url)
        let systems = SystemCache(engine: engine)
        let first = engine.lint([LintEngine.ScreenInput(path: "a.yaml", explicit: true)], systems: systems, includeSystems: false)
        #expect(first.findings.last?.message.contains("could not be checked against ^(a+)+$ in time") == true, "\(first.findings.map(\.message))")
        let next = engine.lint([LintEngine.ScreenInput(path: "b.yaml", explicit: true)], systems: systems, includeSystems: false)
        #expect(next.findings.map(\.message) == ["value 'b2' does not match ^(a+)+$"])
    }

    /// A folder that cannot be listed is named by the walk, not passed over; lint reports it as an input error.
    @Test func anUnreadableFolderIsReportedNotSkipped() throws {
        let folder = try CLILintTests.project(["screens/a.yaml": "screen: A\n", "screens/locked/b.yaml": "screen: B\n"])
        let root = folder.url.appendingPathComponent("screens").path
        let walked = FileWalker.walk(under: root) { (path: String) throws(FileWalker.Unreadable) -> [String] in
            if path.hasSuffix("/locked") { throw FileWalker.Unreadable(path: path, reason: "Permission denied") }
            return try FileWalker.entries(of: path)
        }
        #expect(walked.files == [root + "/a.yaml"])
        #expect(walked.unreadable == [FileWalker.Unreadable(path: root + "/locked", reason: "Permission denied")])
        let engine = LintEngine(config: nil, workingDirectory: folder.url)
        let result = engine.lint([LintEngine.ScreenInput(path: "screens/locked", explicit: false, unreadable: "Permission denied")])
        #expect(result.inputErrors.map { "\($0.mark): \($0.code): \($0.message)" } == ["screens/locked:1:1: io: cannot read screens/locked: Permission denied; what it holds was not linted"])
        // The real walk, where the folder can be listed.
        #expect(FileWalker.walk(under: root).files == [root + "/a.yaml", root + "/locked/b.yaml"])
        #expect(FileWalker.walk(under: root + "/none").unreadable.map(\.reason) == ["No such file or directory"])
    }

    /// 20,000 findings on one line of 40 KB: each finding's position, line text and fingerprint is found without
    /// walking the line from its start, and the line is held once, cut short (each finding held a copy of it: 150,000
    /// items on a line took gigabytes).
    @Test func manyFindingsOnOneLongLineTakeLinearWork() throws {
        let items = 10_000
        let documents = Documents([
            "/nonexistent-bounded/tokens.yaml": Array("spacing:\n  $type: dimension\n  small: 8\n".utf8),
            "/nonexistent-bounded/rules.yaml": Array(
                "rules:\n  - id: r\n    given: \"*\"\n    check: {allowed: {properties: [padding, gap], values: \"{spacing}\"}}\n".utf8),
            "/nonexistent-bounded/s.yaml": Array(
                ("screen: S\nchildren:\n  - card: {padding: [" + Array(repeating: "1", count: items).joined(separator: ",")
                    + "], gap: [" + Array(repeating: "2", count: items).joined(separator: ",") + "]}\n").utf8),
        ])
        let engine = LintEngine(
            config: nil, explicitSystem: .init(tokens: "tokens.yaml", rules: ["rules.yaml"]), documents: documents,
            workingDirectory: URL(fileURLWithPath: "/nonexistent-bounded"))
        let started = ContinuousClock.now
        let result = engine.lint(document: "s.yaml")
        let report = LintReport(
            findings: result.findings, inputErrors: [], files: result.files, rules: [], toolVersion: "1", workingDirectory: "/",
            lineTexts: result.lineTexts)
        var sarifBytes = 0
        let output = ReportOutput { sarifBytes += $0.count }
        SARIFReporter.write(report, to: output)
        output.flush()
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(result.findings.count == 2 * items)
        #expect(sarifBytes > 2 * items * 1_000)
        let last = try #require(result.findings.last)
        // The last `2`: after `  - card: {padding: [`, the padding list and `], gap: [`, 21 + (2n - 1) + 9 + 2(n - 1) + 1.
        let column: Int = 4 * items + 28
        #expect(last.mark.line == 3)
        #expect(last.mark.column == column)
        let range = try #require(last.range)
        let offset: Int = 20 + 4 * items + 27
        #expect(range.start.offset == offset)
        #expect(range.end.offset == offset + 1)
        #expect(Set(result.lineTexts.values).count == 1)
        #expect(result.lineTexts.values.allSatisfy { $0.utf8.count == LintEngine.maxLineTextBytes })
    }

    /// A screen whose name is not UTF-8 was decoded lossily by the walker and skipped: "no findings", exit 0.
    @Test func aNameThatIsNotUTF8IsAnInputErrorNotAHiddenScreen() throws {
        let folder = try CLILintTests.project([:])
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("screens"), withIntermediateDirectories: true)
        let bytes: [UInt8] = Array((folder.url.path + "/screens/bad").utf8) + [0xFF] + Array(".yaml".utf8) + [0]
        let created = bytes.map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { creat($0.baseAddress!, 0o644) }
        try #require(created >= 0)
        close(created)
        try folder.write("screens/ok.yaml", "screen: S\n")
        let result = try Binary.run(["lint", "screens"], in: folder.url)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("its name is not UTF-8, so it cannot be read; rename it"), "\(result.stderr)")
    }
}
