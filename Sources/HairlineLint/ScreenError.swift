import HairlineDiagnostics

/// Why a file is not a screen spec, or a reference in it does not resolve.
public enum ScreenError: Error, Sendable, Hashable {
    /// The top level is not a mapping.
    case rootNotMapping(found: String, at: Mark)
    /// The top level has no `screen:` key.
    case missingScreenKey(at: Mark)
    /// A key that must hold a string (`screen:`, `system:`) holds something else.
    case notAString(key: String, found: String, at: Mark)
    /// An element is not a one-key mapping.
    case notAnElement(found: String, at: Mark)
    /// An element's properties are not a mapping.
    case propertiesNotMapping(kind: String, found: String, at: Mark)
    /// `children:` is not a list.
    case childrenNotList(found: String, at: Mark)
    /// A property key that is not a string.
    case invalidPropertyName(at: Mark)
    /// A reference to no token.
    case unknownReference(reference: String, suggestion: String?, at: Mark)
    /// A reference to a group.
    case referenceToGroup(reference: String, at: Mark)
    /// A reference in a screen linted without a token set.
    case noTokenSet(reference: String, at: Mark)
    /// An unquoted `{group.token}`.
    case unquotedReference(at: Mark)

    /// The error as a diagnostic.
    public var diagnostic: Diagnostic {
        switch self {
        case .rootNotMapping(let found, let mark):
            .inputError("screen-structure", "a screen spec is a mapping with a 'screen:' key; found \(found)", at: mark)
        case .missingScreenKey(let mark):
            .inputError("screen-structure", "not a screen spec: the top-level mapping has no 'screen:' key", at: mark)
        case .notAString(let key, let found, let mark):
            .inputError("screen-structure", "'\(key)' must be a string; found \(found)", at: mark)
        case .notAnElement(let found, let mark):
            .inputError(
                "screen-structure", "an element is a one-key mapping, '- kind: {properties}'; found \(found)", at: mark)
        case .propertiesNotMapping(let kind, let found, let mark):
            .inputError("screen-structure", "the properties of '\(kind)' must be a mapping; found \(found)", at: mark)
        case .childrenNotList(let found, let mark):
            .inputError("screen-structure", "'children' must be a list of elements; found \(found)", at: mark)
        case .invalidPropertyName(let mark):
            .inputError("screen-structure", "a property name must be a string", at: mark)
        case .unknownReference(let reference, let suggestion, let mark):
            .inputError(
                "screen-reference",
                "'{\(reference)}' refers to no token" + (suggestion.map { "; did you mean '{\($0)}'?" } ?? ""), at: mark)
        case .referenceToGroup(let reference, let mark):
            .inputError("screen-reference", "'{\(reference)}' refers to a group, not a token", at: mark)
        case .noTokenSet(let reference, let mark):
            .inputError(
                "screen-reference", "'{\(reference)}' cannot be resolved: this screen is linted without a token set",
                at: mark)
        case .unquotedReference(let mark):
            .inputError(
                "screen-reference", "an unquoted {group.token} is a YAML mapping; quote the reference: \"{group.token}\"",
                at: mark)
        }
    }
}
