import Foundation
import HairlineEngine
import HairlineLanguageServer
import Testing

/// The language server's framing and messages are bounded like the command line's inputs: no message is lost,
/// none crashes it, none is held or parsed past its bound, and every one gets its answer.
@Suite("Language server bounds")
struct LanguageServerBoundsTests {
    /// A request whose body is about `size` bytes (its padding in a parameter the server ignores).
    static func hover(id: Int, size: Int) -> [UInt8] {
        let padding = String(repeating: "x", count: size)
        let body = "{\"jsonrpc\":\"2.0\",\"id\":\(id),\"method\":\"textDocument/hover\",\"params\":{\"textDocument\":{\"uri\":\"file:///none.yaml\"},\"position\":{\"line\":0,\"character\":0},\"pad\":\"\(padding)\"}}"
        return MessageFrame.frame(body)
    }

    /// Two 40 KB messages in one write: the second was never handled (the frame's end was kept as an absolute
    /// offset, and reading more moved the buffer under it).
    @Test func twoLargeMessagesInOneWriteAreBothAnswered() throws {
        let folder = try LanguageServerTests.project()
        let client = try LSPClient(root: folder.url)
        client.write(Self.hover(id: 101, size: 40_000) + Self.hover(id: 102, size: 40_000) + Self.hover(id: 103, size: 10))
        for id in [101, 102, 103] {
            #expect(try client.response(id: .number(Double(id)))["result"] == .null)
        }
    }

    @Test func paramsNestedDeeplyAreRefusedNotACrash() throws {
        let folder = try LanguageServerTests.project()
        let client = try LSPClient(root: folder.url)
        let deep = String(repeating: "{\"a\":", count: 350) + "1" + String(repeating: "}", count: 350)
        client.write(MessageFrame.frame("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"textDocument/hover\",\"params\":\(deep)}"))
        #expect(try client.response(id: .null)["error"]?["code"] == -32700)
        let many = "[" + Array(repeating: "{}", count: 200_000).joined(separator: ",") + "]"
        client.write(MessageFrame.frame("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"textDocument/hover\",\"params\":\(many)}"))
        #expect(try client.response(id: .null)["error"]?["code"] == -32700)
        #expect(try client.request("shutdown", .null)["result"] == .null)
    }

    /// Headers have a size cap, and a body over the limit is skipped whole: it is not read as the next headers.
    @Test func longHeadersAndAnOversizedBodyAreSkipped() throws {
        let folder = try LanguageServerTests.project()
        let client = try LSPClient(root: folder.url)
        client.write(Array(("X-Junk: " + String(repeating: "h", count: 100_000) + "\r\n\r\n").utf8))
        #expect(try client.response(id: .null)["error"]?["code"] == -32700)
        // A declared length over the limit: the server skips that many bytes (sent here as the next message
        // would look) and answers the one after.
        let over = FrameReader.maxBody + 1
        client.write(Array("Content-Length: \(over)\r\n\r\n".utf8))
        let filler = [UInt8](repeating: UInt8(ascii: "{"), count: 1 << 20)
        var left = over
        while left > 0 {
            let part = min(left, filler.count)
            client.write(Array(filler[0..<part]))
            left -= part
        }
        #expect(try client.response(id: .null)["error"]?["code"] == -32700)
        #expect(try client.request("shutdown", .null)["result"] == .null)
    }

    /// A token's description and deprecation, and a rule's reason, are shown as written: Markdown from the
    /// repository makes no image, link or HTML in the editor.
    @Test func hoverShowsMarkdownFromFilesAsText() throws {
        let tokens = LanguageServerTests.tokens.replacingOccurrences(
            of: "$description: Body text.", with: "$description: \"![x](https://attacker.example/p.png) <img src=x> [docs](https://attacker.example)\"")
        let folder = try CLILintTests.project([:], config: LanguageServerTests.config, tokens: tokens, rules: LanguageServerTests.rules)
        let client = try LSPClient(root: folder.url)
        client.open("screens/a.yaml", LanguageServerTests.screen)
        let line = "        - text: {role: title, value: a, color: \"{color.ink}\"}"
        let character = line.range(of: "color.ink")!.lowerBound.utf16Offset(in: line)
        let hover = try client.at("textDocument/hover", "screens/a.yaml", line: 6, character: character + 2)
        let text = try #require(hover["contents"]?["value"]?.string)
        #expect(!text.contains("![x]("), "\(text)")
        #expect(!text.contains("<img"))
        #expect(!text.contains("[docs]("))
        #expect(text.contains("\\!\\[x\\]\\(https://attacker.example/p.png\\) &lt;img src=x&gt;"), "\(text)")
    }

    /// A screen the command line would lint in seconds is not linted at each keystroke: it gets one error that says
    /// so and how to lint it, and the server goes on answering.
    @Test func aScreenOverTheEditorsBoundGetsOneErrorNotALongLint() throws {
        let folder = try LanguageServerTests.project()
        let client = try LSPClient(root: folder.url)
        let card = "  - card: {padding: 6, title: x}\n"
        let big = "screen: S\nchildren:\n" + String(repeating: card, count: (4 << 20) / card.utf8.count + 1)
        client.open("screens/big.yaml", big)
        let diagnostics = try client.diagnostics(client.uri("screens/big.yaml"))
        #expect(diagnostics.count == 1, "\(diagnostics.count)")
        #expect(diagnostics.first?["message"]?.string?.contains("the editor lints screens of up to 4 MiB") == true)
        #expect(try client.request("shutdown", .null)["result"] == .null)
    }

    /// A lint asked to stop stops between runs of elements and says it stopped, with no findings: the server asks
    /// whether a message waits, and the next edit's text is linted instead.
    @Test func aLintStopsWhenAskedAndSaysSo() throws {
        let card = "  - card: {padding: 6, title: x}\n"
        let folder = try CLILintTests.project(
            ["screens/a.yaml": "screen: S\nchildren:\n" + String(repeating: card, count: 2_000)], config: LanguageServerTests.config,
            tokens: LanguageServerTests.tokens, rules: LanguageServerTests.rules)
        let config = try ConfigFile.load(explicit: nil, from: folder.url)
        let engine = LintEngine(config: config, workingDirectory: folder.url)
        let input = [LintEngine.ScreenInput(path: "screens/a.yaml", explicit: true)]
        let whole = engine.lint(input, includeSystems: false)
        #expect(!whole.stopped && whole.findings.count == 2_000)
        let asked = Counter()
        let stopped = engine.lint(input, includeSystems: false, until: { asked.next() >= 3 })
        #expect(stopped.stopped && stopped.findings.isEmpty)
        #expect(asked.value >= 3 && asked.value < 2_000 / 256 + 2, "asked \(asked.value) times")
    }
}

/// A count shared with a closure.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func next() -> Int { lock.withLock { count += 1; return count } }
}
