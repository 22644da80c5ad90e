import Foundation
import Testing

@Suite("hairline command line")
struct CLIUsageTests {
    @Test func helpListsTheCommands() throws {
        let result = try Binary.run(["--help"])
        #expect(result.status == 0)
        for command in ["compile", "lint", "rules"] {
            #expect(result.stdout.contains("\n  \(command) "), "help lists \(command)")
        }
    }

    @Test(arguments: ["compile", "lint", "rules"])
    func eachCommandHasHelp(_ command: String) throws {
        let result = try Binary.run([command, "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("OVERVIEW: "))
        #expect(result.stdout.contains("USAGE: hairline \(command) "))
    }

    @Test func version() throws {
        let result = try Binary.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("hairline "))
    }

    @Test func noArgumentsIsAUsageError() throws {
        let result = try Binary.run([])
        #expect(result.status == 2)
        #expect(result.stderr.contains("USAGE: hairline <command>"))
    }

    @Test func unknownCommand() throws {
        let result = try Binary.run(["frobnicate"])
        #expect(result.status == 2)
        #expect(result.stderr == "error: unknown command 'frobnicate'\nsee 'hairline --help'\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func unknownFlag() throws {
        let result = try Binary.run(["lint", "--frobnicate"])
        #expect(result.status == 2)
        #expect(result.stderr == "error: unknown option '--frobnicate'\nsee 'hairline lint --help'\n")
    }

    @Test func optionWithoutItsValue() throws {
        let result = try Binary.run(["compile", "Tokens/x.yaml", "--swift"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: option '--swift' needs a value\n"))
    }

    @Test func missingPositional() throws {
        let result = try Binary.run(["compile"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("missing argument"))
        #expect(result.stderr.contains("see 'hairline compile --help'"))
    }

    @Test func unknownTopLevelFlag() throws {
        let result = try Binary.run(["--frobnicate"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: unknown option '--frobnicate'"))
    }
}

@Suite("hairline on malformed files")
struct CLIMalformedFileTests {
    static let commands: [[String]] = [["compile"], ["lint"], ["rules", "--rules"]]

    @Test(arguments: commands)
    func malformedYAMLIsAnInputErrorAtItsPosition(_ command: [String]) throws {
        let folder = try TemporaryFolder()
        try folder.write("bad.yaml", "screen: Broken\nchildren: [1, 2\n")
        let result = try Binary.run(command + ["bad.yaml"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("bad.yaml:3:1: error: did not find expected ',' or ']' [yaml-syntax]\n"))
        #expect(result.stderr.contains("bad.yaml:2:11: note: while parsing a flow sequence"))
    }

    @Test(arguments: commands)
    func missingFile(_ command: [String]) throws {
        let folder = try TemporaryFolder()
        let result = try Binary.run(command + ["nowhere.yaml"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("nowhere.yaml:1:1: error: no such file: nowhere.yaml [io]\n"))
        #expect(result.stderr.split(separator: "\n").count == (command == ["lint"] ? 2 : 1))
    }

    @Test func duplicateKeyThroughTheBinary() throws {
        let folder = try TemporaryFolder()
        try folder.write("dup.yaml", "a: 1\nb: 2\na: 3\n")
        let result = try Binary.run(["compile", "dup.yaml"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr == """
            dup.yaml:3:1: error: duplicate key 'a' [yaml-duplicate-key]
            dup.yaml:1:1: note: 'a' is first given here

            """)
    }

    @Test func utf16File() throws {
        let folder = try TemporaryFolder()
        try folder.write("wide.yaml", bytes: [0xFF, 0xFE, 0x61, 0x00, 0x3A, 0x00])
        let result = try Binary.run(["compile", "wide.yaml"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("wide.yaml:1:1: error: file is UTF-16 (little-endian); save it as UTF-8 [encoding]"))
    }

    /// The command line people expect from Ruff and SwiftLint: `help <command>`, a did-you-mean for a command,
    /// `--select`/`--ignore` by id or prefix, `--statistics`, and a warning for `--unsafe-fixes` alone.
    @Test func helpSelectIgnoreStatisticsAndAWarning() throws {
        let help = try Binary.run(["help", "lint"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("OVERVIEW: Lint screen specs"))
        #expect(help.stdout.contains("--statistics"))
        let typo = try Binary.run(["lnt"])
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("unknown command 'lnt'; did you mean 'lint'?"))
        let rules = """
            rules:
              - {id: mini-spacing, summary: Spacing is on the scale, given: "*", check: {allowed: {properties: [padding], values: [4, 8]}}}
              - {id: mini-gap, given: "*", check: {allowed: {properties: [gap], values: [4, 8]}}}
              - {id: other-title, given: card, check: {required: [title]}}

            """
        let folder = try CLILintTests.project(["screens/a.yaml": "screen: A\npadding: 7\ngap: 3\nchildren:\n  - card: {padding: 5}\n"], rules: rules)
        let all = try Binary.run(["lint", "--format", "json", "screens"], in: folder.url)
        #expect(all.stdout.contains("mini-gap") && all.stdout.contains("other-title"))
        let selected = try Binary.run(["lint", "--select", "mini-", "--ignore", "mini-gap", "screens"], in: folder.url)
        let ids = selected.stdout.split(separator: "\n").compactMap { $0.split(separator: "[").last?.dropLast() }
        #expect(Set(ids) == ["mini-spacing"], "\(selected.stdout)")
        let statistics = try Binary.run(["lint", "--statistics", "screens"], in: folder.url)
        #expect(statistics.stdout == "2  mini-spacing  Spacing is on the scale\n1  mini-gap\n1  other-title\n", "\(statistics.stdout)")
        #expect(statistics.status == 1)
        let unsafe = try Binary.run(["lint", "--unsafe-fixes", "screens"], in: folder.url)
        #expect(unsafe.stderr.hasPrefix("warning: --unsafe-fixes applies nothing without --fix or --diff\n"))
    }

    /// `--watch` lints, then lints again when a screen changes, until it is stopped: a finding added to the screen is
    /// reported without running the command again.
    @Test func watchLintsAgainWhenAScreenChanges() throws {
        let rules = "rules:\n  - {id: mini-spacing, given: \"*\", check: {allowed: {properties: [padding], values: [4, 8]}}}\n"
        let folder = try CLILintTests.project(["screens/a.yaml": "screen: A\npadding: 8\n"], rules: rules)
        let process = Process()
        process.executableURL = Binary.executable
        process.arguments = ["lint", "--watch", "screens"]
        process.currentDirectoryURL = folder.url
        let out = try folder.write("out.txt", ""), err = try folder.write("err.txt", "")
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        defer { process.terminate(); process.waitUntilExit() }
        func waitFor(_ text: String, in file: URL, count: Int = 1) -> Bool {
            for _ in 0..<200 {
                if let written = try? String(contentsOf: file, encoding: .utf8), written.components(separatedBy: text).count > count { return true }
                usleep(100_000)
            }
            return false
        }
        #expect(waitFor("watching for changes", in: err))
        #expect(waitFor("no findings in 1 file", in: err))
        try folder.write("screens/a.yaml", "screen: A\npadding: 7\n")
        #expect(waitFor("screens/a.yaml:2:10: error", in: out), "\((try? String(contentsOf: out, encoding: .utf8)) ?? "")")
        #expect(waitFor("watching for changes", in: err, count: 2))
        #expect(process.isRunning)
        let piped = try Binary.run(["lint", "--watch", "--stdin-path", "a.yaml"], in: folder.url, stdin: "screen: A\n")
        #expect(piped.status == 2 && piped.stderr.contains("--watch lints files as they change"))
    }

    /// A token file takes the weight names screens take, both ways (`semibold`, `SemiBold`), and says the nearest
    /// for one that is none.
    @Test func fontWeightNamesAreReadBothWays() throws {
        let folder = try TemporaryFolder()
        try folder.write("t.yaml", "type:\n  $type: fontWeight\n  a: semibold\n  b: SemiBold\n  c: semi-bold\n")
        let result = try Binary.run(["compile", "t.yaml", "--json", "t.json"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("t.json"), encoding: .utf8).components(separatedBy: "\"value\": 600").count == 4)
        try folder.write("u.yaml", "type:\n  $type: fontWeight\n  a: bolt\n")
        let typo = try Binary.run(["compile", "u.yaml", "--json", "u.json"], in: folder.url)
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("'bolt' is not a weight name (thin, light, regular, medium, semi-bold, bold, …); did you mean 'bold'?"))
    }

    /// On a terminal the rules table is fitted to its width and leads with what designers read (id, severity,
    /// summary); piped, it has every column.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/script"), "SKIPPED: no script(1) to give the run a terminal"))
    func theRulesTableFitsTheTerminal() throws {
        let command = "COLUMNS=72 \(Binary.executable.path) rules --rules Rules/blackbelt.yaml"
        let terminal = try Subprocess.run("script", ["-qec", command, "/dev/null"], in: Binary.packageRoot)
        let lines = terminal.output.replacingOccurrences(of: "\r", with: "").split(separator: "\n")
        #expect(lines.first?.hasPrefix("ID") == true && lines.first?.hasSuffix("SEVERITY  SUMMARY") == true, "\(lines.first ?? "")")
        #expect(lines.count > 20 && lines.allSatisfy { $0.count <= 72 }, "\(lines.filter { $0.count > 72 }.prefix(3))")
        let piped = try Binary.run(["rules", "--rules", "Rules/blackbelt.yaml"])
        #expect(piped.stdout.hasPrefix("ID") && piped.stdout.split(separator: "\n")[0].contains("SELECTOR  "))
    }
}
