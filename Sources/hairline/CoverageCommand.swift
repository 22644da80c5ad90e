import Foundation
import HairlineDiagnostics
import HairlineEngine
import HairlineLint
import HairlineReport
import HairlineYAML

/// `hairline coverage`: how much of the screens' values are token references, which tokens they use, and which
/// tokens no screen uses (CONTRACT 6.6).
enum CoverageCommand {
    static let spec = CommandSpec(
        name: "coverage",
        summary: "Show the share of screen values that are token references, and the tokens no screen uses.",
        usage: "[PATH ...] [--format text|markdown|json] [--config FILE]",
        positionals: 0...Int.max,
        options: [
            .value("--format", "FORMAT", "The report's format: text (default), markdown or json."),
            .value("--config", "FILE", "Read the config from FILE instead of the nearest .hairline.yml."),
        ],
        discussion: """
            Counts the values a token could stand for (numbers, colours and token references) per file and per \
            property. Without PATH, the screens .hairline.yml maps to its systems. Exit 2 on an input error.
            """
    )

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
        let format = arguments.value("--format") ?? "text"
        guard ["text", "markdown", "json"].contains(format) else {
            console.err(UsageError(message: "unknown format '\(format)'; the formats are: text, markdown, json", command: spec.name).rendered)
            return .inputError
        }
        let printer = DiagnosticPrinter(console: console)
        guard let engine = EngineArguments.engine(arguments, printing: printer) else { return .inputError }
        let screens = arguments.positionals.isEmpty ? engine.configuredScreens() : engine.screens(in: arguments.positionals)
        let coverage = engine.coverage(of: screens)
        switch format {
        case "markdown": console.out(markdown(coverage))
        case "json": console.out(json(coverage))
        default: console.out(text(coverage))
        }
        guard coverage.inputErrors.isEmpty else {
            printer.printInputErrors(coverage.inputErrors)
            return .inputError
        }
        return .success
    }

    static func percent(_ share: Coverage.Share) -> String {
        "\(Int((share.fraction * 100).rounded(.down)))%"
    }

    static func text(_ coverage: Coverage) -> String {
        let total = coverage.total
        var lines = ["\(percent(total)) of \(total.values) values are token references, in \(coverage.files.count) files"]
        func table(_ title: String, _ shares: [Coverage.Share]) {
            let width = max(title.count, shares.map(\.name.count).max() ?? 0)
            lines += ["", title.padding(toLength: width, withPad: " ", startingAt: 0) + "  references  values  share"]
            for share in shares {
                lines.append(
                    share.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                        + String(share.references).leftPadded(10) + "  " + String(share.values).leftPadded(6) + "  " + percent(share).leftPadded(5))
            }
        }
        table("file", coverage.files)
        table("property", coverage.properties)
        for system in coverage.systems {
            let used = system.uses.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            lines += ["", "\(system.system): \(used.count) tokens used, \(system.unused.count) used by no screen"]
            lines += used.prefix(10).map { "  \($0.key)  \($0.value)" }
            if used.count > 10 { lines.append("  … and \(used.count - 10) more") }
            if !system.unused.isEmpty {
                lines.append("  used by no screen:")
                lines += system.unused.map { "    \($0)" }
            }
        }
        return lines.map(TextFormatter.oneLine).joined(separator: "\n") + "\n"
    }

    static func markdown(_ coverage: Coverage) -> String {
        let total = coverage.total
        var lines = ["### Token coverage: \(percent(total)) of \(total.values) values", ""]
        func table(_ title: String, _ shares: [Coverage.Share]) {
            lines += ["| \(title) | references | values | share |", "| --- | --- | --- | --- |"]
            lines += shares.map { "| \(MarkdownReporter.code($0.name)) | \($0.references) | \($0.values) | \(percent($0)) |" }
            lines.append("")
        }
        table("file", coverage.files)
        lines += ["<details><summary>By property</summary>", ""]
        table("property", coverage.properties)
        lines += ["</details>", ""]
        for system in coverage.systems where !system.unused.isEmpty {
            lines += ["<details><summary>\(MarkdownReporter.cell(system.system)): \(system.unused.count) tokens used by no screen</summary>", ""]
            lines += system.unused.map { "- \(MarkdownReporter.code($0))" }
            lines += ["", "</details>", ""]
        }
        return lines.joined(separator: "\n")
    }

    static func json(_ coverage: Coverage) -> String {
        func shares(_ list: [Coverage.Share], key: String) -> [[String: Any]] {
            list.map { [key: $0.name, "references": $0.references, "values": $0.values] }
        }
        let object: [String: Any] = [
            "references": coverage.total.references, "values": coverage.total.values,
            "files": shares(coverage.files, key: "file"), "properties": shares(coverage.properties, key: "property"),
            "systems": coverage.systems.map { ["system": $0.system, "uses": $0.uses, "unused": $0.unused] },
        ]
        return JSONOutput.serialize(object)
    }
}

extension String {
    /// The text right-aligned in a column of `width` characters.
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
