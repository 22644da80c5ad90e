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

    /// The output options, in the order outputs are generated and written: each output's UTF-8 bytes, in the
    /// parts a large one was written in on every core (written out without being joined), those finished
    /// before the rest handed on to the stream given, if any, as they are finished.
    private static let outputs:
        [(option: String, emit: @Sendable (TokenSet, TextStream?, ParsedArguments) throws(DiagnosticError) -> FinishedText)] = [
            ("--swift", { set, stream, arguments throws(DiagnosticError) in try SwiftEmitter.emitText(set, options: swiftOptions(arguments), stream: stream) }),
            ("--json", { set, stream, _ in ResolvedJSONEmitter.emitText(set, stream: stream) }),
            ("--dtcg", { set, _, _ in FinishedText(Array(DTCGEmitter.emit(set).utf8)) }),
            ("--html", { set, _, arguments in FinishedText(Array(HTMLSheetEmitter.emit(set, uses: uses(arguments.allValues("--screens"))).utf8)) }),
        ]

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

    /// How many places in the YAML files under `paths` name each token; nil without paths.
    private static func uses(_ paths: [String]) -> [String: Int]? {
        guard !paths.isEmpty else { return nil }
        var counts: [String: Int] = [:]
        for path in paths {
            var isDirectory: ObjCBool = false
            let files = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue ? FileWalker.yamlFiles(under: path) : [path]
            for file in files {
                guard let bytes = try? Documents.disk.readBytes(path: file) else { continue }
                for reference in TokenUsage.references(in: bytes, file: file) { counts[reference.path, default: 0] += 1 }
            }
        }
        return counts
    }

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
        let printer = DiagnosticPrinter(console: console)
        let input = arguments.positionals[0]
        let requested = outputs.compactMap { output in arguments.value(output.option).map { (output: output, path: $0) } }
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
        let set: TokenSet
        var generated: [(path: String, text: FinishedText)] = []
        // Each output is written (and synced) to a temporary beside it as it is generated and on a thread of its
        // own once it is, while the next is generated; only when all are written are they renamed over their
        // targets, so an output that cannot be written leaves every target as it was. The temporaries are
        // created once the set is loaded, before anything is generated: creating a file while another in its
        // directory is being synced waits for the sync.
        var created: [Result<AtomicFile.Temporary, AtomicFile.WriteError>] = []
        var writes: [(path: String, temporary: Pending<Result<AtomicFile.Prepared, AtomicFile.WriteError>>)] = []
        do throws(DiagnosticError) {
            set = try TokenSetLoader.load(path: input, lenient: arguments.has("--lenient"), documents: confinedDocuments(arguments))
            printer.printInputErrors(set.warnings)
            if !checking {
                created = requested.map { request in Result { () throws(AtomicFile.WriteError) in try AtomicFile.create(for: request.path) } }
            }
            // One output after another: the large ones (Swift, JSON) spread their own work over every core.
            for (index, (output, path)) in requested.enumerated() {
                // A large output is written to its temporary as it is generated: its stream writes each part
                // the moment it is finished.
                let text = try output.emit(set, checking ? nil : try? created[index].get().stream, arguments)
                if checking {
                    generated.append((path, text))
                } else {
                    let temporary = created[index]
                    writes.append((path, Pending { temporary.flatMap { created in Result { () throws(AtomicFile.WriteError) in try AtomicFile.fill(created, with: text) } } }))
                }
            }
        } catch {
            for case .success(let prepared) in writes.map(\.temporary.value) { AtomicFile.discard(prepared.path) }
            for case .success(let temporary) in created.dropFirst(writes.count) { AtomicFile.discard(temporary) }
            printer.printInputErrors(error.diagnostics)
            return .inputError
        }
        if let unknown = appearances.keys.sorted().first(where: { !set.modes.contains($0) }) {
            for case .success(let prepared) in writes.map(\.temporary.value) { AtomicFile.discard(prepared.path) }
            printer.printInputErrors([.inputError("usage", "--appearance names \(unknown), which is not a mode of \(input) (\(set.modes.joined(separator: ", ")))", at: .start(of: input))])
            return .inputError
        }
        if catalog != nil, case let collisions = XCAssetsEmitter.collisions(in: set), !collisions.isEmpty {
            for case .success(let prepared) in writes.map(\.temporary.value) { AtomicFile.discard(prepared.path) }
            printer.printInputErrors(collisions)
            return .inputError
        }
        let catalogFiles = catalog.map { _ in XCAssetsEmitter.emit(set, appearances: appearances) }
        if checking {
            var command = ["hairline compile", input] + requested.map { "\($0.output.option) \($0.path)" }
            if let catalog { command.append("--xcassets \(catalog)") }
            var status = check(generated, input: input, command: command.joined(separator: " "), console: console)
            if let catalog, let files = catalogFiles, !catalogIsCurrent(catalog, files) {
                console.err("\(catalog): error: missing or out of date with \(input); run '\(command.joined(separator: " "))' [stale-output]")
                status = .findings
            }
            return status
        }
        // The catalog first: a catalog that cannot be written leaves every output as it was.
        if let catalog, let files = catalogFiles {
            do throws(AtomicFile.WriteError) {
                try AtomicFolder.replace(catalog, with: files, isGenerated: isCatalogFile)
            } catch {
                for case .success(let prepared) in writes.map(\.temporary.value) { AtomicFile.discard(prepared.path) }
                printer.printInputErrors([.inputError("io", "cannot write \(error.path): \(error.reason)", at: .start(of: error.path))])
                return .inputError
            }
        }
        // The first failure, in output order, is reported.
        let prepared = writes.map(\.temporary.value)
        var failure: AtomicFile.WriteError?
        for case .failure(let error) in prepared where failure == nil { failure = error }
        for (path, temporary) in zip(writes.map(\.path), prepared) {
            guard case .success(let temporary) = temporary else { continue }
            if failure != nil {
                AtomicFile.discard(temporary.path)
                continue
            }
            do throws(AtomicFile.WriteError) { try AtomicFile.commit(temporary, to: path) } catch { failure = error }
        }
        if let error = failure {
            printer.printInputErrors([.inputError("io", "cannot write \(error.path): \(error.reason)", at: .start(of: error.path))])
            return .inputError
        }
        return .success
    }

    /// Compares each output with the file on disk; names every one that is missing or stale.
    /// A file an asset catalog of colours holds: a `Contents.json` in the catalog, a group folder or a colour set.
    static func isCatalogFile(_ relative: String) -> Bool {
        let components = relative.split(separator: "/")
        return components.last == "Contents.json" && components.dropLast().allSatisfy { $0.hasSuffix(".colorset") || !$0.contains(".") }
    }

    /// Whether a catalog holds exactly the files.
    private static func catalogIsCurrent(_ catalog: String, _ files: [(path: String, text: String)]) -> Bool {
        AtomicFolder.holds((try? AtomicFolder.contents(of: catalog, isGenerated: isCatalogFile)) ?? nil, exactly: files)
    }

    private static func check(
        _ generated: [(path: String, text: FinishedText)], input: String, command: String, console: Console
    ) -> ExitCode {
        var stale = false
        for (path, text) in generated {
            guard let data = FileManager.default.contents(atPath: path) else {
                console.err("\(path): error: missing; run '\(command)' [stale-output]")
                stale = true
                continue
            }
            if data != Data(text.bytes) {
                console.err("\(path): error: out of date with \(input); run '\(command)' [stale-output]")
                stale = true
            }
        }
        return stale ? .findings : .success
    }
}
