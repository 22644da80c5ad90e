import Foundation
import HairlineDiagnostics
import HairlineEngine
import HairlineLint
import HairlineYAML

/// The server's view of the project: the open documents' unsaved texts, the config, the design systems (loaded
/// once and kept while their files stay as they are) and the diagnostics each file has. Used from the server's one
/// worker thread only.
final class Workspace {
    /// What an open document is to the project.
    enum Kind {
        /// `.hairline.yml`.
        case config
        /// A token set or rule set a system of the config names, or a rule set.
        case system
        /// Anything else: linted as a screen if it is one.
        case screen
    }

    struct OpenDocument {
        var text: [UInt8]
        var version: Int
    }

    /// The folder paths are shown from and the config is looked for from.
    let root: URL
    private(set) var open: [String: OpenDocument] = [:]
    private(set) var config: LintConfig?
    private var configErrors: [Diagnostic] = []
    /// The open texts, over the disk.
    private var documents = Documents()
    /// The systems, loaded as screens ask for them; a new cache when a token set, rule set or config changes.
    private(set) var systems: SystemCache
    /// How many systems the cache had been asked for when the systems' own diagnostics were last taken.
    private var systemsSeen = -1
    /// The absolute paths of the files the config's systems name.
    private var systemFiles: Set<String> = []
    private var screenDiagnostics: [String: [Diagnostic]] = [:]
    /// The system each open screen was last linted in, by name: what hovers and completions look tokens up in.
    private var screenSystems: [String: String] = [:]
    private var systemDiagnostics: [Diagnostic] = []
    /// What each file was last published with, by absolute path.
    private var published: [String: [Diagnostic]] = [:]
    /// The open screens to lint again, and whether the systems must be loaded anew first.
    private var dirty: Set<String> = []
    private var systemsChanged = true
    /// Whether the systems were loaded anew since `takeSystemsReloaded` was last asked.
    private var systemsReloaded = false

    /// The largest open screen linted as it is typed: the command line's limit is 32 MiB, but a lint of that takes
    /// seconds, and an editor's answers must not wait on it.
    static let maxLintedBytes = 4 << 20

    init(root: URL) {
        self.root = root.standardizedFileURL
        systems = SystemCache(engine: LintEngine(config: nil, workingDirectory: root))
    }

    /// The engine over the open texts as they are now.
    var engine: LintEngine {
        LintEngine(config: config, documents: documents, workingDirectory: root)
    }

    /// A path as diagnostics show it: relative to the root.
    func shown(_ path: String) -> String {
        FileWalker.relative(path, to: root)
    }

    /// The absolute, standardised path of a path a diagnostic shows.
    func absolute(_ shown: String) -> String {
        URL(fileURLWithPath: engine.absolute(shown)).standardizedFileURL.path
    }

    /// What a document is to the project. A text with no top-level `rules:` line is no rule set (found without a
    /// parse, as every keystroke in a screen asks); one with such a line is what the engine reads it as, or, where
    /// it does not parse as it is typed, a rule set.
    func kind(of path: String) -> Kind {
        if (path as NSString).lastPathComponent == LintConfig.fileName { return .config }
        if systemFiles.contains(path) { return .system }
        guard let text = open[path]?.text, Self.isRuleSet(text) else { return .screen }
        switch engine.role(of: path) {
        case .config?: return .config
        case .tokenSet?, .ruleSet?, nil: return .system
        case .screen?, .other?: return .screen
        }
    }

    /// A rule set as its half-typed text shows it: a line that starts with a top-level `rules:` key.
    private static func isRuleSet(_ text: [UInt8]) -> Bool {
        text.starts(with: Array("rules:".utf8)) || text.indices.dropLast(7).contains { index in
            text[index] == 0x0A && text[(index + 1)...].starts(with: Array("rules:".utf8))
        }
    }

    // MARK: Changes

    /// An opened or edited document: its new text.
    func set(_ path: String, text: [UInt8], version: Int) {
        open[path] = OpenDocument(text: text, version: version)
        documents.set(path, bytes: text)
        changed(path)
    }

    /// A closed document: the disk's text again, and no diagnostics of its own if it is a screen.
    func close(_ path: String) {
        open[path] = nil
        var remaining = Documents()
        for (path, document) in open { remaining.set(path, bytes: document.text) }
        documents = remaining
        screenDiagnostics[path] = nil
        screenSystems[path] = nil
        changed(path)
    }

    /// Files changed on the disk (saved, created, deleted by another program).
    /// Any of them may be a token set, a rule set another extends, or the config: the systems are loaded anew
    /// (a few milliseconds, and saves are rare beside keystrokes).
    func filesChanged(_ paths: [String]) {
        if paths.contains(where: { open[$0] == nil }) { systemsChanged = true }
    }

    /// Everything read again: the client's settings changed.
    func reloadAll() {
        systemsChanged = true
    }

    private func changed(_ path: String) {
        if kind(of: path) != .screen {
            systemsChanged = true
        } else if open[path] != nil {
            dirty.insert(path)
        }
    }

    /// Whether there is linting to do.
    var needsRefresh: Bool { systemsChanged || !dirty.isEmpty }

    // MARK: Linting

    /// Lints what changed: every open screen after a system changed, else the edited screens, stopping between
    /// screens when `shouldStop` says newer work waits (what is left stays to do). Returns the files whose
    /// diagnostics changed, with their diagnostics now.
    func refresh(shouldStop: @escaping @Sendable () -> Bool = { false }) -> [(path: String, diagnostics: [Diagnostic])] {
        prepare()
        let engine = engine
        for path in dirty.sorted() {
            if shouldStop() { break }
            if let size = open[path]?.text.count, size > Self.maxLintedBytes {
                dirty.remove(path)
                let megabytes = String(format: "%.1f", Double(size) / Double(1 << 20))
                let message =
                    "this file is \(megabytes) MiB; the editor lints screens of up to \(Self.maxLintedBytes >> 20) MiB, so that typing stays quick. Run `hairline lint \(shown(path))` to lint it"
                screenDiagnostics[path] = [.inputError("size", message, at: .start(of: shown(path)))]
                continue
            }
            // A lint stopped by newer work leaves the screen waiting, with the findings it had.
            let result = engine.lint([LintEngine.ScreenInput(path: shown(path), explicit: false)], systems: systems, includeSystems: false, until: shouldStop)
            if result.stopped { break }
            dirty.remove(path)
            screenDiagnostics[path] = result.findings + result.inputErrors
            screenSystems[path] = result.systemNames.values.first
        }
        // A system asked for the first time, or loaded anew: its own errors and its token rules' findings.
        let asked = systems.count
        if asked != systemsSeen {
            systemsSeen = asked
            loadSystemsOfOpenFiles()
            let (errors, findings, _) = engine.systemDiagnostics(systems)
            systemDiagnostics = configErrors + errors + findings
        }
        return changedDiagnostics()
    }

    /// The config and systems as the open texts are now, before a request is answered; the open screens then
    /// wait to be linted again.
    func prepare() {
        guard systemsChanged else { return }
        reloadSystems()
        dirty = Set(open.keys.filter { kind(of: $0) == .screen })
    }

    /// The config read again, a new system cache, and the files the systems name.
    private func reloadSystems() {
        systemsChanged = false
        systemsReloaded = true
        do throws(DiagnosticError) {
            config = try ConfigFile.load(explicit: nil, from: root, documents: documents)
            configErrors = []
        } catch {
            config = nil
            configErrors = error.diagnostics
        }
        ConfigFile.confine(&documents, config: config, from: root, allowing: [])
        systems = SystemCache(engine: engine)
        systemsSeen = -1
        systemFiles = []
        if let config {
            for system in config.systems {
                for file in [system.tokens].compactMap({ $0 }) + system.rules {
                    systemFiles.insert(config.url(of: file).path)
                }
            }
        }
    }

    /// The systems whose files are open, loaded, so that an open token set or rule set shows its errors before a
    /// screen uses it.
    private func loadSystemsOfOpenFiles() {
        guard let config else { return }
        for system in config.systems {
            let files = ([system.tokens].compactMap { $0 } + system.rules).map {
                config.url(of: $0).path
            }
            if files.contains(where: { open[$0] != nil }) { _ = systems.system(named: system.name) }
        }
        systemsSeen = systems.count
    }

    /// Every file's diagnostics that differ from what was last published.
    private func changedDiagnostics() -> [(path: String, diagnostics: [Diagnostic])] {
        var current: [String: [Diagnostic]] = [:]
        for (path, diagnostics) in screenDiagnostics {
            for diagnostic in diagnostics { current[absolute(diagnostic.mark.file), default: []].append(diagnostic) }
            if current[path] == nil { current[path] = [] }
        }
        for diagnostic in systemDiagnostics { current[absolute(diagnostic.mark.file), default: []].append(diagnostic) }
        var changes: [(path: String, diagnostics: [Diagnostic])] = []
        for path in Set(current.keys).union(published.keys).sorted() {
            let now = (current[path] ?? []).sorted(by: Diagnostic.outputOrder)
            guard published[path] != now else { continue }
            published[path] = now.isEmpty ? nil : now
            changes.append((path, now))
        }
        return changes
    }

    /// Whether the systems were loaded anew since this was last asked: other files' diagnostics may have changed.
    func takeSystemsReloaded() -> Bool {
        defer { systemsReloaded = false }
        return systemsReloaded
    }

    /// The diagnostics last published for a file.
    func diagnostics(of path: String) -> [Diagnostic] {
        published[path] ?? []
    }

    // MARK: Reading

    /// A file's text: the open document's, else the disk's.
    func text(of path: String) -> [UInt8]? {
        open[path]?.text ?? (try? documents.readBytes(path: path))
    }

    /// The document with every safe fix applied to a fixed point, as `hairline lint --fix` applies them; nil where
    /// nothing changes.
    func fixedText(of path: String) -> [UInt8]? {
        let engine = engine
        let input = LintEngine.ScreenInput(path: shown(path), explicit: false)
        let result = engine.lint([input], systems: systems, includeSystems: false)
        let fixed = FixLoop(engine: engine, scope: .safe).run([input], result: result, candidates: result.findings)
        return fixed.files.first.map(\.new)
    }

    /// The system that lints a screen, loading it if needed: the one its last lint used (a request is answered
    /// without linting the screen again), else the one it names or the config's globs give it.
    func system(forScreen path: String) -> LintSystem? {
        screenSystems[path].flatMap { systems.system(named: $0) } ?? systemNamedBy(path)
    }

    /// The system a screen names or the config's globs give it, when it has not been linted yet: the engine's answer,
    /// or, for text that does not parse as it is typed, a top-level `system:` line read from the text.
    private func systemNamedBy(_ path: String) -> LintSystem? {
        guard let config else { return nil }
        let chosen = engine.systemName(ofScreen: path)
        if chosen.parsed { return chosen.name.flatMap { systems.system(named: $0) } }
        let text = String(decoding: open[path]?.text ?? [], as: UTF8.self)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) where line.hasPrefix("system:") {
            let name = line.dropFirst("system:".count).trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            if config.system(named: name) != nil { return systems.system(named: name) }
        }
        let relative = FileWalker.relative(path, to: config.folder)
        return config.system(forScreen: relative).flatMap { systems.system(named: $0.name) }
    }

    /// Every system of the config, loaded.
    var allSystems: [LintSystem] {
        for system in config?.systems ?? [] { _ = systems.system(named: system.name) }
        return systems.loaded
    }
}
