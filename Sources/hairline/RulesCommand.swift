import HairlineDiagnostics
import HairlineYAML

/// `hairline rules`: explains the rules of one or more rule sets.
enum RulesCommand {
    static let spec = CommandSpec(
        name: "rules",
        summary: "List the rules of a design system and explain each with its reason.",
        usage: "[ID] [--rules FILE]... [--config FILE] [--format text|markdown|json|html]",
        positionals: 0...1,
        options: [
            .value("--rules", "FILE", "Read rules from FILE (repeatable).", repeatable: true),
            .value("--config", "FILE", "Read the config from FILE instead of .hairline.yml."),
            .value("--format", "FORMAT", "text, markdown, json or html (default text)."),
        ],
        discussion: "With an ID, shows that rule's reason and its examples."
    )

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
        var errors: [Diagnostic] = []
        for path in arguments.allValues("--rules") {
            do {
                _ = try YAMLSource.load(path: path)
            } catch {
                errors.append(error.diagnostic)
            }
        }
        DiagnosticPrinter(console: console).printInputErrors(errors)
        return errors.isEmpty ? .success : .inputError
    }
}
