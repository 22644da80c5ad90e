import Foundation
import HairlineDiagnostics
import HairlineEngine
import HairlineYAML

/// `hairline lint --fix`, `--unsafe-fixes` and `--diff`: applies the findings' fixes to their files (or shows them
/// as a diff, or writes standard input's screen fixed to standard output), then lints the fixed text again, so that
/// what is reported and the exit code are what remains.
enum LintFixes {
    /// What fixing did.
    struct Outcome {
        /// The lint of the fixed files.
        var result: LintEngine.Result
        /// What to say on standard error.
        var summary: String
        /// A file that could not be written, if any.
        var failure: AtomicFile.WriteError?
    }

    /// Fixes `candidates` (the findings a run reports) in their files; the fixed files are linted again, the rest
    /// of `result` kept. A file with an input error is never changed.
    static func run(
        _ engine: LintEngine, screens: [LintEngine.ScreenInput], result: LintEngine.Result, candidates: [Diagnostic],
        scope: FixApplier.Scope, diffOnly: Bool, stdinPath: String?, console: Console
    ) -> Outcome {
        let inputErrors = result.inputErrors
        let applier = FixApplier(scope: scope)
        let broken = Set(inputErrors.map(\.mark.file))
        var documents = engine.documents
        var fixed: [(path: String, old: [UInt8], new: [UInt8])] = []
        var applied = 0
        var overlapping = 0
        for (file, findings) in Dictionary(grouping: candidates, by: \.mark.file).sorted(by: { $0.key < $1.key }) {
            guard !broken.contains(file), findings.contains(where: applier.applies(to:)),
                let source = try? engine.documents.readBytes(path: engine.absolute(file))
            else { continue }
            let outcome = applier.apply(findings, to: source)
            applied += outcome.applied.count
            overlapping += outcome.overlapping.count
            guard outcome.changed else { continue }
            documents.set(engine.absolute(file), bytes: outcome.bytes)
            fixed.append((file, source, outcome.bytes))
        }
        let again = LintEngine(config: engine.config, explicitSystem: engine.explicitSystem, documents: documents, workingDirectory: engine.workingDirectory)
        let fixedPaths = Set(fixed.map(\.path))
        let relinted = again.lint(screens.filter { fixedPaths.contains($0.path) })
        var remaining = result
        remaining.findings = (result.findings.filter { !fixedPaths.contains($0.mark.file) } + relinted.findings.filter { fixedPaths.contains($0.mark.file) })
            .sorted(by: Diagnostic.outputOrder)
        remaining.inputErrors = (result.inputErrors + relinted.inputErrors.filter { fixedPaths.contains($0.mark.file) }).sorted(by: Diagnostic.outputOrder)
        remaining.lineTexts.merge(relinted.lineTexts) { _, new in new }
        var outcome = Outcome(result: remaining, summary: "")
        if diffOnly {
            for (path, old, new) in fixed { console.out(UnifiedDiff.make(from: old, to: new, path: path)) }
        } else if let stdinPath {
            console.write((try? documents.readBytes(path: engine.absolute(stdinPath))) ?? [])
        } else {
            for (path, old, new) in fixed {
                do throws(AtomicFile.WriteError) {
                    try AtomicFile.replace(path, with: new, expecting: old)
                } catch {
                    outcome.failure = error
                    break
                }
            }
        }
        var parts = ["\(diffOnly ? "would fix" : "fixed") \(count(applied, "finding")) in \(count(fixed.count, "file"))"]
        if overlapping > 0 { parts.append("\(count(overlapping, "fix")) not applied (overlapping an earlier one; run again)") }
        let unsafeLeft = outcome.result.findings.filter { $0.fix?.safety == .unsafe && !($0.fix?.edits.isEmpty ?? true) }.count
        if scope == .safe, unsafeLeft > 0 { parts.append("\(count(unsafeLeft, "more finding")) fixable with --unsafe-fixes") }
        outcome.summary = parts.joined(separator: "; ")
        return outcome
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
