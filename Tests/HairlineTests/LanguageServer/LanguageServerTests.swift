import Foundation
import HairlineDiagnostics
import HairlineEngine
import HairlineLanguageServer
import HairlineYAML
import Testing

/// `hairline lsp` (CONTRACT 6.4), spoken to through pipes as an editor speaks to it: the lifecycle, diagnostics
/// from unsaved text (screens, and the token sets, rule sets and config they use), hover, completion, definition,
/// code actions, colours, and what a malformed message gets.
@Suite("Language server")
struct LanguageServerTests {
    static let tokens = """
        $name: Mini
        $modes: [light, dark]
        spacing:
          $type: dimension
          scale:
            half: 4
            base: 8
        color:
          $type: color
          canvas: {light: "#FFFFFF", dark: "#000000"}
          ink: {$value: {light: "#111111", dark: "#EEEEEE"}, $description: Body text.}
          faint: {light: "#EEEEEE", dark: "#111111"}
          brand: {$value: "#0066CC", $deprecated: "Use {color.accent}: brand was renamed."}
          accent: "#0066CC"

        """
    static let rules = """
        components:
          card:
            properties: {padding: dimension, title: string, background: color, color: color}
            children: [text]
          text:
            properties: {role: {values: [label, title, caption]}, value: string, color: color}
        rules:
          - id: mini-spacing
            summary: Spacing comes from the scale.
            why: Off-scale spacing drifts.
            given: "*"
            check: {allowed: {properties: [padding], values: "{spacing.scale}"}}

        """
    static let config = """
        systems:
          mini:
            tokens: tokens.yaml
            rules: [rules.yaml]
            screens: ["screens/*.yaml"]

        """
    static let screen = """
        screen: S
        children:
          - card:
              padding: 6
              title: x
              children:
                - text: {role: title, value: a, color: "{color.ink}"}

        """

    static func project() throws -> TemporaryFolder {
        try CLILintTests.project([:], config: config, tokens: tokens, rules: rules)
    }

    // MARK: Lifecycle and robustness

    @Test func shutdownThenExitEndsWithZeroAndExitAloneWithOne() throws {
        let folder = try Self.project()
        let client = try LSPClient(root: folder.url)
        #expect(try client.request("shutdown", .null)["result"] == .null)
        // After shutdown, requests are refused.
        #expect(try client.request("textDocument/hover", [:])["error"]?["code"] == -32600)
        client.notify("exit", .null)
        #expect(try client.exitStatus() == 0)

        let abrupt = try LSPClient(root: folder.url)
        abrupt.notify("exit", .null)
        #expect(try abrupt.exitStatus() == 1)

        let closed = try LSPClient(root: folder.url)
        closed.closeInput()
        #expect(try closed.exitStatus() == 1)
    }

    @Test func initializeAnnouncesWhatTheServerDoes() throws {
        let folder = try Self.project()
        let client = try LSPClient(root: folder.url, initialize: false)
        // Before initialize a request is refused, and the server goes on.
        #expect(try client.request("textDocument/hover", [:])["error"]?["code"] == -32002)
        let result = try client.request("initialize", ["rootUri": .string(folder.url.absoluteString), "capabilities": [:]])["result"]
        let capabilities = result?["capabilities"]
        #expect(capabilities?["textDocumentSync"]?["change"] == 1)
        #expect(capabilities?["hoverProvider"] == true)
        #expect(capabilities?["definitionProvider"] == true)
        #expect(capabilities?["colorProvider"] == true)
        #expect(capabilities?["completionProvider"]?["triggerCharacters"] == ["{", "."])
        #expect(capabilities?["diagnosticProvider"] == nil, "a client that does not pull is sent diagnostics")
        #expect(result?["serverInfo"]?["name"] == "hairline")
    }

    @Test func malformedMessagesGetErrorsAndTheServerGoesOn() throws {
        let folder = try Self.project()
        let client = try LSPClient(root: folder.url)
        client.write(Array("Content-Length: 5\r\n\r\n{oops".utf8))
        #expect(try client.response(id: .null)["error"]?["code"] == -32700)
        client.write(Array("Content-Type: text/plain\r\n\r\n".utf8))
        #expect(try client.response(id: .null)["error"]?["code"] == -32700)
        client.send([1, 2])
        #expect(try client.response(id: .null)["error"]?["code"] == -32600)
        client.send(["jsonrpc": "2.0", "id": 41])
        #expect(try client.response(id: 41)["error"]?["code"] == -32600)
        #expect(try client.request("workspace/executeCommand", [:])["error"]?["code"] == -32601)
        // A request about a document never opened, or with no position, is answered with nothing.
        #expect(try client.at("textDocument/hover", "screens/none.yaml", line: 0, character: 0) == .null)
        #expect(try client.request("textDocument/hover", ["textDocument": ["uri": "file:///nowhere.yaml"]])["result"] == .null)
        // Still serving.
        #expect(try client.request("shutdown", .null)["result"] == .null)
    }

    @Test func aCancelledRequestIsAnsweredAsCancelled() throws {
        let folder = try Self.project()
        let client = try LSPClient(root: folder.url)
        // The cancellation is read before the request it names is handled.
        client.notify("$/cancelRequest", ["id": 99])
        client.send(["jsonrpc": "2.0", "id": 99, "method": "textDocument/hover", "params": [:]])
        #expect(try client.response(id: 99)["error"]?["code"] == -32800)
    }

    // MARK: Diagnostics

    @Test func anOpenScreenGetsTheSameFindingsAsLintWithRanges() throws {
        let folder = try Self.project()
        let client = try LSPClient(root: folder.url)
        client.open("screens/a.yaml", Self.screen)
        let diagnostics = try client.diagnostics(client.uri("screens/a.yaml"))
        // The engine on the same text, as `hairline lint` runs it.
        var documents = Documents()
        documents.set(folder.url.appendingPathComponent("screens/a.yaml").path, bytes: Array(Self.screen.utf8))
        let config = try ConfigFile.load(explicit: nil, from: folder.url, documents: documents)
        let lint = LintEngine(config: config, documents: documents, workingDirectory: folder.url).lint(document: "screens/a.yaml")
        #expect(!lint.findings.isEmpty)
        #expect(diagnostics.map { $0["code"]?.string } == lint.findings.map(\.code))
        #expect(diagnostics.map { $0["message"]?.string } == lint.findings.map(\.message))
        #expect(diagnostics.map { $0["range"]?["start"]?["line"]?.int } == lint.findings.map { $0.mark.line - 1 })
        let padding = try #require(diagnostics.first { $0["code"] == "mini-spacing" })
        #expect(padding["range"] == ["start": ["line": 3, "character": 15], "end": ["line": 3, "character": 16]])
        #expect(padding["severity"] == 1)
        #expect(padding["source"] == "hairline")
    }

    @Test func anEditRelintsAndAFixedScreenIsCleared() throws {
        let folder = try Self.project()
        let client = try LSPClient(root: folder.url)
        client.open("screens/a.yaml", Self.screen)
        #expect(try client.diagnostics(client.uri("screens/a.yaml")).contains { $0["code"] == "mini-spacing" })
        client.change("screens/a.yaml", Self.screen.replacingOccurrences(of: "padding: 6", with: "padding: 8"), version: 2)
        let after = try client.take("diagnostics") { $0["method"] == "textDocument/publishDiagnostics" }
        #expect(after["params"]?["diagnostics"] == [])
        #expect(after["params"]?["version"] == 2)
    }

    @Test func aClientThatPullsIsAnsweredAndAskedToPullAgainWhenASystemChanges() throws {
        let folder = try Self.project()
        let client = try LSPClient(
            root: folder.url, initialize: false)
        let result = try client.request(
            "initialize",
            [
                "rootUri": .string(folder.url.absoluteString),
                "capabilities": ["textDocument": ["diagnostic": [:]], "workspace": ["diagnostics": ["refreshSupport": true]]],
            ])["result"]
        #expect(result?["capabilities"]?["diagnosticProvider"]?["interFileDependencies"] == true)
        client.notify("initialized", [:])
        client.open("screens/a.yaml", Self.screen)
        let report = try client.request("textDocument/diagnostic", ["textDocument": ["uri": .string(client.uri("screens/a.yaml"))]])["result"]
        #expect(report?["kind"] == "full")
        #expect(report?["items"]?.array?.map { $0["code"] } == ["mini-spacing"])
        // A token set edit: the client is asked to pull again; nothing is pushed.
        client.open("tokens.yaml", Self.tokens.replacingOccurrences(of: "    base: 8\n", with: "    base: 8\n    six: 6\n"))
        _ = try client.take("a refresh request") { $0["method"] == "workspace/diagnostic/refresh" }
        let again = try client.request("textDocument/diagnostic", ["textDocument": ["uri": .string(client.uri("screens/a.yaml"))]])["result"]
        #expect(again?["items"] == [])
        #expect(throws: LSPClient.Timeout.self) {
            try client.take("a push", within: 0.3) { $0["method"] == "textDocument/publishDiagnostics" }
        }
    }

    @Test func columnsAreUTF16CodeUnits() throws {
        let folder = try Self.project()
        let client = try LSPClient(root: folder.url)
        // An emoji is two UTF-16 units and one code point; a CJK character one of each; UTF-8 takes 4 and 3 bytes.
        client.open("screens/a.yaml", "screen: S\nchildren:\n  - card: {title: \"😀漢\", padding: 6}\n")
        let diagnostic = try #require(try client.diagnostics(client.uri("screens/a.yaml")).first { $0["code"] == "mini-spacing" })
        let prefix = "  - card: {title: \"😀漢\", padding: "
        #expect(diagnostic["range"]?["start"] == ["line": 2, "character": .number(Double(prefix.utf16.count))])
        #expect(diagnostic["range"]?["end"]?["character"]?.int == prefix.utf16.count + 1)
    }

    @Test func aScreenWithYAMLErrorsGetsThemAsDiagnostics() throws {
        let folder = try Self.project()
        let client = try LSPClient(root: folder.url)
        client.open("screens/a.yaml", "screen: S\nchildren:\n  - card: {padding: 6\n")
        let diagnostics = try client.diagnostics(client.uri("screens/a.yaml"))
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["code"] == "yaml-syntax")
        #expect(diagnostics.first?["severity"] == 1)
        // The server still answers.
        #expect(try client.at("textDocument/hover", "screens/a.yaml", line: 2, character: 5) == .null)
    }

    @Test func anUnsavedTokenSetEditRelintsTheOpenScreens() throws {
        let folder = try Self.project()
        let client = try LSPClient(root: folder.url)
        client.open("screens/a.yaml", Self.screen.replacingOccurrences(of: "padding: 6", with: "padding: 12"))
        #expect(try client.diagnostics(client.uri("screens/a.yaml")).contains { $0["code"] == "mini-spacing" })
        // 12 joins the scale in the editor only: the disk's token set is unchanged.
        client.open("tokens.yaml", Self.tokens.replacingOccurrences(of: "    base: 8\n", with: "    base: 8\n    wide: 12\n"))
        #expect(try client.diagnostics(client.uri("screens/a.yaml")) == [])
        // An error in the token set is the token set's diagnostic.
        client.change("tokens.yaml", Self.tokens + "broken:\n  $type: color\n  x: \"{color.nowhere}\"\n", version: 2)
        let errors = try client.diagnostics(client.uri("tokens.yaml"))
        #expect(errors.count == 1)
        #expect(errors.first?["message"]?.string?.contains("color.nowhere") == true)
        #expect(errors.first?["range"]?["start"]?["line"] == 16)
    }

    @Test func configAndRuleSetErrorsAreTheirFilesDiagnostics() throws {
        let folder = try Self.project()
        let client = try LSPClient(root: folder.url)
        client.open(".hairline.yml", Self.config + "colour: blue\n")
        let configErrors = try client.diagnostics(client.uri(".hairline.yml"))
        #expect(configErrors.first?["message"]?.string?.contains("colour") == true)
        #expect(configErrors.first?["range"]?["start"]?["line"] == 5)
        client.change(".hairline.yml", Self.config, version: 2)
        #expect(try client.diagnostics(client.uri(".hairline.yml")) == [])
        client.open("rules.yaml", Self.rules.replacingOccurrences(of: "check: {allowed:", with: "check: {allowd:"))
        let ruleErrors = try client.diagnostics(client.uri("rules.yaml"))
        #expect(ruleErrors.first?["message"]?.string?.contains("allowd") == true)
    }

    // MARK: Hover, definition, completion

    @Test func hoverShowsATokensValuesInEveryModeAndItsContrast() throws {
        let folder = try Self.project()
        let client = try LSPClient(root: folder.url)
        client.open("screens/a.yaml", Self.screen)
        let line = "        - text: {role: title, value: a, color: \"{color.ink}\"}"
        let character = (line.range(of: "color.ink")!.lowerBound.utf16Offset(in: line))
        let hover = try client.at("textDocument/hover", "screens/a.yaml", line: 6, character: character + 2)
        let text = try #require(hover["contents"]?["value"]?.string)
        #expect(text.contains("**{color.ink}** · color"))
        #expect(text.contains("Body text."))
        #expect(text.contains("| light | `#111111` |"))
        #expect(text.contains("| dark | `#EEEEEE` |"))
        // #111111 on the default background #FFFFFF, #EEEEEE on #000000.
        #expect(text.contains("- light: 18.88:1 on the default background \\#FFFFFF"))
        #expect(text.contains("- dark: 18.10:1 on the default background \\#000000"))
        #expect(hover["range"]?["start"]?["character"]?.int == character - 1)
        #expect(hover["range"]?["end"]?["character"]?.int == character + "color.ink}".utf16.count)
    }

    @Test func hoverShowsDeprecationsAndRuleReasons() throws {
        let folder = try Self.project()
        let client = try LSPClient(root: folder.url)
        client.open("screens/a.yaml", "screen: S\nchildren:\n  - card: {padding: 6, color: \"{color.brand}\"} # hairline:disable-line mini-spacing\n")
        let token = try client.at("textDocument/hover", "screens/a.yaml", line: 2, character: 35)
        #expect(token["contents"]?["value"]?.string?.contains("**Deprecated**: Use {color.accent}: brand was renamed.") == true)
        let rule = try client.at("textDocument/hover", "screens/a.yaml", line: 2, character: 75)
        #expect(rule["contents"]?["value"] == "**mini-spacing** (error)\n\nSpacing comes from the scale.\n\nWhy: Off-scale spacing drifts.")
    }

    @Test func definitionGoesToTheTokenAndTheRule() throws {
        let folder = try Self.project()
        let client = try LSPClient(root: folder.url)
        client.open("screens/a.yaml", "screen: S\npadding: \"{spacing.scale.base}\" # hairline:disable-line mini-spacing\n")
        let token = try client.at("textDocument/definition", "screens/a.yaml", line: 1, character: 15)
        #expect(token["uri"]?.string == client.uri("tokens.yaml"))
        #expect(token["range"]?["start"] == ["line": 6, "character": 4])
        let rule = try client.at("textDocument/definition", "screens/a.yaml", line: 1, character: 60)
        #expect(rule["uri"]?.string == client.uri("rules.yaml"))
        #expect(rule["range"]?["start"]?["line"] == 7)
    }

    @Test func completionOffersTokensOfThePropertysType() throws {
        let folder = try Self.project()
        let client = try LSPClient(root: folder.url)
        client.open("screens/a.yaml", "screen: S\nchildren:\n  - card:\n      padding: \"{sp\n")
        let items = try #require(try client.at("textDocument/completion", "screens/a.yaml", line: 3, character: 19).array)
        // Dimension tokens only, in the token set's order (by path).
        #expect(items.map { $0["label"]?.string } == ["spacing.scale.base", "spacing.scale.half"])
        #expect(items.first?["textEdit"]?["newText"] == "spacing.scale.base}")
        #expect(items.first?["textEdit"]?["range"] == ["start": ["line": 3, "character": 17], "end": ["line": 3, "character": 19]])
        client.change("screens/a.yaml", "screen: S\nchildren:\n  - text: {role: title, color: \"{}\"}\n", version: 2)
        let colours = try #require(try client.at("textDocument/completion", "screens/a.yaml", line: 2, character: 33).array)
        #expect(colours.map { $0["label"]?.string } == ["color.accent", "color.brand", "color.canvas", "color.faint", "color.ink"])
        // The brace is closed already: only the path is written.
        #expect(colours.first?["textEdit"]?["newText"] == "color.accent")
        #expect(colours.first { $0["label"] == "color.brand" }?["tags"] == [1])
    }

    @Test func completionOffersTheVocabulary() throws {
        let folder = try Self.project()
        let client = try LSPClient(root: folder.url)
        client.open("screens/a.yaml", "screen: S\nchildren:\n  - \n  - card:\n      pa\n  - text: {role: }\n")
        let kinds = try #require(try client.at("textDocument/completion", "screens/a.yaml", line: 2, character: 4).array)
        #expect(kinds.map { $0["label"]?.string } == ["card", "text"])
        let properties = try #require(try client.at("textDocument/completion", "screens/a.yaml", line: 4, character: 8).array)
        #expect(properties.map { $0["label"]?.string } == ["background", "color", "padding", "title"])
        #expect(properties.first { $0["label"] == "padding" }?["detail"] == "dimension")
        let values = try #require(try client.at("textDocument/completion", "screens/a.yaml", line: 5, character: 17).array)
        #expect(values.map { $0["label"]?.string } == ["label", "title", "caption"])
    }

    // MARK: Code actions and colours

    @Test func codeActionsOfferTheFixAndASuppression() throws {
        let folder = try Self.project()
        let client = try LSPClient(root: folder.url)
        let text = "screen: S\nchildren:\n  - card: {padding: 7, title: x}\n"
        client.open("screens/a.yaml", text)
        _ = try client.diagnostics(client.uri("screens/a.yaml"))
        let uri = client.uri("screens/a.yaml")
        let actions = try #require(
            try client.request(
                "textDocument/codeAction",
                ["textDocument": ["uri": .string(uri)], "range": ["start": ["line": 2, "character": 0], "end": ["line": 2, "character": 0]], "context": ["diagnostics": []]]
            )["result"]?.array)
        #expect(actions.map { $0["title"]?.string } == ["Replace 7 with 8 (unsafe)", "Suppress mini-spacing on this line"])
        #expect(actions[0]["isPreferred"] == false)
        let fix = try #require(actions[0]["edit"]?["changes"]?[uri]?.array?.first)
        #expect(fix == ["range": ["start": ["line": 2, "character": 20], "end": ["line": 2, "character": 21]], "newText": "8"])
        let suppression = try #require(actions[1]["edit"]?["changes"]?[uri]?.array?.first)
        #expect(suppression["newText"] == " # hairline:disable-line mini-spacing")
        #expect(suppression["range"]?["start"] == ["line": 2, "character": 32])
        // The suppressed text lints clean.
        client.change("screens/a.yaml", "screen: S\nchildren:\n  - card: {padding: 7, title: x} # hairline:disable-line mini-spacing\n", version: 2)
        #expect(try client.diagnostics(uri) == [])
    }

    /// "Fix all" applies every safe fix to a fixed point, as `hairline lint --fix` does, and leaves the unsafe ones.
    @Test func fixAllAppliesTheSafeFixesAsTheCommandLineDoes() throws {
        let folder = try Self.project()
        let client = try LSPClient(root: folder.url)
        let text = "screen: S\nchildren:\n  - card: {padding: 7, title: x, color: \"{color.brand}\"}\n  - card: {padding: 8, title: y, background: \"{color.brand}\"}\n"
        client.open("screens/a.yaml", text)
        let uri = client.uri("screens/a.yaml")
        _ = try client.diagnostics(uri)
        let actions = try #require(
            try client.request(
                "textDocument/codeAction",
                ["textDocument": ["uri": .string(uri)], "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]], "context": ["diagnostics": []]]
            )["result"]?.array)
        let fixAll = try #require(actions.first { $0["kind"] == "source.fixAll.hairline" })
        let edit = try #require(fixAll["edit"]?["changes"]?[uri]?.array?.first)
        #expect(edit["newText"]?.string == text.replacingOccurrences(of: "{color.brand}", with: "{color.accent}"))
        #expect(edit["range"] == ["start": ["line": 0, "character": 0], "end": ["line": 4, "character": 0]])
        // What the command line writes.
        try folder.write("screens/a.yaml", text)
        _ = try Binary.run(["lint", "--fix", "screens/a.yaml"], in: folder.url)
        #expect(try String(contentsOf: folder.url.appendingPathComponent("screens/a.yaml"), encoding: .utf8) == edit["newText"]?.string)
    }

    /// A Swift document is linted as it is typed, through the same engine: its findings at the literal, the fix
    /// that writes the token's symbol or the allowed value, and a suppression in Swift's comment syntax.
    @Test func aSwiftDocumentIsLintedWithItsFixesAndSuppressions() throws {
        let folder = try CLILintTests.project(
            [:], config: Self.config.replacingOccurrences(of: "screens: [\"screens/*.yaml\"]", with: "screens: [\"screens/*.yaml\", \"Sources/*.swift\"]"),
            tokens: Self.tokens, rules: Self.rules)
        let client = try LSPClient(root: folder.url)
        let text = "import SwiftUI\n\nstruct A: View {\n    var body: some View {\n        Card { Text(\"x\") }.padding(7)\n    }\n}\n"
        client.open("Sources/A.swift", text)
        let uri = client.uri("Sources/A.swift")
        let diagnostics = try client.diagnostics(uri)
        #expect(diagnostics.map { $0["code"] } == ["mini-spacing"], "\(diagnostics)")
        let prefix = "        Card { Text(\"x\") }.padding("
        #expect(diagnostics.first?["range"] == ["start": ["line": 4, "character": .number(Double(prefix.utf16.count))], "end": ["line": 4, "character": .number(Double(prefix.utf16.count + 1))]])
        let actions = try #require(
            try client.request(
                "textDocument/codeAction",
                ["textDocument": ["uri": .string(uri)], "range": ["start": ["line": 4, "character": 0], "end": ["line": 4, "character": 0]], "context": ["diagnostics": []]]
            )["result"]?.array)
        #expect(actions.map { $0["title"]?.string } == ["Replace 7 with 8 (unsafe)", "Suppress mini-spacing on this line"])
        #expect(actions[0]["edit"]?["changes"]?[uri]?.array?.first?["newText"] == "8")
        #expect(actions[1]["edit"]?["changes"]?[uri]?.array?.first?["newText"] == " // hairline:disable-line mini-spacing")
        client.change("Sources/A.swift", text.replacingOccurrences(of: ".padding(7)", with: ".padding(7) // hairline:disable-line mini-spacing"), version: 2)
        #expect(try client.diagnostics(uri) == [])
    }

    @Test func coloursAreReportedForLiteralsAndReferences() throws {
        let folder = try Self.project()
        let client = try LSPClient(root: folder.url)
        client.open("screens/a.yaml", "screen: S\nbackground: \"#FF000080\"\nchildren:\n  - text: {color: \"{color.accent}\", value: \"{spacing.scale.base}\"}\n")
        let colours = try #require(try client.request("textDocument/documentColor", ["textDocument": ["uri": .string(client.uri("screens/a.yaml"))]])["result"]?.array)
        #expect(colours.count == 2)
        #expect(colours[0]["range"] == ["start": ["line": 1, "character": 13], "end": ["line": 1, "character": 22]])
        #expect(colours[0]["color"]?["red"] == 1)
        #expect(colours[0]["color"]?["alpha"]?.text == "0.5019607843137255")
        #expect(colours[1]["range"] == ["start": ["line": 3, "character": 19], "end": ["line": 3, "character": 33]])
        #expect(colours[1]["color"]?["blue"] == .number(0xCC / 255.0))
        let presentations = try #require(
            try client.request(
                "textDocument/colorPresentation",
                ["textDocument": ["uri": .string(client.uri("screens/a.yaml"))], "color": ["red": 0, "green": .number(0x66 / 255.0), "blue": .number(0xCC / 255.0), "alpha": 1],
                 "range": ["start": ["line": 3, "character": 20], "end": ["line": 3, "character": 34]]]
            )["result"]?.array)
        #expect(presentations.map { $0["label"]?.string } == ["#0066CC", "{color.accent}"], "a deprecated token is not offered")
    }

    @Test func aTokenSetChangedOnTheDiskIsReadAgainWhenTheEditorSaysSo() throws {
        let folder = try Self.project()
        let client = try LSPClient(root: folder.url)
        client.open("screens/a.yaml", Self.screen.replacingOccurrences(of: "padding: 6", with: "padding: 12"))
        #expect(try client.diagnostics(client.uri("screens/a.yaml")).contains { $0["code"] == "mini-spacing" })
        try folder.write("tokens.yaml", Self.tokens.replacingOccurrences(of: "    base: 8\n", with: "    base: 8\n    wide: 12\n"))
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(client.uri("tokens.yaml")), "type": 2]]])
        #expect(try client.diagnostics(client.uri("screens/a.yaml")) == [])
    }

    @Test func oddRequestsAreAnsweredWithoutACrash() throws {
        let folder = try Self.project()
        let client = try LSPClient(root: folder.url)
        client.open("screens/a.yaml", "screen: S\npadding: \"{\nx: \"#\"\n\u{1F600}: '#12'\n")
        client.open("screens/empty.yaml", "")
        client.notify("textDocument/didOpen", ["textDocument": ["uri": "untitled:Untitled-1", "text": "screen: S\n", "version": 1]])
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(client.uri("screens/a.yaml")), "version": 2], "contentChanges": [["range": ["start": ["line": 90, "character": 4], "end": ["line": 1, "character": 0]], "text": "x"]]])
        let positions: [JSONValue] = [
            ["line": 0, "character": 0], ["line": 1, "character": 11], ["line": 1, "character": 10_000], ["line": 10_000, "character": 0],
            ["line": -1, "character": 3], ["line": 3, "character": 1], ["line": "one", "character": 1],
        ]
        for path in ["screens/a.yaml", "screens/empty.yaml", "screens/closed.yaml"] {
            for position in positions {
                for method in ["textDocument/hover", "textDocument/completion", "textDocument/definition"] {
                    let response = try client.request(method, ["textDocument": ["uri": .string(client.uri(path))], "position": position])
                    #expect(response["error"] == nil, "\(method) \(position.text): \(response.text)")
                }
            }
            for method in ["textDocument/codeAction", "textDocument/documentColor", "textDocument/diagnostic", "textDocument/colorPresentation"] {
                let response = try client.request(
                    method, ["textDocument": ["uri": .string(client.uri(path))], "range": ["start": ["line": 5, "character": 0], "end": ["line": 0, "character": 0]], "color": "red"])
                #expect(response["error"] == nil, "\(method): \(response.text)")
            }
        }
        #expect(try client.request("shutdown", .null)["result"] == .null)
    }

    @Test func incrementalChangesAreApplied() {
        let text = Array("screen: S\npadding: 😀 6\n".utf8)
        // Replace "6" (after an emoji: character 12 in UTF-16) with "8".
        let change: JSONValue = ["range": ["start": ["line": 1, "character": 12], "end": ["line": 1, "character": 13]], "text": "8"]
        #expect(String(decoding: LanguageServer.apply(change, to: text), as: UTF8.self) == "screen: S\npadding: 😀 8\n")
        #expect(String(decoding: LanguageServer.apply(["text": "all new"], to: text), as: UTF8.self) == "all new")
    }
}
