import Foundation
import HairlineDiagnostics
import HairlineLint
import HairlineTokens
import HairlineReport

/// `hairline rules`: lists the rules of one or more rule sets, or explains one rule with its reason and examples.
enum RulesCommand {
    static let spec = CommandSpec(
        name: "rules",
        summary: "List the rules of a design system and explain each with its reason.",
        usage: "[ID] [--rules FILE]... [--config FILE] [--format text|markdown|json|html]",
        positionals: 0...1,
        options: [
            .value("--rules", "FILE", "Read rules from FILE (repeatable); default: every rule set in the config.", repeatable: true),
            .value("--config", "FILE", "Read the config from FILE instead of the nearest .hairline.yml."),
            .value("--format", "FORMAT", "The output's format: text (default), markdown, json or html."),
        ],
        discussion: "With an ID, shows that rule's reason and its examples."
    )

    /// The output formats, the default first.
    private static let formats: [(name: String, render: @Sendable ([RuleInfo]) -> String)] = [
        ("text", RulesReport.table), ("markdown", RulesReport.markdown), ("json", RulesReport.json), ("html", RulesReport.html),
    ]

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
        let format = arguments.value("--format") ?? formats[0].name
        guard let render = formats.first(where: { $0.name == format })?.render else {
            let names = formats.map(\.name).joined(separator: ", ")
            console.err(UsageError(message: "unknown format '\(format)'; the formats are: \(names)", command: spec.name).rendered)
            return .inputError
        }
        let printer = DiagnosticPrinter(console: console)
        var paths = arguments.allValues("--rules")
        if paths.isEmpty {
            let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            let url = arguments.value("--config").map { URL(fileURLWithPath: $0, relativeTo: workingDirectory) }
                ?? LintConfig.discover(from: workingDirectory)
            guard let url else {
                printer.printInputErrors([.inputError("config", "no .hairline.yml here or in a parent folder; pass --rules FILE", at: .start(of: LintConfig.fileName))])
                return .inputError
            }
            do throws(DiagnosticError) {
                let config = try LintConfig.load(path: url.path, displayPath: FileWalker.relative(url.path, to: workingDirectory))
                for system in config.systems {
                    for rule in system.rules {
                        let path = FileWalker.relative(config.folder.appendingPathComponent(rule).path, to: workingDirectory)
                        if !paths.contains(path) { paths.append(path) }
                    }
                }
            } catch {
                printer.printInputErrors(error.diagnostics)
                return .inputError
            }
        }
        var rules: [Rule] = []
        var errors: [Diagnostic] = []
        var ids = RuleIDs()
        for path in paths {
            do throws(DiagnosticError) {
                for rule in try RuleSetReader.load(path: path) {
                    switch ids.admit(rule) {
                    case .new: rules.append(rule)
                    case .again: continue  // listed once
                    case .duplicate(let error): errors.append(error.diagnostic)
                    }
                }
            } catch {
                errors += error.diagnostics
            }
        }
        guard errors.isEmpty else {
            printer.printInputErrors(errors)
            return .inputError
        }
        if let id = arguments.positionals.first {
            guard let rule = rules.first(where: { $0.id == id }) else {
                let suggestion = rules.first(where: { $0.id.hasPrefix(id) })?.id ?? NearestName.nearest(to: id, in: rules.map(\.id))
                console.err("error: no rule '\(id)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
                return .inputError
            }
            rules = [rule]
            if format == "text" {
                console.out(RulesReport.detail(entry(rule)))
                return .success
            }
        }
        console.out(render(rules.map(entry)))
        return .success
    }

    static func entry(_ rule: Rule) -> RuleInfo {
        RuleInfo(
            id: rule.id, severity: rule.severity.rawValue, system: rule.system, target: rule.targetDescription,
            check: rule.checkName, summary: rule.summary, why: rule.why, file: rule.file, line: rule.idMark.line,
            failing: rule.examples.failing.map { $0.text.trimmingCharacters(in: .newlines) },
            passing: rule.examples.passing.map { $0.text.trimmingCharacters(in: .newlines) }, helpURL: rule.helpURL)
    }
}
