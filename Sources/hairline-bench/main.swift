internal import CYAML
import Foundation
import HairlineEngine

// hairline-bench: measures `hairline lint` and `hairline compile` against the physical floor of a linter built on
// libyaml — parsing the same bytes into events and doing nothing else — side by side in one run, and prints
// times, throughput and ratios. Inputs are generated from a fixed seed. See docs/performance.md.

struct Options: Sendable {
    var screens = 2_000
    var tokens = 100_000
    var runs = 5
    var binary: String?
    var skipPeers = false
    /// Write the inputs to this folder and stop (for profiling).
    var inputsOnly: String?
    /// The language server's edits (its memory is compared after 100 and after this many).
    var lspEdits = 10_000
    /// Measure the language server only.
    var lspOnly = false
    /// The Swift files linted (and measure them only).
    var swiftFiles = 2_000
    var swiftOnly = false
}

func parseOptions() -> Options {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
        switch argument {
        case "--screens": options.screens = Int(arguments.popFirst() ?? "") ?? options.screens
        case "--tokens": options.tokens = Int(arguments.popFirst() ?? "") ?? options.tokens
        case "--runs": options.runs = max(1, Int(arguments.popFirst() ?? "") ?? options.runs)
        case "--hairline": options.binary = arguments.popFirst()
        case "--no-peers": options.skipPeers = true
        case "--write-inputs": options.inputsOnly = arguments.popFirst()
        case "--lsp-edits": options.lspEdits = max(200, Int(arguments.popFirst() ?? "") ?? options.lspEdits)
        case "--lsp-only": options.lspOnly = true
        case "--swift-files": options.swiftFiles = max(1, Int(arguments.popFirst() ?? "") ?? options.swiftFiles)
        case "--swift-only": options.swiftOnly = true
        default:
            print("usage: hairline-bench [--screens N] [--tokens N] [--runs N] [--hairline PATH] [--no-peers] [--write-inputs DIR] [--lsp-edits N] [--lsp-only] [--swift-files N] [--swift-only]")
            exit(2)
        }
    }
    return options
}

let options = parseOptions()

/// A small deterministic generator (64-bit LCG), so every run lints the same files.
struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }
    mutating func pick<T>(_ values: [T]) -> T { values[Int(next() % UInt64(values.count))] }
    mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }
}

// MARK: - Inputs

let benchTokens = """
    $name: Bench
    $modes: [light, dark]
    spacing:
      $type: dimension
      scale: {half: 4, base: 8, double: 16, triple: 24, quadruple: 32}
      screenInset: "{spacing.scale.double}"
    radius:
      $type: dimension
      card: 16
      control: capsule
    color:
      $type: color
      ink: {light: "#111114", dark: "#F5F5F7"}
      surface: {light: "#FFFFFF", dark: "#151B2B"}

    """

let benchRules = """
    system: Bench
    components:
      card:
        properties: {padding: dimension, gap: dimension, radius: dimension, background: color, shadow: string}
        children: [text, chart, list, button]
      text:
        properties: {role: {values: [label, title, caption, headline, body]}, value: string, color: color}
        required: [role, value]
      chart:
        properties: {type: {values: [bars, area, heatmap]}, height: dimension, window: string, source: string}
      list:
        children: [row]
      row:
        properties: {height: dimension, gap: dimension}
        children: [text]
      button:
        properties: {style: {values: [filled, bordered, link]}, label: string}
        required: [style, label]
    rules:
      - id: spacing-scale
        given: "*"
        check: {allowed: {properties: [padding, gap, margin], values: "{spacing.scale}", except: [{given: row, property: gap, values: [12]}]}}
      - id: type-roles-per-card
        given: card
        check: {max-distinct: {property: role, of: text, max: 3}}
      - id: one-filled-button
        given: screen
        check: {max-count: {of: "button[style=filled]", max: 1}}
      - id: chart-window-source
        given: chart
        check: {required: [window, source]}
      - id: card-radius
        given: card
        check: {allowed: {properties: [radius], values: ["{radius.card}"]}}
      - id: no-card-shadow
        given: card
        check: {forbidden: {properties: [shadow]}}
      - id: row-height
        given: row
        check: {min: {properties: [height], value: 44}}
      - id: title-case-buttons
        given: button
        check: {pattern: {properties: [label], case: title}}

    """

/// One screen of about 60 elements; `violating` puts one of the mission violations in it.
func screen(_ index: Int, violating: Bool, _ random: inout Generator) -> String {
    var lines = ["screen: Screen \(index)", "system: bench", "padding: \"{spacing.screenInset}\"", "children:"]
    let violation = violating ? Int(random.next() % 4) : -1
    for card in 0..<7 {
        lines += [
            "  - card:",
            "      id: card-\(card)",
            "      padding: \(violation == 0 && card == 3 ? 10 : 16)",
            "      gap: 8",
            "      radius: \"{radius.card}\"",
            "      background: \"{color.surface}\"",
            "      children:",
            "        - text: {role: label, value: \"Last \(random.next() % 365) days\", color: \"{color.ink}\"}",
            "        - text: {role: title, value: \"Sessions per week\"}",
            "        - text: {role: caption, value: \"\(random.next() % 9) so far this week · median 3\"}",
        ]
        if violation == 1 && card == 2 { lines.append("        - text: {role: headline, value: \"Gi\"}") }
        let source = violation == 3 && card == 5 ? "" : ", source: Journal"
        lines.append("        - chart: {type: \(random.pick(["bars", "area", "heatmap"])), height: 132, window: \"Last 12 weeks\"\(source)}")
        lines += [
            "        - list:",
            "            children:",
            "              - row: {height: 44, gap: 12, children: [{text: {role: caption, value: \"Gi · Fundamentals\"}}]}",
            "        - button: {style: \(card == 6 || (violation == 2 && card == 1) ? "filled" : "bordered"), label: \"Open Train\"}",
        ]
    }
    return lines.joined(separator: "\n") + "\n"
}

/// A token set of `count` tokens in two modes, in the forms real sets mix, by turns a group of each: dimensions
/// (literals, mode values, aliases and aliases of aliases, `$value` with `$description`), colours (mode values,
/// `$value` with `$extensions` metadata and a mode override, aliases), typography composites in nested groups
/// (a weight an alias to a `fontWeight` token beside it), and shadows whose colour is an alias, with dimensions.
/// Every group has a `$description`.
func tokenSet(_ count: Int) -> String {
    var lines = ["$name: Large", "$modes: [light, dark]"]
    let groups = max(1, count / 1_000)
    var written = 0
    for group in 0..<groups {
        let size = group == groups - 1 ? count - written : 1_000
        lines.append("g\(group):")
        lines.append("  $description: Group \(group), generated")
        switch group % 4 {
        case 0:
            // Dimensions: literals, mode values, aliases, aliases of aliases, and $value with a description.
            lines.append("  $type: dimension")
            for index in 0..<size {
                switch index % 8 {
                case 0: lines.append("  t\(index): \(index % 64)")
                case 1: lines.append("  t\(index): {light: \(index % 32), dark: \(index % 48)}")
                case 2, 3: lines.append("  t\(index): \"{g\(group).t\(index - 1)}\"")
                case 4: lines.append("  t\(index): {$value: \(index % 40), $description: Step \(index)}")
                case 5: lines.append("  t\(index): \"{g\(group).t\(index - 4)}\"")
                default: lines.append("  t\(index): \(index % 96)")
                }
            }
        case 1:
            // Colours: mode values, $value with $extensions metadata and a mode override, aliases.
            lines.append("  $type: color")
            for index in 0..<size {
                let hex = String(format: "%06X", (index * 2_654_435_761) & 0xFF_FFFF)
                switch index % 4 {
                case 0: lines.append("  t\(index): {light: \"#\(hex)\", dark: \"#\(String(hex.reversed()))\"}")
                case 1:
                    lines.append(
                        "  t\(index): {$value: \"#\(hex)\", $extensions: {hairline: {usage: control}, mode: {dark: \"#\(String(hex.reversed()))\"}}}")
                default: lines.append("  t\(index): \"{g\(group).t\(index - 1)}\"")
                }
            }
        case 2:
            // Typography: composites whose fields are literals or aliases, in nested groups of $type inherited.
            lines.append("  $type: typography")
            for index in 0..<size {
                if index % 100 == 0 { lines.append("  s\(index / 100):") }
                if index % 3 == 0 {
                    lines.append("    t\(index): {$type: fontWeight, $value: \(100 * (1 + index % 9))}")
                } else {
                    let weight = index % 3 == 1 ? "\"{g\(group).s\((index - 1) / 100).t\(index - 1)}\"" : "600"
                    lines.append(
                        "    t\(index): {fontFamily: [SF Pro, system-ui], fontSize: \(12 + index % 20), fontWeight: \(weight), lineHeight: 1.4}")
                }
            }
        default:
            // Shadows whose colour is an alias into a colour group, and dimensions again.
            lines.append("  $type: shadow")
            for index in 0..<size {
                if index % 2 == 0 {
                    lines.append("  t\(index): {color: \"{g\(group - 2).t\(index % 4 * 1)}\", offsetX: 0, offsetY: \(index % 8), blur: \(index % 16), spread: 0}")
                } else {
                    lines.append("  t\(index): {$type: dimension, $value: \(index % 24)}")
                }
            }
        }
        written += size
    }
    return lines.joined(separator: "\n") + "\n"
}

/// The token set with one value changed, a dimension in the middle group: a compile of it after one of the set
/// (or the other way round) changes every output, from that token on.
func editedTokenSet(_ text: String, tokens count: Int) -> String {
    let middle = max(1, count / 1_000) / 2 / 4 * 4
    let line = "\ng\(middle):\n  $description: Group \(middle), generated\n  $type: dimension\n  t0: 0\n"
    precondition(text.contains(line), "the token set has no \(line)")
    return text.replacingOccurrences(of: line, with: line.replacingOccurrences(of: "t0: 0", with: "t0: 1"))
}

/// The two sets the diff is timed on: one of at most 10,000 tokens, and its edit.
func diffSets(tokens: Int) -> (count: Int, old: String, new: String) {
    let count = min(10_000, tokens)
    let old = tokenSet(count)
    return (count, old, editedTokenSet(old, tokens: count))
}

// MARK: - Measuring

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

/// The wall time of one run of `body`, in seconds.
func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// The floor: libyaml's event loop over a file's bytes, and nothing else.
func floorParse(_ bytes: [UInt8]) -> Int {
    var parser = yaml_parser_t()
    yaml_parser_initialize(&parser)
    defer { yaml_parser_delete(&parser) }
    var events = 0
    bytes.withUnsafeBufferPointer { buffer in
        yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
        var event = yaml_event_t()
        while yaml_parser_parse(&parser, &event) == 1 {
            let done = event.type == YAML_STREAM_END_EVENT
            yaml_event_delete(&event)
            events += 1
            if done { break }
        }
    }
    return events
}

struct RunResult {
    let status: Int32
    let seconds: Double
}

struct SpawnError: Error, CustomStringConvertible {
    let description: String
}

/// Runs a command in a folder, its output discarded, and times it from spawn to exit. `posix_spawn` and
/// `waitpid` rather than Foundation's `Process`, whose `waitUntilExit` adds its own delay to every run (even to
/// `/bin/true`): the benchmark measures the command, not the harness.
func runProcess(_ executable: String, _ arguments: [String], in folder: URL) throws -> RunResult {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([executable] + arguments).map { strdup($0) }
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    // The child starts in the folder: the benchmark, one thread, moves there for the spawn and back.
    let home = FileManager.default.currentDirectoryPath
    guard chdir(folder.path) == 0 else { throw SpawnError(description: "cannot enter \(folder.path)") }
    defer { _ = chdir(home) }
    let start = DispatchTime.now().uptimeNanoseconds
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv + [nil], environ)
    _ = chdir(home)
    guard spawned == 0 else { throw SpawnError(description: "cannot run \(executable): \(String(cString: strerror(spawned)))") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    // The exit status (WEXITSTATUS), or 128 plus the signal that ended it.
    let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return RunResult(status: exitStatus, seconds: seconds)
}

/// Several measurements taken in turns (the first, the second, …, then the first again), so that every median
/// comes from the same spells of a noisy machine: each measurement's median of `runs` samples.
func inTurns(_ runs: Int, _ measurements: [() throws -> Double]) throws -> [Double] {
    var samples = Array(repeating: [Double](), count: measurements.count)
    for _ in 0..<runs {
        for (index, measure) in measurements.enumerated() { samples[index].append(try measure()) }
    }
    return samples.map(median)
}

/// Two measurements taking turns in an order that balances what runs before each (A B, B A, A B, …): each follows
/// the other as often as itself, so that one's after-effect on the next weighs on both alike. The medians.
func inBalancedTurns(_ runs: Int, _ first: () throws -> Double, _ second: () throws -> Double) throws -> (Double, Double) {
    var (firsts, seconds): ([Double], [Double]) = ([], [])
    for turn in 0..<runs {
        if turn % 2 == 0 {
            firsts.append(try first())
            seconds.append(try second())
        } else {
            seconds.append(try second())
            firsts.append(try first())
        }
    }
    return (median(firsts), median(seconds))
}

func medianProcess(_ runs: Int, _ executable: String, _ arguments: [String], in folder: URL) throws -> (Double, Int32) {
    var samples: [Double] = []
    var status: Int32 = 0
    for _ in 0..<runs {
        let result = try runProcess(executable, arguments, in: folder)
        samples.append(result.seconds)
        status = result.status
    }
    return (median(samples), status)
}

/// The peak resident set of one run of a command, in MB, measured by GNU time (`/usr/bin/time -f %M`); nil
/// where it is not installed. (getrusage's RUSAGE_CHILDREN would count the benchmark's own pages, inherited by
/// the child before it execs.)
func peakMB(_ executable: String, _ arguments: [String], in folder: URL) throws -> Double? {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
    process.arguments = ["-f", "%M", executable] + arguments
    process.currentDirectoryURL = folder
    process.standardOutput = FileHandle.nullDevice
    let pipe = Pipe()
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let last = String(decoding: data, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
    return Double(last.trimmingCharacters(in: .whitespaces)).map { $0 / 1024 }
}

func findHairline() -> String {
    if let binary = options.binary { return binary }
    let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    return here.appendingPathComponent("hairline").path
}

func which(_ name: String) -> String? {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
        let path = "\(folder)/\(name)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

// MARK: - The run

struct Row {
    let name: String
    let seconds: Double
    let megabytes: Double
    let files: Int
    let floor: Double?
}

func printTable(_ rows: [Row]) {
    func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
    print(pad("measurement", 44) + pad("time s", 10, right: true) + pad("MB/s", 10, right: true) + pad("files/s", 11, right: true) + pad("× floor", 10, right: true))
    for row in rows {
        let ratio = row.floor.map { String(format: "%.2f", row.seconds / $0) } ?? "—"
        let filesPerSecond = row.files > 0 ? String(format: "%.0f", Double(row.files) / row.seconds) : "—"
        print(pad(row.name, 44) + pad(String(format: "%.3f", row.seconds), 10, right: true)
            + pad(String(format: "%.1f", row.megabytes / row.seconds), 10, right: true) + pad(filesPerSecond, 11, right: true)
            + pad(ratio, 10, right: true))
    }
}

func writeScreens(_ count: Int, into folder: URL, seed: UInt64) throws -> (bytes: [[UInt8]], size: Int) {
    var random = Generator(state: seed)
    let screens = folder.appendingPathComponent("screens")
    try FileManager.default.createDirectory(at: screens, withIntermediateDirectories: true)
    var all: [[UInt8]] = []
    var size = 0
    for index in 0..<count {
        let text = screen(index, violating: random.chance(3), &random)
        let bytes = Array(text.utf8)
        try Data(bytes).write(to: screens.appendingPathComponent(String(format: "screen-%05d.yaml", index)))
        all.append(bytes)
        size += bytes.count
    }
    return (all, size)
}

func main() throws {
    if let folder = options.inputsOnly {
        let url = URL(fileURLWithPath: folder)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data(benchTokens.utf8).write(to: url.appendingPathComponent("tokens.yaml"))
        try Data(benchRules.utf8).write(to: url.appendingPathComponent("rules.yaml"))
        try Data("systems:\n  bench:\n    tokens: tokens.yaml\n    rules: [rules.yaml]\n    screens: [\"screens/*.yaml\"]\n".utf8)
            .write(to: url.appendingPathComponent(".hairline.yml"))
        _ = try writeScreens(options.screens, into: url, seed: 42)
        try Data(tokenSet(options.tokens).utf8).write(to: url.appendingPathComponent("large.yaml"))
        let diff = diffSets(tokens: options.tokens)
        try Data(diff.old.utf8).write(to: url.appendingPathComponent("diff-old.yaml"))
        try Data(diff.new.utf8).write(to: url.appendingPathComponent("diff-new.yaml"))
        print("wrote the inputs to \(folder)")
        return
    }
    let hairline = findHairline()
    guard FileManager.default.isExecutableFile(atPath: hairline) else {
        print("hairline-bench: no hairline binary at \(hairline); build it first (swift build -c release) or pass --hairline PATH")
        exit(2)
    }
    if options.lspOnly { return try printLanguageServerFigures(hairline: hairline, edits: options.lspEdits) }
    if options.swiftOnly { return try printSwiftFigures(hairline: hairline, files: options.swiftFiles, runs: options.runs) }
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("hairline-bench-\(getpid())")
    defer { try? FileManager.default.removeItem(at: root) }
    let lintFolder = root.appendingPathComponent("n")
    let bigFolder = root.appendingPathComponent("4n")
    for folder in [lintFolder, bigFolder] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(benchTokens.utf8).write(to: folder.appendingPathComponent("tokens.yaml"))
        try Data(benchRules.utf8).write(to: folder.appendingPathComponent("rules.yaml"))
        try Data("systems:\n  bench:\n    tokens: tokens.yaml\n    rules: [rules.yaml]\n    screens: [\"screens/*.yaml\"]\n".utf8)
            .write(to: folder.appendingPathComponent(".hairline.yml"))
    }
    let (screens, size) = try writeScreens(options.screens, into: lintFolder, seed: 42)
    let (bigScreens, bigSize) = try writeScreens(options.screens * 4, into: bigFolder, seed: 42)
    let tokensText = tokenSet(options.tokens)
    let tokensBytes = Array(tokensText.utf8)
    try Data(tokensBytes).write(to: root.appendingPathComponent("large.yaml"))
    try Data(editedTokenSet(tokensText, tokens: options.tokens).utf8).write(to: root.appendingPathComponent("edited.yaml"))
    var chain = ["chain:", "  $type: dimension", "  t0: 8"]
    for index in 1..<10_000 { chain.append("  t\(index): \"{chain.t\(index - 1)}\"") }
    try Data((chain.joined(separator: "\n") + "\n").utf8).write(to: root.appendingPathComponent("chain.yaml"))

    let megabytes = Double(size) / 1e6
    let bigMegabytes = Double(bigSize) / 1e6
    let tokenMegabytes = Double(tokensBytes.count) / 1e6
    print("hairline-bench: \(options.screens) screens (\(String(format: "%.1f", megabytes)) MB), \(options.tokens) tokens (\(String(format: "%.1f", tokenMegabytes)) MB), median of \(options.runs) runs each, the floors and hairline taking turns, \(ProcessInfo.processInfo.activeProcessorCount) cores")
    print("binary: \(hairline)\n")

    // Each floor and the run compared with it take turns (floor, run, floor, run, …), and each pair in turns of
    // its own: lint and its floor, 4× the screens and theirs (the cost's growth compares the two lint runs),
    // compile and its floor. Apart, because seconds of work on both cores slow the work that follows them on
    // this machine (a compile right after two lints takes a quarter more CPU time for the same instructions),
    // and the single-threaded floor far less: each pair is measured in its own spell, after its own load only.
    var events = 0
    var (lintStatus, compileStatus): (Int32, Int32) = (0, 0)
    let compileArguments = { (input: String) in ["compile", input, "--json", "large.json", "--swift", "Large.swift"] }
    let lintMedians = try inTurns(options.runs, [
        { seconds { events = screens.reduce(0) { $0 + floorParse($1) } } },
        {
            let result = try runProcess(hairline, ["lint"], in: lintFolder)
            lintStatus = result.status
            return result.seconds
        },
    ])
    let bigMedians = try inTurns(options.runs, [
        { seconds { _ = bigScreens.reduce(0) { $0 + floorParse($1) } } },
        { try runProcess(hairline, ["lint"], in: bigFolder).seconds },
    ])
    // The cost's growth compares the two lints, so they take turns with each other too: timed in their floors'
    // turns they run seconds apart, often in different spells of a noisy machine.
    let (grownFrom, grownTo) = try inBalancedTurns(
        options.runs, { try runProcess(hairline, ["lint"], in: lintFolder).seconds }, { try runProcess(hairline, ["lint"], in: bigFolder).seconds })
    // Fixing: the fixes of the screens' violations applied in memory and the screens linted again, shown as a diff
    // (what --fix does but for the writes, so every turn starts from the same files), against a plain lint.
    let (plainLint, fixLint) = try inBalancedTurns(
        options.runs, { try runProcess(hairline, ["lint"], in: lintFolder).seconds },
        { try runProcess(hairline, ["lint", "--diff", "--unsafe-fixes"], in: lintFolder).seconds })
    // Compiles of the set and of the edited set take turns, so that each replaces the outputs the other left
    // (the first replaces those of a compile before the turns); then the same set again, its outputs unchanged
    // on disk: left alone, not rewritten.
    var input = "edited.yaml"
    _ = try runProcess(hairline, compileArguments(input), in: root)
    let compileMedians = try inTurns(options.runs, [
        { seconds { _ = floorParse(tokensBytes) } },
        {
            input = input == "large.yaml" ? "edited.yaml" : "large.yaml"
            let result = try runProcess(hairline, compileArguments(input), in: root)
            compileStatus = result.status
            return result.seconds
        },
        { try runProcess(hairline, compileArguments(input), in: root).seconds },
    ])
    // The library in-process, as the language server and previews call it: the same lint and compile, without a
    // process to start, each in turns with its floor.
    var libraryInput = "edited.yaml"
    let inProcess = try inTurns(options.runs, [
        { seconds { _ = screens.reduce(0) { $0 + floorParse($1) } } },
        {
            let config = try ConfigFile.load(explicit: nil, from: lintFolder)
            let engine = LintEngine(config: config, workingDirectory: lintFolder)
            return seconds { _ = engine.lint(engine.configuredScreens()) }
        },
        { seconds { _ = floorParse(tokensBytes) } },
        {
            // The set and its edit by turns, as the binary's turns do, so that each replaces the other's outputs.
            libraryInput = libraryInput == "large.yaml" ? "edited.yaml" : "large.yaml"
            let compilation = TokenCompilation(
                input: root.appendingPathComponent(libraryInput).path,
                outputs: [(.json, root.appendingPathComponent("library.json").path), (.swift, root.appendingPathComponent("Library.swift").path)])
            return seconds { _ = compilation.run() }
        },
    ])
    let (floorScreens, lintTime, floorBig, bigTime, floorTokens, compileTime, unchangedTime) =
        (lintMedians[0], lintMedians[1], bigMedians[0], bigMedians[1], compileMedians[0], compileMedians[1], compileMedians[2])
    // Previews of the screens, in turns with a plain lint of them.
    let (lintForPreview, previewTime) = try inBalancedTurns(
        options.runs, { try runProcess(hairline, ["lint"], in: lintFolder).seconds },
        { try runProcess(hairline, ["preview", "screens", "--out", root.appendingPathComponent("previews").path], in: lintFolder).seconds })
    // Diff: two 10,000-token sets, one an edit of the other, against parsing both.
    let (diffCount, diffOld, diffNew) = diffSets(tokens: options.tokens)
    try Data(diffOld.utf8).write(to: root.appendingPathComponent("diff-old.yaml"))
    try Data(diffNew.utf8).write(to: root.appendingPathComponent("diff-new.yaml"))
    let (diffOldBytes, diffNewBytes) = (Array(diffOld.utf8), Array(diffNew.utf8))
    let diffMedians = try inTurns(options.runs, [
        { seconds { _ = floorParse(diffOldBytes) + floorParse(diffNewBytes) } },
        { try runProcess(hairline, ["diff", "diff-old.yaml", "diff-new.yaml", "--allow-breaking"], in: root).seconds },
    ])
    let lintPeak = try peakMB(hairline, ["lint"], in: lintFolder)
    let (chainTime, chainStatus) = try medianProcess(options.runs, hairline, ["compile", "chain.yaml", "--json", "chain.json"], in: root)
    let (startTime, _) = try medianProcess(options.runs, hairline, ["--version"], in: root)

    var rows = [
        Row(name: "floor: libyaml events, \(options.screens) screens", seconds: floorScreens, megabytes: megabytes, files: options.screens, floor: floorScreens),
        Row(name: "hairline lint, \(options.screens) screens", seconds: lintTime, megabytes: megabytes, files: options.screens, floor: floorScreens),
        Row(name: "floor: libyaml events, \(options.screens * 4) screens", seconds: floorBig, megabytes: bigMegabytes, files: options.screens * 4, floor: floorBig),
        Row(name: "hairline lint, \(options.screens * 4) screens", seconds: bigTime, megabytes: bigMegabytes, files: options.screens * 4, floor: floorBig),
        Row(name: "hairline lint --diff --unsafe-fixes, \(options.screens)", seconds: fixLint, megabytes: megabytes, files: options.screens, floor: nil),
        Row(name: "floor: libyaml events, \(options.tokens) tokens", seconds: floorTokens, megabytes: tokenMegabytes, files: 1, floor: floorTokens),
        Row(name: "hairline compile → JSON + Swift, rewritten", seconds: compileTime, megabytes: tokenMegabytes, files: 1, floor: floorTokens),
        Row(name: "hairline compile → JSON + Swift, unchanged", seconds: unchangedTime, megabytes: tokenMegabytes, files: 1, floor: floorTokens),
        Row(name: "library: LintEngine.lint in-process", seconds: inProcess[1], megabytes: megabytes, files: options.screens, floor: inProcess[0]),
        Row(name: "library: TokenCompilation in-process", seconds: inProcess[3], megabytes: tokenMegabytes, files: 1, floor: inProcess[2]),
        Row(name: "hairline preview, \(options.screens) screens", seconds: previewTime, megabytes: megabytes, files: options.screens, floor: nil),
        Row(name: "floor: libyaml events, two \(diffCount)-token sets", seconds: diffMedians[0], megabytes: Double(diffOldBytes.count + diffNewBytes.count) / 1e6, files: 2, floor: diffMedians[0]),
        Row(name: "hairline diff of the two", seconds: diffMedians[1], megabytes: Double(diffOldBytes.count + diffNewBytes.count) / 1e6, files: 2, floor: diffMedians[0]),
        Row(name: "hairline compile, 10,000-long alias chain", seconds: chainTime, megabytes: 0.2, files: 1, floor: nil),
        Row(name: "hairline --version (process start)", seconds: startTime, megabytes: 0, files: 0, floor: nil),
    ]
    if !options.skipPeers, let yamllint = which("yamllint") {
        let (peer, _) = try medianProcess(1, yamllint, ["-d", "relaxed", "screens"], in: lintFolder)
        rows.append(Row(name: "peer: yamllint, \(options.screens) screens (1 run)", seconds: peer, megabytes: megabytes, files: options.screens, floor: floorScreens))
    }
    printTable(rows)
    let largest = Double(screens.map(\.count).max() ?? 0) / 1e6
    print("")
    print("events parsed by the floor: \(events)")
    print("lint exit status \(lintStatus) (1: the generated violations were found); compile \(compileStatus); chain \(chainStatus)")
    print(
        String(
            format: "linear cost: 4× the screens took %.2f× the time, the two lints taking turns (target ≤ 4.4); %.2f× in their floors' turns, where the floors took %.2f×",
            grownTo / grownFrom, bigTime / lintTime, floorBig / floorScreens))
    print(
        String(
            format: "lint vs floor: %.2f× (target ≤ 1.5); compile vs floor: %.2f× replacing its outputs (target ≤ 6), %.2f× where they are unchanged",
            lintTime / floorScreens, compileTime / floorTokens, unchangedTime / floorTokens))
    print(
        String(
            format: "in-process (the library as the language server calls it): lint %.2f× its floor, compile %.2f× its floor (a new output each turn)",
            inProcess[1] / inProcess[0], inProcess[3] / inProcess[2]))
    print(String(format: "fixing: lint --diff --unsafe-fixes took %.2f× a plain lint, in turns with it (target ≤ 2)", fixLint / plainLint))
    print(String(format: "previews: preview of the screens took %.2f× a plain lint, in turns with it (target ≤ 3)", previewTime / lintForPreview))
    print(String(format: "diff of two %d-token sets: %.2f× the floor of parsing both (target ≤ 5)", diffCount, diffMedians[1] / diffMedians[0]))
    if let lintPeak {
        print(String(format: "peak memory of a lint run: %.1f MB (target ≤ largest file × 4 + 50 MB = %.1f MB)", lintPeak, largest * 4 + 50))
    } else {
        print("peak memory: /usr/bin/time is not installed (apt-get install time)")
    }
    try printLanguageServerFigures(hairline: hairline, edits: options.lspEdits)
    try printSwiftFigures(hairline: hairline, files: options.swiftFiles, runs: options.runs)
    // The floor ran on whichever core this process was on; on a shared virtual machine one core can run faster
    // than another for a while (docs/performance.md, "The floor's spells"), and this shows it.
    if let byCore = floorByCore(tokensBytes, runs: options.runs) {
        let cores = byCore.map { String(format: "core %d %.3f s", $0.core, $0.seconds) }
        print("the tokens' floor on each core in turn: " + cores.joined(separator: ", "))
    }
}

/// The floor's median time on each core this process may use, its thread pinned to each in turn (Linux); nil
/// where it cannot be pinned.
func floorByCore(_ bytes: [UInt8], runs: Int) -> [(core: Int, seconds: Double)]? {
    #if os(Linux)
        // glibc's affinity calls, which the Glibc module leaves out (they need _GNU_SOURCE): thread 0 is this one.
        typealias Affinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
        guard let getter = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sched_getaffinity"),
            let setter = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sched_setaffinity")
        else { return nil }
        let (sched_getaffinity, sched_setaffinity) = (unsafeBitCast(getter, to: Affinity.self), unsafeBitCast(setter, to: Affinity.self))
        let size = MemoryLayout<cpu_set_t>.size
        var allowed = cpu_set_t()
        guard sched_getaffinity(0, size, &allowed) == 0 else { return nil }
        defer { _ = sched_setaffinity(0, size, &allowed) }
        let words = withUnsafeBytes(of: allowed) { Array($0.bindMemory(to: UInt64.self)) }
        var times: [(core: Int, seconds: Double)] = []
        for core in 0..<(words.count * 64) where words[core / 64] & (1 << UInt64(core % 64)) != 0 {
            var one = cpu_set_t()
            withUnsafeMutableBytes(of: &one) { $0.bindMemory(to: UInt64.self)[core / 64] = 1 << UInt64(core % 64) }
            guard sched_setaffinity(0, size, &one) == 0 else { return nil }
            times.append((core, median((0..<runs).map { _ in seconds { _ = floorParse(bytes) } })))
        }
        return times
    #else
        return nil
    #endif
}

try main()
