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
        if let foreign = foreignFormat(root) { throw DiagnosticError(foreign) }
        return try resolve(root, defaultName: defaultName(forPath: shown), lenient: lenient)
    }

    /// A file in another tool's token format, named, with how to read it: one error, not one per token.
    static func foreignFormat(_ root: Node) -> Diagnostic? {
        guard let pairs = root.pairs else { return nil }
        let keys = pairs.compactMap(\.key.string)
        if keys.contains("$themes") || keys.contains("$metadata") {
            return .inputError(
                "token-format",
                "this is a Tokens Studio file ($themes and $metadata beside its token sets); Hairline reads one DTCG token set a file: "
                    + "in Tokens Studio choose the W3C DTCG token format and export each set to a file of its own (or name them in a DTCG resolver file), then compile that",
                at: pairs.first { $0.key.string == "$themes" || $0.key.string == "$metadata" }!.key.mark)
        }
        // No `$` key anywhere, and tokens as mappings with `value`: Style Dictionary's own format.
        if !hasDollarKey(root), let token = firstMapping(withKey: "value", in: root) {
            return .inputError(
                "token-format",
                "this looks like a Style Dictionary file (`value` and `type` without `$`); Hairline reads DTCG tokens: "
                    + "rename `value` to `$value`, `type` to `$type` and `comment` to `$description` (Style Dictionary 4 reads DTCG too)",
                at: token.mark)
        }
        return nil
    }

    private static func hasDollarKey(_ node: Node) -> Bool {
        guard let pairs = node.pairs else { return node.items?.contains(where: hasDollarKey) ?? false }
        return pairs.contains { $0.key.string?.hasPrefix("$") == true || hasDollarKey($0.value) }
    }

    private static func firstMapping(withKey key: String, in node: Node) -> Node? {
        guard let pairs = node.pairs else { return nil }
        if pairs.contains(where: { $0.key.string == key }) { return node }
        for pair in pairs { if let found = firstMapping(withKey: key, in: pair.value) { return found } }
        return nil
    }

    /// Resolves a parsed token set; `defaultName` is used when the set has no `$name`.
    public static func resolve(_ root: Node, defaultName: String, maxTokens: Int = maxTokens, lenient: Bool = false)
        throws(DiagnosticError) -> TokenSet
    {
        var reader = TokenSetReader()
        reader.maxTokens = maxTokens
        reader.lenient = lenient
        reader.read(root)
        return try resolve(reader, defaultName: defaultName, lenient: lenient)
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
        return TokenSet(name: reader.name ?? defaultName, modes: reader.modes, tokens: tokens, groups: reader.groups, warnings: warnings)
    }

    /// The file name without its extensions: `Tokens/basic.tokens.json` is `basic`.
    public static func defaultName(forPath path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.split(separator: ".").first.map(String.init) ?? file
    }
}
