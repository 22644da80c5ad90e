import HairlineDiagnostics
import HairlineYAML

/// `hairline lint`: checks screen specs against their design system's rules.
enum LintCommand {
    static let spec = CommandSpec(
        name: "lint",
        summary: "Lint screen specs against a design system's rules.",
        usage: "[PATH ...] [--config FILE] [--tokens FILE] [--rules FILE]... [--format FORMAT]",
        positionals: 0...Int.max,
        options: [
            .value("--config", "FILE", "Read the config from FILE instead of .hairline.yml."),
            .value("--tokens", "FILE", "Lint every path against this token set."),
            .value("--rules", "FILE", "Lint every path against this rule set (repeatable).", repeatable: true),
            .value("--format", "FORMAT", "The main output's format (default text)."),
        ],
        discussion: "With no PATH, lints what .hairline.yml maps."
    )

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
        var errors: [Diagnostic] = []
        for path in arguments.positionals {
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
