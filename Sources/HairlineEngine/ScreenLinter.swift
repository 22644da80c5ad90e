import HairlineDiagnostics
import HairlineLint
import HairlineYAML

/// Lints one file: read, parse, find its system, lint, apply its suppression comments. Safe to call from many
/// threads at once.
struct ScreenLinter: Sendable {
    /// What linting one file gave.
    struct Outcome: Sendable {
        var findings: [Diagnostic] = []
        var inputErrors: [Diagnostic] = []
        var counted = false
        /// The file, when it was linted (read and understood as a screen).
        var file: String?
        var lineTexts: [Mark: String] = [:]
    }

    let engine: LintEngine
    let systems: SystemCache
    /// Paths relative to the config's folder, whose standard path is worked out once, not once a file.
    private let inConfig: RelativePaths?

    init(engine: LintEngine, systems: SystemCache) {
        self.engine = engine
        self.systems = systems
        inConfig = engine.config.map { RelativePaths(to: $0.folder) }
    }

    func lint(_ path: String, explicit: Bool) -> Outcome {
        var outcome = Outcome()
        let source: [UInt8]
        let root: Node
        do throws(YAMLError) {
            source = try engine.documents.readBytes(path: engine.absolute(path), displayPath: path)
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
            outcome.inputErrors += Self.withRanges(error.diagnostics, in: source)
        }
        return outcome
    }

    /// Diagnostics with the ranges of their nodes and their fixes' edits, those in the screen taken from its bytes
    /// at hand (the others are given theirs by the engine).
    private static func withRanges(_ diagnostics: [Diagnostic], in source: [UInt8]) -> [Diagnostic] {
        guard let file = diagnostics.first?.mark.file else { return diagnostics }
        let ranges = NodeRanges(bytes: source)
        return diagnostics.map { $0.mark.file == file ? ranges.ranged($0) : $0 }
    }

    private func lint(_ screen: Screen, in system: LintSystem, source: [UInt8], into outcome: inout Outcome) {
        let findings = Suppressions.parse(bytes: source, file: screen.file).apply(to: system.lint(screen))
        outcome.findings = Self.withRanges(findings, in: source)
        outcome.file = screen.file
        outcome.lineTexts = LintEngine.lineTexts(of: findings, in: source)
    }

    /// The system a screen read the fast way lints in, if it is one some file already loaded: the fast way
    /// never loads a system, so a system's load errors are reported by the full way alone, once.
    private func loadedSystem(for path: String, key: (name: String, mark: Mark)?) -> LintSystem? {
        var errors: [Diagnostic] = []
        guard let name = systemName(for: path, key: key, screenKey: nil, errors: &errors) else { return nil }
        return systems.loaded(named: name)
    }

    /// Which system lints a screen: the caller's, its `system:` key's, or the first whose globs match.
    private func systemName(
        for path: String, key: (name: String, mark: Mark)?, screenKey: Mark?, errors: inout [Diagnostic]
    ) -> String? {
        if engine.explicitSystem != nil { return LintEngine.explicitSystemName }
        let config = engine.config
        if let (name, mark) = key {
            guard config?.system(named: name) != nil else {
                let known = config?.systems.map(\.name).joined(separator: ", ") ?? ""
                errors.append(
                    .inputError("config", "no system '\(name)' in \(config?.file ?? LintConfig.fileName)" + (known.isEmpty ? "" : "; the systems are \(known)"), at: mark))
                return nil
            }
            return name
        }
        if let config, let inConfig, let system = config.system(forScreen: inConfig.relative(engine.absolute(path))) { return system.name }
        errors.append(
            .inputError(
                "config",
                "no design system for this screen: give it a 'system:' key, add it to a system's screens in .hairline.yml, or pass --tokens and --rules",
                at: screenKey ?? .start(of: path)))
        return nil
    }
}
