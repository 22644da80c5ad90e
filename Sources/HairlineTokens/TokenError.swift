import HairlineDiagnostics

/// Why a token set is invalid. Each case knows where the problem is; a set reports all of its errors.
public enum TokenError: Error, Sendable, Hashable {
    /// The file's top level is not a mapping.
    case rootNotMapping(found: String, at: Mark)
    /// A group or token name starts with `$` or holds `{`, `}` or `.`.
    case invalidName(name: String, at: Mark)
    /// A `$` key Hairline does not know.
    case unknownProperty(key: String, at: Mark)
    /// A `$` key whose value has the wrong shape.
    case invalidProperty(key: String, expected: String, at: Mark)
    /// A `$type` Hairline does not know.
    case unknownType(name: String, at: Mark)
    /// A token with no `$type` on itself or any enclosing group, and no alias to take one from.
    case missingType(path: String, at: Mark)
    /// A value that does not parse for its type.
    case invalidValue(type: TokenType, problem: String, at: Mark)
    /// An alias to a path where there is nothing.
    case unknownReference(reference: String, suggestion: String?, at: Mark)
    /// An alias to a group.
    case referenceToGroup(reference: String, at: Mark)
    /// An alias to a token of another type.
    case typeMismatch(reference: String, expected: TokenType, found: TokenType, at: Mark)
    /// Aliases that form a cycle, every member named once.
    case cycle(members: [String], at: Mark)
    /// A mode value for a mode the set did not declare.
    case undeclaredMode(mode: String, modes: [String], at: Mark)
    /// A mode value mapping that leaves out a declared mode.
    case missingMode(mode: String, at: Mark)
    /// An unquoted `{group.token}`, which YAML reads as a mapping.
    case unquotedReference(at: Mark)
    /// A `$ref` JSON Pointer that lands on no token or part of one.
    case unresolvedPointer(pointer: String, at: Mark)
    /// Something lenient mode let through (a warning, not an error).
    case lenient(problem: String, at: Mark)
    /// More tokens than the limit.
    case tooManyTokens(limit: Int, at: Mark)

    /// The error as a diagnostic at its position.
    public var diagnostic: Diagnostic {
        switch self {
        case .rootNotMapping(let found, let mark):
            .inputError("token-structure", "a token set is a mapping of groups and tokens; found \(found)", at: mark)
        case .invalidName(let name, let mark):
            .inputError(
                "token-name", "invalid name '\(name)': names never start with '$' and never contain '{', '}' or '.'",
                at: mark)
        case .unknownProperty(let key, let mark):
            .inputError(
                "token-property",
                "unknown property '\(key)'; expected $value, $type, $description, $extensions, $deprecated "
                    + "(and $name, $modes at the top)", at: mark)
        case .invalidProperty(let key, let expected, let mark):
            .inputError("token-property", "'\(key)' must be \(expected)", at: mark)
        case .unknownType(let name, let mark):
            .inputError(
                "token-type",
                "unknown $type '\(name)'; expected one of \(TokenType.allCases.map(\.rawValue).joined(separator: ", "))",
                at: mark)
        case .missingType(let path, let mark):
            .inputError(
                "token-type", "token '\(path)' has no $type: give it one, or give one to an enclosing group", at: mark)
        case .invalidValue(let type, let problem, let mark):
            .inputError("token-value", "invalid \(type.rawValue): \(problem)", at: mark)
        case .unknownReference(let reference, let suggestion, let mark):
            .inputError(
                "token-reference",
                "'{\(reference)}' refers to no token" + (suggestion.map { "; did you mean '{\($0)}'?" } ?? ""), at: mark)
        case .referenceToGroup(let reference, let mark):
            .inputError("token-reference", "'{\(reference)}' refers to a group, not a token", at: mark)
        case .typeMismatch(let reference, let expected, let found, let mark):
            .inputError(
                "token-reference",
                "'{\(reference)}' is a \(found.rawValue) token where a \(expected.rawValue) is expected", at: mark)
        case .cycle(let members, let mark):
            .inputError(
                "token-cycle", "aliases form a cycle: " + (members + [members[0]]).joined(separator: " → "), at: mark)
        case .undeclaredMode(let mode, let modes, let mark):
            .inputError(
                "token-mode", "'\(mode)' is not a declared mode; the modes are \(modes.joined(separator: ", "))",
                at: mark)
        case .missingMode(let mode, let mark):
            .inputError("token-mode", "no value for mode '\(mode)'; a token with mode values names every mode", at: mark)
        case .unresolvedPointer(let pointer, let mark):
            .inputError("token-reference", "$ref '\(pointer)' points to no token or part of a token's value", at: mark)
        case .lenient(let problem, let mark):
            Diagnostic(severity: .warning, code: "token-lenient", message: problem, mark: mark, isInputError: false)
        case .tooManyTokens(let limit, let mark):
            .inputError("token-limit", "the token set holds more than \(limit) tokens", at: mark)
        case .unquotedReference(let mark):
            .inputError(
                "token-reference", "an unquoted {group.token} is a YAML mapping; quote the reference: \"{group.token}\"",
                at: mark)
        }
    }
}
