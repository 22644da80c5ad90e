import HairlineDiagnostics
import HairlineYAML

/// Reads and resolves a token set from a file or a parsed tree. Every error in the set is reported.
public enum TokenSetLoader {
    /// The most tokens a set may hold (1,000,000): a larger file is refused, not resolved.
    public static let maxTokens = TokenSetReader.maxTokens

    /// Loads the token set at `path`; throws every error, sorted, as diagnostics.
    public static func load(
        path: String, displayPath: String? = nil, limits: YAMLLimits = .standard, lenient: Bool = false, documents: Documents = .disk
    ) throws(DiagnosticError) -> TokenSet {
        let shown = displayPath ?? path
        let bytes: [UInt8]
        do {
            bytes = try documents.readBytes(path: path, displayPath: shown, limits: limits)
        } catch {
            throw DiagnosticError(error.diagnostic)
        }
        return try load(bytes: bytes, path: path, displayPath: shown, limits: limits, lenient: lenient, documents: documents)
    }

    /// Loads the token set in `bytes`, read from `path` (a resolver's sources and Theo imports are found beside
    /// it, through `documents`).
    public static func load(
        bytes: [UInt8], path: String, displayPath: String? = nil, limits: YAMLLimits = .standard, lenient: Bool = false,
        documents: Documents = .disk
    ) throws(DiagnosticError) -> TokenSet {
        let shown = displayPath ?? path
        let root: Node
        do {
            root = try YAMLSource.parse(bytes: bytes, file: shown, limits: limits)
        } catch {
            throw DiagnosticError(error.diagnostic)
        }
        if TheoImporter.isTheo(root) {
            return try TheoImporter.load(root, path: path, displayPath: shown, limits: limits, documents: documents)
        }
        if ResolverLoader.isResolver(root) {
            return try ResolverLoader.load(root, path: path, displayPath: shown, limits: limits, lenient: lenient, documents: documents)
        }
        if let format = ForeignTokens.format(of: root) {
            return try loadForeign(root, format: format, name: defaultName(forPath: shown), lenient: lenient)
        }
        return try resolve(root, defaultName: defaultName(forPath: shown), lenient: lenient)
    }

    /// A Style Dictionary or Tokens Studio file, read as the DTCG sets it amounts to (one per theme).
    private static func loadForeign(_ root: Node, format: ForeignTokens.Format, name: String, lenient: Bool) throws(DiagnosticError) -> TokenSet {
        let (sets, errors) = ForeignTokens.dtcg(root, format: format)
        guard errors.isEmpty else { throw DiagnosticError(errors.sorted(by: Diagnostic.outputOrder)) }
        var resolved: [TokenSet] = []
        for set in sets { resolved.append(try resolve(set.root, defaultName: name, lenient: lenient)) }
        return ResolverLoader.combine(resolved, modes: sets.compactMap(\.mode), name: name)
    }

    /// Resolves a parsed token set; `defaultName` is used when the set has no `$name`.
    public static func resolve(_ root: Node, defaultName: String, maxTokens: Int = maxTokens, lenient: Bool = false)
        throws(DiagnosticError) -> TokenSet
    {
        var reader = TokenSetReader()
        reader.maxTokens = maxTokens
        reader.lenient = lenient
        reader.read(root)
        return try resolve(consume reader, defaultName: defaultName, lenient: lenient)
    }

    /// Resolves what a reader read.
    private static func resolve(_ reader: consuming TokenSetReader, defaultName: String, lenient: Bool) throws(DiagnosticError) -> TokenSet {
        var resolver = TokenResolver(raw: reader.tokens, modeCount: max(1, reader.modes.count), groups: reader.groups, root: reader.root)
        let log = lenient ? LenientLog() : nil
        resolver.lenient = log
        let tokens = resolver.resolve()
        let errors = reader.errors + resolver.errors
        guard errors.isEmpty else {
            throw DiagnosticError(errors.map(\.diagnostic).sorted(by: Diagnostic.outputOrder))
        }
        let warnings = (reader.warnings + (log?.warnings ?? [])).map(\.diagnostic).sorted(by: Diagnostic.outputOrder)
        return TokenSet(
            name: reader.name ?? defaultName, modes: reader.modes, tokens: tokens, positions: resolver.resolvedPositions, groups: reader.groups,
            warnings: warnings)
    }

    /// The file name without its extensions: `Tokens/basic.tokens.json` is `basic`.
    public static func defaultName(forPath path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.split(separator: ".").first.map(String.init) ?? file
    }
}
