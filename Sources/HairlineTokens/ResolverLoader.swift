import Foundation
import HairlineDiagnostics
import HairlineYAML

/// DTCG 2025.10 resolver files: `sets` of source files and `modifiers` whose `contexts` swap sources in, merged in
/// `resolutionOrder`. Each combination of modifier contexts becomes one Hairline mode (the default context first),
/// so `theme: {light, dark}` compiles to a set with modes `[light, dark]`.
public enum ResolverLoader {
    /// Whether a parsed file is a resolver (it has `resolutionOrder`), not a token set.
    public static func isResolver(_ root: Node) -> Bool {
        root["resolutionOrder"] != nil
    }

    /// The most modes a resolver's modifiers may combine into: each is a whole token set resolved.
    public static let maxModes = 256

    struct Modifier {
        let name: String
        /// Its entry in `resolutionOrder`.
        let mark: Mark
        let contexts: [(name: String, sources: [Node])]
    }

    /// Loads a resolver and every source it names (paths relative to it), and resolves one token set per mode.
    public static func load(
        _ root: Node, path: String, displayPath: String, limits: YAMLLimits = .standard, lenient: Bool = false,
        documents: Documents = .disk
    ) throws(DiagnosticError) -> TokenSet {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        let shownFolder = (displayPath as NSString).deletingLastPathComponent
        var errors: [Diagnostic] = []
        var cache: [String: Node] = [:]

        func source(_ reference: Node) -> Node? {
            guard let text = reference["$ref"]?.string ?? reference.string else {
                errors.append(.inputError("resolver", "a source is {$ref: \"file\"}", at: reference.mark))
                return nil
            }
            if let cached = cache[text] { return cached }
            let file = text.hasPrefix("/") ? text : folder.appendingPathComponent(text).standardizedFileURL.path
            let shown = text.hasPrefix("/") || shownFolder.isEmpty ? text : (shownFolder as NSString).appendingPathComponent(text)
            do throws(YAMLError) {
                try documents.checkReference(file, shown: text, at: reference.mark)
                let node = try documents.load(path: file, displayPath: (shown as NSString).standardizingPath, limits: limits)
                cache[text] = node
                return node
            } catch {
                errors.append(error.diagnostic)
                return nil
            }
        }

        // The order: each entry a set's sources, or a modifier.
        enum Step {
            case sources([Node])
            case modifier(Modifier)
        }
        var steps: [Step] = []
        for entry in root["resolutionOrder"]?.items ?? [] {
            guard let reference = entry["$ref"]?.string, reference.hasPrefix("#/") else {
                errors.append(.inputError("resolver", "a resolutionOrder entry is {$ref: \"#/sets/…\"} or {$ref: \"#/modifiers/…\"}", at: entry.mark))
                continue
            }
            let parts = reference.dropFirst(2).split(separator: "/").map(String.init)
            guard parts.count == 2, let definition = root[parts[0]]?[parts[1]] else {
                errors.append(.inputError("resolver", "'\(reference)' names no set or modifier", at: entry.mark))
                continue
            }
            if parts[0] == "sets" {
                steps.append(.sources((definition["sources"]?.items ?? []).compactMap(source)))
            } else {
                let contextPairs = definition["contexts"]?.pairs ?? []
                var contexts = contextPairs.compactMap { pair -> (String, [Node])? in
                    guard let name = pair.key.string else { return nil }
                    return (name, (pair.value.items ?? []).compactMap(source))
                }
                if let preferred = definition["default"]?.string, let index = contexts.firstIndex(where: { $0.0 == preferred }) {
                    contexts.insert(contexts.remove(at: index), at: 0)
                }
                steps.append(.modifier(Modifier(name: parts[1], mark: entry.mark, contexts: contexts.map { (name: $0.0, sources: $0.1) })))
            }
        }
        guard errors.isEmpty else { throw DiagnosticError(errors) }

        // Every combination of contexts is a mode, each a whole set resolved: their number is counted before
        // any is made (30 modifiers of two contexts are a billion).
        var count = 1
        for step in steps {
            guard case .modifier(let modifier) = step else { continue }
            count *= max(1, modifier.contexts.count)
            if count > maxModes {
                throw DiagnosticError(
                    .inputError(
                        "resolver",
                        "the modifiers up to '\(modifier.name)' combine into more than \(maxModes) modes (each combination of contexts is one); split the resolver into files of fewer modifiers",
                        at: modifier.mark))
            }
        }
        var combinations: [[(String, [Node])]] = [[]]
        for step in steps {
            guard case .modifier(let modifier) = step else { continue }
            combinations = combinations.flatMap { prefix in modifier.contexts.map { prefix + [($0.name, $0.sources)] } }
        }
        let modeNames = combinations.map { $0.map(\.0).joined(separator: "-") }
        var sets: [TokenSet] = []
        for combination in combinations {
            var documents: [Node] = []
            var modifierIndex = 0
            for step in steps {
                switch step {
                case .sources(let nodes): documents += nodes
                case .modifier:
                    documents += combination[modifierIndex].1
                    modifierIndex += 1
                }
            }
            var merged = documents.dropFirst().reduce(documents.first ?? Node(.mapping([]), at: .start(of: displayPath))) { merge($0, $1) }
            // Style Dictionary's files, which refer to each other, read together as DTCG.
            if ForeignTokens.format(of: merged) == .styleDictionary {
                let converted = ForeignTokens.dtcg(merged, format: .styleDictionary)
                guard converted.errors.isEmpty else { throw DiagnosticError(converted.errors.sorted(by: Diagnostic.outputOrder)) }
                merged = converted.sets[0].root
            }
            sets.append(
                try TokenSetLoader.resolve(
                    merged, defaultName: root["name"]?.string ?? TokenSetLoader.defaultName(forPath: displayPath), lenient: lenient))
        }
        let name = root["name"]?.string ?? TokenSetLoader.defaultName(forPath: displayPath)
        return combine(sets, modes: modeNames, name: name)
    }

    /// One token set of several resolved sets, one per mode: each token's value in each mode from that mode's set
    /// (the first set says which tokens there are). One set, or modes without names, are a set without modes.
    static func combine(_ sets: [TokenSet], modes modeNames: [String], name: String) -> TokenSet {
        guard let first = sets.first else { return TokenSet(name: name, modes: [], tokens: [], groups: []) }
        // Each mode's set reads the shared sources again: report each warning once.
        var seen: Set<Diagnostic> = []
        let warnings = sets.flatMap(\.warnings).filter { seen.insert($0).inserted }
        if sets.count == 1 || modeNames.first == "" {
            return TokenSet(name: name, modes: [], tokens: first.tokens, groups: first.groups, warnings: warnings)
        }
        // One token per path, its value in each mode from that mode's set.
        var tokens: [Token] = []
        for token in first.tokens {
            var values: [TokenValue] = []
            for set in sets { values.append(set[token.path]?.value ?? token.value) }
            tokens.append(
                Token(
                    segments: token.segments, type: token.type, values: values, description: token.description, system: token.system,
                    metadata: token.metadata, keyMark: token.keyMark, mark: token.mark))
        }
        return TokenSet(name: name, modes: modeNames, tokens: tokens, groups: first.groups, warnings: warnings)
    }

    /// Two token documents merged: groups merge key by key, and a later token (or scalar) replaces an earlier one.
    static func merge(_ base: Node, _ overlay: Node) -> Node {
        guard let basePairs = base.pairs, let overlayPairs = overlay.pairs, base["$value"] == nil, overlay["$value"] == nil else {
            return overlay
        }
        var pairs = basePairs
        for pair in overlayPairs {
            if let index = pairs.firstIndex(where: { $0.key.string == pair.key.string && pair.key.string != nil }) {
                pairs[index] = Node.Pair(key: pairs[index].key, value: merge(pairs[index].value, pair.value))
            } else {
                pairs.append(pair)
            }
        }
        return Node(.mapping(pairs), at: base.mark)
    }
}
