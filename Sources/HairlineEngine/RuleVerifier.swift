import HairlineDiagnostics
import HairlineLint
import HairlineYAML

/// `hairline rules --verify`: rule authors test their rules. Each rule's own `examples:` run in its system (a
/// failing example must trigger the rule, a passing one must not), and each screen with `# expect:` marks is linted
/// and its findings compared with its marks, both ways. Every disagreement is a diagnostic at its line.
public enum RuleVerifier {
    /// The id of a disagreement.
    public static let code = "verify"

    /// What verifying found.
    public struct Outcome: Sendable {
        /// The rule examples run and the marked screens compared.
        public var examples = 0
        public var markedScreens = 0
        public var disagreements: [Diagnostic] = []
        /// Screens or systems that could not be read.
        public var inputErrors: [Diagnostic] = []
    }

    /// The marks of a file's text: each marked line with the rule ids its `# expect: a, b` names; an empty id
    /// (`# expect` alone) stands for any rule.
    public static func marks(in text: String) -> [(line: Int, id: String)] {
        var marks: [(Int, String)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let range = line.range(of: "# expect") else { continue }
            let rest = line[range.upperBound...]
            let ids = rest.hasPrefix(":") ? rest.dropFirst().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } : [""]
            for id in ids { marks.append((index + 1, id)) }
        }
        return marks
    }

    public static func verify(engine: LintEngine, screens: [LintEngine.ScreenInput]) -> Outcome {
        var outcome = Outcome()
        // The examples, in every system the config names (or the one the command line does).
        let systems = SystemCache(engine: engine)
        let names = engine.explicitSystem != nil ? [LintEngine.explicitSystemName] : (engine.config?.systems.map(\.name) ?? [])
        for name in names {
            guard let system = systems.system(named: name) else { continue }
            outcome.disagreements += VocabularyVerifier.problems(in: system.rules)
            for rule in system.rules {
                for (text, mark, fails) in rule.examples.failing.map({ ($0.text, $0.mark, true) }) + rule.examples.passing.map({ ($0.text, $0.mark, false) }) {
                    outcome.examples += 1
                    let hits: [Diagnostic]
                    do throws(DiagnosticError) {
                        hits = system.lint(try ScreenReader.read(text, file: mark.file, tokens: system.tokens)).filter { $0.code == rule.id }
                    } catch {
                        outcome.disagreements.append(
                            Diagnostic(severity: .error, code: code, message: "\(rule.id)'s example is not a screen: \(error.diagnostics.first?.message ?? "")", mark: mark))
                        continue
                    }
                    if fails, hits.isEmpty {
                        outcome.disagreements.append(Diagnostic(severity: .error, code: code, message: "\(rule.id) does not trigger on this failing example", mark: mark))
                    } else if !fails, let hit = hits.first {
                        outcome.disagreements.append(
                            Diagnostic(severity: .error, code: code, message: "\(rule.id) triggers on this passing example: \(hit.message)", mark: mark))
                    }
                }
            }
        }
        outcome.inputErrors += systems.loadErrors
        // The marked screens: findings and marks, both ways.
        let result = engine.lint(screens, systems: systems, includeSystems: false)
        outcome.inputErrors += result.inputErrors
        let findings = Dictionary(grouping: result.findings, by: \.mark.file)
        for file in result.files {
            guard let bytes = try? engine.documents.readBytes(path: engine.absolute(file)) else { continue }
            let marks = marks(in: String(decoding: bytes, as: UTF8.self))
            guard !marks.isEmpty else { continue }
            outcome.markedScreens += 1
            var unmatched = findings[file] ?? []
            for (line, id) in marks {
                if let index = unmatched.firstIndex(where: { $0.mark.line == line && (id.isEmpty || $0.code == id) }) {
                    unmatched.remove(at: index)
                } else {
                    outcome.disagreements.append(
                        Diagnostic(
                            severity: .error, code: code, message: "expected \(id.isEmpty ? "a finding" : id) on this line; found none",
                            mark: Mark(file: file, line: line, column: 1)))
                }
            }
            for finding in unmatched {
                outcome.disagreements.append(
                    Diagnostic(severity: .error, code: code, message: "\(finding.code) is found here but not marked '# expect: \(finding.code)': \(finding.message)", mark: finding.mark))
            }
        }
        outcome.disagreements.sort(by: Diagnostic.outputOrder)
        return outcome
    }
}
