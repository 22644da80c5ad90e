import Foundation
import HairlineDiagnostics
import HairlineLint
import HairlineSwift
import HairlineTokens
import HairlineYAML

/// The lint pipeline as a library: which screens a run lints, which design system lints each (loaded once),
/// reading, linting, suppressions and line texts. Every front end calls it: the `hairline lint` command with the
/// disk, an editor with its unsaved documents. It reads files through `documents` and never prints.
public struct LintEngine: Sendable {
    /// A design system named by the caller (`--tokens` and `--rules`) that lints every screen, config or not.
    public struct ExplicitSystem: Sendable {
        /// The token set's path, if any.
        public var tokens: String?
        /// The rule sets' paths.
        public var rules: [String]

        /// Creates one.
        public init(tokens: String?, rules: [String]) {
            self.tokens = tokens
            self.rules = rules
        }
    }

    /// A file to lint, and whether it was named explicitly (a file that is not a screen is then an error,
    /// where a file met in a walked folder is passed over).
    public struct ScreenInput: Sendable, Hashable {
        public var path: String
        public var explicit: Bool
        /// Set for a folder met in a walk that could not be listed: why. Its screens were not linted, which the
        /// run reports as an input error rather than pass over in silence.
        public var unreadable: String?

        /// Creates one.
        public init(path: String, explicit: Bool, unreadable: String? = nil) {
            self.path = path
            self.explicit = explicit
            self.unreadable = unreadable
        }
    }

    /// What a run found.
    public struct Result: Sendable {
        public var findings: [Diagnostic] = []
        public var inputErrors: [Diagnostic] = []
        /// The files that were screens, or were named and could not be read as one.
        public var screenCount = 0
        /// The screens linted (read and understood), in order.
        public var files: [String] = []
        /// The text of each finding's line.
        public var lineTexts: [Mark: String] = [:]
        /// The rules of every system the run used.
        public var rules: [Rule] = []
        /// The systems the run used whose rules declare no components (by name, or by rule file for the command
        /// line's): their screens' property names go unchecked.
        public var systemsWithoutVocabulary: [String] = []
        /// The system that linted each screen, by the screen's path.
        public var systemNames: [String: String] = [:]
        /// The screens read and their systems, in order, where the caller asked to keep them (to draw them).
        public var screens: [(screen: Screen, system: LintSystem)] = []
        /// Whether `shouldStop` stopped a screen's lint: the result is not the screens' findings.
        public var stopped = false

        /// A result with nothing linted: a run that stopped at its input errors, or before it began.
        public init(inputErrors: [Diagnostic] = []) {
            self.inputErrors = inputErrors
        }
    }

    /// The name of the system an `ExplicitSystem` makes.
    public static let explicitSystemName = "(command line)"

    /// The config, if the run has one.
    public let config: LintConfig?
    /// The system named by the caller, if any: it lints every screen.
    public let explicitSystem: ExplicitSystem?
    /// Where files are read.
    public let documents: Documents
    /// The folder relative paths are printed from.
    public let workingDirectory: URL

    /// An engine for one run (or, in an editor, for as long as the config and documents stay as they are).
    public init(
        config: LintConfig?, explicitSystem: ExplicitSystem? = nil, documents: Documents = .disk,
        workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    ) {
        self.config = config
        self.explicitSystem = explicitSystem
        self.documents = documents
        self.workingDirectory = workingDirectory
    }

    /// The screens under the given paths: a file is named explicitly; a folder is walked for YAML files that the
    /// config's include and exclude admit, each found file named from the folder as it was given.
    public func screens(in paths: [String]) -> [ScreenInput] {
        let inConfig = config.map { RelativePaths(to: $0.folder) }
        var screens: [ScreenInput] = []
        for path in paths {
            let folder = absolute(path)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue {
                let walked = FileWalker.walk(under: folder)
                screens += walked.files.filter { file in
                    guard let config, let inConfig else { return true }
                    return config.admits(inConfig.relative(file))
                }.map { ScreenInput(path: path + $0.dropFirst(folder.count), explicit: false) }
                screens += walked.unreadable.map { ScreenInput(path: path + $0.path.dropFirst(folder.count), explicit: false, unreadable: $0.reason) }
            } else {
                screens.append(ScreenInput(path: path, explicit: true))
            }
        }
        return screens
    }

    /// The screens the config maps to its systems, relative to the working directory.
    public func configuredScreens() -> [ScreenInput] {
        guard let config else { return [] }
        let (inConfig, inWorkingDirectory) = (RelativePaths(to: config.folder), RelativePaths(to: workingDirectory))
        let walked = FileWalker.walk(under: config.folder.path)
        return walked.files.compactMap { file in
            let relative = inConfig.relative(file)
            guard config.admits(relative), config.system(forScreen: relative) != nil else { return nil }
            return ScreenInput(path: inWorkingDirectory.relative(file), explicit: false)
        } + walked.unreadable.map { ScreenInput(path: inWorkingDirectory.relative($0.path), explicit: false, unreadable: $0.reason) }
    }

    /// Lints screens in parallel across the cores, each file read, linted and released in turn; then the rules
    /// over each loaded system's tokens. Results are in output order, the same as a serial run's; an input error
    /// in one file never stops the others.
    /// `systems`: the systems already loaded (an editor's, kept between edits of its screens); nil: a new cache.
    /// `includeSystems`: whether the result holds the systems' own errors and the token rules' findings too (an
    /// editor asks for them once a system changes, not at every keystroke in a screen).
    /// `keepScreens`: the result holds each screen read, for drawing.
    /// `shouldStop`: asked as each screen is linted; a yes stops it, and the result says it `stopped`.
    public func lint(
        _ screens: [ScreenInput], systems: SystemCache? = nil, includeSystems: Bool = true, keepScreens: Bool = false,
        until shouldStop: @escaping @Sendable () -> Bool = { false }
    ) -> Result {
        let systems = systems ?? SystemCache(engine: self)
        var linter = ScreenLinter(engine: self, systems: systems)
        linter.shouldStop = shouldStop
        linter.swift = parseSwift(screens)
        var outcomes = Parallel.map(screens) { linter.lint($0, keep: keepScreens) }
        var result = Result()
        if linter.swift?.compilerMissing == true, let first = screens.first(where: { $0.path.hasSuffix(".swift") }) {
            // Once for the run: the YAML screens are linted all the same.
            result.inputErrors.append(.inputError("swift-compiler", SwiftCompiler.missingMessage, at: .start(of: first.path)))
        }
        for index in outcomes.indices {
            // Taken, not copied: a run's findings are held once.
            let outcome = outcomes[index]
            let findings = outcome.findings
            outcomes[index].findings = []
            if result.findings.isEmpty { result.findings = findings } else { result.findings += findings }
            result.inputErrors += outcome.inputErrors
            if outcome.counted { result.screenCount += 1 }
            if outcome.stopped { result.stopped = true }
            if let file = outcome.file, let system = outcome.system { result.systemNames[file] = system }
            if result.lineTexts.isEmpty {
                result.lineTexts = outcome.lineTexts
            } else {
                result.lineTexts.merge(outcome.lineTexts) { first, _ in first }
            }
        }
        result.files = outcomes.compactMap(\.file)
        result.screens = outcomes.flatMap(\.kept)
        result.rules = systems.loaded.flatMap(\.rules)
        result.systemsWithoutVocabulary = systems.loaded.filter { !$0.rules.contains(where: \.isVocabulary) }.map { system in
            // The command line's system is named by its rule files.
            system.name == Self.explicitSystemName ? Array(Set(system.rules.map(\.file))).sorted().joined(separator: ", ") : system.name
        }.sorted()
        if includeSystems {
            let system = systemDiagnostics(systems)
            result.inputErrors += system.errors
            result.findings += system.findings
            result.lineTexts.merge(system.lineTexts) { first, _ in first }
        }
        addRanges(to: &result.findings)
        addRanges(to: &result.inputErrors)
        Diagnostic.putInOutputOrder(&result.findings)
        Diagnostic.putInOutputOrder(&result.inputErrors)
        return result
    }

    /// The errors of the systems that did not load, and the token rules' findings over the ones that did, with
    /// their lines' texts: each token set with findings is read once for their lines and their ranges.
    public func systemDiagnostics(_ systems: SystemCache) -> (errors: [Diagnostic], findings: [Diagnostic], lineTexts: [Mark: String]) {
        var findings: [Diagnostic] = []
        var lineTexts: [Mark: String] = [:]
        for system in systems.loaded {
            for (file, inFile) in Dictionary(grouping: system.lintTokens(), by: \.mark.file) {
                let bytes = (try? documents.readBytes(path: absolute(file))) ?? []
                lineTexts.merge(Self.lineTexts(at: inFile.map(\.mark), in: bytes)) { first, _ in first }
                let ranges = NodeRanges(bytes: bytes)
                findings += inFile.map(ranges.ranged)
            }
        }
        return (withRanges(systems.loadErrors + unknownOverrides()), findings, lineTexts)
    }

    /// The config's `rules:` ids that name no rule of any rule file it names, nor a built-in finding: each an error at
    /// its key, with the nearest id. Rule files that do not load are passed over (their errors are their systems').
    func unknownOverrides() -> [Diagnostic] {
        guard let config, !config.overrides.isEmpty || !config.fixesOff.isEmpty else { return [] }
        var known = LintSystem.builtInIDs
        for path in ConfigFile.rulePaths(of: config, from: workingDirectory) {
            if let rules = try? RuleSetReader.load(path: absolute(path), displayPath: path, documents: documents) {
                known.formUnion(rules.map(\.id))
            }
        }
        return config.overrideMarks.keys.sorted().filter { !known.contains($0) }.map { id in
            let nearest = NearestName.nearest(to: id, in: known.sorted())
            return .inputError(
                "config", "rules: \(id) names no rule of the config's rule sets" + (nearest.map { "; did you mean '\($0)'?" } ?? ""),
                at: config.overrideMarks[id]!)
        }
    }

    /// Each diagnostic with the range of the node it points at (and its fix's edit), its file read once more where
    /// it has none yet.
    func withRanges(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var diagnostics = diagnostics
        addRanges(to: &diagnostics)
        return diagnostics
    }

    /// Gives the diagnostics without a range theirs, in place.
    func addRanges(to diagnostics: inout [Diagnostic]) {
        var files: [FileID: NodeRanges?] = [:]
        for index in diagnostics.indices where diagnostics[index].range == nil {
            let file = diagnostics[index].mark.fileID
            if files[file] == nil { files[file] = .some((try? documents.readBytes(path: absolute(file.path))).map { NodeRanges(bytes: $0) }) }
            files[file]??.range(&diagnostics[index])
        }
    }

    /// Lints one document: what an editor asks of the screen being typed.
    public func lint(document path: String, systems: SystemCache? = nil) -> Result {
        lint([ScreenInput(path: path, explicit: true)], systems: systems)
    }

    /// The most bytes of a line its findings keep (for fingerprints and baselines): a finding on a long line is
    /// known by its start.
    public static let maxLineTextBytes = 1_024

    /// The text of each mark's line (its first `maxLineTextBytes`), from the bytes of the one file the marks are in.
    public static func lineTexts(at marks: [Mark], in source: [UInt8]) -> [Mark: String] {
        guard !marks.isEmpty else { return [:] }
        // Where each line starts, by a byte scan; only the lines marks name become strings.
        var starts = [0]
        for (offset, byte) in source.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        var texts: [Mark: String] = [:]
        // Marks on one line share its string (marks come in line order): a long line of many findings is held once.
        var last: (line: Int, text: String)?
        for mark in marks where mark.line <= starts.count && texts[mark] == nil {
            if let last, last.line == mark.line {
                texts[mark] = last.text
                continue
            }
            let start = starts[mark.line - 1]
            var end = mark.line < starts.count ? starts[mark.line] - 1 : source.count
            if end - start > maxLineTextBytes {
                // Cut back to the start of a code point.
                end = start + maxLineTextBytes
                while end > start, source[end] & 0xC0 == 0x80 { end -= 1 }
            }
            let text = String(decoding: source[start..<end], as: UTF8.self)
            texts[mark] = text
            last = (mark.line, text)
        }
        return texts
    }

    /// A path as the engine reads it: a relative one is relative to the working directory.
    public func absolute(_ path: String) -> String {
        Self.absolute(path, in: workingDirectory)
    }

    static func absolute(_ path: String, in folder: URL) -> String {
        path.hasPrefix("/") ? path : folder.path + "/" + path
    }

    /// The token set and rule files of a system, as paths relative to the working directory.
    func files(ofSystem name: String) -> (tokens: String?, rules: [String]) {
        if name == Self.explicitSystemName, let explicitSystem { return (explicitSystem.tokens, explicitSystem.rules) }
        guard let config, let entry = config.system(named: name) else { return (nil, []) }
        let relative = { FileWalker.relative(config.url(of: $0).path, to: workingDirectory) }
        return (entry.tokens.map(relative), entry.rules.map(relative))
    }
}
