import Foundation

// The editor's numbers: `hairline lsp` spawned with pipes, a 2,000-line Black Belt screen opened, and edits sent
// one at a time, each timed from the write of its `didChange` to the read of the `publishDiagnostics` it causes
// (each edit moves the middle card's padding between 16, on the scale, and 15, off it, so every edit changes the
// findings).
// Memory: the server's resident set after 100 edits and after 10,000; and, with 500 screens open, after each has
// been edited once and after 10,000 edits spread over them.

struct LanguageServerFigures {
    let p50: Double
    let p95: Double
    let residentAfter100: Double
    let residentAfterAll: Double
    let edits: Int
    /// With `documents` screens open: resident after one edit of each, and after all the edits.
    let documents: Int
    let residentAfterEachOnce: Double
    let residentAfterAllAcross: Double
}

/// A 2,000-line screen of Black Belt cards, from the repository's own example's card.
func blackBeltScreen(lines: Int) -> String {
    var text = ["screen: Bench", "system: blackbelt", "padding: \"{spacing.screenInset}\"", "gap: \"{spacing.cardGap}\"", "children:"]
    var index = 0
    while text.count < lines {
        text += [
            "  - card:",
            "      id: card-\(index)",
            "      padding: 16",
            "      gap: 8",
            "      radius: 16",
            "      background: \"{color.surface}\"",
            "      children:",
            "        - text: {role: label, value: Last 12 weeks, color: \"{color.chart.hue}\"}",
            "        - text: {role: title, value: Sessions per week, color: \"{color.ink}\"}",
            "        - chart: {type: bars, height: \"{size.chart.height.card}\", window: Last 12 weeks, source: Journal}",
        ]
        index += 1
    }
    return text.joined(separator: "\n") + "\n"
}

final class ServerProcess {
    let pid: pid_t
    private let toServer: Int32
    private let fromServer: Int32
    private var buffer: [UInt8] = []

    init(_ executable: String, _ arguments: [String], in folder: URL) throws {
        var input: [Int32] = [0, 0]
        var output: [Int32] = [0, 0]
        guard pipe(&input) == 0, pipe(&output) == 0 else { throw SpawnError(description: "no pipes") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        for fd in [input[1], output[0]] { posix_spawn_file_actions_addclose(&actions, fd) }
        let argv = ([executable] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        let home = FileManager.default.currentDirectoryPath
        guard chdir(folder.path) == 0 else { throw SpawnError(description: "cannot enter \(folder.path)") }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv + [nil], environ)
        _ = chdir(home)
        guard spawned == 0 else { throw SpawnError(description: "cannot run \(executable)") }
        close(input[0])
        close(output[1])
        self.pid = pid
        toServer = input[1]
        fromServer = output[0]
    }

    func send(_ json: String) {
        let bytes = Array("Content-Length: \(json.utf8.count)\r\n\r\n\(json)".utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(toServer, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// The next message's body, as text.
    func receive() -> String? {
        while true {
            if let headerEnd = find([13, 10, 13, 10]) {
                let header = String(decoding: buffer[..<headerEnd], as: UTF8.self)
                let length = Int(header.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0
                if buffer.count >= headerEnd + 4 + length {
                    let body = String(decoding: buffer[(headerEnd + 4)..<(headerEnd + 4 + length)], as: UTF8.self)
                    buffer.removeFirst(headerEnd + 4 + length)
                    return body
                }
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(fromServer, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            buffer += chunk[0..<count]
        }
    }

    private func find(_ pattern: [UInt8]) -> Int? {
        guard buffer.count >= pattern.count else { return nil }
        for index in 0...(buffer.count - pattern.count) where buffer[index] == pattern[0] && buffer[index..<(index + pattern.count)].elementsEqual(pattern) {
            return index
        }
        return nil
    }

    /// The resident set in MB, from /proc.
    var residentMB: Double? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes / 1024
    }

    func finish() {
        send(#"{"jsonrpc":"2.0","id":999999,"method":"shutdown"}"#)
        send(#"{"jsonrpc":"2.0","method":"exit"}"#)
        close(toServer)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        close(fromServer)
    }
}

/// Runs the editor benchmark in a folder holding the repository's Black Belt token set and rule set.
func measureLanguageServer(hairline: String, edits: Int, repository: URL) throws -> LanguageServerFigures? {
    let tokens = repository.appendingPathComponent("Tokens/blackbelt.yaml")
    let rules = repository.appendingPathComponent("Rules/blackbelt.yaml")
    guard FileManager.default.fileExists(atPath: tokens.path), FileManager.default.fileExists(atPath: rules.path) else { return nil }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hairline-bench-lsp-\(getpid())")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("screens"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(contentsOf: tokens).write(to: folder.appendingPathComponent("blackbelt.yaml"))
    try Data(contentsOf: rules).write(to: folder.appendingPathComponent("rules.yaml"))
    try Data("systems:\n  blackbelt:\n    tokens: blackbelt.yaml\n    rules: [rules.yaml]\n    screens: [\"screens/*.yaml\"]\n".utf8)
        .write(to: folder.appendingPathComponent(".hairline.yml"))
    let screen = blackBeltScreen(lines: 2_000)
    let uri = folder.appendingPathComponent("screens/bench.yaml").absoluteString
    let server = try ServerProcess(hairline, ["lsp"], in: folder)
    defer { server.finish() }
    func quoted(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes]), as: UTF8.self).dropFirst().dropLast().description
    }
    server.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":\#(quoted(folder.absoluteString)),"capabilities":{}}}"#)
    _ = server.receive()
    server.send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
    server.send(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":\#(quoted(uri)),"languageId":"yaml","version":1,"text":\#(quoted(screen))}}}"#)
    func awaitDiagnostics() {
        while let message = server.receive(), !message.contains("textDocument/publishDiagnostics") {}
    }
    awaitDiagnostics()
    // Both texts encoded once: the benchmark times the server, not the JSON it writes.
    let onScale = quoted(screen)
    // The card edited is the middle one: what the server reads again for a finding's range depends on where it is.
    let middle = "      id: card-\(screen.components(separatedBy: "  - card:").count / 2)\n      padding: "
    precondition(screen.contains(middle + "16"), "the screen has no \(middle)")
    let offScale = quoted(screen.replacingOccurrences(of: middle + "16", with: middle + "15"))
    var times: [Double] = []
    var residentAfter100 = 0.0
    for edit in 1...edits {
        let text = edit % 2 == 1 ? offScale : onScale
        let start = DispatchTime.now().uptimeNanoseconds
        server.send(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":\#(quoted(uri)),"version":\#(edit + 1)},"contentChanges":[{"text":\#(text)}]}}"#)
        awaitDiagnostics()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        if edit == 100 { residentAfter100 = server.residentMB ?? 0 }
    }
    let residentAfterAll = server.residentMB ?? 0
    // Many screens open, each edited in turn: what the server keeps a document must not grow with the edits. The
    // first round opens them (each with a finding, so each open is published), the later ones change them.
    let documents = 500
    let small = blackBeltScreen(lines: 60)
    let uris = (0..<documents).map { folder.appendingPathComponent("screens/open-\($0).yaml").absoluteString }
    var residentAfterEachOnce = 0.0
    let firstRound = min(documents, edits / 2)
    for edit in 1...edits {
        // Each round moves every screen's padding off the scale or back, so each edit changes its findings.
        let padding = (edit - 1) / documents % 2 == 0 ? 15 : 16
        let text = quoted(small.replacingOccurrences(of: "padding: 16", with: "padding: \(padding)") + "# \(edit)\n")
        let uri = quoted(uris[(edit - 1) % documents])
        if edit <= documents {
            server.send(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":\#(uri),"languageId":"yaml","version":1,"text":\#(text)}}}"#)
        } else {
            server.send(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":\#(uri),"version":\#(edit + 1)},"contentChanges":[{"text":\#(text)}]}}"#)
        }
        awaitDiagnostics()
        if edit == firstRound { residentAfterEachOnce = server.residentMB ?? 0 }
    }
    let residentAfterAllAcross = server.residentMB ?? 0
    // The first edits warm the caches; the percentiles are of the rest.
    let sorted = times.dropFirst(min(20, times.count / 10)).sorted()
    return LanguageServerFigures(
        p50: sorted[sorted.count / 2], p95: sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.95))],
        residentAfter100: residentAfter100, residentAfterAll: residentAfterAll, edits: edits, documents: documents,
        residentAfterEachOnce: residentAfterEachOnce, residentAfterAllAcross: residentAfterAllAcross)
}

func printLanguageServerFigures(hairline: String, edits: Int) throws {
    guard let figures = try measureLanguageServer(hairline: hairline, edits: edits, repository: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) else {
        print("hairline lsp: run from the repository (it reads Tokens/blackbelt.yaml and Rules/blackbelt.yaml)")
        return
    }
    print(
        String(
            format: "hairline lsp, 2,000-line Black Belt screen: didChange → publishDiagnostics p50 %.1f ms, p95 %.1f ms (target ≤ 20 ms), %d edits",
            figures.p50 * 1000, figures.p95 * 1000, figures.edits))
    print(
        String(
            format: "hairline lsp memory: %.1f MB after 100 edits, %.1f MB after %d (%.2f×; target ≤ 1.10×)",
            figures.residentAfter100, figures.residentAfterAll, figures.edits, figures.residentAfterAll / max(figures.residentAfter100, 0.001)))
    print(
        String(
            format: "hairline lsp memory, %d screens open: %.1f MB once each was edited, %.1f MB after %d edits across them (%.2f×; target ≤ 1.10×)",
            figures.documents, figures.residentAfterEachOnce, figures.residentAfterAllAcross, figures.edits,
            figures.residentAfterAllAcross / max(figures.residentAfterEachOnce, 0.001)))
}
