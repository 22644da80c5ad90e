import HairlineDiagnostics

/// A resolved token: its path, type, value in every mode, and what documents it. A class, so the many places
/// that hold a token (every leaf that references it) share one instance.
public final class Token: Sendable {
    /// The segments of the path before the name: `["color"]`; one array shared by all of a group's tokens where
    /// the set was read in one pass.
    public let group: [String]
    /// The last segment of the path: `canvas`.
    public let name: String
    /// The path's segments: `["color", "canvas"]`, made when asked for.
    public var segments: [String] { group + [name] }
    /// The path joined with `.`: `color.canvas`.
    public let path: String
    /// The token's type, declared, inherited from a group, or taken from an alias's target.
    public let type: TokenType
    /// The value in each mode, in `$modes` order; one value when the set declares no modes.
    public let values: [TokenValue]
    /// `$description`, if given.
    public let description: String?
    /// The iOS system colour a colour token names (its value is the fallback), if any.
    public let system: String?
    /// `$extensions.hairline` metadata, the groups' inherited under the token's own.
    public let metadata: [String: TokenValue]
    /// Where the token's name is.
    public let keyMark: Mark
    /// Where the token's value is.
    public let mark: Mark
    /// Whether the value differs between modes: worked out once, as every emitter asks for every token.
    public let differsByMode: Bool
    /// Why the token is deprecated (`$deprecated`: its text, or empty for `true`); nil when it is not.
    public let deprecated: String?
    /// The token its value is an alias of (`"{color.accent}"` as the whole value, in the first mode), if it is one.
    public let alias: String?
    /// The metadata keys this token has from the token it aliases, each with the token that set it.
    public let inheritedFrom: [String: String]
    /// A colour written in display-p3, its components and alpha in each mode (nil in a mode written otherwise):
    /// `values` holds the sRGB conversion, which loses what lies outside sRGB; an asset catalog keeps these.
    public let displayP3: [[Double]?]

    /// Creates a token.
    public convenience init(
        segments: [String], type: TokenType, values: [TokenValue], description: String?, system: String?,
        metadata: [String: TokenValue], keyMark: Mark, mark: Mark, deprecated: String? = nil, alias: String? = nil,
        inheritedFrom: [String: String] = [:], displayP3: [[Double]?] = []
    ) {
        self.init(
            segments: segments, path: segments.joined(separator: "."), type: type, values: values, description: description,
            system: system, metadata: metadata, keyMark: keyMark, mark: mark, deprecated: deprecated, alias: alias, inheritedFrom: inheritedFrom,
            displayP3: displayP3)
    }

    /// Creates a token whose dotted path is already joined.
    convenience init(
        segments: [String], path: String, type: TokenType, values: [TokenValue], description: String?, system: String?,
        metadata: [String: TokenValue], keyMark: Mark, mark: Mark, deprecated: String? = nil, alias: String? = nil,
        inheritedFrom: [String: String] = [:], displayP3: [[Double]?] = []
    ) {
        precondition(!segments.isEmpty, "a token's path has at least one segment")
        let place = TokenPlace(segments: segments)
        self.init(
            group: place.group, name: place.name, path: path, type: type, values: values,
            description: description, system: system, metadata: metadata, keyMark: keyMark, mark: mark, deprecated: deprecated,
            alias: alias, inheritedFrom: inheritedFrom, displayP3: displayP3)
    }

    /// Creates a token in a group, its dotted path already joined.
    init(
        group: [String], name: String, path: String, type: TokenType, values: [TokenValue], description: String?,
        system: String?, metadata: [String: TokenValue], keyMark: Mark, mark: Mark, deprecated: String? = nil, alias: String? = nil,
        inheritedFrom: [String: String] = [:], displayP3: [[Double]?] = []
    ) {
        self.deprecated = deprecated
        self.alias = alias
        self.inheritedFrom = inheritedFrom
        self.displayP3 = displayP3
        precondition(!values.isEmpty, "a token has a value in at least one mode")
        self.group = group
        self.name = name
        self.path = path
        self.type = type
        self.values = values
        self.description = description
        self.system = system
        self.metadata = metadata
        self.keyMark = keyMark
        self.mark = mark
        differsByMode = values.contains { $0 != values[0] }
    }

    /// The value in the default (first) mode.
    public var value: TokenValue { values[0] }

    /// The one token a deprecation names as its replacement (`"use {color.accent}"`), when it names exactly one.
    public var replacement: String? {
        guard let deprecated else { return nil }
        var references: [String] = []
        var rest = deprecated[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if let reference = TokenReference(String(rest[open...close])) { references.append(reference.path) }
            rest = rest[rest.index(after: close)...]
        }
        return references.count == 1 ? references[0] : nil
    }
}
