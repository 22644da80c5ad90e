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
        usage: "[PATH ...] [--config FILE] [--tokens FILE] [--rules FILE]... [--format text] [--output FILE] [--fail-on error|warning|info]",
        positionals: 0...Int.max,
        options: [
            .value("--config", "FILE", "Read the config from FILE instead of the nearest .hairline.yml."),
            .value("--tokens", "FILE", "Lint every path against this token set."),
            .value("--rules", "FILE", "Lint every path against this rule set (repeatable).", repeatable: true),
            .value("--format", "FORMAT", "The main output's format: text (default)."),
            .value("--output", "FILE", "Write the main output to FILE instead of standard output."),
            .value("--fail-on", "SEVERITY", "Exit 1 on findings at or above this severity (default error)."),
            .value("--stdin-path", "PATH", "Read one screen from standard input, linted as if it were PATH."),
        ],
        discussion: """
            With no PATH, lints the screens .hairline.yml maps to its systems. A folder is walked for *.yaml and *.yml
            (hidden folders, .build/ and symbolic links skipped; files without a top-level 'screen:' key passed over).
            A screen is linted against --tokens/--rules when given, else the system its 'system:' key names, else the
            first system whose screens globs match it.
            """
    )

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
        let failOn: Severity
        switch arguments.value("--fail-on") {
        case nil: failOn = .error
        case let text?:
            guard let severity = Severity(rawValue: text) else {
                console.err(UsageError(message: "--fail-on takes error, warning or info; got '\(text)'", command: spec.name).rendered)
                return .inputError
            }
            failOn = severity
        }
        if let format = arguments.value("--format"), format != "text" {
            console.err(UsageError(message: "unknown format '\(format)'; the formats are: text", command: spec.name).rendered)
            return .inputError
        }
        if arguments.value("--stdin-path") != nil, !arguments.positionals.isEmpty {
            console.err(UsageError(message: "--stdin-path reads standard input; name no PATH with it", command: spec.name).rendered)
            return .inputError
        }
        var session = LintSession(arguments: arguments)
        let result = session.run()
        let printer = DiagnosticPrinter(console: console)
        printer.printInputErrors(result.inputErrors)
        let useColour = arguments.value("--output") == nil && console.colourOnStdout
        let text = result.findings.map { TextFormatter(colour: useColour).format($0) }.joined(separator: "\n")
        if let output = arguments.value("--output") {
            do throws(AtomicFile.WriteError) {
                try AtomicFile.write(text.isEmpty ? "" : text + "\n", to: output)
            } catch {
                printer.printInputErrors([.inputError("io", "cannot write \(error.path): \(error.reason)", at: .start(of: error.path))])
                return .inputError
            }
        } else if !text.isEmpty {
            console.out(text)
        }
        console.err(summary(result))
        if !result.inputErrors.isEmpty || result.screenCount == 0 { return .inputError }
        return result.findings.contains { $0.severity >= failOn } ? .findings : .success
    }

    static func summary(_ result: LintSession.Result) -> String {
        func count(_ severity: Severity, _ word: String) -> String? {
            let number = result.findings.filter { $0.severity == severity }.count
            return number == 0 ? nil : "\(number) \(word)\(number == 1 ? "" : "s")"
        }
        let inputErrors = result.inputErrors.count
        let inputPart = inputErrors == 0 ? nil : "\(inputErrors) input error\(inputErrors == 1 ? "" : "s")"
        let parts = [inputPart, count(.error, "error"), count(.warning, "warning"), count(.info, "note")].compactMap { $0 }
        let files = "\(result.screenCount) file\(result.screenCount == 1 ? "" : "s")"
        if result.screenCount == 0, result.inputErrors.isEmpty { return "no screen specs found" }
        return (parts.isEmpty ? "no findings" : parts.joined(separator: ", ")) + " in \(files)"
    }
}

/// One lint run: finds the screens, loads each system they need once, lints, and collects findings and input
/// errors. Input errors in one file never stop the others.
struct LintSession {
    struct Result {
        var findings: [Diagnostic] = []
        var inputErrors: [Diagnostic] = []
        var screenCount = 0
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
        for case let system? in systems.values {
            result.findings += system.lintTokens()
        }
        result.findings.sort(by: Diagnostic.outputOrder)
        result.inputErrors.sort(by: Diagnostic.outputOrder)
        return result
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
        do {
            if let bytes {
                root = try YAMLSource.parse(bytes: bytes, file: path)
            } else {
                root = try YAMLSource.load(path: path)
            }
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
            result.findings += system.lint(screen)
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
