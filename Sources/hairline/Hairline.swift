import HairlineTokens

/// The `hairline` command line: the table of commands, `--help` and `--version`.
enum Hairline {
    /// The tool's version.
    static let version = "0.1.0"

    /// One command: its table and what runs it.
    struct Command: Sendable {
        let spec: CommandSpec
        let run: @Sendable (ParsedArguments, Console) -> ExitCode
    }

    /// Every command, in the order `--help` lists them.
    static let commands: [Command] = [
        Command(spec: CompileCommand.spec, run: CompileCommand.run),
        Command(spec: LintCommand.spec, run: LintCommand.run),
        Command(spec: RulesCommand.spec, run: RulesCommand.run),
        Command(spec: InitCommand.spec, run: InitCommand.run),
        Command(spec: DiffCommand.spec, run: DiffCommand.run),
        Command(spec: CoverageCommand.spec, run: CoverageCommand.run),
        Command(spec: PreviewCommand.spec, run: PreviewCommand.run),
        Command(spec: LSPCommand.spec, run: LSPCommand.run),
    ]

    static var helpText: String {
        var lines = [
            "OVERVIEW: Hairline compiles design tokens and lints screen specs against a design system's rules.",
            "",
            "USAGE: hairline <command> [options]",
            "",
            "COMMANDS:",
        ]
        let width = commands.map(\.spec.name.count).max() ?? 0
        for command in commands {
            let name = command.spec.name
            lines.append("  \(name)\(String(repeating: " ", count: width - name.count))  \(command.spec.summary)")
        }
        lines += [
            "",
            "OPTIONS:",
            "  --help     Show this help, or a command's with 'hairline help <command>' or 'hairline <command> --help'.",
            "  --version  Show the version.",
            "",
            "Exit codes: 0 clean; 1 findings at or above --fail-on, or outputs out of date; 2 usage or input error.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Runs a command line (without the program name) and returns the exit code.
    static func run(_ arguments: [String], console: Console) -> ExitCode {
        guard let first = arguments.first else {
            console.err(helpText)
            return .inputError
        }
        switch first {
        case "--help", "-h", "help":
            // `hairline help lint`: that command's help, as `git help` and `cargo help` give it.
            if arguments.count > 1, first == "help" {
                guard let command = commands.first(where: { $0.spec.name == arguments[1] }) else {
                    let nearest = NearestName.nearest(to: arguments[1], in: commands.map(\.spec.name))
                    console.err(UsageError(message: "unknown command '\(arguments[1])'" + (nearest.map { "; did you mean '\($0)'?" } ?? ""), command: nil).rendered)
                    return .inputError
                }
                console.out(command.spec.helpText)
                return .success
            }
            console.out(helpText)
            return .success
        case "--version":
            console.out("hairline \(version)")
            return .success
        default:
            break
        }
        guard let command = commands.first(where: { $0.spec.name == first }) else {
            let nearest = first.hasPrefix("-") ? nil : NearestName.nearest(to: first, in: commands.map(\.spec.name))
            let problem = (first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown command '\(first)'") + (nearest.map { "; did you mean '\($0)'?" } ?? "")
            console.err(UsageError(message: problem, command: nil).rendered)
            return .inputError
        }
        do {
            let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), for: command.spec)
            if parsed.wantsHelp {
                console.out(command.spec.helpText)
                return .success
            }
            return command.run(parsed, console)
        } catch {
            console.err(error.rendered)
            return .inputError
        }
    }
}
