import Foundation
import HairlineDiagnostics
import HairlineEngine
import HairlineLint
import HairlineTokens
import HairlineReport
import HairlineYAML

/// `hairline rules`: lists the rules of one or more rule sets, or explains one rule with its reason and examples.
enum RulesCommand {
    static let spec = CommandSpec(
        name: "rules",
        summary: "List the rules of a design system and explain each with its reason.",
        usage: "[ID] [--rules FILE]... [--config FILE] [--format text|markdown|json|html] [--allow-path DIR]... | --verify [PATH ...]",
        positionals: 0...Int.max,
        options: [
            .value("--rules", "FILE", "Read rules from FILE (repeatable); default: every rule set in the config.", repeatable: true),
            .value("--config", "FILE", "Read the config from FILE instead of the nearest .hairline.yml."),
            .value("--format", "FORMAT", "The output's format: text (default), markdown, json or html."),
            .value("--allow-path", "DIR", "Let files name files in DIR, outside the project (repeatable).", repeatable: true),
            .flag("--verify", "Run every rule's examples, and compare the findings of each screen under PATH (default: the config's) with its '# expect:' marks."),
        ],
        discussion: "With an ID, shows that rule's reason and its examples."
    )

    /// The output formats, the default first.
    private static let formats: [(name: String, render: @Sendable ([RuleInfo]) -> String)] = [
        ("text", { RulesReport.table($0) }), ("markdown", RulesReport.markdown), ("json", RulesReport.json), ("html", RulesReport.html),
    ]

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
        if arguments.has("--verify") { return verify(arguments, console: console) }
        guard arguments.positionals.count <= 1 else {
            console.err(UsageError(message: "rules takes one rule id (or --verify with paths)", command: spec.name).rendered)
            return .inputError
        }
        let format = arguments.value("--format") ?? formats[0].name
        guard let render = formats.first(where: { $0.name == format })?.render else {
            let names = formats.map(\.name).joined(separator: ", ")
            console.err(UsageError(message: "unknown format '\(format)'; the formats are: \(names)", command: spec.name).rendered)
            return .inputError
        }
        let printer = DiagnosticPrinter(console: console)
        let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var paths = arguments.allValues("--rules")
        var config: LintConfig?
        if paths.isEmpty {
            do throws(DiagnosticError) {
                config = try ConfigFile.load(explicit: arguments.value("--config"), from: workingDirectory)
                guard let config else {
                    printer.printInputErrors([.inputError("config", "no .hairline.yml here or in a parent folder; pass --rules FILE", at: .start(of: LintConfig.fileName))])
                    return .inputError
                }
                paths = ConfigFile.rulePaths(of: config, from: workingDirectory)
            } catch {
                printer.printInputErrors(error.diagnostics)
                return .inputError
            }
        }
        var rules: [Rule]
        do throws(DiagnosticError) {
            var documents = Documents.disk
            ConfigFile.confine(&documents, config: config, from: workingDirectory, allowing: arguments.allValues("--allow-path"))
            rules = try ConfigFile.rules(in: paths, from: workingDirectory, documents: documents)
        } catch {
            printer.printInputErrors(error.diagnostics)
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
                console.out(RulesReport.detail(RuleInfo(rule)))
                return .success
            }
        }
        // The table on a terminal is fitted to its width (COLUMNS, else the terminal's own); piped, it is whole.
        if format == "text", let width = console.terminalWidth {
            console.out(RulesReport.table(rules.map(RuleInfo.init), width: width))
        } else {
            console.out(render(rules.map(RuleInfo.init)))
        }
        return .success
    }

    /// `--verify`: each rule's examples, and each marked screen's findings against its marks.
    private static func verify(_ arguments: ParsedArguments, console: Console) -> ExitCode {
        let printer = DiagnosticPrinter(console: console)
        guard let engine = EngineArguments.engine(arguments, printing: printer) else { return .inputError }
        let screens = arguments.positionals.isEmpty ? engine.configuredScreens() : engine.screens(in: arguments.positionals)
        let outcome = RuleVerifier.verify(engine: engine, screens: screens)
        printer.printInputErrors(outcome.inputErrors)
        for disagreement in outcome.disagreements { console.out(TextFormatter(colour: false).format(disagreement)) }
        let count = outcome.disagreements.count
        console.err(
            "\(outcome.examples) rule example\(outcome.examples == 1 ? "" : "s") and \(outcome.markedScreens) marked screen\(outcome.markedScreens == 1 ? "" : "s") checked: "
                + (count == 0 ? "all agree" : "\(count) disagreement\(count == 1 ? "" : "s")"))
        if !outcome.inputErrors.isEmpty { return .inputError }
        return count == 0 ? .success : .findings
    }
}
