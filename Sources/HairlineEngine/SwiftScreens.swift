import Foundation
import HairlineCompiler
import HairlineDiagnostics
import HairlineLint
import HairlineSwift
import HairlineTokens
import HairlineYAML

/// The Swift files of a run, parsed before it lints: many files to a compiler process (`SwiftCompiler`), then each
/// read as a screen in its system and linted like a YAML screen.
final class SwiftSources: Sendable {
    /// A parsed file: its syntax tree and the bytes it was parsed from.
    struct File: Sendable {
        let root: SwiftNode
        let bytes: [UInt8]
    }

    /// Each file, or why it could not be parsed.
    let files: [String: Result<File, DiagnosticError>]
    /// Whether the run has Swift files and no compiler to read them.
    let compilerMissing: Bool
    /// Each system's generated symbols, worked out once a run.
    private let symbols = SymbolTable()

    init(files: [String: Result<File, DiagnosticError>], compilerMissing: Bool) {
        self.files = files
        self.compilerMissing = compilerMissing
    }

    /// The symbols the token compiler writes for a system's tokens: token path by symbol, and symbol by token path.
    func symbols(of system: LintSystem) -> (byName: [String: String], byToken: [String: String]) {
        symbols.lock.withLock {
            if let known = symbols.bySystem[system.name] { return known }
            var byToken: [String: String] = [:]
            var byName: [String: String] = [:]
            if let tokens = system.tokens {
                let emitter = SwiftEmitter(tokens)
                byToken = (try? emitter.expressions()) ?? [:]
                byName = Dictionary(byToken.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
                // The static members `--swift-static-members` writes, as a member: `.acmeAccent`.
                for (name, token) in emitter.staticMemberNames() where byName["." + name] == nil { byName["." + name] = token.path }
            }
            let table = (byName, byToken)
            symbols.bySystem[system.name] = table
            return table
        }
    }

    private final class SymbolTable: @unchecked Sendable {
        let lock = NSLock()
        var bySystem: [String: (byName: [String: String], byToken: [String: String])] = [:]
    }
}

extension LintEngine {
    /// The Swift files among `screens` that a system lints, parsed: nil when there are none.
    func parseSwift(_ screens: [ScreenInput]) -> SwiftSources? {
        let inConfig = config.map { RelativePaths(to: $0.folder) }
        let files = screens.filter { input in
            guard input.path.hasSuffix(".swift"), input.unreadable == nil else { return false }
            // A Swift file met in a walk that no system lints is passed over, so it is not parsed either.
            return input.explicit || explicitSystem != nil || (config.flatMap { config in inConfig.map { config.system(forScreen: $0.relative(absolute(input.path))) } } ?? nil) != nil
        }
        guard !files.isEmpty else { return nil }
        guard let compiler = SwiftCompiler.locate() else { return SwiftSources(files: [:], compilerMissing: true) }
        var parsed: [String: Swift.Result<SwiftSources.File, DiagnosticError>] = [:]
        var readable: [(path: String, bytes: [UInt8])] = []
        for input in files {
            do throws(YAMLError) {
                readable.append((input.path, try documents.readBytes(path: absolute(input.path), displayPath: input.path)))
            } catch {
                parsed[input.path] = .failure(DiagnosticError(error.diagnostic))
            }
        }
        let trees = compiler.parse(readable)
        for (path, bytes) in readable {
            parsed[path] = trees[path].map { tree in tree.map { SwiftSources.File(root: $0, bytes: bytes) } }
        }
        return SwiftSources(files: parsed, compilerMissing: false)
    }
}

extension ScreenLinter {
    /// A Swift file read in its system: its screens (a view body each), the system, the bytes; nil when no system
    /// lints it (passed over) or it could not be parsed (its error then in `outcome`).
    func readSwift(_ input: LintEngine.ScreenInput, sources: SwiftSources, into outcome: inout Outcome)
        -> (read: SwiftScreenReader.Outcome, system: LintSystem, symbols: [String: String], bytes: [UInt8])?
    {
        guard let file = sources.files[input.path] else { return nil }  // no system lints it: passed over
        outcome.counted = true
        let parsed: SwiftSources.File
        switch file {
        case .success(let file): parsed = file
        case .failure(let error):
            outcome.inputErrors += error.diagnostics
            return nil
        }
        guard let systemName = systemName(for: input.path, key: nil, screenKey: nil, errors: &outcome.inputErrors), let system = systems.system(named: systemName) else {
            return nil
        }
        let symbols = sources.symbols(of: system)
        let read = SwiftScreenReader.read(
            parsed.root, bytes: parsed.bytes, file: input.path, mapping: SwiftMapping(vocabulary: system.vocabulary), tokens: system.tokens,
            symbols: symbols.byName)
        return (read, system, symbols.byToken, parsed.bytes)
    }

    /// Lints a Swift file: its screens linted by its system's rules, its `// hairline:` comments applied, and each
    /// finding on a literal given the literal's range and, where its fix names a token, the edit that writes the
    /// token's generated symbol in its place.
    func lintSwift(_ input: LintEngine.ScreenInput, sources: SwiftSources, keep: Bool) -> Outcome {
        var outcome = Outcome()
        guard let (read, system, symbols, bytes) = readSwift(input, sources: sources, into: &outcome) else { return outcome }
        var found: [Diagnostic] = []
        for screen in read.screens {
            guard let more = system.lint(screen, until: shouldStop, slowMatches: slowMatches) else { return Outcome(counted: true, stopped: true) }
            found += more
        }
        // Not applied to code: the vocabulary's required properties (code always has a value, a default where none
        // is written) and allowed children (a view's tree has wrappers a spec leaves out); a finding on a value the
        // reader could not evaluate; and the root's `source: swift`, which is the reader's word, not the system's.
        let roots = Set(read.screens.map(\.root.kindMark))
        let kept = found.filter { finding in
            finding.code != ComponentVocabulary.requiredID && finding.code != ComponentVocabulary.childID && !read.unevaluated.contains(finding.mark)
                && !(finding.code == ComponentVocabulary.propertyID && roots.contains(finding.mark))
        }
        var findings = Suppressions.parse(swift: bytes, file: input.path).apply(to: kept, knownIDs: system.knownIDs)
        Diagnostic.putInOutputOrder(&findings)
        for index in findings.indices {
            guard let range = read.literals[findings[index].mark] else {
                findings[index].fix = nil  // only a literal is rewritten
                continue
            }
            findings[index].range = range
            guard let fix = findings[index].fix else { continue }
            // A token's reference becomes its generated symbol; a number, the number (`--unsafe-fixes`' nearest).
            var replacement: String?
            if fix.value.hasPrefix("{"), fix.value.hasSuffix("}") {
                replacement = symbols[String(fix.value.dropFirst().dropLast())]
            } else if Double(fix.value) != nil, Double(String(decoding: bytes[range.start.offset..<range.end.offset], as: UTF8.self)) != nil {
                replacement = fix.value
            }
            findings[index].fix = replacement.map { Fix(title: fix.title, safety: fix.safety, value: fix.value, edits: [Fix.Edit(range: range, text: $0)]) }
        }
        outcome.lineTexts = LintEngine.lineTexts(at: findings.map(\.mark), in: bytes)
        outcome.findings = findings
        outcome.file = input.path
        outcome.system = system.name
        if keep { outcome.kept = read.screens.map { ($0, system) } }
        return outcome
    }
}
