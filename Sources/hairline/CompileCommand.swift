import Foundation
import HairlineCompiler
import HairlineDiagnostics
import HairlineEngine
import HairlineLint
import HairlineTokens
import HairlineYAML

/// `hairline compile`: reads a token set and writes its Swift, JSON and DTCG outputs.
enum CompileCommand {
    static let spec = CommandSpec(
        name: "compile",
        summary: "Compile a token set to Swift constants and JSON.",
        usage: "<tokens.yaml | x.resolver.json> [--swift FILE] [--json FILE] [--dtcg FILE] [--html FILE [--screens PATH]...] [--xcassets DIR [--appearance MODE=NAME]...] [--check] [--lenient] [--allow-path DIR]...",
        positionals: 1...1,
        options: [
            .value("--swift", "FILE", "Write Swift constants to FILE."),
            .value("--json", "FILE", "Write the resolved JSON to FILE."),
            .value("--dtcg", "FILE", "Write DTCG 2025.10 JSON to FILE."),
            .value("--html", "FILE", "Write a self-contained HTML token sheet to FILE."),
            .value("--swift-exclude", "PATH", "Keep the token or group PATH out of the Swift output (repeatable); $extensions.hairline.swift: false does the same in the set.", repeatable: true),
            .value("--swift-aliases", "HOW", "value (default): an alias's Swift constant holds the value; reference: its target's symbol."),
            .value("--swift-colors", "FROM", "values (default): colours from their values; catalog: from the --xcassets catalog on Apple platforms."),
            .value("--swift-access", "LEVEL", "public (default), internal or package: the access level of everything the Swift file declares."),
            .value("--swift-namespace", "NAME", "The Swift namespace (and its types' prefix), in place of one made from the set's $name."),
            .flag("--swift-static-members", "Also write static members on SwiftUI's Color, ShapeStyle and Font and on UIColor and NSColor (.foregroundStyle(.acmeAccent))."),
            .value("--xcassets", "DIR", "Write an Xcode asset catalog of the colours to DIR (a folder ending .xcassets)."),
            .value(
                "--appearance", "MODE=NAME",
                "With --xcassets: the appearance a mode stands for (light, dark, light-high-contrast, dark-high-contrast); by default read from the modes' names (repeatable).",
                repeatable: true),
            .value("--screens", "PATH", "With --html: show how many places in the screens under PATH name each token (repeatable).", repeatable: true),
            .flag("--check", "Write nothing; exit 1 naming each missing or stale output."),
            .flag("--lenient", "Accept what real-world token files bend (em and dp units, 8-digit hex fallbacks, unknown typography fields, extra keys in tokens), with warnings."),
            .value("--allow-path", "DIR", "Let files name files in DIR, outside the project (repeatable).", repeatable: true),
        ],
        discussion: """
            With no output option the token set is only validated. Outputs are written atomically, and only
            when the whole set compiles: an invalid token set never replaces a good generated file.
            """
    )

    /// The disk, with the files a resolver or Theo file names confined to the project (the nearest config's
    /// folder, else the git work tree, else the working directory) and the folders the user allows.
    static func confinedDocuments(_ arguments: ParsedArguments) -> Documents {
        let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var documents = Documents.disk
        let allowing = arguments.allValues("--allow-path")
        // The config is read for its `allow:` only; one that does not load still marks the project's root.
        if let located = ConfigFile.locate(explicit: nil, from: workingDirectory), (try? LintConfig.load(path: located.url.path)) == nil {
            documents.confine(to: located.url.deletingLastPathComponent(), allowing: allowing.map { URL(fileURLWithPath: $0, relativeTo: workingDirectory) })
        } else {
            let config = try? ConfigFile.load(explicit: nil, from: workingDirectory)
            ConfigFile.confine(&documents, config: config ?? nil, from: workingDirectory, allowing: allowing)
        }
        return documents
    }

    /// The Swift output's options, from the command line.
    private static func swiftOptions(_ arguments: ParsedArguments) -> SwiftEmitter.Options {
        var options = SwiftEmitter.Options(
            excluded: arguments.allValues("--swift-exclude"), aliasesAsReferences: arguments.value("--swift-aliases") == "reference",
            colorsFromCatalog: arguments.value("--swift-colors") == "catalog",
            access: arguments.value("--swift-access").flatMap(SwiftEmitter.Options.Access.init(rawValue:)) ?? .public,
            namespace: arguments.value("--swift-namespace"))
        options.staticMembers = arguments.has("--swift-static-members")
        return options
    }

    /// How many places the screens under `paths` name each token, read in the set being compiled; nil without
    /// paths.
    private static func uses(_ paths: [String], input: String, documents: Documents) -> [String: Int]? {
        guard !paths.isEmpty else { return nil }
        let engine = LintEngine(config: nil, explicitSystem: LintEngine.ExplicitSystem(tokens: input, rules: []), documents: documents)
        var counts: [String: Int] = [:]
        for use in engine.tokenUses(in: engine.screens(in: paths)) { counts[use.path, default: 0] += 1 }
        return counts
    }

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
        let printer = DiagnosticPrinter(console: console)
        let input = arguments.positionals[0]
        let requested = TokenCompilation.Output.allCases.compactMap { output in arguments.value("--\(output.rawValue)").map { (output: output, path: $0) } }
        let paths = requested.map(\.path)
        if let duplicate = paths.first(where: { path in paths.filter { $0 == path }.count > 1 }) {
            console.err(UsageError(message: "two outputs are written to \(duplicate)", command: spec.name).rendered)
            return .inputError
        }
        let checking = arguments.has("--check")
        let catalog = arguments.value("--xcassets")
        if let catalog, !catalog.hasSuffix(".xcassets") {
            console.err(UsageError(message: "--xcassets takes a folder whose name ends .xcassets; got '\(catalog)'", command: spec.name).rendered)
            return .inputError
        }
        for (option, allowed) in [
            ("--swift-aliases", ["value", "reference"]), ("--swift-colors", ["values", "catalog"]),
            ("--swift-access", SwiftEmitter.Options.Access.allCases.map(\.rawValue)),
        ] {
            if let value = arguments.value(option), !allowed.contains(value) {
                console.err(UsageError(message: "\(option) takes \(allowed.joined(separator: " or ")); got '\(value)'", command: spec.name).rendered)
                return .inputError
            }
        }
        var appearances: [String: XCAssetsEmitter.Appearance] = [:]
        for value in arguments.allValues("--appearance") {
            let parts = value.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let appearance = XCAssetsEmitter.Appearance.names[parts[1]] else {
                let names = XCAssetsEmitter.Appearance.names.keys.sorted().joined(separator: ", ")
                console.err(UsageError(message: "--appearance takes MODE=NAME, NAME one of \(names); got '\(value)'", command: spec.name).rendered)
                return .inputError
            }
            appearances[parts[0]] = appearance
        }
        var compilation = TokenCompilation(input: input, outputs: requested.map { ($0.output, $0.path) })
        compilation.swiftOptions = swiftOptions(arguments)
        compilation.catalog = catalog
        compilation.appearances = appearances
        compilation.lenient = arguments.has("--lenient")
        compilation.documents = confinedDocuments(arguments)
        compilation.uses = uses(arguments.allValues("--screens"), input: input, documents: compilation.documents)
        let outcome = compilation.run(checking: checking)
        printer.printInputErrors(outcome.warnings)
        guard outcome.errors.isEmpty else {
            printer.printInputErrors(outcome.errors)
            return .inputError
        }
        var command = ["hairline compile", input] + requested.map { "--\($0.output.rawValue) \($0.path)" }
        if let catalog { command.append("--xcassets \(catalog)") }
        let rerun = "run '\(command.joined(separator: " "))' [stale-output]"
        for path in outcome.missing { console.err("\(path): error: missing; \(rerun)") }
        for path in outcome.stale {
            console.err("\(path): error: \(path == catalog ? "missing or out of date" : "out of date") with \(input); \(rerun)")
        }
        return outcome.missing.isEmpty && outcome.stale.isEmpty ? .success : .findings
    }
}
