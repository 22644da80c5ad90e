import HairlineDiagnostics
import HairlineYAML

/// Fixes to a fixed point, as Ruff does: apply the findings' fixes, lint the fixed text again, apply the fixes its
/// findings offer, and so on until a pass changes nothing (or `maxPasses`, naming the files that did not settle). A
/// safe fix whose result has a finding its input did not have is not applied: it is set aside, and said.
/// The command line's `--fix` and `--diff` and the language server's "fix all" share it.
public struct FixLoop: Sendable {
    public let engine: LintEngine
    public let scope: FixApplier.Scope
    /// Which findings may be fixed (a run's `--select`/`--ignore`, its baseline); every one by default.
    public let admits: @Sendable (Diagnostic) -> Bool
    public static let maxPasses = 10

    public init(engine: LintEngine, scope: FixApplier.Scope, admits: @escaping @Sendable (Diagnostic) -> Bool = { _ in true }) {
        (self.engine, self.scope, self.admits) = (engine, scope, admits)
    }

    /// What fixing gave.
    public struct Outcome: Sendable {
        /// Each changed file: its bytes before and after.
        public var files: [(path: String, old: [UInt8], new: [UInt8])] = []
        /// The engine's documents with the fixed files in them (the fixed text, not yet written).
        public var documents: Documents
        /// How many fixes were applied, over all passes.
        public var applied = 0
        /// Fixes set aside because their result had a finding their input did not: each with what it would bring.
        public var setAside: [(finding: Diagnostic, brings: Diagnostic)] = []
        /// Files still changing after `maxPasses`.
        public var unsettled: [String] = []
        /// The run's result with the fixed files linted again.
        public var result: LintEngine.Result
    }

    /// Fixes `candidates` (the findings of `result`) in their files, to a fixed point. A file with an input error is
    /// never changed.
    public func run(_ screens: [LintEngine.ScreenInput], result: LintEngine.Result, candidates: [Diagnostic]) -> Outcome {
        let applier = FixApplier(scope: scope)
        let broken = Set(result.inputErrors.map(\.mark.file))
        var outcome = Outcome(documents: engine.documents, result: result)
        var original: [String: [UInt8]] = [:]
        var pending = Dictionary(grouping: candidates.filter { admits($0) && applier.applies(to: $0) }, by: \.mark.file)
        var relinted: [String: LintEngine.Result] = [:]
        // The systems are loaded once for every relint: fixes change screens, never a token set or rule set.
        let systems = SystemCache(engine: engine)
        var pass = 0
        while !pending.isEmpty, pass < Self.maxPasses {
            pass += 1
            var changed: [String: (findings: [Diagnostic], bytes: [UInt8])] = [:]
            for (file, findings) in pending.sorted(by: { $0.key < $1.key }) where !broken.contains(file) {
                guard let source = try? outcome.documents.readBytes(path: engine.absolute(file)) else { continue }
                if original[file] == nil { original[file] = source }
                // Fixes that overlap one applied in this pass wait for the next, on the text as it is then.
                let applied = applier.apply(findings, to: source)
                if applied.changed { changed[file] = (applied.applied, applied.bytes) }
            }
            pending = [:]
            guard !changed.isEmpty else { break }
            for (file, change) in changed.sorted(by: { $0.key < $1.key }) {
                let before = outcome.documents
                guard let source = try? before.readBytes(path: engine.absolute(file)) else { continue }
                let findingsBefore = relinted[file]?.findings ?? result.findings.filter { $0.mark.file == file }
                var accepted = change.findings
                var bytes = change.bytes
                var after = lint(file, bytes, in: before, screens, systems)
                // A safe fix must bring no finding its input did not have: where the pass does, each fix is tried
                // alone and those that bring one are set aside.
                if scope == .safe, Self.newFinding(after.findings, comparedWith: findingsBefore) != nil {
                    // Each tried on the pass's own text (the fixes' byte offsets are that text's), then those kept
                    // applied together.
                    accepted = []
                    for finding in change.findings {
                        let trial = applier.apply([finding], to: source)
                        guard trial.changed else { continue }
                        if let bringing = Self.newFinding(lint(file, trial.bytes, in: before, screens, systems).findings, comparedWith: findingsBefore) {
                            outcome.setAside.append((finding, bringing))
                        } else {
                            accepted.append(finding)
                        }
                    }
                    if accepted.isEmpty { continue }
                    bytes = applier.apply(accepted, to: source).bytes
                    after = lint(file, bytes, in: before, screens, systems)
                }
                outcome.applied += accepted.count
                outcome.documents.set(engine.absolute(file), bytes: bytes)
                relinted[file] = after
                let next = after.findings.filter { finding in
                    admits(finding) && applier.applies(to: finding)
                        && !outcome.setAside.contains { $0.finding.mark.file == file && $0.finding.code == finding.code && $0.finding.message == finding.message }
                }
                if !next.isEmpty { pending[file] = next }
            }
        }
        if !pending.isEmpty { outcome.unsettled = pending.keys.sorted() }
        for (file, old) in original.sorted(by: { $0.key < $1.key }) {
            if let new = try? outcome.documents.readBytes(path: engine.absolute(file)), new != old { outcome.files.append((file, old, new)) }
        }
        // The result: the fixed files' findings and errors as linted last, the others' as they were.
        let fixedPaths = Set(outcome.files.map(\.path))
        var remaining = result
        remaining.findings = result.findings.filter { !fixedPaths.contains($0.mark.file) }
        for path in fixedPaths.sorted() {
            guard let last = relinted[path] else { continue }
            remaining.findings += last.findings
            remaining.inputErrors += last.inputErrors
            remaining.lineTexts.merge(last.lineTexts) { _, new in new }
        }
        remaining.findings.sort(by: Diagnostic.outputOrder)
        remaining.inputErrors.sort(by: Diagnostic.outputOrder)
        outcome.result = remaining
        return outcome
    }

    /// One file's lint with its text as given: its own findings, not the systems' (a token set's findings are the
    /// run's already, and are in no screen's fix).
    private func lint(
        _ file: String, _ bytes: [UInt8], in documents: Documents, _ screens: [LintEngine.ScreenInput], _ systems: SystemCache
    ) -> LintEngine.Result {
        var documents = documents
        documents.set(engine.absolute(file), bytes: bytes)
        let again = LintEngine(config: engine.config, explicitSystem: engine.explicitSystem, documents: documents, workingDirectory: engine.workingDirectory)
        return again.lint(screens.filter { $0.path == file }, systems: systems, includeSystems: false)
    }

    /// A finding of `after` that `before` did not have (by rule, place in the structure, and message where it has no
    /// place), if any.
    static func newFinding(_ after: [Diagnostic], comparedWith before: [Diagnostic]) -> Diagnostic? {
        let key = { (finding: Diagnostic) in "\(finding.code) \(finding.anchor ?? finding.message)" }
        let known = Set(before.map(key))
        return after.first { !known.contains(key($0)) && !$0.isInputError }
    }
}
