import Foundation
import HairlineDiagnostics
import HairlineTokens
import Testing

/// `TokenDiff` against scripted edits of real sets — the four systems and the public sets: every removal, rename,
/// move, retype, per-mode value change and deprecation made is reported, and nothing else; two tokens that only
/// share a value are never taken for a rename.
@Suite("Token diff")
struct TokenDiffTests {
    static let sets: [String] = [
        "Tokens/blackbelt.yaml", "Tokens/fitbit.yaml", "Tokens/sculpt.yaml", "Tokens/tideturn.yaml",
        "Tests/Fixtures/External/tokens/shopify-polaris/shopify-polaris.resolver.json",
        "Tests/Fixtures/External/tokens/figma-sds/figma-sds.resolver.json",
    ]

    static func load(_ path: String) throws -> TokenSet {
        try TokenSetLoader.load(path: Binary.packageRoot.appendingPathComponent(path).path, displayPath: path, lenient: true)
    }

    /// A token like another, with some of its parts replaced.
    static func copy(
        _ token: Token, segments: [String]? = nil, type: TokenType? = nil, values: [TokenValue]? = nil, deprecated: String?? = nil
    ) -> Token {
        Token(
            segments: segments ?? token.segments, type: type ?? token.type, values: values ?? token.values, description: token.description,
            system: token.system, metadata: token.metadata, keyMark: token.keyMark, mark: token.mark,
            deprecated: deprecated ?? token.deprecated, alias: token.alias)
    }

    /// Tokens whose type and values no other token of the set shares: the ones a rename can be told by.
    static func distinct(_ set: TokenSet) -> [Token] {
        let counts = Dictionary(grouping: set.tokens) { "\($0.type)|\($0.values.map(\.json))" }
        return set.tokens.filter { counts["\($0.type)|\($0.values.map(\.json))"]!.count == 1 && $0.deprecated == nil }
    }

    @Test(arguments: sets)
    func scriptedEditsAreReportedExactly(_ path: String) throws {
        let old = try Self.load(path)
        let distinct = Self.distinct(old)
        try #require(distinct.count >= 8, "\(path) has too few distinct tokens to script edits with")
        // Spread the edits over the set: every k-th distinct token takes the next edit.
        let step = distinct.count / 8
        let picked = (0..<8).map { distinct[$0 * step] }
        let (removed, renamed, moved, retyped, changed, deprecated) = (picked[0], picked[1], picked[2], picked[3], picked[4], picked[5])
        var tokens = old.tokens.filter { $0 !== removed }
        func replace(_ token: Token, with new: Token) {
            tokens[tokens.firstIndex { $0 === token }!] = new
        }
        replace(renamed, with: Self.copy(renamed, segments: renamed.group + [renamed.name + "Renamed"]))
        replace(moved, with: Self.copy(moved, segments: ["elsewhere"] + moved.segments))
        let newType: TokenType = retyped.type == .string ? .number : .string
        replace(retyped, with: Self.copy(retyped, type: newType))
        var values = changed.values.count == 1 ? Array(repeating: changed.values[0], count: old.modeCount) : changed.values
        values[values.count - 1] = .string("changed-\(changed.path)")
        replace(changed, with: Self.copy(changed, values: values))
        replace(deprecated, with: Self.copy(deprecated, deprecated: .some("Use something else.")))
        let new = TokenSet(name: old.name, modes: old.modes, tokens: tokens.sorted { $0.path < $1.path }, groups: old.groups)

        let diff = TokenDiff.compare(old, new)
        let reported = diff.changes.map { "\($0.kind) \($0.path)" }.sorted()
        let expected = [
            "removed \(removed.path)",
            "renamed \(renamed.path)Renamed",
            "renamed elsewhere.\(moved.path)",
            "retyped \(retyped.path)",
            "changed \(changed.path)",
            "deprecated \(deprecated.path)",
        ].sorted()
        #expect(reported == expected)
        #expect(diff.verdict == .major)
        // The change in values names the mode it happened in, and only it.
        let modeChanges = diff.changes.compactMap { change -> [TokenDiff.ModeChange]? in
            if case .changed(_, _, let modes) = change { return modes }
            return nil
        }
        let lastMode = old.modes.last ?? "value"
        #expect(modeChanges.first?.map(\.mode) == [lastMode])
        // How a move was matched is said.
        let how = diff.changes.compactMap { change -> String? in
            if case .renamed(let from, _, let how) = change, from.path == moved.path { return how }
            return nil
        }
        #expect(how == ["moved: same name, type and values"])
    }

    @Test func twoTokensThatShareAValueAreNeverARename() throws {
        let old = try Self.load("Tokens/blackbelt.yaml")
        // Two removed tokens with the same type and values, one added with them too: nothing tells which was renamed.
        let twins = Dictionary(grouping: old.tokens) { "\($0.type)|\($0.values.map(\.json))" }.values.first { $0.count >= 2 }!
        let (first, second) = (twins[0], twins[1])
        var tokens = old.tokens.filter { $0 !== first && $0 !== second }
        tokens.append(Self.copy(first, segments: ["renamed", "twin"]))
        let new = TokenSet(name: old.name, modes: old.modes, tokens: tokens.sorted { $0.path < $1.path }, groups: old.groups)
        let kinds = TokenDiff.compare(old, new).changes.map { "\($0.kind) \($0.path)" }.sorted()
        #expect(kinds == ["added renamed.twin", "removed \(first.path)", "removed \(second.path)"].sorted())
    }

    /// Paths the two sets share, and paths only one has, interleaved in byte order (a prefix before its
    /// extensions, uppercase before lowercase, bytes past 0x7F last): each is added, removed or compared, as a
    /// lookup by path would say.
    @Test func pathsInterleavedInByteOrderAreMatchedByPath() throws {
        let mark = Mark.start(of: "t.yaml")
        func set(_ paths: [String], value: Double) -> TokenSet {
            let tokens = paths.map { path in
                Token(
                    segments: path.split(separator: ".").map(String.init), type: .number, values: [.number(path.hasPrefix("c") ? value : 1)],
                    description: nil, system: nil, metadata: [:], keyMark: mark, mark: mark)
            }
            return TokenSet(name: "t", modes: [], tokens: tokens, groups: [])
        }
        let oldPaths = ["a.card", "a.cardPadding", "a.é", "B.x", "c.shared", "c.z", "d.gone1", "d.gone2"]
        let newPaths = ["a.car", "a.card", "a.cardé", "B.x", "b.x", "c.shared", "c.z", "e.new"]
        let old = set(oldPaths, value: 1)
        let new = set(newPaths, value: 2)
        let changes = TokenDiff.compare(old, new).changes
        // Every token here has the value 1 except the `c` ones, so no removed and added pair is one of a kind: no renames.
        #expect(Set(changes.filter { $0.kind == "removed" }.map(\.path)) == Set(oldPaths).subtracting(newPaths))
        #expect(Set(changes.filter { $0.kind == "added" }.map(\.path)) == Set(newPaths).subtracting(oldPaths))
        #expect(changes.filter { $0.kind == "changed" }.map(\.path) == ["c.shared", "c.z"])
        #expect(changes.count == Set(oldPaths).symmetricDifference(newPaths).count + 2)
    }

    @Test func nothingChangedIsNone() throws {
        let set = try Self.load("Tokens/sculpt.yaml")
        let diff = TokenDiff.compare(set, set)
        #expect(diff.changes.isEmpty)
        #expect(diff.verdict == .none)
    }

    @Test func theVerdictIsTheLargestChangesBump() throws {
        let old = try Self.load("Tokens/tideturn.yaml")
        var tokens = old.tokens
        let last = tokens.removeLast()
        let added = TokenSet(name: old.name, modes: old.modes, tokens: old.tokens + [Self.copy(last, segments: ["zz", "new"])], groups: old.groups)
        #expect(TokenDiff.compare(old, added).verdict == .minor)
        let target = old.tokens.first { $0.type == .dimension }!
        let patched = TokenSet(
            name: old.name, modes: old.modes, tokens: old.tokens.map { $0 === target ? Self.copy($0, values: $0.values.map { _ in .number(12345) }) : $0 },
            groups: old.groups)
        #expect(TokenDiff.compare(old, patched).verdict == .patch)
    }
}
