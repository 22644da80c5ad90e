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
        /// The name of the system that linted it.
        var system: String?
        /// The screen read, and its system, when the caller keeps them (to draw it).
        /// (A Swift file is a screen a view body.)
        var kept: [(screen: Screen, system: LintSystem)] = []
        var lineTexts: [Mark: String] = [:]
        /// Whether the lint stopped before its end, when the caller asked to stop (its findings are then none).
        var stopped = false
    }

    let engine: LintEngine
    let systems: SystemCache
    /// Asked between runs of elements: a yes stops the lint (an editor's, when the next edit arrives).
    var shouldStop: @Sendable () -> Bool = { false }
    /// The run's budget for slow pattern matches.
    let slowMatches = SlowMatches()
    /// The run's Swift files, parsed before it lints.
    var swift: SwiftSources?
    /// Paths relative to the config's folder, whose standard path is worked out once, not once a file.
    private let inConfig: RelativePaths?

    init(engine: LintEngine, systems: SystemCache) {
        self.engine = engine
        self.systems = systems
        inConfig = engine.config.map { RelativePaths(to: $0.folder) }
    }

    func lint(_ input: LintEngine.ScreenInput, keep: Bool = false) -> Outcome {
        var outcome = Outcome()
        if let reason = input.unreadable {
            outcome.inputErrors.append(
                .inputError("io", "cannot read \(input.path): \(reason); what it holds was not linted", at: .start(of: input.path)))
            outcome.counted = true
            return outcome
        }
        if input.path.hasSuffix(".swift") {
            guard let swift, !swift.compilerMissing else { return outcome }  // the run says once what is missing
            return lintSwift(input, sources: swift, keep: keep)
        }
        guard let (screen, system, source) = read(input.path, explicit: input.explicit, into: &outcome) else { return outcome }
        lint(screen, in: system, source: source, into: &outcome)
        if keep { outcome.kept = [(screen, system)] }
        return outcome
    }

    /// A screen file's bytes and its nodes' ranges, from its one read.
    struct Source {
        let bytes: [UInt8]
        let ranges: NodeRanges.Recorded
    }

    /// Reads a file as a screen in its system: the screen, the system and the bytes; nil when the file is no
    /// screen or cannot be read as one (its errors then in `outcome`).
    func read(_ path: String, explicit: Bool, into outcome: inout Outcome) -> (Screen, LintSystem, Source)? {
        let bytes: [UInt8]
        var read: ScreenReader.Outcome
        do throws(YAMLError) {
            bytes = try engine.documents.readBytes(path: engine.absolute(path), displayPath: path)
            read = try ScreenReader.read(bytes: bytes, file: path) { key in system(for: path, key: key) }
        } catch {
            outcome.inputErrors.append(error.diagnostic)
            outcome.counted = true
            return nil
        }
        guard read.isScreen else {
            // A file met in a walked folder that is no screen spec is passed over.
            if explicit {
                outcome.inputErrors += read.errors
                outcome.counted = true
            }
            return nil
        }
        outcome.counted = true
        guard
            let systemName = systemName(for: path, key: read.systemKey, screenKey: read.screenKey, errors: &outcome.inputErrors),
            let system = systems.system(named: systemName)
        else { return nil }
        // References resolved in no system, or in another than the one the whole file names: read again with it.
        if read.needsSystem || (read.referenceSystem.map { $0.name != system.name } ?? false) {
            do throws(YAMLError) {
                read = try ScreenReader.read(bytes: bytes, file: path) { _ in system }
            } catch {
                outcome.inputErrors.append(error.diagnostic)
                return nil
            }
        }
        let source = Source(bytes: bytes, ranges: read.ranges)
        guard let screen = read.screen else {
            var errors = (read.errors + read.findings.map { finding in
                var error = finding
                error.isInputError = true
                return error
            }).sorted(by: Diagnostic.outputOrder)
            Self.addRanges(to: &errors, in: source)
            outcome.inputErrors += errors
            return nil
        }
        outcome.findings = read.findings
        return (screen, system, source)
    }

    private func lint(_ screen: Screen, in system: LintSystem, source: Source, into outcome: inout Outcome) {
        let bytes = source.bytes
        guard let found = system.lint(screen, until: shouldStop, slowMatches: slowMatches) else {
            outcome = Outcome(counted: true, stopped: true)
            return
        }
        var findings = Suppressions.parse(bytes: bytes, file: screen.file).apply(to: outcome.findings + found, knownIDs: system.knownIDs)
        Diagnostic.putInOutputOrder(&findings)
        Self.addRanges(to: &findings, in: source)
        outcome.lineTexts = LintEngine.lineTexts(at: findings.map(\.mark), in: bytes)
        outcome.findings = findings
        outcome.file = screen.file
        outcome.system = system.name
    }

    /// Gives diagnostics the ranges of their nodes and their fixes' edits, in place: those in the screen, from its
    /// read (the others are given theirs by the engine).
    private static func addRanges(to diagnostics: inout [Diagnostic], in source: Source) {
        guard let file = diagnostics.first?.mark.fileID else { return }
        let ranges = source.ranges.ranges(of: source.bytes)
        for index in diagnostics.indices where diagnostics[index].mark.fileID == file { ranges.range(&diagnostics[index]) }
    }

    /// The system references resolve in while a screen is read: the one its `system:` key names, if read yet,
    /// else the caller's or the config's globs'; nil when none can be told yet (its errors are the final choice's).
    private func system(for path: String, key: (name: String, mark: Mark)?) -> LintSystem? {
        var errors: [Diagnostic] = []
        guard let name = systemName(for: path, key: key, screenKey: nil, errors: &errors) else { return nil }
        return systems.system(named: name)
    }

    /// Which system lints a screen: the caller's, its `system:` key's, or the first whose globs match.
    func systemName(
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
