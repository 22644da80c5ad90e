/// The limits the YAML layer enforces, so that no input can exhaust time or memory.
public struct YAMLLimits: Sendable, Hashable {
    /// The largest file read, in bytes.
    public var maxFileBytes: Int
    /// The deepest nesting of sequences and mappings.
    public var maxDepth: Int
    /// How many nodes aliases may add to a document when counted as if expanded.
    public var maxAliasExpansion: Int

    /// Creates limits.
    public init(maxFileBytes: Int, maxDepth: Int, maxAliasExpansion: Int) {
        self.maxFileBytes = maxFileBytes
        self.maxDepth = maxDepth
        self.maxAliasExpansion = maxAliasExpansion
    }

    /// The limits every command uses: 32 MiB files, 512 levels of nesting, one million nodes added by aliases.
    public static let standard = YAMLLimits(
        maxFileBytes: 32 * 1024 * 1024,
        maxDepth: 512,
        maxAliasExpansion: 1_000_000
    )
}
