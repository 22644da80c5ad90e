import HairlineDiagnostics

/// What changed between two versions of a token set (CONTRACT 6.6): tokens added, removed, renamed, changed per
/// mode, retyped, newly deprecated, or aliased to another token; and the version bump the change asks for.
public struct TokenDiff: Sendable {
    /// One change, in the order `compare` lists them: by kind, then by path.
    public enum Change: Sendable {
        case added(Token)
        case removed(Token)
        /// The old token is gone and the new one has its type and its value in every mode, and no other removed or
        /// added token has them: `how` says how the two were matched.
        case renamed(old: Token, new: Token, how: String)
        case retyped(old: Token, new: Token)
        /// Values that differ, by mode name (`value` in a set without modes).
        case changed(old: Token, new: Token, modes: [ModeChange])
        /// The token now names another (or no longer names one, or now names one).
        case aliasChanged(old: Token, new: Token)
        case deprecated(Token)

        /// The token's path in the new set (the old one for a removal).
        public var path: String {
            switch self {
            case .added(let token), .removed(let token), .deprecated(let token): token.path
            case .renamed(_, let new, _), .retyped(_, let new), .changed(_, let new, _), .aliasChanged(_, let new): new.path
            }
        }

        /// The kind as the reports name it.
        public var kind: String {
            switch self {
            case .added: "added"
            case .removed: "removed"
            case .renamed: "renamed"
            case .retyped: "retyped"
            case .changed: "changed"
            case .aliasChanged: "alias changed"
            case .deprecated: "deprecated"
            }
        }

        /// The old token whose name the change breaks — a removal's, a rename's or a retype's — or nil.
        public var brokenToken: Token? {
            switch self {
            case .removed(let token): token
            case .renamed(let old, _, _), .retyped(let old, _): old
            default: nil
            }
        }

        /// Whether screens and code that name the old token break.
        public var isBreaking: Bool { brokenToken != nil }

        fileprivate var order: Int {
            switch self {
            case .removed: 0
            case .renamed: 1
            case .retyped: 2
            case .changed: 3
            case .aliasChanged: 4
            case .deprecated: 5
            case .added: 6
            }
        }
    }

    /// A value changed in one mode.
    public struct ModeChange: Sendable, Hashable {
        public let mode: String
        public let old: TokenValue?
        public let new: TokenValue?
    }

    /// The version bump a change asks for, in semantic-versioning terms.
    public enum Verdict: String, Sendable, Comparable {
        case none
        case patch
        case minor
        case major

        private var rank: Int {
            switch self {
            case .none: 0
            case .patch: 1
            case .minor: 2
            case .major: 3
            }
        }

        public static func < (lhs: Verdict, rhs: Verdict) -> Bool { lhs.rank < rhs.rank }
    }

    public let changes: [Change]

    /// `major` for a removal, rename or retype; `minor` for an addition or deprecation; `patch` for changed values
    /// or aliases; `none` when nothing changed.
    public var verdict: Verdict {
        changes.map { change -> Verdict in
            switch change {
            case .removed, .renamed, .retyped: .major
            case .added, .deprecated: .minor
            case .changed, .aliasChanged: .patch
            }
        }.max() ?? .none
    }

    /// The changes that break what names the old tokens.
    public var breaking: [Change] { changes.filter(\.isBreaking) }

    /// Compares two sets: a walk of both in path order (each set is sorted by its paths' bytes), so no path is
    /// hashed.
    public static func compare(_ old: TokenSet, _ new: TokenSet) -> TokenDiff {
        var changes: [Change] = []
        var removed: [Token] = []
        var added: [Token] = []
        var kept: [(old: Token, new: Token)] = []
        kept.reserveCapacity(min(old.tokens.count, new.tokens.count))
        var (o, n) = (0, 0)
        while o < old.tokens.count || n < new.tokens.count {
            let order = o == old.tokens.count ? 1 : n == new.tokens.count ? -1 : TokenSet.compareBytes(old.tokens[o].path, new.tokens[n].path)
            if order < 0 {
                removed.append(old.tokens[o])
                o += 1
            } else if order > 0 {
                added.append(new.tokens[n])
                n += 1
            } else {
                kept.append((old.tokens[o], new.tokens[n]))
                o += 1
                n += 1
            }
        }
        // Renames: a removed and an added token with the same type and values in every mode, each the only one of
        // its side with them; two tokens that merely look alike are never paired.
        let oldModes = old.modes.isEmpty ? ["value"] : old.modes
        let newModes = new.modes.isEmpty ? ["value"] : new.modes
        func signature(_ token: Token, modes: [String]) -> Signature {
            Signature(type: token.type, values: Dictionary(zip(modes, token.values.count == 1 ? Array(repeating: token.values[0], count: modes.count) : token.values), uniquingKeysWith: { first, _ in first }))
        }
        if !removed.isEmpty, !added.isEmpty {
            let removedBySignature = Dictionary(grouping: removed) { signature($0, modes: oldModes) }
            let addedBySignature = Dictionary(grouping: added) { signature($0, modes: newModes) }
            var renamedOld: Set<String> = []
            var renamedNew: Set<String> = []
            for (key, olds) in removedBySignature {
                guard olds.count == 1, let news = addedBySignature[key], news.count == 1 else { continue }
                let (from, to) = (olds[0], news[0])
                let how =
                    from.name == to.name
                    ? "moved: same name, type and values"
                    : "the only removed and the only added token with this type and these values"
                changes.append(.renamed(old: from, new: to, how: how))
                renamedOld.insert(from.path)
                renamedNew.insert(to.path)
            }
            removed.removeAll { renamedOld.contains($0.path) }
            added.removeAll { renamedNew.contains($0.path) }
        }
        changes += removed.map(Change.removed)
        changes += added.map(Change.added)
        // Each mode of either set, with where it is in each (nil where a set lacks it).
        let oldPlaces = Dictionary(oldModes.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let newPlaces = Dictionary(newModes.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let modes = (newModes + oldModes.filter { newPlaces[$0] == nil }).map { (name: $0, old: oldPlaces[$0], new: newPlaces[$0]) }
        let sameModes = oldModes == newModes
        func value(_ token: Token, at place: Int?) -> TokenValue? {
            place.map { token.values.count == 1 ? token.values[0] : token.values[$0] }
        }
        for (oldToken, newToken) in kept {
            if oldToken.type != newToken.type {
                changes.append(.retyped(old: oldToken, new: newToken))
                continue
            }
            let modeChanges =
                sameModes && oldToken.values == newToken.values
                ? []
                : modes.compactMap { mode -> ModeChange? in
                    let (before, after) = (value(oldToken, at: mode.old), value(newToken, at: mode.new))
                    return before == after ? nil : ModeChange(mode: mode.name, old: before, new: after)
                }
            if !modeChanges.isEmpty { changes.append(.changed(old: oldToken, new: newToken, modes: modeChanges)) }
            if oldToken.alias != newToken.alias { changes.append(.aliasChanged(old: oldToken, new: newToken)) }
            if newToken.deprecated != nil, oldToken.deprecated == nil { changes.append(.deprecated(newToken)) }
        }
        changes.sort { ($0.order, $0.path) < ($1.order, $1.path) }
        return TokenDiff(changes: changes)
    }

    /// What a rename is matched by.
    private struct Signature: Hashable {
        let type: TokenType
        let values: [String: TokenValue]
    }
}
