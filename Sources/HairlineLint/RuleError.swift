import HairlineDiagnostics

/// Why a rule set is invalid. Each case knows where the problem is; a rule file reports all its errors.
public enum RuleError: Error, Sendable, Hashable {
    case notAMapping(what: String, found: String, at: Mark)
    case missingKey(key: String, in: String, at: Mark)
    case unknownKey(key: String, allowed: [String], at: Mark)
    case wrongType(key: String, expected: String, found: String, at: Mark)
    case unknownCheck(name: String, suggestion: String?, at: Mark)
    case notOneCheck(count: Int, at: Mark)
    case selectorNotString(found: String, at: Mark)
    case selectorSyntax(selector: String, problem: String, at: Mark)
    case duplicateID(id: String, at: Mark, first: Mark)
    case unknownPlaceholder(name: String, at: Mark)
    case invalidRegex(pattern: String, problem: String, at: Mark)
    case unresolvedValues(reference: String, problem: String, at: Mark)
    case invalidExtends(path: String, problem: String, at: Mark)
    case wrongCheckForTokens(check: String, at: Mark)

    /// The error as a diagnostic.
    public var diagnostic: Diagnostic {
        switch self {
        case .notAMapping(let what, let found, let mark):
            .inputError("rule-structure", "\(what) must be a mapping; found \(found)", at: mark)
        case .missingKey(let key, let place, let mark):
            .inputError("rule-structure", "\(place) needs '\(key)'", at: mark)
        case .unknownKey(let key, let allowed, let mark):
            .inputError("rule-structure", "unknown key '\(key)'; expected one of \(allowed.joined(separator: ", "))", at: mark)
        case .wrongType(let key, let expected, let found, let mark):
            .inputError("rule-structure", "'\(key)' must be \(expected); found \(found)", at: mark)
        case .unknownCheck(let name, let suggestion, let mark):
            .inputError(
                "rule-check",
                "unknown check '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
                    + "; the checks are \(CheckRegistry.names.joined(separator: ", "))", at: mark)
        case .notOneCheck(let count, let mark):
            .inputError("rule-check", "'check' holds exactly one check; found \(count)", at: mark)
        case .selectorNotString(let found, let mark):
            .inputError(
                "rule-selector",
                "a selector must be a string; found \(found). Quote it: YAML reads [x] as a list, #x as a comment, *x as an alias",
                at: mark)
        case .selectorSyntax(let selector, let problem, let mark):
            // A long selector is shown by its start: the mark says where the rest is.
            .inputError("rule-selector", "invalid selector '\(selector.count > 80 ? selector.prefix(79) + "…" : selector)': \(problem)", at: mark)
        case .duplicateID(let id, let mark, let first):
            .inputError(
                "rule-duplicate-id", "rule id '\(id)' is already used; ids are unique across every rule set in a run",
                at: mark, notes: [.init("'\(id)' is first defined here", at: first)])
        case .unknownPlaceholder(let name, let mark):
            .inputError(
                "rule-message",
                "unknown placeholder '{\(name)}'; a message may use {value}, {property}, {kind}, {max}, {min}, {expected}",
                at: mark)
        case .invalidRegex(let pattern, let problem, let mark):
            .inputError("rule-check", "invalid regular expression '\(pattern)': \(problem)", at: mark)
        case .unresolvedValues(let reference, let problem, let mark):
            .inputError("rule-reference", "'\(reference)' \(problem)", at: mark)
        case .invalidExtends(let path, let problem, let mark):
            .inputError("rule-structure", "cannot extend '\(path)': \(problem)", at: mark)
        case .wrongCheckForTokens(let check, let mark):
            .inputError(
                "rule-check",
                "'\(check)' cannot check tokens; a 'tokens:' rule uses allowed, min, max, pattern or same-in-all-modes",
                at: mark)
        }
    }
}
