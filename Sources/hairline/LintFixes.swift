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

    /// Fixes `candidates` (the findings a run reports, those `admits` lets through) in their files to a fixed
    /// point (FixLoop), then shows, prints or writes the fixed files.
    static func run(
        _ engine: LintEngine, screens: [LintEngine.ScreenInput], result: LintEngine.Result, candidates: [Diagnostic],
        scope: FixApplier.Scope, diffOnly: Bool, stdinPath: String?, console: Console, admits: @escaping @Sendable (Diagnostic) -> Bool = { _ in true }
    ) -> Outcome {
        let fixed = FixLoop(engine: engine, scope: scope, admits: admits).run(screens, result: result, candidates: candidates)
        var outcome = Outcome(result: fixed.result, summary: "")
        if diffOnly {
            for (path, old, new) in fixed.files { console.out(UnifiedDiff.make(from: old, to: new, path: path)) }
        } else if let stdinPath {
            console.write((try? fixed.documents.readBytes(path: engine.absolute(stdinPath))) ?? [])
        } else {
            for (path, old, new) in fixed.files {
                do throws(AtomicFile.WriteError) {
                    try AtomicFile.replace(path, with: new, expecting: old)
                } catch {
                    outcome.failure = error
                    break
                }
            }
        }
        var parts = ["\(diffOnly ? "would fix" : "fixed") \(count(fixed.applied, "finding")) in \(count(fixed.files.count, "file"))"]
        for (finding, brings) in fixed.setAside {
            parts.append("\(finding.mark): the \(finding.code) fix is not applied as safe: it would bring \(brings.code) (\(brings.message)); apply it with --unsafe-fixes")
        }
        if !fixed.unsettled.isEmpty {
            parts.append("fixes did not settle in \(FixLoop.maxPasses) passes in \(fixed.unsettled.joined(separator: ", ")): each pass's fixes brought others")
        }
        let unsafeLeft = outcome.result.findings.filter { $0.fix?.safety == .unsafe && !($0.fix?.edits.isEmpty ?? true) }.count
        if scope == .safe, unsafeLeft > 0 { parts.append("\(count(unsafeLeft, "more finding")) fixable with --unsafe-fixes") }
        outcome.summary = parts.joined(separator: "; ")
        return outcome
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
