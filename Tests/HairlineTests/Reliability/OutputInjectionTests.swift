import Foundation
import HairlineCompiler
import HairlineDiagnostics
import HairlineReport
import Testing

/// What users and CI logs read cannot be forged: control characters from file names, values and messages are
/// escaped in the text output and on standard error, and an output that is a device or a pipe is written to, not
/// replaced by a file.
@Suite("Output injection")
struct OutputInjectionTests {
    /// A name with what a terminal or a CI log acts on: a line break that starts a workflow command, ESC sequences
    /// (a window title, a screen clear), BEL, backspace, a C1 control, a line separator.
    static let hostile = "a\n::error file=x::forged\u{1B}]0;owned\u{07}\u{1B}[2J\u{08}\u{9B}\u{2028}z"

    static func isClean(_ text: String) -> Bool {
        !text.unicodeScalars.contains { [0x1B, 0x07, 0x08, 0x9B, 0x2028].contains($0.value) }
            && !text.split(separator: "\n").contains { $0.hasPrefix("::error file=x") || $0.hasPrefix("::error file=x::forged") }
    }

    @Test func theTextFormEscapesControlCharacters() {
        let mark = Mark(file: Self.hostile + ".yaml", line: 1, column: 1)
        let diagnostic = Diagnostic(
            severity: .error, code: "r", message: "value \(Self.hostile)", mark: mark, notes: [.init("note \(Self.hostile)", at: mark)])
        let text = TextFormatter().format(diagnostic)
        #expect(Self.isClean(text), "\(text)")
        #expect(text.split(separator: "\n").count == 2)
        #expect(text.hasPrefix("a\\n::error file=x::forged\\u{1B}]0;owned\\u{7}"))
        #expect(TextFormatter.snippet(sourceLine: "x: \u{1B}[2J", column: 4).contains("\\u{1B}"))
    }

    @Test func everyControlCharacterIsFoundAndPrintableTextIsKept() {
        for value: UInt32 in [0x00, 0x0A, 0x0D, 0x1B, 0x1F, 0x7F, 0x80, 0x9B, 0x9F, 0x2028, 0x2029] {
            let text = "a · \(Unicode.Scalar(value)!) b"
            let line = TextFormatter.oneLine(text)
            #expect(line != text && !line.unicodeScalars.contains { $0.value == value }, "U+\(String(value, radix: 16))")
        }
        // Neighbours of the controls' UTF-8 bytes are text: ·, ¨, ¡, €, ‧, and a tab.
        for text in ["spacing 4 · 8", "¨ ¡ \u{A0}", "€ 5", "\u{2027} \u{202A}x", "a\tb", ""] {
            #expect(TextFormatter.oneLine(text) == text)
        }
        #expect(TextFormatter.oneLine("one\r\ntwo\rthree\nfour") == "one\\ntwo\\nthree\\nfour")
    }

    @Test func aHostileFileNameForgesNothingOnEitherStream() throws {
        let folder = try CLILintTests.project([:])
        try folder.write("screens/\(Self.hostile).yaml", "screen: A\npadding: 6\n")
        try folder.write("screens/broken \(Self.hostile).yaml", "screen: [\n")
        for format in ["text", "github"] {
            let result = try Binary.run(["lint", "screens", "--format", format], in: folder.url)
            #expect(result.status == 2)
            #expect(Self.isClean(result.stdout), "\(format) stdout: \(result.stdout)")
            #expect(Self.isClean(result.stderr), "\(format) stderr: \(result.stderr)")
            #expect(result.stdout.contains("mini-spacing"))
        }
    }

    @Test func anOutputThatIsAPipeIsWrittenToNotReplaced() throws {
        let folder = try CLILintTests.project(["screens/a.yaml": "screen: A\npadding: 6\n"])
        let result = try Binary.run(
            ["-c", "mkfifo out.fifo && (cat out.fifo > got.txt &) && \"$HAIRLINE\" lint --output out.fifo; status=$?; sleep 1; test -p out.fifo && echo still-a-pipe; exit $status"],
            in: folder.url, environment: ["HAIRLINE": Binary.executable.path], shell: true)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("still-a-pipe"))
        #expect(try String(contentsOf: folder.url.appendingPathComponent("got.txt"), encoding: .utf8).contains("[mini-spacing]"))
    }

    @Test func markdownShowsWhatItIsGivenAndLinksNothing() throws {
        let hostile = "![x](https://evil.example/a.png) [click](https://evil.example) @team <img src=x> `tick` | cell\n# heading"
        let mark = Mark(file: "screens/a`b.yaml", line: 1, column: 1)
        let finding = Diagnostic(severity: .error, code: "r`x", message: hostile, mark: mark)
        let report = LintReport(
            findings: [finding], inputErrors: [], files: ["screens/a`b.yaml"],
            rules: [RuleInfo(id: "r`x", severity: "error", system: nil, target: "*", check: "allowed", summary: hostile, why: nil, file: "r.yaml", line: 1, failing: [], passing: [])],
            toolVersion: "1", workingDirectory: "/", lineTexts: [:])
        let markdown = MarkdownReporter.render(report)
        for needle in ["![", "](", "<img", " @team", "\n# heading"] { #expect(!markdown.contains(needle), "\(needle) in \(markdown)") }
        #expect(markdown.contains("\\@team"))
        // Every code span closes on its line.
        for line in markdown.split(separator: "\n") { #expect(line.filter { $0 == "`" }.count % 2 == 0, "\(line)") }
    }

    @Test func sarifLinksOnlyToWebPages() throws {
        func helpUri(_ url: String) throws -> String? {
            let rule = RuleInfo(id: "r", severity: "error", system: nil, target: "*", check: "allowed", summary: "s", why: nil, file: "r.yaml", line: 1, failing: [], passing: [], helpURL: url)
            let report = LintReport(findings: [], inputErrors: [], files: [], rules: [rule], toolVersion: "1", workingDirectory: "/", lineTexts: [:])
            let sarif = try #require(try JSONSerialization.jsonObject(with: Data(SARIFReporter.render(report).utf8)) as? [String: Any])
            let runs = try #require(sarif["runs"] as? [[String: Any]])
            let rules = try #require(((runs.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
            return rules.first?["helpUri"] as? String
        }
        #expect(try helpUri("https://example.com/rules#r") == "https://example.com/rules#r")
        #expect(try helpUri("javascript:alert(1)#r") == nil)
        #expect(try helpUri("file:///etc/passwd#r") == nil)
    }

    /// Pages (the HTML report, previews, the token sheet) carry no raw C0 control: an error in HTML.
    @Test func htmlTextHasNoControlCharacters() {
        #expect(HTMLText.escape("a\u{01}b\u{1B}c\u{7F}d\te\nf") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\te\nf")
        #expect(HTMLText.escape("plain · text") == "plain · text")
    }

    /// A font family from a token file cannot end the CSS string it is written in: a quote, a backslash at its end
    /// or a line break once let the rest of the name open a `url(…)` the browser fetched.
    @Test(arguments: ["Evil'), url(https://attacker.example/x); x: ('", "Evil\\", "Evil\n} body { background: url(https://attacker.example/y) }", "Evil\"><img src=x>"])
    func aFontFamilyStaysOneCSSString(_ family: String) throws {
        let css = CSSText.fontFamily([family])
        // One string: the only quotes are the two that open and close it; inside, no quote, line break, markup, and
        // every backslash starts a hexadecimal escape.
        #expect(css.hasPrefix("font-family:'") && css.hasSuffix("',system-ui,sans-serif"))
        let inside = css.dropFirst("font-family:'".count).dropLast("',system-ui,sans-serif".count)
        #expect(!inside.contains { "'\"\n<>".contains($0) }, "\(css)")
        #expect(inside.split(separator: "\\", omittingEmptySubsequences: false).dropFirst().allSatisfy { $0.first?.isHexDigit == true }, "\(css)")
        let folder = try TemporaryFolder()
        try folder.write("t.yaml", "role:\n  $type: typography\n  body: {fontFamily: [\(SwiftNames.stringLiteral(family))], fontSize: 15}\n")
        let result = try Binary.run(["compile", "t.yaml", "--html", "sheet.html"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let page = try String(contentsOf: folder.url.appendingPathComponent("sheet.html"), encoding: .utf8)
        #expect(page.contains(HTMLText.escape(css)), "\(page)")
    }
}
