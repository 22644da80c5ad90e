import HairlineDiagnostics
import HairlineYAML

/// Resolves raw tokens: orders them so every alias's target comes first (without recursion, so a chain of
/// any length costs linear time and no stack), reports each cycle once, then parses each value in each mode.
struct TokenResolver {
    private var raw: [RawToken]
    private let modeCount: Int
    private let groups: Set<String>
    /// The document, for `$ref` JSON Pointers.
    private var root: Node?
    private let index: PathIndex
    private(set) var errors: [TokenError] = []
    /// Set in lenient mode: where the value parser records what it let through.
    var lenient: LenientLog?
    private let resolved: Resolved
    /// Tokens that cannot resolve because of an error already reported (in them or a dependency).
    private var failed: [Bool]
    /// The token each token's first value names when that value is an alias (`"{color.accent}"`), by position.
    private var wholeAliases: [Int?] = []
    /// Whether each token's value refers to another token anywhere in it (an alias or a `$ref`), by position.
    private var refersToTokens: [Bool] = []

    init(raw: [RawToken], modeCount: Int, groups: Set<String>, root: Node? = nil) {
        self.raw = raw
        self.root = root
        self.modeCount = modeCount
        self.groups = groups
        self.resolved = Resolved(count: raw.count)
        self.failed = Array(repeating: false, count: raw.count)
        // The paths gathered on every core (each read from a token of its own), then indexed on every core.
        index = PathIndex(Parallel.array(raw.count, minimum: parallelMinimum) { raw[$0].path }, parallelMinimum: parallelMinimum)
    }

    mutating func resolve() -> [Token] {
        let dependencies = collectDependencies()
        let parsers = (0..<modeCount).map(parser(mode:))
        // Ordering marks the tokens that cannot resolve, which the waves leave out: it must come first.
        let order = topologicalOrder(dependencies)
        // What resolving a token reads does not change from wave to wave: one copy serves them all. (A copy
        // per wave would copy the failure flags again at the first one set after it: quadratic in a chain.)
        let resolver = self
        for wave in waves(order, dependencies) {
            resolve(wave, with: resolver, parsers: parsers)
        }
        // Moved out rather than copied: the storage is dropped with the resolver, and would release each again.
        return resolved.tokens.indices.compactMap { resolved.tokens[$0].take() }
    }

    /// Each token's position in what `resolve()` returned, by path: the positions aliases were looked up by, when
    /// every token resolved and no two share a path; nil otherwise.
    var resolvedPositions: PathIndex? {
        index.count == raw.count && !failed.contains(true) ? index : nil
    }

    /// A job this large (tokens to search for references, or a wave to resolve) is spread over the cores; a
    /// smaller one is done before threads would start. Tests set it to 1 to run the parallel path on small sets.
    var parallelMinimum = TokenSet.parallelMinimum

    /// The tokens resolved so far, by position: a class, so that each mode's value parser, made once, sees every
    /// token as it is resolved. Fixed storage, not an array: the value parsers on every core read it at once,
    /// and an array would count references to its buffer on each read.
    private final class Resolved: @unchecked Sendable {
        let tokens: UnsafeMutableBufferPointer<Token?>
        init(count: Int) {
            tokens = .allocate(capacity: count)
            tokens.initialize(repeating: nil)
        }
        deinit {
            tokens.deinitialize()
            tokens.deallocate()
        }
    }

    // MARK: - Dependencies and order

    /// Each token's alias targets; an alias to nothing or to a group is reported here. Each token's are found
    /// alone, so a large set's are found on every core.
    private mutating func collectDependencies() -> [[Int]] {
        let resolver = self
        let found = Parallel.map(Parallel.ranges(raw.count, parts: Parallel.parts(raw.count, minimum: parallelMinimum))) { range in
            resolver.dependencies(of: range)
        }
        var all: [[Int]] = []
        all.reserveCapacity(raw.count)
        wholeAliases.reserveCapacity(raw.count)
        refersToTokens.reserveCapacity(raw.count)
        var suggested = 0
        for (position, (targets, tokenErrors, wholeAlias)) in found.joined().enumerated() {
            wholeAliases.append(wholeAlias)
            refersToTokens.append(!targets.isEmpty)
            if !tokenErrors.isEmpty {
                failed[position] = true
                for error in tokenErrors {
                    // Did-you-mean for the first references to nothing: each is a search of every name, and
                    // thousands of broken aliases took many seconds for suggestions no one reads past the first.
                    guard case .unknownReference(let reference, _, let mark) = error, suggested < Self.maxSuggestions else {
                        errors.append(error)
                        continue
                    }
                    suggested += 1
                    let own = raw[position].path
                    errors.append(
                        .unknownReference(reference: reference, suggestion: NearestName.nearest(to: reference, in: index.paths.filter { $0 != own }), at: mark))
                }
            }
            all.append(targets)
        }
        return all
    }

    /// How many references to nothing get a did-you-mean.
    static let maxSuggestions = 50

    /// The tokens each token of `range` refers to, an error for each reference to nothing or to a group, and the
    /// token its first value names when that value is an alias.
    private func dependencies(of range: Range<Int>) -> [(targets: [Int], errors: [TokenError], wholeAlias: Int?)] {
        // Taken once for the range: a closure that reads them from `self` copies the whole resolver for each
        // token, and the cores would take turns counting references to what it shares.
        let (raw, index, groups, root) = (raw, index, groups, root)
        var found: [(TokenReference, Node)] = []
        return range.map { position in
            let token = raw[position]
            var targets: [Int] = []
            var errors: [TokenError] = []
            var wholeAlias: Int?
            found.removeAll(keepingCapacity: true)
            for value in token.values { Self.references(in: value, root: root, into: &found) }
            for (reference, node) in found {
                if let target = index[reference.path] {
                    targets.append(target)
                    if node === token.values[0], node.scalar != nil { wholeAlias = target }
                } else if let pointer = TokenPointer(node) {
                    errors.append(.unresolvedPointer(pointer: pointer.text, at: node.mark))
                } else if groups.contains(reference.path) {
                    errors.append(.referenceToGroup(reference: reference.path, at: node.mark))
                } else {
                    // The suggestion is looked for afterwards, for the first few only.
                    errors.append(.unknownReference(reference: reference.path, suggestion: nil, at: node.mark))
                }
            }
            return (targets, errors, wholeAlias)
        }
    }

    /// Every alias and `$ref` in a value, each as the token it depends on (a pointer that lands nowhere is
    /// reported with an empty path), added to `found`.
    static func references(in node: Node, root: Node?, into found: inout [(TokenReference, Node)]) {
        switch node.content {
        case .scalar(let scalar):
            if let reference = TokenReference(scalar) { found.append((reference, node)) }
        case .sequence(let items):
            for item in items { references(in: item, root: root, into: &found) }
        case .mapping(let pairs):
            guard let pointer = TokenPointer(node) else {
                for pair in pairs { references(in: pair.value, root: root, into: &found) }
                return
            }
            switch root.flatMap(pointer.target(in:)) {
            case .token(let path)?, .part(let path, _)?: found.append((TokenReference(path: path), node))
            case nil: found.append((TokenReference(path: ""), node))
            }
        }
    }

    /// Tokens in an order where each comes after every token it refers to. Iterative depth-first search; a
    /// cycle is reported once, naming its members in alias order, and its members fail.
    private mutating func topologicalOrder(_ dependencies: [[Int]]) -> [Int] {
        enum State { case unvisited, open, done }
        var state = Array(repeating: State.unvisited, count: raw.count)
        var order: [Int] = []
        order.reserveCapacity(raw.count)
        var reportedCycles: Set<[Int]> = []
        // One stack for every search: most searches are of a token that refers to nothing.
        var stack: [(node: Int, next: Int)] = []
        for start in raw.indices where state[start] == .unvisited {
            if dependencies[start].isEmpty {
                state[start] = .done
                order.append(start)
                continue
            }
            stack.append((start, 0))
            state[start] = .open
            while !stack.isEmpty {
                let top = stack.count - 1
                let (node, next) = stack[top]
                if next < dependencies[node].count {
                    stack[top].next += 1
                    let target = dependencies[node][next]
                    switch state[target] {
                    case .unvisited:
                        state[target] = .open
                        stack.append((target, 0))
                    case .open:
                        guard let from = stack.lastIndex(where: { $0.node == target }) else { break }
                        let members = stack[from...].map(\.node)
                        for member in members { failed[member] = true }
                        if reportedCycles.insert(members.sorted()).inserted {
                            reportCycle(members)
                        }
                    case .done:
                        if failed[target] { failed[node] = true }
                    }
                } else {
                    state[node] = .done
                    order.append(node)
                    stack.removeLast()
                    if failed[node], let parent = stack.last { failed[parent.node] = true }
                }
            }
        }
        return order
    }

    /// The tokens of `order` that have not failed, in waves: each token refers only to tokens of earlier waves,
    /// so a wave's tokens resolve in any order, on any core, and the results are the same.
    private func waves(_ order: [Int], _ dependencies: [[Int]]) -> [[Int]] {
        var waveOf = Array(repeating: 0, count: raw.count)
        var waves: [[Int]] = []
        for position in order where !failed[position] {
            let wave = dependencies[position].reduce(0) { max($0, waveOf[$1] + 1) }
            waveOf[position] = wave
            if wave == waves.count { waves.append([]) }
            waves[wave].append(position)
        }
        return waves
    }

    private mutating func reportCycle(_ members: [Int]) {
        // Start the cycle's description at its member that comes first in the file.
        let first = members.indices.min { raw[members[$0]].mark < raw[members[$1]].mark } ?? 0
        let rotated = Array(members[first...] + members[..<first])
        let names = rotated.map { raw[$0].path }
        errors.append(.cycle(members: names, at: raw[rotated[0]].mark))
    }

    // MARK: - Values

    /// Resolves one wave, on every core when it is large and no lenient log is kept (the log is one list).
    private mutating func resolve(_ wave: [Int], with resolver: TokenResolver, parsers: [ValueParser]) {
        let parts = Parallel.parts(wave.count, minimum: parallelMinimum)
        guard lenient == nil, parts > 1 else {
            // Most waves past the first are small (a chain is a wave per token): resolved here, as they come.
            for position in wave { take(resolver.resolution(of: position, parsers: parsers), at: position) }
            return
        }
        let outcomes = Parallel.map(Parallel.ranges(wave.count, parts: parts)) { range in
            // Value parsers of the range's own: every call of one counts a reference to what it holds, and
            // the cores would take turns at those counts.
            let parsers = (0..<resolver.modeCount).map(resolver.parser(mode:))
            return wave[range].map { resolver.resolution(of: $0, parsers: parsers) }
        }
        for (position, outcome) in zip(wave, outcomes.joined()) { take(outcome, at: position) }
    }

    private mutating func take(_ outcome: Result<Token, Unresolved>, at position: Int) {
        switch outcome {
        case .success(let token):
            resolved.tokens[position] = token
        case .failure(let failure):
            failed[position] = true
            if let error = failure.error { errors.append(error) }
        }
    }

    /// Why a token did not resolve: an error, or nil when a dependency's failure was reported already.
    private struct Unresolved: Error {
        let error: TokenError?
    }

    private func resolution(of position: Int, parsers: [ValueParser]) -> Result<Token, Unresolved> {
        let token = raw[position]
        let path = token.path
        // The token a whole-value alias names: an untyped alias takes its type, and its metadata and system
        // lie beneath the alias's own.
        let aliased = wholeAliases[position]
        var type = token.declaredType
        if type == nil, let aliased {
            type = resolved.tokens[aliased]?.type
        }
        if type == nil, let pointer = TokenPointer(token.values[0]), let root, case .token(let path)? = pointer.target(in: root),
            let target = index[path]
        {
            type = resolved.tokens[target]?.type
        }
        guard let type else {
            return .failure(Unresolved(error: .missingType(path: path, at: token.mark)))
        }
        let values: [TokenValue]
        if token.values.count == 1, let aliased {
            // An alias as the whole value in every mode: the target's values (shared), as the value parser would
            // give them one by one.
            guard let target = resolved.tokens[aliased] else { return .failure(Unresolved(error: nil)) }
            guard target.type == type else {
                return .failure(Unresolved(error: .typeMismatch(reference: target.path, expected: type, found: target.type, at: token.values[0].mark)))
            }
            values = target.values
        } else {
            // One value for every mode with no reference in it is the same in each: parsed once. (Lenient parsing
            // parses it in each mode, as it logs what it lets through each time.)
            let sameInEveryMode = token.values.count == 1 && !refersToTokens[position] && lenient == nil
            var parsed: [TokenValue] = []
            parsed.reserveCapacity(modeCount)
            for (mode, parser) in parsers.enumerated() {
                if sameInEveryMode, let first = parsed.first {
                    parsed.append(first)
                    continue
                }
                let node = token.values.count == 1 ? token.values[0] : token.values[mode]
                do throws(ValueFailure) {
                    parsed.append(try parser.parse(node, as: type))
                } catch {
                    if case .error(let tokenError) = error { return .failure(Unresolved(error: tokenError)) }
                    return .failure(Unresolved(error: nil))
                }
            }
            values = parsed
        }
        var metadata = token.metadata
        var system = Self.systemName(token.values[0])
        var inheritedFrom: [String: String] = [:]
        if let aliased, let target = resolved.tokens[aliased] {
            // What an alias takes from its target: every key but `swift` (`swift: false` keeps a palette out of the
            // Swift output, not the semantic tokens that alias it) and the keys the target's `private:` lists.
            let kept = target.metadata.isEmpty ? [:] : Self.passedThroughAliases(target.metadata)
            for key in kept.keys where token.metadata[key] == nil { inheritedFrom[key] = target.inheritedFrom[key] ?? target.path }
            if !kept.isEmpty { metadata = kept.merging(token.metadata) { $1 } }
            system = system ?? target.system
        }
        return .success(
            Token(
                group: token.place.group, name: token.place.name, path: token.path, type: type, values: values, description: token.description, system: system,
                metadata: metadata, keyMark: token.keyMark, mark: token.mark, deprecated: token.deprecated,
                alias: aliased.flatMap { resolved.tokens[$0]?.path }, inheritedFrom: inheritedFrom,
                displayP3: type == .color ? displayP3(of: token, aliased: aliased) : []))
    }

    /// A colour's display-p3 components and alpha in each mode, where it is written in display-p3 (or aliases a
    /// colour that is); empty where no mode is.
    private func displayP3(of token: RawToken, aliased: Int?) -> [[Double]?] {
        let target = aliased.flatMap { resolved.tokens[$0] }
        // Most colours are neither written in components nor alias one that is.
        guard target.map({ !$0.displayP3.isEmpty }) ?? false || token.values.contains(where: { $0.pairs != nil }) else { return [] }
        let modes = (0..<modeCount).map { mode -> [Double]? in
            let node = token.values.count == 1 ? token.values[0] : token.values[mode]
            if node["colorSpace"]?.string == "display-p3", let items = node["components"]?.items, items.count == 3 {
                let components = items.map { $0.string == "none" ? 0 : ($0.scalar.flatMap { CoreSchema.float($0.text) ?? CoreSchema.integer($0.text).map(Double.init) } ?? 0) }
                let alpha = node["alpha"]?.scalar.flatMap { CoreSchema.float($0.text) ?? CoreSchema.integer($0.text).map(Double.init) } ?? 1
                return components + [alpha]
            }
            if let target, TokenReference(node)?.path == target.path, !target.displayP3.isEmpty {
                return target.displayP3[min(mode, target.displayP3.count - 1)]
            }
            return nil
        }
        return modes.contains { $0 != nil } ? modes : []
    }

    /// The metadata an alias takes from its target: all but `swift`, `private` and the keys `private` lists.
    static func passedThroughAliases(_ metadata: [String: TokenValue]) -> [String: TokenValue] {
        var local: Set<String> = ["swift", "private"]
        if case .list(let keys)? = metadata["private"] { local.formUnion(keys.compactMap(\.string)) }
        return metadata.filter { !local.contains($0.key) }
    }

    /// The value parser for one mode: an alias takes its target's value in that mode.
    private func parser(mode: Int) -> ValueParser {
        let (resolved, index, document) = (resolved, index, root)
        return ValueParser(
            lenient: lenient,
            alias: { (reference: TokenReference, _: Node) throws(ValueFailure) -> (type: TokenType, value: TokenValue) in
                guard let target = index[reference.path], let token = resolved.tokens[target] else {
                    throw .dependency
                }
                return (token.type, token.values[mode])
            },
            pointer: { (pointer: TokenPointer, node: Node) throws(ValueFailure) -> TokenPointer.Target in
                guard let document, let target = pointer.target(in: document) else {
                    throw .error(.unresolvedPointer(pointer: pointer.text, at: node.mark))
                }
                return target
            })
    }

    private static func systemName(_ node: Node) -> String? {
        node["system"]?.string
    }
}
