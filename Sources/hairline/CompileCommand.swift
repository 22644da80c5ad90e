import HairlineDiagnostics
import HairlineYAML

/// `hairline compile`: reads a token set and writes its Swift, JSON and DTCG outputs.
enum CompileCommand {
    static let spec = CommandSpec(
        name: "compile",
        summary: "Compile a token set to Swift constants and JSON.",
        usage: "<tokens.yaml> [--swift FILE] [--json FILE] [--dtcg FILE] [--check]",
        positionals: 1...1,
        options: [
            .value("--swift", "FILE", "Write Swift constants to FILE."),
            .value("--json", "FILE", "Write the resolved JSON to FILE."),
            .value("--dtcg", "FILE", "Write DTCG JSON to FILE."),
            .flag("--check", "Write nothing; exit 1 naming each missing or stale output."),
        ],
        discussion: "With no output option the token set is only validated."
    )

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
        do {
            _ = try YAMLSource.load(path: arguments.positionals[0])
            return .success
        } catch {
            DiagnosticPrinter(console: console).printInputErrors([error.diagnostic])
            return .inputError
        }
    }
}
