import Foundation

// Swift source: `hairline lint` of generated SwiftUI files beside the bare `swiftc -dump-parse` of the same files
// (the toolchain's parser alone, in the same batches on every core).

/// A SwiftUI view of about forty lines: stacks, texts, buttons, literals on and off the bench's scale, values the
/// linter cannot evaluate.
func swiftView(_ index: Int, _ random: inout Generator) -> String {
    let spacing = [4, 8, 16, 12, 24]
    var lines = ["import SwiftUI", "", "struct View\(index): View {", "    let model: Model", "", "    var body: some View {"]
    lines.append("        VStack(spacing: \(random.pick(spacing))) {")
    for card in 0..<3 {
        lines.append("            Card {")
        lines.append("                Text(\"Title \(card)\").font(.\(random.pick(["headline", "title", "body", "caption"])))")
        lines.append("                Text(model.subtitle).foregroundStyle(.secondary)")
        lines.append("                HStack(spacing: \(random.pick(spacing))) {")
        lines.append("                    Image(systemName: \"star\").frame(width: 24, height: 24)")
        lines.append("                    Button(\"Go\") { model.go() }.buttonStyle(.\(random.pick(["borderedProminent", "bordered", "plain"])))")
        lines.append("                }")
        lines.append("            }")
        lines.append("            .padding(\(random.pick(spacing)))")
        lines.append("            .background(Color(red: 0.1, green: 0.1, blue: 0.\(card + 1)))")
        lines.append("            .clipShape(RoundedRectangle(cornerRadius: \(random.pick([8, 16, 12]))))")
    }
    lines.append("        }")
    lines.append("        .padding(model.inset)")
    lines += ["    }", "}", ""]
    return lines.joined(separator: "\n")
}

/// Writes `count` views into a project whose one system lints `Sources/**/*.swift`; returns their paths.
func writeSwiftProject(_ count: Int, into folder: URL) throws -> [String] {
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("Sources"), withIntermediateDirectories: true)
    try Data(benchTokens.utf8).write(to: folder.appendingPathComponent("tokens.yaml"))
    try Data(benchRules.utf8).write(to: folder.appendingPathComponent("rules.yaml"))
    try Data("systems:\n  bench:\n    tokens: tokens.yaml\n    rules: [rules.yaml]\n    screens: [\"Sources/**/*.swift\"]\n".utf8)
        .write(to: folder.appendingPathComponent(".hairline.yml"))
    var random = Generator(state: 7)
    return try (0..<count).map { index in
        let path = "Sources/View\(index).swift"
        try Data(swiftView(index, &random).utf8).write(to: folder.appendingPathComponent(path))
        return path
    }
}

/// The bare parser: `swiftc -frontend -dump-parse` of the files, in batches of 48, the batches on every core.
func bareSwiftParse(_ files: [String], in folder: URL) {
    let swiftc = ProcessInfo.processInfo.environment["SWIFT_EXEC"] ?? which("swiftc") ?? "swiftc"
    let batches = stride(from: 0, to: files.count, by: 48).map { Array(files[$0..<min($0 + 48, files.count)]) }
    DispatchQueue.concurrentPerform(iterations: batches.count) { index in
        _ = try? runProcess(swiftc, ["-frontend", "-dump-parse", "-dump-ast-format", "json"] + batches[index].flatMap { ["-primary-file", $0] }, in: folder)
    }
}

func printSwiftFigures(hairline: String, files count: Int, runs: Int) throws {
    guard which("swiftc") != nil || ProcessInfo.processInfo.environment["SWIFT_EXEC"] != nil else {
        print("swift source: no swiftc on PATH; skipped")
        return
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hairline-bench-swift-\(getpid())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = try writeSwiftProject(count, into: folder)
    var status: Int32 = 0
    let medians = try inTurns(runs, [
        { seconds { bareSwiftParse(files, in: folder) } },
        {
            let result = try runProcess(hairline, ["lint"], in: folder)
            status = result.status
            return result.seconds
        },
    ])
    print(
        String(
            format: "swift source: %d SwiftUI files, hairline lint %.2f s = %.0f files/s (target ≥ 200), the bare swiftc -dump-parse of them %.2f s (%.2f× it); lint exit status %d",
            count, medians[1], Double(count) / medians[1], medians[0], medians[1] / medians[0], status))
}
