import Foundation
import HairlineDiagnostics
import HairlineEngine
import HairlineLint
import HairlineYAML

/// `hairline preview`: each screen drawn as a wireframe with its tokens applied, light and dark side by side, its
/// findings marked on it (CONTRACT 6.7).
enum PreviewCommand {
    static let spec = CommandSpec(
        name: "preview",
        summary: "Draw screen specs as self-contained HTML wireframes with their findings marked.",
        usage: "<screen | folder> ... --out DIR [--width POINTS] [--config FILE] [--tokens FILE] [--rules FILE]... [--allow-path DIR]...",
        positionals: 1...Int.max,
        options: [
            .value("--out", "DIR", "Write one page per screen into DIR (created if missing)."),
            .value("--width", "POINTS", "The screen's width (default 390, an iPhone's)."),
            .value("--config", "FILE", "Read the config from FILE instead of the nearest .hairline.yml."),
            .value("--tokens", "FILE", "Lint with this token set instead of the config's systems."),
            .value("--rules", "FILE", "Lint with these rules instead of the config's (repeatable).", repeatable: true),
            .value("--allow-path", "DIR", "Let files name files in DIR, outside the project (repeatable).", repeatable: true),
        ],
        discussion: """
            Each page is named after its screen's path (Examples/a/b.yaml → Examples-a-b.html); it needs no script and \
            no network. Exit 0 once the pages are written, whatever the findings; 2 on an input error.
            """
    )

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
        let printer = DiagnosticPrinter(console: console)
        guard let out = arguments.value("--out") else {
            console.err(UsageError(message: "preview needs --out DIR", command: spec.name).rendered)
            return .inputError
        }
        var preview = ScreenPreview()
        if let text = arguments.value("--width") {
            guard let width = Int(text), (120...2000).contains(width) else {
                console.err(UsageError(message: "--width takes a number of points from 120 to 2000; got '\(text)'", command: spec.name).rendered)
                return .inputError
            }
            preview.width = width
        }
        guard let engine = EngineArguments.engine(arguments, printing: printer) else { return .inputError }
        let inputs = engine.screens(in: arguments.positionals)
        let result = engine.lint(inputs, keepScreens: true)
        let screens = result.screens
        guard result.inputErrors.isEmpty else {
            printer.printInputErrors(result.inputErrors)
            return .inputError
        }
        guard !screens.isEmpty else {
            console.err("no screen specs found")
            return .inputError
        }
        // Two screens drawn to one page (`a-b/x.yaml` and `a/b-x.yaml`, `x.yml` and `x.yaml`, or names that differ
        // only in case, one file on a case-insensitive disk) would leave one page, chosen by timing: refused first.
        var pageOwners: [String: String] = [:]
        var clashes: [Diagnostic] = []
        for file in screens.map(\.screen.file) {
            let page = pageName(file)
            if let first = pageOwners[page.lowercased()] {
                clashes.append(.inputError("io", "\(file) and \(first) would both be drawn to \(out)/\(page); rename one", at: .start(of: file)))
            } else {
                pageOwners[page.lowercased()] = file
            }
        }
        guard clashes.isEmpty else {
            printer.printInputErrors(clashes)
            return .inputError
        }
        do {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        } catch {
            printer.printInputErrors([.inputError("io", "cannot create \(out): \(error.localizedDescription)", at: .start(of: out))])
            return .inputError
        }
        // Pages are written, each whole, on every core.
        let pages = PreviewPages.perScreen(screens, findings: result.findings, preview: preview)
        let failures = Parallel.map(pages) { file, html -> AtomicFile.WriteError? in
            do throws(AtomicFile.WriteError) {
                try AtomicFile.write(html, to: out + "/" + pageName(file))
                return nil
            } catch {
                return error
            }
        }
        if let error = failures.compactMap({ $0 }).first {
            printer.printInputErrors([.inputError("io", "cannot write \(error.path): \(error.reason)", at: .start(of: error.path))])
            return .inputError
        }
        console.err("\(screens.count) preview\(screens.count == 1 ? "" : "s") written to \(out)")
        return .success
    }

    /// A screen's page name: its path with its folders joined by `-` and `.html` for its extension.
    static func pageName(_ file: String) -> String {
        var name = file.hasSuffix(".yaml") ? String(file.dropLast(5)) : file.hasSuffix(".yml") ? String(file.dropLast(4)) : file
        while name.hasPrefix("../") { name.removeFirst(3) }
        if name.hasPrefix("/") { name.removeFirst() }
        return name.replacingOccurrences(of: "/", with: "-") + ".html"
    }
}
