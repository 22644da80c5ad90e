import Dispatch
import Foundation
import HairlineDiagnostics
import HairlineLint
import HairlineTokens
import HairlineYAML

/// One lint run: finds the screens, then lints them in parallel across the cores — each file read, parsed,
/// linted and released in turn, so memory holds a few files, not all — loading each design system once.
/// Results are merged in the order of the files, so the output is the same as a serial run's. Input errors in
/// one file never stop the others.
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

    /// What linting one file gave.
    struct FileOutcome: Sendable {
        var findings: [Diagnostic] = []
        var inputErrors: [Diagnostic] = []
        var counted = false
        /// The file, when it was linted (read and understood as a screen).
        var file: String?
        var lineTexts: [Mark: String] = [:]
    }

    static let commandLineSystem = "(command line)"

    private let arguments: ParsedArguments
    private let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    private var config: LintConfig?
    private var result = Result()

    init(arguments: ParsedArguments) {
        self.arguments = arguments
    }

    mutating func run() -> Result {
        let usesCommandLine = arguments.value("--tokens") != nil || !arguments.allValues("--rules").isEmpty
        if !loadConfig(required: !usesCommandLine) { return result }
        let systems = SystemCache(arguments: arguments, config: config, workingDirectory: workingDirectory)
        let linter = FileLinter(config: config, systems: systems, usesCommandLine: usesCommandLine)
        var outcomes: [FileOutcome]
        if let stdinPath = arguments.value("--stdin-path") {
            let bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
            outcomes = [linter.lint(stdinPath, bytes: bytes, explicit: true)]
        } else {
            outcomes = Parallel.map(screenPaths()) { linter.lint($0.0, bytes: nil, explicit: $0.1) }
        }
        for outcome in outcomes {
            result.findings += outcome.findings
            result.inputErrors += outcome.inputErrors
            if outcome.counted { result.screenCount += 1 }
            result.lineTexts.merge(outcome.lineTexts) { first, _ in first }
        }
        result.files = outcomes.compactMap(\.file)
        result.inputErrors += systems.loadErrors
        for system in systems.loaded {
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
        for (file, inFile) in Dictionary(grouping: findings, by: \.mark.file) {
            let bytes = FileManager.default.contents(atPath: file).map { [UInt8]($0) } ?? []
            result.lineTexts.merge(Self.lineTexts(of: inFile, in: bytes)) { first, _ in first }
        }
    }

    /// The text of each finding's line, from the bytes of the one file the findings are in.
    static func lineTexts(of findings: [Diagnostic], in source: [UInt8]) -> [Mark: String] {
        guard !findings.isEmpty else { return [:] }
        // Where each line starts, by a byte scan; only the lines findings name become strings.
        var starts = [0]
        for (offset, byte) in source.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        var texts: [Mark: String] = [:]
        for finding in findings where finding.mark.line <= starts.count {
            let start = starts[finding.mark.line - 1]
            let end = finding.mark.line < starts.count ? starts[finding.mark.line] - 1 : source.count
            texts[finding.mark] = String(decoding: source[start..<end], as: UTF8.self)
        }
        return texts
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
            // The config's folder standardised once for all the files, not once a file.
            let inConfig = config.map { RelativePaths(to: $0.folder) }
            for path in arguments.positionals {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                    paths += FileWalker.yamlFiles(under: path).filter { file in
                        guard let config, let inConfig else { return true }
                        return config.admits(inConfig.relative(file))
                    }.map { ($0, false) }
                } else {
                    paths.append((path, true))
                }
            }
            return paths
        }
        guard let config else { return [] }
        let (inConfig, inWorkingDirectory) = (RelativePaths(to: config.folder), RelativePaths(to: workingDirectory))
        for file in FileWalker.yamlFiles(under: config.folder.path) {
            let relative = inConfig.relative(file)
            guard config.admits(relative), config.system(forScreen: relative) != nil else { continue }
            paths.append((inWorkingDirectory.relative(file), false))
        }
        return paths
    }
}

/// Lints one file: read, parse, find its system, lint, apply its suppression comments. Safe to call from many
/// threads at once.
struct FileLinter: Sendable {
    let config: LintConfig?
    let systems: SystemCache
    let usesCommandLine: Bool
    /// Paths relative to the config's folder, whose standard path is worked out once, not once a file.
    private let inConfig: RelativePaths?

    init(config: LintConfig?, systems: SystemCache, usesCommandLine: Bool) {
        self.config = config
        self.systems = systems
        self.usesCommandLine = usesCommandLine
        inConfig = config.map { RelativePaths(to: $0.folder) }
    }

    func lint(_ path: String, bytes: [UInt8]?, explicit: Bool) -> LintSession.FileOutcome {
        var outcome = LintSession.FileOutcome()
        let source: [UInt8]
        let root: Node
        do throws(YAMLError) {
            if let bytes { source = bytes } else { source = try YAMLSource.readBytes(path: path) }
            // The fast way first: a screen with nothing to report, read straight from the events, in a system
            // some file already loaded. Anything else is read the full way below, which reports it.
            if let (screen, system) = ScreenStreamReader.read(bytes: source, file: path, system: { loadedSystem(for: path, key: $0) }) {
                outcome.counted = true
                lint(screen, in: system, source: source, into: &outcome)
                return outcome
            }
            root = try YAMLSource.parse(bytes: source, file: path)
        } catch {
            outcome.inputErrors.append(error.diagnostic)
            outcome.counted = true
            return outcome
        }
        guard ScreenReader.isScreen(root) else {
            if explicit {
                outcome.inputErrors.append(
                    .inputError(
                        "screen-structure",
                        root.pairs == nil
                            ? "a screen spec is a mapping with a 'screen:' key; found \(root.kindDescription)"
                            : "not a screen spec: the top-level mapping has no 'screen:' key", at: root.mark))
                outcome.counted = true
            }
            return outcome
        }
        outcome.counted = true
        guard
            let systemName = systemName(
                for: path, key: ScreenReader.systemName(root), screenKey: root.pair(forKey: "screen")?.key.mark,
                errors: &outcome.inputErrors),
            let system = systems.system(named: systemName)
        else { return outcome }
        do throws(DiagnosticError) {
            lint(try ScreenReader.read(root, file: path, tokens: system.tokens), in: system, source: source, into: &outcome)
        } catch {
            outcome.inputErrors += error.diagnostics
        }
        return outcome
    }

    private func lint(_ screen: Screen, in system: LintSystem, source: [UInt8], into outcome: inout LintSession.FileOutcome) {
        let findings = Suppressions.parse(bytes: source, file: screen.file).apply(to: system.lint(screen))
        outcome.findings = findings
        outcome.file = screen.file
        outcome.lineTexts = LintSession.lineTexts(of: findings, in: source)
    }

    /// The system a screen read the fast way lints in, if it is one some file already loaded: the fast way
    /// never loads a system, so a system's load errors are reported by the full way alone, once.
    private func loadedSystem(for path: String, key: (name: String, mark: Mark)?) -> LintSystem? {
        var errors: [Diagnostic] = []
        guard let name = systemName(for: path, key: key, screenKey: nil, errors: &errors) else { return nil }
        return systems.loaded(named: name)
    }

    /// Which system lints a screen: the command line's, its `system:` key's, or the first whose globs match.
    private func systemName(
        for path: String, key: (name: String, mark: Mark)?, screenKey: Mark?, errors: inout [Diagnostic]
    ) -> String? {
        if usesCommandLine { return LintSession.commandLineSystem }
        if let (name, mark) = key {
            guard config?.system(named: name) != nil else {
                let known = config?.systems.map(\.name).joined(separator: ", ") ?? ""
                errors.append(
                    .inputError("config", "no system '\(name)' in \(config?.file ?? LintConfig.fileName)" + (known.isEmpty ? "" : "; the systems are \(known)"), at: mark))
                return nil
            }
            return name
        }
        if let config, let inConfig, let system = config.system(forScreen: inConfig.relative(path)) { return system.name }
        errors.append(
            .inputError(
                "config",
                "no design system for this screen: give it a 'system:' key, add it to a system's screens in .hairline.yml, or pass --tokens and --rules",
                at: screenKey ?? .start(of: path)))
        return nil
    }
}

/// Each design system a run uses, loaded once (under a lock, so threads that need it wait for the first);
/// a system that cannot load reports its errors once.
final class SystemCache: @unchecked Sendable {
    private let arguments: ParsedArguments
    private let config: LintConfig?
    private let workingDirectory: URL
    private let lock = NSLock()
    private var systems: [String: LintSystem?] = [:]
    private var order: [String] = []
    private var ruleIDs = RuleIDs()
    private var errors: [Diagnostic] = []

    init(arguments: ParsedArguments, config: LintConfig?, workingDirectory: URL) {
        self.arguments = arguments
        self.config = config
        self.workingDirectory = workingDirectory
    }

    /// The systems that loaded, by name.
    var loaded: [LintSystem] {
        lock.withLock { order.compactMap { systems[$0] ?? nil }.sorted { $0.name < $1.name } }
    }

    /// The errors of the systems that did not load.
    var loadErrors: [Diagnostic] { lock.withLock { errors } }

    /// A system already loaded, without loading it.
    func loaded(named name: String) -> LintSystem? {
        lock.withLock { systems[name] ?? nil }
    }

    func system(named name: String) -> LintSystem? {
        lock.withLock {
            if let cached = systems[name] { return cached }
            let system = load(name)
            systems[name] = .some(system)
            order.append(name)
            return system
        }
    }

    private func load(_ name: String) -> LintSystem? {
        var tokensPath: String?
        var rulePaths: [String] = []
        if name == LintSession.commandLineSystem {
            tokensPath = arguments.value("--tokens")
            rulePaths = arguments.allValues("--rules")
        } else if let config, let entry = config.system(named: name) {
            let folder = config.folder
            tokensPath = entry.tokens.map { FileWalker.relative(folder.appendingPathComponent($0).path, to: workingDirectory) }
            rulePaths = entry.rules.map { FileWalker.relative(folder.appendingPathComponent($0).path, to: workingDirectory) }
        }
        var failures: [Diagnostic] = []
        var tokens: TokenSet?
        if let tokensPath {
            do throws(DiagnosticError) {
                tokens = try TokenSetLoader.load(path: tokensPath)
            } catch {
                failures += error.diagnostics
            }
        }
        var rules: [Rule] = []
        for path in rulePaths {
            do throws(DiagnosticError) {
                for rule in try RuleSetReader.load(path: path) {
                    // A rule file two systems share gives each system its rules.
                    switch ruleIDs.admit(rule) {
                    case .new, .again: rules.append(rule)
                    case .duplicate(let error): failures.append(error.diagnostic)
                    }
                }
            } catch {
                failures += error.diagnostics
            }
        }
        var system: LintSystem?
        if failures.isEmpty {
            do throws(DiagnosticError) {
                system = try LintSystem(name: name, tokens: tokens, rules: rules, overrides: config?.overrides ?? [:])
            } catch {
                failures += error.diagnostics
            }
        }
        errors += failures
        return system
    }
}
