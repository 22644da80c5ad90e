import Foundation
import HairlineDiagnostics
import HairlineLint
import HairlineReport
import HairlineTokens
import HairlineYAML

/// `hairline lint`: checks screen specs against their design system's rules.
enum LintCommand {
    static let spec = CommandSpec(
        name: "lint",
        summary: "Lint screen specs against a design system's rules.",
        usage: "[PATH ...] [--config FILE] [--tokens FILE] [--rules FILE]... [--format FORMAT] [--output FILE] [--report FORMAT=FILE]... [--fail-on error|warning|info] [--quiet] [--baseline FILE] [--write-baseline FILE] [--stdin-path PATH]",
        positionals: 0...Int.max,
        options: [
            .value("--config", "FILE", "Read the config from FILE instead of the nearest .hairline.yml."),
            .value("--tokens", "FILE", "Lint every path against this token set."),
            .value("--rules", "FILE", "Lint every path against this rule set (repeatable).", repeatable: true),
            .value("--format", "FORMAT", "The main output's format: \(Reporters.names.joined(separator: ", ")) (default text)."),
            .value("--output", "FILE", "Write the main output to FILE instead of standard output."),
            .value("--report", "FORMAT=FILE", "Also write FORMAT to FILE (repeatable).", repeatable: true),
            .value("--fail-on", "SEVERITY", "Exit 1 on findings at or above this severity (default error)."),
            .flag("--quiet", "Report errors only: no warnings or notes."),
            .value("--baseline", "FILE", "Hide the findings recorded in FILE; report only new ones."),
            .value("--write-baseline", "FILE", "Record the current findings in FILE."),
            .value("--stdin-path", "PATH", "Read one screen from standard input, linted as if it were PATH."),
        ],
        discussion: """
            With no PATH, lints the screens .hairline.yml maps to its systems. A folder is walked for *.yaml and *.yml
            (hidden folders, .build/ and symbolic links skipped; files without a top-level 'screen:' key passed over).
            A screen is linted against --tokens/--rules when given, else the system its 'system:' key names, else the
            first system whose screens globs match it.
            """
    )

    private static func usage(_ message: String, _ console: Console) -> ExitCode {
        console.err(UsageError(message: message, command: spec.name).rendered)
        return .inputError
    }

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
        var failOn = Severity.error
        if let text = arguments.value("--fail-on") {
            guard let severity = Severity(rawValue: text) else { return usage("--fail-on takes error, warning or info; got '\(text)'", console) }
            failOn = severity
        }
        let format = arguments.value("--format") ?? "text"
        guard let mainReporter = Reporters.named(format) else {
            return usage("unknown format '\(format)'; the formats are: \(Reporters.names.joined(separator: ", "))", console)
        }
        var extraReports: [(any Reporter.Type, String)] = []
        for value in arguments.allValues("--report") {
            guard let equals = value.firstIndex(of: "="), let reporter = Reporters.named(String(value[..<equals])),
                value.index(after: equals) < value.endIndex
            else {
                return usage("--report takes FORMAT=FILE with a format among \(Reporters.names.joined(separator: ", ")); got '\(value)'", console)
            }
            extraReports.append((reporter, String(value[value.index(after: equals)...])))
        }
        if arguments.value("--stdin-path") != nil, !arguments.positionals.isEmpty {
            return usage("--stdin-path reads standard input; name no PATH with it", console)
        }
        let printer = DiagnosticPrinter(console: console)
        var baseline: Baseline?
        if let path = arguments.value("--baseline") {
            guard let data = FileManager.default.contents(atPath: path), let decoded = Baseline.decode(data) else {
                printer.printInputErrors([.inputError("baseline", "cannot read a baseline from \(path)", at: .start(of: path))])
                return .inputError
            }
            baseline = decoded
        }

        var session = LintSession(arguments: arguments)
        var result = session.run()
        if let path = arguments.value("--write-baseline") {
            let written = Baseline(findings: result.findings, lineTexts: result.lineTexts).encoded()
            if let error = write(written, to: path, printer) { return error }
        }
        if let baseline { result.findings = baseline.newFindings(result.findings, lineTexts: result.lineTexts) }
        if arguments.has("--quiet") { result.findings = result.findings.filter { $0.severity == .error } }

        let report = LintReport(
            findings: result.findings, inputErrors: result.inputErrors, files: result.files,
            rules: result.rules.map(RulesCommand.entry), toolVersion: Hairline.version,
            workingDirectory: FileManager.default.currentDirectoryPath, lineTexts: result.lineTexts)
        printer.printInputErrors(result.inputErrors)
        var main = mainReporter.render(report)
        if mainReporter == TextReporter.self, arguments.value("--output") == nil, console.colourOnStdout {
            main = report.findings.map { TextFormatter(colour: true).format($0) + "\n" }.joined()
        }
        if let output = arguments.value("--output") {
            if let error = write(main, to: output, printer) { return error }
        } else if !main.isEmpty {
            console.out(main)
        }
        for (reporter, path) in extraReports {
            if let error = write(reporter.render(report), to: path, printer) { return error }
        }
        if result.screenCount == 0, result.inputErrors.isEmpty {
            console.err("no screen specs found")
            return .inputError
        }
        console.err(report.summary)
        if !result.inputErrors.isEmpty { return .inputError }
        return result.findings.contains { $0.severity >= failOn } ? .findings : .success
    }

    /// Writes a file atomically; the exit code to return if it cannot be written.
    private static func write(_ text: String, to path: String, _ printer: DiagnosticPrinter) -> ExitCode? {
        do throws(AtomicFile.WriteError) {
            try AtomicFile.write(text, to: path)
            return nil
        } catch {
            printer.printInputErrors([.inputError("io", "cannot write \(error.path): \(error.reason)", at: .start(of: error.path))])
            return .inputError
        }
    }
}

/// One lint run: finds the screens, loads each system they need once, lints, and collects findings and input
/// errors. Input errors in one file never stop the others.
struct LintSession {
    struct Result {
        var findings: [Diagnostic] = []
        var inputErrors: [Diagnostic] = []
        var screenCount = 0
        /// The screens linted (read and understood).
        var files: [String] = []
        /// The text of each finding's line.
        var lineTexts: [Mark: String] = [:]
        /// The rules of every system the run used.
        var rules: [Rule] = []
    }

    private let arguments: ParsedArguments
    private let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    private var config: LintConfig?
    private var systems: [String: LintSystem?] = [:]
    private var ruleMarks: [String: Mark] = [:]
    private var result = Result()

    init(arguments: ParsedArguments) {
        self.arguments = arguments
    }

    private static let commandLineSystem = "(command line)"

    mutating func run() -> Result {
        let usesCommandLine = arguments.value("--tokens") != nil || !arguments.allValues("--rules").isEmpty
        if !loadConfig(required: !usesCommandLine) { return result }
        if let stdinPath = arguments.value("--stdin-path") {
            let bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
            lintFile(stdinPath, bytes: bytes, explicit: true, usesCommandLine: usesCommandLine)
        } else {
            for (path, explicit) in screenPaths() {
                lintFile(path, explicit: explicit, usesCommandLine: usesCommandLine)
            }
        }
        for case let system? in systems.values.sorted(by: { ($0?.name ?? "") < ($1?.name ?? "") }) {
            let findings = system.lintTokens()
            result.findings += findings
            result.rules += system.rules
            recordLineTexts(of: findings)
        }
        result.findings.sort(by: Diagnostic.outputOrder)
        result.inputErrors.sort(by: Diagnostic.outputOrder)
        return result
    }

    /// Records the text of each finding's line in files other than screens (token sets).
    private mutating func recordLineTexts(of findings: [Diagnostic]) {
        var cache: [String: [Substring]] = [:]
        for finding in findings {
            if cache[finding.mark.file] == nil {
                let text = FileManager.default.contents(atPath: finding.mark.file).map { String(decoding: $0, as: UTF8.self) } ?? ""
                cache[finding.mark.file] = text.split(separator: "\n", omittingEmptySubsequences: false)
            }
            if let lines = cache[finding.mark.file], finding.mark.line <= lines.count {
                result.lineTexts[finding.mark] = String(lines[finding.mark.line - 1])
            }
        }
    }

    /// Reads `--config`, or the nearest `.hairline.yml`; false when the run cannot go on.
    private mutating func loadConfig(required: Bool) -> Bool {
        var url: URL?
        if let given = arguments.value("--config") {
            url = URL(fileURLWithPath: given, relativeTo: workingDirectory)
        } else {
            url = LintConfig.discover(from: workingDirectory)
        }
        guard let url else {
            if required && arguments.positionals.isEmpty {
                result.inputErrors.append(
                    .inputError("config", "no .hairline.yml here or in a parent folder; name screens and pass --tokens and --rules, or write a config", at: .start(of: LintConfig.fileName)))
                return false
            }
            return true
        }
        do throws(DiagnosticError) {
            config = try LintConfig.load(path: url.path, displayPath: arguments.value("--config") ?? FileWalker.relative(url.path, to: workingDirectory))
        } catch {
            result.inputErrors += error.diagnostics
            return false
        }
        return true
    }

    /// The screens to lint, each with whether it was named explicitly.
    private func screenPaths() -> [(String, Bool)] {
        var paths: [(String, Bool)] = []
        if !arguments.positionals.isEmpty {
            for path in arguments.positionals {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                    paths += FileWalker.yamlFiles(under: path).filter(admitted).map { ($0, false) }
                } else {
                    paths.append((path, true))
                }
            }
            return paths
        }
        guard let config else { return [] }
        for file in FileWalker.yamlFiles(under: config.folder.path) {
            let relative = FileWalker.relative(file, to: config.folder)
            guard config.admits(relative), config.systems.contains(where: { $0.screens.contains { $0.matches(relative) } }) else { continue }
            paths.append((FileWalker.relative(file, to: workingDirectory), false))
        }
        return paths
    }

    private func admitted(_ path: String) -> Bool {
        guard let config else { return true }
        return config.admits(FileWalker.relative(path, to: config.folder))
    }

    private mutating func lintFile(_ path: String, bytes: [UInt8]? = nil, explicit: Bool, usesCommandLine: Bool) {
        let root: Node
        let source: [UInt8]
        do throws(YAMLError) {
            if let bytes { source = bytes } else { source = try YAMLSource.readBytes(path: path) }
            root = try YAMLSource.parse(bytes: source, file: path)
        } catch {
            result.inputErrors.append(error.diagnostic)
            result.screenCount += 1
            return
        }
        guard ScreenReader.isScreen(root) else {
            if explicit {
                result.inputErrors.append(
                    .inputError("screen-structure", root.pairs == nil
                        ? "a screen spec is a mapping with a 'screen:' key; found \(root.kindDescription)"
                        : "not a screen spec: the top-level mapping has no 'screen:' key", at: root.mark))
                result.screenCount += 1
            }
            return
        }
        result.screenCount += 1
        guard let systemName = systemName(for: path, root: root, usesCommandLine: usesCommandLine) else { return }
        guard let system = loadSystem(systemName) else { return }
        do throws(DiagnosticError) {
            let screen = try ScreenReader.read(root, file: path, tokens: system.tokens)
            let text = String(decoding: source, as: UTF8.self)
            let findings = Suppressions.parse(text, file: path).apply(to: system.lint(screen))
            result.findings += findings
            result.files.append(path)
            if !findings.isEmpty {
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                for finding in findings where finding.mark.line <= lines.count {
                    result.lineTexts[finding.mark] = String(lines[finding.mark.line - 1])
                }
            }
        } catch {
            result.inputErrors += error.diagnostics
        }
    }

    /// Which system lints a screen: the command line's, its `system:` key's, or the first whose globs match.
    private mutating func systemName(for path: String, root: Node, usesCommandLine: Bool) -> String? {
        if usesCommandLine { return Self.commandLineSystem }
        if let (name, mark) = ScreenReader.systemName(root) {
            guard config?.system(named: name) != nil else {
                let known = config?.systems.map(\.name).joined(separator: ", ") ?? ""
                result.inputErrors.append(
                    .inputError("config", "no system '\(name)' in \(config?.file ?? LintConfig.fileName)" + (known.isEmpty ? "" : "; the systems are \(known)"), at: mark))
                return nil
            }
            return name
        }
        if let config {
            let relative = FileWalker.relative(path, to: config.folder)
            if let system = config.systems.first(where: { $0.screens.contains { $0.matches(relative) } }) { return system.name }
        }
        result.inputErrors.append(
            .inputError(
                "config",
                "no design system for this screen: give it a 'system:' key, add it to a system's screens in .hairline.yml, or pass --tokens and --rules",
                at: root.pair(forKey: "screen")?.key.mark ?? .start(of: path)))
        return nil
    }

    /// Loads and binds a system once; nil (with its errors reported once) when it cannot be loaded.
    private mutating func loadSystem(_ name: String) -> LintSystem? {
        if let cached = systems[name] { return cached }
        var tokensPath: String?
        var rulePaths: [String] = []
        if name == Self.commandLineSystem {
            tokensPath = arguments.value("--tokens")
            rulePaths = arguments.allValues("--rules")
        } else if let config, let entry = config.system(named: name) {
            let folder = config.folder
            tokensPath = entry.tokens.map { FileWalker.relative(folder.appendingPathComponent($0).path, to: workingDirectory) }
            rulePaths = entry.rules.map { FileWalker.relative(folder.appendingPathComponent($0).path, to: workingDirectory) }
        }
        var errors: [Diagnostic] = []
        var tokens: TokenSet?
        if let tokensPath {
            do throws(DiagnosticError) {
                tokens = try TokenSetLoader.load(path: tokensPath)
            } catch {
                errors += error.diagnostics
            }
        }
        var rules: [Rule] = []
        for path in rulePaths {
            do throws(DiagnosticError) {
                for rule in try RuleSetReader.load(path: path) {
                    // The same rule loaded by two systems is one rule; two rules with one id are an error.
                    if let first = ruleMarks[rule.id], first != rule.idMark {
                        errors.append(RuleError.duplicateID(id: rule.id, at: rule.idMark, first: first).diagnostic)
                        continue
                    }
                    ruleMarks[rule.id] = rule.idMark
                    rules.append(rule)
                }
            } catch {
                errors += error.diagnostics
            }
        }
        var system: LintSystem?
        if errors.isEmpty {
            do throws(DiagnosticError) {
                system = try LintSystem(name: name, tokens: tokens, rules: rules, overrides: config?.overrides ?? [:])
            } catch {
                errors += error.diagnostics
            }
        }
        result.inputErrors += errors
        systems[name] = .some(system)
        return system
    }
}
