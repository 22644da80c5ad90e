/// One option a command accepts: `--name VALUE` (or `--name=VALUE`) when it takes a value, `--name` when not.
struct OptionSpec: Sendable {
    /// The option's spelling, with its dashes: `--swift`.
    let name: String
    /// The value's placeholder in help (`FILE`), or nil for a flag.
    let valueName: String?
    /// Whether the option may be given more than once.
    let repeatable: Bool
    /// One line of help.
    let help: String

    static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: nil, repeatable: false, help: help)
    }

    static func value(_ name: String, _ valueName: String, _ help: String, repeatable: Bool = false) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName, repeatable: repeatable, help: help)
    }
}

/// What a command accepts: its positional arguments and its options. The parser is driven by this table.
struct CommandSpec: Sendable {
    /// The command's name: `compile`.
    let name: String
    /// One line saying what the command does.
    let summary: String
    /// The synopsis after `hairline <name>`.
    let usage: String
    /// The positional arguments' placeholder, e.g. `PATH ...`, and how many are allowed.
    let positionals: ClosedRange<Int>
    /// The options.
    let options: [OptionSpec]
    /// Extra help paragraphs.
    let discussion: String

    /// The full `--help` text.
    var helpText: String {
        var lines = ["OVERVIEW: \(summary)", "", "USAGE: hairline \(name) \(usage)", "", "OPTIONS:"]
        let all = options + [.flag("--help", "Show help for this command.")]
        let width = all.map { label(for: $0).count }.max() ?? 0
        for option in all {
            let label = label(for: option)
            lines.append("  \(label)\(String(repeating: " ", count: width - label.count))  \(option.help)")
        }
        if !discussion.isEmpty { lines += ["", discussion] }
        return lines.joined(separator: "\n") + "\n"
    }

    private func label(for option: OptionSpec) -> String {
        option.valueName.map { "\(option.name) <\($0)>" } ?? option.name
    }
}

/// A command line split by a `CommandSpec`: positionals in order, option values by name.
struct ParsedArguments: Sendable, Equatable {
    var positionals: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var wantsHelp = false

    /// The last value given for an option.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value given for a repeatable option, in order.
    func allValues(_ name: String) -> [String] { values[name] ?? [] }

    /// Whether a flag was given.
    func has(_ name: String) -> Bool { flags.contains(name) }
}

/// A command line that does not fit its command's table.
struct UsageError: Error, Equatable, Sendable {
    let message: String
    let command: String?

    /// The message with a pointer to the help that explains it.
    var rendered: String {
        let help = command.map { "hairline \($0) --help" } ?? "hairline --help"
        return "error: \(message)\nsee '\(help)'"
    }
}

/// Splits arguments by a `CommandSpec`.
enum ArgumentParser {
    static func parse(_ arguments: [String], for spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            if argument == "--help" || argument == "-h" {
                parsed.wantsHelp = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = spec.options.first(where: { $0.name == name }) else {
                throw UsageError(message: "unknown option '\(name)'", command: spec.name)
            }
            if option.valueName == nil {
                if inlineValue != nil {
                    throw UsageError(message: "option '\(name)' takes no value", command: spec.name)
                }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else {
                    throw UsageError(message: "option '\(name)' needs a value", command: spec.name)
                }
                value = arguments[index]
                index += 1
            }
            if !option.repeatable, parsed.values[name] != nil {
                throw UsageError(message: "option '\(name)' is given more than once", command: spec.name)
            }
            parsed.values[name, default: []].append(value)
        }
        if parsed.wantsHelp { return parsed }
        if parsed.positionals.count < spec.positionals.lowerBound {
            throw UsageError(message: "missing argument: \(spec.usage)", command: spec.name)
        }
        if parsed.positionals.count > spec.positionals.upperBound {
            let extra = parsed.positionals[spec.positionals.upperBound]
            throw UsageError(message: "unexpected argument '\(extra)'", command: spec.name)
        }
        return parsed
    }
}
