import Foundation
import HairlineDiagnostics
import HairlineEngine
import HairlineLint
import HairlineTokens
import HairlineYAML
import Testing

/// `--fix --unsafe-fixes` over screens made by mutating the Examples (values moved off their scale, references
/// replaced by their tokens' literal values in either quoting, CRLF line endings, comments at line ends): every
/// fixed file parses; only the lines of the fixed nodes change, and each edit stays inside its finding's node; a
/// lint of the fixed text reports none of the fixed findings and nothing the unmutated screen did not (a literal
/// that hid a finding, such as a colour a rule forbids where it stands, shows it again once it is the token's
/// reference); a second run changes nothing. 10,000 screens, 2,500 of each system's, a test case each (another
/// count with `HAIRLINE_FIX_SCREENS`). Each system is loaded once and each screen linted as the engine lints it.
@Suite("Fixes on mutated screens")
struct FixPropertyTests {
    static let count = ProcessInfo.processInfo.environment["HAIRLINE_FIX_SCREENS"].flatMap { Int($0) }.map { $0 / 4 } ?? 2_500

    struct Screen {
        let system: String
        let text: String
    }

    /// Every example screen, with its system's folder.
    static let screens: [Screen] = {
        var screens: [Screen] = []
        for system in ["blackbelt", "fitbit", "sculpt", "tideturn"] {
            for folder in ["Examples/\(system)", "Examples/\(system)/violations"] {
                let url = Binary.packageRoot.appendingPathComponent(folder)
                for name in ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() where name.hasSuffix(".yaml") {
                    if let text = try? String(contentsOf: url.appendingPathComponent(name), encoding: .utf8) { screens.append(Screen(system: system, text: text)) }
                }
            }
        }
        return screens
    }()

    /// Each system's colours that have one value in every mode, by path.
    static let literals: [String: [String: String]] = {
        var literals: [String: [String: String]] = [:]
        for system in ["blackbelt", "fitbit", "sculpt", "tideturn"] {
            guard let set = try? TokenSetLoader.load(path: Binary.packageRoot.appendingPathComponent("Tokens/\(system).yaml").path) else { continue }
            for token in set.tokens where token.type == .color && !token.differsByMode {
                if case .string(let hex) = token.value, hex.hasPrefix("#") { literals[system, default: [:]][token.path] = hex }
            }
        }
        return literals
    }()

    /// A small deterministic generator.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// One mutation of a screen's text.
    static func mutate(_ text: String, system: String, _ random: inout Generator) -> String {
        var lines = text.components(separatedBy: "\n")
        for _ in 0..<(1 + random.next(3)) {
            let index = random.next(lines.count)
            var line = lines[index]
            switch random.next(3) {
            case 0:
                // A number after `padding:`, `gap:`, `height:` or `radius:` moved off its scale.
                for key in ["padding: ", "gap: ", "height: ", "radius: "] {
                    guard let range = line.range(of: key) else { continue }
                    let digits = line[range.upperBound...].prefix { $0.isNumber }
                    if let number = Int(digits) {
                        line.replaceSubrange(range.upperBound..<line.index(range.upperBound, offsetBy: digits.count), with: "\(number + 1 + random.next(5))")
                        break
                    }
                }
            case 1:
                // A reference replaced by its token's literal, single- or double-quoted.
                if let open = line.range(of: "\"{"), let close = line.range(of: "}\"", range: open.upperBound..<line.endIndex),
                    let literal = literals[system]?[String(line[open.upperBound..<close.lowerBound])]
                {
                    let quote = random.next(2) == 0 ? "'" : "\""
                    line.replaceSubrange(open.lowerBound..<close.upperBound, with: quote + literal + quote)
                }
            default:
                if !line.contains("#"), !line.hasSuffix("|"), !line.hasSuffix(">"), !line.trimmingCharacters(in: .whitespaces).isEmpty {
                    line += "  # mutated"
                }
            }
            lines[index] = line
        }
        let mutated = lines.joined(separator: "\n")
        return random.next(4) == 0 ? mutated.replacingOccurrences(of: "\n", with: "\r\n") : mutated
    }

    static let config: LintConfig? = try? ConfigFile.load(explicit: nil, from: Binary.packageRoot)

    /// Each system, loaded once for every screen of the test.
    static let systems: [String: LintSystem] = {
        var systems: [String: LintSystem] = [:]
        guard let config else { return [:] }
        for entry in config.systems {
            guard let tokens = entry.tokens.flatMap({ try? TokenSetLoader.load(path: config.folder.appendingPathComponent($0).path) }) else { continue }
            let rules = entry.rules.flatMap { (try? RuleSetReader.load(path: config.folder.appendingPathComponent($0).path)) ?? [] }
            systems[entry.name] = try? LintSystem(name: entry.name, tokens: tokens, rules: rules, overrides: config.overrides, fixesOff: config.fixesOff)
        }
        return systems
    }()

    /// What linting a screen given in memory gives, as the engine gives it (suppressions applied, ranges and fix
    /// edits attached): its findings, or nil when it has an input error.
    static func lint(_ bytes: [UInt8], system: String) -> [Diagnostic]? {
        guard let lintSystem = systems[system],
            let read = try? ScreenReader.read(bytes: bytes, file: "mutant.yaml", system: { _ in lintSystem }), let screen = read.screen
        else { return nil }
        let findings = Suppressions.parse(bytes: bytes, file: "mutant.yaml").apply(to: lintSystem.lint(screen))
        let ranges = NodeRanges(bytes: bytes)
        return findings.map(ranges.ranged)
    }

    /// The numbers of the lines (1-based) where two texts differ; every line when they differ in count.
    static func changedLines(_ a: [UInt8], _ b: [UInt8]) -> Set<Int> {
        let (left, right) = (SourceText(a), SourceText(b))
        guard left.lineCount == right.lineCount else { return Set(1...max(left.lineCount, right.lineCount)) }
        return Set((1...left.lineCount).filter { a[left.lineBytes($0)] != b[right.lineBytes($0)] })
    }

    @Test(arguments: ["blackbelt", "fitbit", "sculpt", "tideturn"])
    func fixingMutatedScreensKeepsEverythingElse(_ system: String) throws {
        let screens = Self.screens.filter { $0.system == system }
        #expect(screens.count >= 5)
        #expect(Self.config != nil)
        // Each unmutated screen's findings, by line and rule.
        let original = screens.map { Set((Self.lint(Array($0.text.utf8), system: system) ?? []).map { "\($0.mark.line) \($0.code)" }) }
        let applier = FixApplier(scope: .unsafe)
        var random = Generator(state: 0x5EED &+ UInt64(system.utf8.count))
        var (fixedFiles, fixedFindings) = (0, 0)
        var problems: [String] = []
        for round in 0..<Self.count where problems.count < 5 {
            let which = random.next(screens.count)
            let screen = screens[which]
            let bytes = Array(Self.mutate(screen.text, system: screen.system, &random).utf8)
            guard let before = Self.lint(bytes, system: screen.system) else { continue }
            // The fixes that rewrite a value in place: one that removes a property takes its line with it (FixTests).
            let outcome = applier.apply(before.filter { !($0.fix?.removesProperty ?? false) }, to: bytes)
            guard outcome.changed else { continue }
            (fixedFiles, fixedFindings) = (fixedFiles + 1, fixedFindings + outcome.applied.count)
            let describe = "round \(round), \(screen.system): \(outcome.applied.map(\.code))\n\(String(decoding: bytes, as: UTF8.self))"
            if (try? YAMLSource.parse(bytes: outcome.bytes, file: "mutant.yaml")) == nil { problems.append("does not parse: \(describe)") }
            // Each edit inside its finding's node, and no line changed but the edited ones.
            let edits = outcome.applied.compactMap(\.fix).flatMap(\.edits)
            for (finding, edit) in zip(outcome.applied, edits) where !(finding.range.map { $0.start.offset <= edit.bytes.lowerBound && edit.bytes.upperBound <= $0.end.offset } ?? false) {
                problems.append("an edit outside its node: \(describe)")
            }
            if !Self.changedLines(bytes, outcome.bytes).isSubset(of: Set(edits.map(\.range.start.line))) { problems.append("other lines changed: \(describe)") }
            // Linted again: none of the fixed findings, nothing new.
            let after = Self.lint(outcome.bytes, system: screen.system)
            // Per line and rule: as many findings as before, less the ones fixed.
            func counts(_ findings: [Diagnostic]) -> [String: Int] {
                Dictionary(findings.map { ("\($0.mark.line) \($0.code)", 1) }, uniquingKeysWith: +)
            }
            let (beforeCounts, afterCounts, fixedCounts) = (counts(before), counts(after ?? []), counts(outcome.applied))
            let wrong = afterCounts.filter { key, count in
                count > (beforeCounts[key] ?? 0) - (outcome.overlapping.isEmpty ? fixedCounts[key] ?? 0 : 0) && !original[which].contains(key)
            }
            if after == nil || !wrong.isEmpty {
                problems.append("after the fix: \(wrong) \(after == nil ? "an input error" : ""): \(describe)")
            }
            // A second run changes nothing.
            if outcome.overlapping.isEmpty, applier.apply((after ?? []).filter { !($0.fix?.removesProperty ?? false) }, to: outcome.bytes).changed { problems.append("a second run changed more: \(describe)") }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n\n"))")
        #expect(fixedFiles > Self.count / 20, "fixed \(fixedFiles) files")
        print("Fixes on mutated \(system) screens: \(fixedFindings) findings fixed in \(fixedFiles) of \(Self.count)")
    }
}
