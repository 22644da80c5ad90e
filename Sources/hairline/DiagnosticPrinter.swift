import Foundation
import HairlineDiagnostics
import HairlineReport

/// Prints input errors to standard error; on a terminal, with the offending source line and a caret.
struct DiagnosticPrinter {
    let console: Console

    func printInputErrors(_ diagnostics: [Diagnostic]) {
        let formatter = TextFormatter(colour: console.colourOnStderr)
        for diagnostic in diagnostics.sorted(by: Diagnostic.outputOrder) {
            var text = formatter.format(diagnostic)
            if console.stderrIsTerminal, let line = sourceLine(diagnostic.mark) {
                text += "\n" + TextFormatter.snippet(sourceLine: line, column: diagnostic.mark.column)
            }
            console.err(text)
        }
    }

    private func sourceLine(_ mark: Mark) -> String? {
        guard let data = FileManager.default.contents(atPath: mark.file),
            let text = String(data: data, encoding: .utf8)
        else { return nil }
        var lineNumber = 1
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if lineNumber == mark.line {
                return String(line.hasSuffix("\r") ? line.dropLast() : line)
            }
            lineNumber += 1
        }
        return nil
    }
}
