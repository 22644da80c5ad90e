import Foundation
import HairlineDiagnostics

/// `hairline lsp`: a Language Server Protocol 3.17 server over two file descriptors. A reader thread reads and
/// parses messages into an inbox and never waits; the calling thread handles them in order. Edits only store text:
/// linting waits until no message is queued, so a burst of keystrokes is linted once, at its newest version, and
/// a run over many screens stops between screens when newer work arrives. `run` is called once, from one thread:
/// its state is that thread's alone.
public final class LanguageServer: @unchecked Sendable {
    /// Where the server is in its lifecycle.
    private enum State {
        case starting
        case running
        case shutDown
    }

    private let input: Int32
    private let writer: FrameWriter
    private let log: @Sendable (String) -> Void
    private let inbox = Inbox()
    private var state = State.starting
    private var workspace = Workspace(root: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    /// Whether the client pulls diagnostics (`textDocument/diagnostic`) rather than being sent them.
    private var clientPulls = false
    private var clientRefreshesDiagnostics = false
    private var clientRegistersWatchers = false
    private var nextRequestID = 1
    /// The server's version, for `serverInfo`.
    private let version: String

    /// A server reading `input` and writing `output`; `log` takes lines for standard error.
    public init(input: Int32, output: Int32, version: String, log: @escaping @Sendable (String) -> Void) {
        self.input = input
        self.writer = FrameWriter(descriptor: output)
        self.version = version
        self.log = log
    }

    /// Serves until `exit` or the end of input; the process's exit status: 0 after `shutdown`, 1 without.
    public func run() -> Int32 {
        let reader = FrameReader(descriptor: input)
        let inbox = inbox
        let thread = Thread {
            while true {
                switch reader.next() {
                case .message(let body):
                    if let message = JSONValue.parse(body) {
                        inbox.put(.message(message))
                    } else {
                        inbox.put(.malformed(code: LSP.ErrorCode.parseError, message: "the message is not JSON, or nests deeper than \(JSONValue.maxDepth) levels or holds more than \(JSONValue.maxContainers) arrays and objects"))
                    }
                case .badHeader(let problem):
                    inbox.put(.malformed(code: LSP.ErrorCode.parseError, message: problem))
                case .end:
                    inbox.put(.end)
                    return
                }
            }
        }
        thread.stackSize = 1 << 20
        thread.start()
        while true {
            guard let item = inbox.take(wait: !(state == .running && workspace.needsRefresh)) else {
                lintAndPublish()
                continue
            }
            switch item {
            case .end:
                return state == .shutDown ? 0 : 1
            case .malformed(let code, let message):
                log("hairline lsp: \(message)")
                writer.send(LSP.error(id: .null, code: code, message: message))
            case .message(let message):
                if let status = handle(message) { return status }
            }
        }
    }

    // MARK: Dispatch

    /// Handles one message; an exit status when it ends the server.
    private func handle(_ message: JSONValue) -> Int32? {
        guard case .object = message else {
            writer.send(LSP.error(id: .null, code: LSP.ErrorCode.invalidRequest, message: "a message is a JSON object"))
            return nil
        }
        let id = message["id"]
        guard let method = message["method"]?.string else {
            // A response to a request of the server's (a registration): nothing waits on it.
            if id != nil, message["result"] != nil || message["error"] != nil { return nil }
            writer.send(LSP.error(id: id ?? .null, code: LSP.ErrorCode.invalidRequest, message: "a request needs a method"))
            return nil
        }
        let params = message["params"] ?? .null
        guard let id else {
            return notification(method, params)
        }
        if inbox.takeCancelled(id) {
            writer.send(LSP.error(id: id, code: LSP.ErrorCode.requestCancelled, message: "cancelled"))
            return nil
        }
        switch (state, method) {
        case (.starting, "initialize"):
            writer.send(LSP.response(id: id, result: initialize(params)))
        case (.starting, _):
            writer.send(LSP.error(id: id, code: LSP.ErrorCode.serverNotInitialized, message: "the server is not initialized"))
        case (.shutDown, _):
            writer.send(LSP.error(id: id, code: LSP.ErrorCode.invalidRequest, message: "the server is shut down"))
        case (.running, "shutdown"):
            state = .shutDown
            writer.send(LSP.response(id: id, result: .null))
        case (.running, _):
            switch request(method, params) {
            case .success(let result): writer.send(LSP.response(id: id, result: result))
            case .failure(let error): writer.send(LSP.error(id: id, code: error.code, message: error.message))
            }
        }
        return nil
    }

    /// A request's error.
    struct RequestError: Error {
        let code: Int
        let message: String
    }

    private func request(_ method: String, _ params: JSONValue) -> Result<JSONValue, RequestError> {
        workspace.prepare()
        let features = Features(workspace: workspace)
        switch method {
        case "textDocument/hover": return .success(features.hover(params))
        case "textDocument/completion": return .success(features.completion(params))
        case "textDocument/definition": return .success(features.definition(params))
        case "textDocument/codeAction":
            // Quick fixes come from the findings: lint what is waiting first.
            refreshNow()
            return .success(features.codeActions(params))
        case "textDocument/documentColor": return .success(features.documentColors(params))
        case "textDocument/colorPresentation": return .success(features.colorPresentations(params))
        case "textDocument/diagnostic":
            refreshNow()
            return .success(features.diagnosticReport(params))
        default:
            return .failure(RequestError(code: LSP.ErrorCode.methodNotFound, message: "hairline lsp does not answer \(method)"))
        }
    }

    private func notification(_ method: String, _ params: JSONValue) -> Int32? {
        if method == "exit" { return state == .shutDown ? 0 : 1 }
        guard state == .running else { return nil }
        switch method {
        case "initialized":
            registerWatchers()
        case "textDocument/didOpen":
            let document = params["textDocument"]
            guard let path = document?["uri"]?.string.flatMap(LSP.path(ofURI:)), let text = document?["text"]?.string else { return nil }
            workspace.set(path, text: Array(text.utf8), version: document?["version"]?.int ?? 0)
        case "textDocument/didChange":
            guard let path = params["textDocument"]?["uri"]?.string.flatMap(LSP.path(ofURI:)), var text = workspace.open[path]?.text else { return nil }
            for change in params["contentChanges"]?.array ?? [] {
                text = Self.apply(change, to: text)
            }
            workspace.set(path, text: text, version: params["textDocument"]?["version"]?.int ?? 0)
        case "textDocument/didClose":
            guard let path = params["textDocument"]?["uri"]?.string.flatMap(LSP.path(ofURI:)) else { return nil }
            workspace.close(path)
        case "workspace/didChangeWatchedFiles":
            workspace.filesChanged((params["changes"]?.array ?? []).compactMap { $0["uri"]?.string.flatMap(LSP.path(ofURI:)) })
        case "workspace/didChangeConfiguration":
            workspace.reloadAll()
        default:
            // `textDocument/didSave`, `$/cancelRequest` (taken as it was read), `$/setTrace` and the rest: nothing to do.
            break
        }
        return nil
    }

    /// A content change: the whole text, or a range of it replaced.
    public static func apply(_ change: JSONValue, to text: [UInt8]) -> [UInt8] {
        guard let newText = change["text"]?.string else { return text }
        guard let range = change["range"] else { return Array(newText.utf8) }
        let source = SourceText(text)
        guard let start = LSP.position(range["start"], in: source), let end = LSP.position(range["end"], in: source), start.offset <= end.offset else {
            return text
        }
        return Array(text[..<start.offset]) + Array(newText.utf8) + Array(text[end.offset...])
    }

    // MARK: Lifecycle

    private func initialize(_ params: JSONValue) -> JSONValue {
        let root =
            params["workspaceFolders"]?.array?.first?["uri"]?.string.flatMap(LSP.path(ofURI:))
            ?? params["rootUri"]?.string.flatMap(LSP.path(ofURI:))
            ?? params["rootPath"]?.string
        if let root { workspace = Workspace(root: URL(fileURLWithPath: root)) }
        let capabilities = params["capabilities"]
        clientPulls = capabilities?["textDocument"]?["diagnostic"] != nil
        clientRefreshesDiagnostics = capabilities?["workspace"]?["diagnostics"]?["refreshSupport"]?.bool == true
        clientRegistersWatchers = capabilities?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.bool == true
        state = .running
        var serverCapabilities: [String: JSONValue] = [
            "textDocumentSync": ["openClose": true, "change": 1, "save": ["includeText": false]],
            "hoverProvider": true,
            "completionProvider": ["triggerCharacters": ["{", "."], "resolveProvider": false],
            "definitionProvider": true,
            "codeActionProvider": ["codeActionKinds": ["quickfix", "source.fixAll.hairline"]],
            "colorProvider": true,
        ]
        if clientPulls {
            serverCapabilities["diagnosticProvider"] = ["identifier": "hairline", "interFileDependencies": true, "workspaceDiagnostics": false]
        }
        return ["capabilities": .object(serverCapabilities), "serverInfo": ["name": "hairline", "version": .string(version)]]
    }

    /// Asks the client to tell of changes to YAML and JSON files on the disk (a token set saved from another
    /// editor, a branch switched).
    private func registerWatchers() {
        guard clientRegistersWatchers else { return }
        let registration: JSONValue = [
            "id": "hairline-files", "method": "workspace/didChangeWatchedFiles",
            "registerOptions": ["watchers": [["globPattern": "**/*.{yml,yaml,json}"]]],
        ]
        sendRequest("client/registerCapability", ["registrations": [registration]])
    }

    private func sendRequest(_ method: String, _ params: JSONValue) {
        writer.send(["jsonrpc": "2.0", "id": .number(Double(nextRequestID)), "method": .string(method), "params": params])
        nextRequestID += 1
    }

    // MARK: Diagnostics

    /// Lints what is waiting, yielding to newer messages, and sends each file whose diagnostics changed.
    private func lintAndPublish() {
        let inbox = inbox
        let changes = workspace.refresh(shouldStop: { inbox.hasPending })
        publish(changes)
    }

    /// Lints everything waiting, without yielding: a request needs the findings now.
    private func refreshNow() {
        publish(workspace.refresh())
    }

    private func publish(_ changes: [(path: String, diagnostics: [Diagnostic])]) {
        let reloaded = workspace.takeSystemsReloaded()
        guard !changes.isEmpty else { return }
        if clientPulls {
            // A client that pulls asks again for the document it edits; after a token set, rule set or config
            // changed, it is asked to pull every open document again.
            if reloaded, clientRefreshesDiagnostics { sendRequest("workspace/diagnostic/refresh", .null) }
            return
        }
        for (path, diagnostics) in changes {
            let text = workspace.text(of: path).map(SourceText.init)
            var params: [String: JSONValue] = [
                "uri": .string(LSP.uri(ofPath: path)),
                "diagnostics": .array(diagnostics.map { LSP.diagnostic($0, in: text) }),
            ]
            if let version = workspace.open[path]?.version { params["version"] = .number(Double(version)) }
            writer.send(LSP.notification("textDocument/publishDiagnostics", .object(params)))
        }
    }
}
