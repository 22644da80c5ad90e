import Foundation
import HairlineDiagnostics
import HairlineEngine
import HairlineLint
import HairlineReport
import HairlineTokens
import HairlineYAML

/// `hairline lint`: checks screen specs against their design system's rules.
enum LintCommand {
    static let spec = CommandSpec(
        name: "lint",
        summary: "Lint screen specs against a design system's rules.",
        usage: "[PATH ...] [--config FILE] [--tokens FILE] [--rules FILE]... [--format FORMAT] [--output FILE] [--report FORMAT=FILE]... [--fail-on error|warning|info] [--quiet] [--baseline FILE] [--write-baseline FILE] [--stdin-path PATH] [--fix] [--unsafe-fixes] [--diff] [--select ID]... [--ignore ID]... [--statistics] [--watch] [--allow-path DIR]...",
        positionals: 0...Int.max,
        options: [
            .value("--config", "FILE", "Read the config from FILE instead of the nearest .hairline.yml."),
            .value("--tokens", "FILE", "Lint every path against this token set."),
            .value("--rules", "FILE", "Lint every path against this rule set (repeatable).", repeatable: true),
            .value("--format", "FORMAT", "The main output's format: \(Reporters.names.joined(separator: ", ")) (default text)."),
            .value("--output", "FILE", "Write the main output to FILE instead of standard output."),
            .value("--report", "FORMAT=FILE", "Also write FORMAT to FILE (repeatable); html draws every screen with its findings.", repeatable: true),
            .value("--fail-on", "SEVERITY", "Exit 1 on findings at or above this severity (default error)."),
            .flag("--quiet", "Report errors only: no warnings or notes."),
            .value("--baseline", "FILE", "Hide the findings recorded in FILE; report only new ones."),
            .value("--write-baseline", "FILE", "Record the current findings in FILE."),
            .value("--stdin-path", "PATH", "Read one screen from standard input, linted as if it were PATH."),
            .flag("--fix", "Apply the safe fixes in place (with --stdin-path: write the fixed screen to standard output)."),
            .flag("--unsafe-fixes", "With --fix or --diff, apply the unsafe fixes too (a value off a scale becomes the nearest)."),
            .flag("--diff", "Print the fixes as a unified diff and change nothing."),
            .value("--select", "ID", "Report (and fix) only these rules: ids or id prefixes, comma-separated (repeatable).", repeatable: true),
            .value("--ignore", "ID", "Leave out these rules: ids or id prefixes, comma-separated (repeatable).", repeatable: true),
            .flag("--statistics", "Print the number of findings of each rule instead of the findings."),
            .flag("--watch", "Lint, then lint again whenever a screen, token set, rule set or the config changes (Ctrl-C stops)."),
            .value("--allow-path", "DIR", "Let files name files in DIR, outside the project (repeatable).", repeatable: true),
        ],
        discussion: """
            With no PATH, lints the screens .hairline.yml maps to its systems. A folder is walked for *.yaml and *.yml
            (hidden folders, .build/ and symbolic links skipped; files without a top-level 'screen:' key passed over).
            A screen is linted against --tokens/--rules when given, else the system its 'system:' key names, else the
            first system whose screens globs match it. With --fix or --diff, what is reported afterwards, and the exit
            code, are the findings that remain once the fixes are applied.
            """
    )

    private static func usage(_ message: String, _ console: Console) -> ExitCode {
        console.err(UsageError(message: message, command: spec.name).rendered)
        return .inputError
    }

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
        guard arguments.has("--watch") else { return lint(arguments, console: console) }
        guard arguments.value("--stdin-path") == nil else { return usage("--watch lints files as they change; it reads no standard input", console) }
        var once = arguments
        once.flags.remove("--watch")
        let roots = WatchedFiles.roots(of: once.positionals, config: once.value("--config"))
        while true {
            _ = lint(once, console: console)
            let seen = WatchedFiles(roots)
            console.err("watching for changes (Ctrl-C stops)")
            repeat { usleep(300_000) } while WatchedFiles(roots) == seen
            console.err("")
        }
    }

    /// What `--watch` looks at: the YAML files (and `.hairline.yml`) under the folders a run reads, each with its
    /// size and modification time; two snapshots differ when a file was added, removed or changed.
    struct WatchedFiles: Equatable {
        let files: [String: [Double]]

        /// The named paths and the config's folder (the working directory without a config).
        static func roots(of paths: [String], config: String?) -> [URL] {
            let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            let configFolder = ConfigFile.locate(explicit: config, from: here)?.url.deletingLastPathComponent() ?? here
            return [configFolder] + paths.map { URL(fileURLWithPath: $0, relativeTo: here).standardizedFileURL }
        }

        init(_ roots: [URL]) {
            var files: [String: [Double]] = [:]
            let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey, .isDirectoryKey]
            func record(_ url: URL) {
                guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isDirectory != true,
                    ["yaml", "yml"].contains(url.pathExtension)
                else { return }
                files[url.path] = [values.contentModificationDate?.timeIntervalSince1970 ?? 0, Double(values.fileSize ?? 0)]
            }
            for root in roots {
                record(root)
                guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys) else { continue }
                for case let url as URL in walker {
                    if url.lastPathComponent == ".build" || (url.lastPathComponent.hasPrefix(".") && url.lastPathComponent != LintConfig.fileName) {
                        walker.skipDescendants()
                        continue
                    }
                    record(url)
                }
            }
            self.files = files
        }
    }

    static func lint(_ arguments: ParsedArguments, console: Console) -> ExitCode {
        var failOn = Severity.error
        if let text = arguments.value("--fail-on") {
            guard let severity = Severity(rawValue: text) else { return usage("--fail-on takes error, warning or info; got '\(text)'", console) }
            failOn = severity
        }
        let format = arguments.value("--format") ?? "text"
        guard let mainReporter = Reporters.named(format) else {
            return usage("unknown format '\(format)'; the formats are: \(Reporters.names.joined(separator: ", "))", console)
        }
        var extraReports: [(any Reporter.Type, String)] = []
        var htmlReports: [String] = []
        for value in arguments.allValues("--report") {
            // The HTML report draws the screens: the engine writes it, not a reporter of findings alone.
            if value.hasPrefix("html="), value.count > 5 {
                htmlReports.append(String(value.dropFirst(5)))
                continue
            }
            guard let equals = value.firstIndex(of: "="), let reporter = Reporters.named(String(value[..<equals])),
                value.index(after: equals) < value.endIndex
            else {
                return usage("--report takes FORMAT=FILE with a format among \((Reporters.names + ["html"]).joined(separator: ", ")); got '\(value)'", console)
            }
            extraReports.append((reporter, String(value[value.index(after: equals)...])))
        }
        let outputs = [arguments.value("--output"), arguments.value("--write-baseline")].compactMap { $0 } + extraReports.map(\.1) + htmlReports
        if let duplicate = outputs.first(where: { path in outputs.filter { $0 == path }.count > 1 }) {
            return usage("two outputs are written to \(duplicate); give each its own file", console)
        }
        if arguments.value("--stdin-path") != nil, !arguments.positionals.isEmpty {
            return usage("--stdin-path reads standard input; name no PATH with it", console)
        }
        let printer = DiagnosticPrinter(console: console)
        var baseline: Baseline?
        if let path = arguments.value("--baseline") {
            guard let data = FileManager.default.contents(atPath: path) else {
                let reason = FileManager.default.fileExists(atPath: path) ? "it cannot be read" : "there is no such file; write one with --write-baseline"
                printer.printInputErrors([.inputError("baseline", "cannot read a baseline from \(path): \(reason)", at: .start(of: path))])
                return .inputError
            }
            guard let decoded = Baseline.decode(data) else {
                printer.printInputErrors([
                    .inputError("baseline", "cannot read a baseline from \(path): it is not a baseline Hairline wrote (JSON with a findings list)", at: .start(of: path))
                ])
                return .inputError
            }
            baseline = decoded
        }

        let fixing = arguments.has("--fix") || arguments.has("--diff")
        if arguments.has("--unsafe-fixes"), !fixing {
            console.err("warning: --unsafe-fixes applies nothing without --fix or --diff")
        }
        let selection = RuleSelection(select: arguments.allValues("--select"), ignore: arguments.allValues("--ignore"))
        if fixing, arguments.value("--write-baseline") != nil {
            return usage("--write-baseline records findings; run it without --fix or --diff", console)
        }
        var result: LintEngine.Result
        var fixSummary: String?
        var prepared: (engine: LintEngine, screens: [LintEngine.ScreenInput])?
        switch prepare(arguments) {
        case .failed(let failed):
            result = failed
        case .ready(let engine, let screens):
            prepared = (engine, screens)
            result = engine.lint(screens, keepScreens: !htmlReports.isEmpty)
            result.findings = selection.filter(result.findings)
            if fixing {
                var candidates = result.findings
                if let baseline { candidates = baseline.newFindings(candidates, lineTexts: result.lineTexts) }
                let fixed = LintFixes.run(
                    engine, screens: screens, result: result, candidates: candidates,
                    scope: arguments.has("--unsafe-fixes") ? .unsafe : .safe, diffOnly: arguments.has("--diff"),
                    stdinPath: arguments.value("--stdin-path"), console: console, admits: { selection.admits($0.code) })
                if let failure = fixed.failure {
                    printer.printInputErrors([.inputError("io", "cannot write \(failure.path): \(failure.reason)", at: .start(of: failure.path))])
                    return .inputError
                }
                result = fixed.result
                result.findings = selection.filter(result.findings)
                fixSummary = fixed.summary
            }
        }
        if let path = arguments.value("--write-baseline") {
            let written = Baseline(findings: result.findings, lineTexts: result.lineTexts).encoded()
            if let error = write(written, to: path, printer) { return error }
        }
        result.findings = LintFilters(selection: selection, baseline: baseline, errorsOnly: arguments.has("--quiet")).reported(result)

        let report = LintReport(
            findings: result.findings, inputErrors: result.inputErrors, files: result.files,
            rules: result.rules.map(RuleInfo.init), toolVersion: Hairline.version,
            workingDirectory: FileManager.default.currentDirectoryPath, lineTexts: result.lineTexts)
        printer.printInputErrors(result.inputErrors)
        if let fixSummary { console.err(fixSummary) }
        // With --diff the diff is the output; with a fixed standard input, the fixed screen is, and findings go to
        // standard error.
        let mainToStderr = fixing && arguments.value("--stdin-path") != nil && arguments.value("--output") == nil
        if arguments.has("--diff") {
            // The diff was the output.
        } else if arguments.has("--statistics") {
            console.write(Array(statistics(report).utf8))
        } else if let output = arguments.value("--output") {
            if let error = write(mainReporter, report, to: output, printer) { return error }
        } else if mainToStderr {
            let main = mainReporter.render(report)
            if !main.isEmpty { console.err(main.hasSuffix("\n") ? String(main.dropLast()) : main) }
        } else {
            let output = ReportOutput { console.write($0) }
            if mainReporter == TextReporter.self, console.colourOnStdout {
                TextReporter.write(report, colour: true, to: output)
            } else {
                mainReporter.write(report, to: output)
            }
            output.flush()
        }
        for (reporter, path) in extraReports {
            if let error = write(reporter, report, to: path, printer) { return error }
        }
        if let (engine, screens) = prepared, !htmlReports.isEmpty {
            // After fixes, the screens as they are now.
            let drawn = fixing ? engine.readScreens(screens).screens : result.screens
            let page = PreviewPages.run(drawn, findings: report.findings)
            for path in htmlReports {
                if let error = write(page, to: path, printer) { return error }
            }
        }
        if result.screenCount == 0, result.inputErrors.isEmpty {
            console.err("no screen specs found")
            return .inputError
        }
        if !result.systemsWithoutVocabulary.isEmpty, result.screenCount > 0 {
            let names = result.systemsWithoutVocabulary.map { "'\($0)'" }.joined(separator: ", ")
            console.err(
                "note: the rules of \(names) declare no components, so property names are not checked (a typo such as 'pading' passes); declare them in a components: block (docs/rules.md, \"Components\")")
        }
        console.err(report.summary)
        if !result.inputErrors.isEmpty { return .inputError }
        // Recording a baseline is what was asked: it succeeds, and says what it recorded.
        if let path = arguments.value("--write-baseline") {
            let count = result.findings.count
            console.err("recorded \(count) finding\(count == 1 ? "" : "s") in \(path); lint with --baseline \(path) to report only new ones")
            return .success
        }
        return result.findings.contains { $0.severity >= failOn } ? .findings : .success
    }

    /// `--statistics`: each rule's number of findings, most first, with its summary.
    private static func statistics(_ report: LintReport) -> String {
        let counts = Dictionary(grouping: report.findings, by: \.code).mapValues(\.count)
        let summaries = Dictionary(report.rules.map { ($0.id, $0.summary ?? "") }, uniquingKeysWith: { first, _ in first })
        let width = String(counts.values.max() ?? 0).count
        return counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { id, count in
            let number = String(count)
            let summary = summaries[id].map { $0.isEmpty ? "" : "  " + TextFormatter.oneLine($0) } ?? ""
            return String(repeating: " ", count: width - number.count) + number + "  " + TextFormatter.oneLine(id) + summary + "\n"
        }.joined()
    }

    /// What a run lints, or the result of a run that stopped before it began.
    private enum Prepared {
        case ready(LintEngine, [LintEngine.ScreenInput])
        case failed(LintEngine.Result)
    }

    /// The engine and the screens the arguments name (or standard input's, or the config's).
    private static func prepare(_ arguments: ParsedArguments) -> Prepared {
        var documents = Documents.disk
        let stdinPath = arguments.value("--stdin-path")
        if let stdinPath { documents.set(stdinPath, bytes: [UInt8](FileHandle.standardInput.readDataToEndOfFile())) }
        let engine: LintEngine
        do throws(DiagnosticError) {
            engine = try EngineArguments.engine(arguments, documents: documents)
        } catch {
            return .failed(LintEngine.Result(inputErrors: error.diagnostics))
        }
        if engine.config == nil, engine.explicitSystem == nil, arguments.positionals.isEmpty {
            let message = "no .hairline.yml here or in a parent folder; name screens and pass --tokens and --rules, or write a config"
            return .failed(LintEngine.Result(inputErrors: [.inputError("config", message, at: .start(of: LintConfig.fileName))]))
        }
        if let stdinPath { return .ready(engine, [LintEngine.ScreenInput(path: stdinPath, explicit: true)]) }
        return .ready(engine, arguments.positionals.isEmpty ? engine.configuredScreens() : engine.screens(in: arguments.positionals))
    }

    /// Writes a file atomically; the exit code to return if it cannot be written.
    private static func write(_ text: String, to path: String, _ printer: DiagnosticPrinter) -> ExitCode? {
        write(to: path, printer) { output in output.write(text) }
    }

    /// Writes a report to a file as it is made.
    private static func write(_ reporter: any Reporter.Type, _ report: LintReport, to path: String, _ printer: DiagnosticPrinter) -> ExitCode? {
        write(to: path, printer) { reporter.write(report, to: $0) }
    }

    private static func write(to path: String, _ printer: DiagnosticPrinter, _ body: (ReportOutput) -> Void) -> ExitCode? {
        do throws(AtomicFile.WriteError) {
            try AtomicFile.write(to: path) { sink in
                let output = ReportOutput(sink)
                body(output)
                output.flush()
            }
            return nil
        } catch {
            printer.printInputErrors([.inputError("io", "cannot write \(error.path): \(error.reason)", at: .start(of: error.path))])
            return .inputError
        }
    }
}
