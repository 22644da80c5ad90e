import Foundation
import HairlineCompiler
import HairlineDiagnostics
import HairlineEngine
import HairlineLint
import HairlineTokens
import HairlineYAML

/// `hairline diff`: what changed between two versions of a token set, the version bump it asks for, and the
/// screen lines and Swift symbols a breaking change breaks (CONTRACT 6.6).
enum DiffCommand {
    static let spec = CommandSpec(
        name: "diff",
        summary: "Compare two token sets: added, removed, renamed, changed, retyped and deprecated tokens, and what breaks.",
        usage: "<old> <new> [PATH ...] [--format text|markdown|json] [--allow-breaking] [--allow-path DIR]...",
        positionals: 2...Int.max,
        options: [
            .value("--format", "FORMAT", "The report's format: text (default), markdown or json."),
            .flag("--allow-breaking", "Exit 0 on a breaking change (a removal, a rename, a retype)."),
            .value("--allow-path", "DIR", "Let files name files in DIR, outside the project (repeatable).", repeatable: true),
        ],
        discussion: """
            <old> may be REV:PATH, read from git (git show REV:./PATH). With PATH (files or folders), or else the \
            screens .hairline.yml maps to the system whose token set is <new>, every screen line that names a removed, \
            renamed or retyped token is listed. Exit 1 on a breaking change unless --allow-breaking; 2 on an input error.
            """
    )

    static let formats = ["text", "markdown", "json"]

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
        let format = arguments.value("--format") ?? "text"
        guard formats.contains(format) else {
            console.err(UsageError(message: "unknown format '\(format)'; the formats are: \(formats.joined(separator: ", "))", command: spec.name).rendered)
            return .inputError
        }
        let printer = DiagnosticPrinter(console: console)
        let documents = CompileCommand.confinedDocuments(arguments)
        let (oldPath, newPath) = (arguments.positionals[0], arguments.positionals[1])
        // The two sets are read side by side, one a core.
        let loaded = Parallel.map([oldPath, newPath]) { path in
            Result { () throws(DiagnosticError) in try load(path, documents: documents) }
        }
        let errors = loaded.flatMap { result -> [Diagnostic] in
            if case .failure(let error) = result { return error.diagnostics }
            return []
        }
        guard errors.isEmpty, case .success(let old) = loaded[0], case .success(let new) = loaded[1] else {
            printer.printInputErrors(errors)
            return .inputError
        }
        let diff = TokenDiff.compare(old, new)
        // The screens a change breaks: read by an engine of the config, confined as every read is.
        let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let config: LintConfig?
        do throws(DiagnosticError) {
            config = try ConfigFile.load(explicit: nil, from: workingDirectory)
        } catch {
            printer.printInputErrors(error.diagnostics)
            return .inputError
        }
        // Screens named on the command line are read in the new set; the config's, in their systems.
        let named = Array(arguments.positionals.dropFirst(2))
        let engine = LintEngine(
            config: config, explicitSystem: named.isEmpty ? nil : LintEngine.ExplicitSystem(tokens: newPath, rules: []), documents: documents,
            workingDirectory: workingDirectory)
        let broken = Set(diff.changes.compactMap { $0.brokenToken?.path })
        let uses = engine.uses(of: broken, screens: named, tokenSet: newPath)
        // The Swift names of the old set, for the symbols a breaking change takes away.
        let symbols = diff.breaking.isEmpty ? [:] : (try? SwiftEmitter(old).expressions()) ?? [:]
        let report = DiffReport(old: oldPath, new: newPath, diff: diff, uses: uses, symbols: symbols)
        switch format {
        case "markdown": console.out(report.markdown)
        case "json": console.out(report.json)
        default: console.out(report.text)
        }
        return diff.verdict == .major && !arguments.has("--allow-breaking") ? .findings : .success
    }

    /// A token set from a path, or from git as `REV:PATH` (when no file of that name exists).
    static func load(_ argument: String, documents: Documents) throws(DiagnosticError) -> TokenSet {
        guard !FileManager.default.fileExists(atPath: argument), let colon = argument.firstIndex(of: ":"), colon != argument.startIndex else {
            return try TokenSetLoader.load(path: argument, documents: documents)
        }
        let revision = String(argument[..<colon])
        let path = String(argument[argument.index(after: colon)...])
        let bytes = try Git.show(revision: revision, path: path, shown: argument)
        return try TokenSetLoader.load(
            bytes: bytes, path: URL(fileURLWithPath: path).path, displayPath: argument, documents: documents)
    }
}

/// Reading a file as a git revision has it.
enum Git {
    /// The file's bytes at a revision, read no further than the largest file Hairline reads.
    static func show(revision: String, path: String, shown: String, limit: Int = YAMLLimits.standard.maxFileBytes) throws(DiagnosticError) -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // `--end-of-options`: a revision is never read as an option (`--output=FILE` would have git write a file).
        // `./` makes the path relative to the working directory, as the user typed it, not to the repository's root.
        process.arguments = ["git", "show", "--end-of-options", "\(revision):\(path.hasPrefix("/") ? path : "./" + path)"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw DiagnosticError(.inputError("io", "cannot run git to read \(shown): \(error.localizedDescription)", at: .start(of: shown)))
        }
        // Both pipes read before the wait, so a large file cannot block git; the file only up to the limit, and then
        // git is stopped rather than its whole blob held.
        nonisolated(unsafe) var data = Data()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            let handle = output.fileHandleForReading
            while data.count <= limit, let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty { data.append(chunk) }
            if data.count > limit { process.terminate() }
        }
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        if data.count > limit {
            throw DiagnosticError(.inputError("file-too-large", "file is over the limit of \(limit) bytes", at: .start(of: shown)))
        }
        guard process.terminationStatus == 0 else {
            let why = String(decoding: message, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "git show failed"
            throw DiagnosticError(.inputError("io", "cannot read \(shown) from git: \(why)", at: .start(of: shown)))
        }
        return Array(data)
    }
}
