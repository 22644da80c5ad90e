import Foundation
import HairlineLanguageServer

/// A scripted LSP client: a `LanguageServer` on a thread of this process, spoken to through two pipes exactly as
/// an editor speaks to `hairline lsp`. Every wait has a deadline, so a server that does not answer fails the test
/// instead of hanging it.
final class LSPClient: @unchecked Sendable {
    private let toServer = Pipe()
    private let fromServer = Pipe()
    /// What the threads fill in, apart from the client so that they do not keep it alive.
    private final class Inbound: @unchecked Sendable {
        let condition = NSCondition()
        var received: [JSONValue] = []
        var status: Int32?
    }

    private let inbound = Inbound()
    private var nextID = 1
    let root: URL

    /// A server for the project at `root`, initialized (with `capabilities` from the client) unless `initialize`
    /// is false.
    init(root: URL, initialize: Bool = true, capabilities: JSONValue = [:]) throws {
        self.root = root
        let server = LanguageServer(
            input: toServer.fileHandleForReading.fileDescriptor, output: fromServer.fileHandleForWriting.fileDescriptor, version: "test",
            log: { _ in })
        // Both threads hold both pipes: their descriptors stay open, not closed and reused by another test's
        // files, for as long as a thread may read or write them by number.
        let (inbound, fromServer, toServer) = (inbound, fromServer, toServer)
        let serverThread = Thread {
            let code = server.run()
            inbound.condition.withLock { inbound.status = code }
            inbound.condition.broadcast()
            try? fromServer.fileHandleForWriting.close()
            withExtendedLifetime(toServer) {}
        }
        serverThread.start()
        let reader = FrameReader(descriptor: fromServer.fileHandleForReading.fileDescriptor)
        let readerThread = Thread {
            while case .message(let body) = reader.next() {
                guard let message = JSONValue.parse(body) else { continue }
                inbound.condition.withLock { inbound.received.append(message) }
                inbound.condition.broadcast()
            }
            withExtendedLifetime((fromServer, toServer)) {}
        }
        readerThread.start()
        if initialize {
            _ = try request("initialize", ["rootUri": .string(root.absoluteString), "capabilities": capabilities])
            notify("initialized", [:])
        }
    }

    deinit {
        try? toServer.fileHandleForWriting.close()
    }

    struct Timeout: Error, CustomStringConvertible {
        let what: String
        var description: String { "no \(what) within the deadline" }
    }

    /// Writes raw bytes to the server.
    func write(_ bytes: [UInt8]) {
        toServer.fileHandleForWriting.write(Data(bytes))
    }

    func send(_ message: JSONValue) {
        write(Array("Content-Length: \(message.text.utf8.count)\r\n\r\n\(message.text)".utf8))
    }

    func notify(_ method: String, _ params: JSONValue) {
        send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    /// Sends a request and waits for its response (the whole message: `result` or `error`).
    func request(_ method: String, _ params: JSONValue) throws -> JSONValue {
        let id = nextID
        nextID += 1
        send(["jsonrpc": "2.0", "id": .number(Double(id)), "method": .string(method), "params": params])
        return try response(id: .number(Double(id)))
    }

    /// The response with an id, waiting for it.
    func response(id: JSONValue) throws -> JSONValue {
        try take("a response to \(id.text)") { $0["id"] == id && $0["method"] == nil }
    }

    /// The first received message `matches` holds for, taken from those received; waits up to `within` seconds.
    func take(_ what: String, within: TimeInterval = 10, _ matches: (JSONValue) -> Bool) throws -> JSONValue {
        let deadline = Date().addingTimeInterval(within)
        inbound.condition.lock()
        defer { inbound.condition.unlock() }
        while true {
            if let index = inbound.received.firstIndex(where: matches) { return inbound.received.remove(at: index) }
            guard inbound.condition.wait(until: deadline) else { throw Timeout(what: what) }
        }
    }

    /// The next diagnostics published for a file.
    func diagnostics(_ uri: String) throws -> [JSONValue] {
        let message = try take("diagnostics for \(uri)") {
            $0["method"]?.string == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.string == uri
        }
        return message["params"]?["diagnostics"]?.array ?? []
    }

    /// The server's exit status, once it ends.
    func exitStatus() throws -> Int32 {
        let deadline = Date().addingTimeInterval(10)
        inbound.condition.lock()
        defer { inbound.condition.unlock() }
        while inbound.status == nil {
            guard inbound.condition.wait(until: deadline) else { throw Timeout(what: "exit") }
        }
        return inbound.status!
    }

    /// Ends the input, as an editor that quits does.
    func closeInput() {
        try? toServer.fileHandleForWriting.close()
    }

    // MARK: Documents

    func uri(_ path: String) -> String {
        root.appendingPathComponent(path).standardizedFileURL.absoluteString
    }

    func open(_ path: String, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri(path)), "languageId": "yaml", "version": .number(Double(version)), "text": .string(text)]])
    }

    func change(_ path: String, _ text: String, version: Int) {
        notify("textDocument/didChange", ["textDocument": ["uri": .string(uri(path)), "version": .number(Double(version))], "contentChanges": [["text": .string(text)]]])
    }

    /// A request about a place in a document (0-based line, UTF-16 character); its `result`.
    func at(_ method: String, _ path: String, line: Int, character: Int, _ extra: [String: JSONValue] = [:]) throws -> JSONValue {
        var params: [String: JSONValue] = ["textDocument": ["uri": .string(uri(path))], "position": ["line": .number(Double(line)), "character": .number(Double(character))]]
        params.merge(extra) { _, new in new }
        return try request(method, .object(params))["result"] ?? .null
    }
}
