import HairlineDiagnostics
import HairlineYAML
import Testing

@testable import HairlineTokens

@Suite("Token resolution")
struct TokenResolutionTests {
    @Test func typeIsInheritedFromTheNearestGroup() throws {
        let set = try TokenHelpers.resolve("""
            a:
              $type: dimension
              b:
                $type: number
                c: 0.5
              d: 4
            """)
        #expect(set["a.b.c"]?.type == .number)
        #expect(set["a.d"]?.type == .dimension)
    }

    @Test func aliasesResolveThroughChainsAndInsideComposites() throws {
        let set = try TokenHelpers.resolve("""
            size:
              $type: dimension
              base: 17
              body: "{size.base}"
              headline: "{size.body}"
            weight:
              $type: fontWeight
              medium: medium
            type:
              $type: typography
              headline: {fontSize: "{size.headline}", fontWeight: "{weight.medium}"}
            """)
        #expect(set["size.headline"]?.value == .number(17))
        #expect(set["type.headline"]?.value.json == "{\"fontSize\": 17, \"fontWeight\": 500}")
    }

    @Test func anUntypedAliasTakesItsTargetsType() throws {
        let set = try TokenHelpers.resolve("""
            color:
              $type: color
              teal: "#00A5A8"
            info:
              $value: "{color.teal}"
            also: "{color.teal}"
            """)
        #expect(set["info"]?.type == .color)
        #expect(set["also"]?.type == .color)
        #expect(set["also"]?.value == .string("#00A5A8"))
    }

    @Test func modeValuesAndAliasesToThem() throws {
        let set = try TokenHelpers.resolve("""
            $modes: [light, dark]
            color:
              $type: color
              canvas: {light: "#F3F6FB", dark: "#0B1020"}
              background: "{color.canvas}"
              white: "#FFFFFF"
              card:
                $value: {light: "{color.white}", dark: "#151B2B"}
            """)
        #expect(set.modes == ["light", "dark"])
        #expect(set["color.background"]?.values == [.string("#F3F6FB"), .string("#0B1020")])
        #expect(set["color.white"]?.values == [.string("#FFFFFF"), .string("#FFFFFF")])
        #expect(set["color.white"]?.differsByMode == false)
        #expect(set["color.card"]?.values == [.string("#FFFFFF"), .string("#151B2B")])
    }

    @Test func compositeShorthandIsATokenAndOtherMappingsAreGroups() throws {
        let set = try TokenHelpers.resolve("""
            space:
              $type: dimension
              inset: {value: 20, unit: px}
              nested: {small: 4}
            """)
        #expect(set["space.inset"]?.value == .number(20))
        #expect(set["space.nested.small"]?.value == .number(4))
        #expect(set.groups == ["space", "space.nested"])
    }

    @Test func metadataIsInheritedAndAnAliasOverlaysItsTargets() throws {
        let set = try TokenHelpers.resolve("""
            color:
              $type: color
              metric:
                $extensions: {hairline: {usage: data}}
                sleep:
                  $value: "#7B61FF"
                  $extensions: {hairline: {metric: sleep}}
              steps:
                $value: "{color.metric.sleep}"
                $extensions: {hairline: {metric: steps}}
            """)
        #expect(set["color.metric.sleep"]?.metadata == ["usage": .string("data"), "metric": .string("sleep")])
        #expect(set["color.steps"]?.metadata == ["usage": .string("data"), "metric": .string("steps")])
    }

    @Test func nameDefaultsToTheFileName() {
        #expect(TokenSetLoader.defaultName(forPath: "Tokens/basic.tokens.json") == "basic")
        #expect(TokenSetLoader.defaultName(forPath: "fitbit.yaml") == "fitbit")
    }

    @Test func aTenThousandLongChainResolves() throws {
        var lines = ["chain:", "  $type: dimension", "  t0: 8"]
        for index in 1..<10_000 { lines.append("  t\(index): \"{chain.t\(index - 1)}\"") }
        let set = try TokenHelpers.resolve(lines.joined(separator: "\n"))
        #expect(set["chain.t9999"]?.value == .number(8))
    }

    @Test func tokensAreSortedByTheBytesOfTheirPaths() throws {
        // Byte order, not Unicode order: uppercase before lowercase, a prefix before its extensions, and
        // "é" (C3 A9) after "z"; the sort must agree with comparing UTF8Views byte by byte.
        let set = try TokenHelpers.resolve("a:\n  $type: number\n  é: 1\n  z: 2\n  Z: 3\n  b: 4\n  b1: 5\n  bb: 6\n")
        #expect(set.tokens.map(\.path) == ["a.Z", "a.b", "a.b1", "a.bb", "a.z", "a.é"])
        let words = ["", "a", "ab", "b", "B", "é", "e\u{301}", "日本", "a\u{0}", "z", "aa", "Ω"]
        for left in words {
            for right in words {
                #expect((TokenSet.compareBytes(left, right) < 0) == left.utf8.lexicographicallyPrecedes(right.utf8), "\(left) \(right)")
            }
        }
    }
}

@Suite("Token errors")
struct TokenErrorTests {
    @Test func unknownReferenceSuggestsTheNearestPath() {
        #expect(TokenHelpers.errors("""
            spacing:
              $type: dimension
              cardPadding: 16
              inset: "{spacing.cardPading}"
            """) == ["4:10: '{spacing.cardPading}' refers to no token; did you mean '{spacing.cardPadding}'? [token-reference]"])
    }

    @Test func unknownReferenceWithNothingClose() {
        #expect(TokenHelpers.errors("a:\n  $type: number\n  b: \"{zzz.qqq}\"\n")
            == ["3:6: '{zzz.qqq}' refers to no token [token-reference]"])
    }

    @Test func referenceToAGroup() {
        #expect(TokenHelpers.errors("a:\n  $type: number\n  g:\n    x: 1\n  b: \"{a.g}\"\n")
            == ["5:6: '{a.g}' refers to a group, not a token [token-reference]"])
    }

    @Test func referenceToAnotherType() {
        #expect(TokenHelpers.errors("""
            color:
              $type: color
              ink: "#111114"
            size:
              $type: dimension
              pad: "{color.ink}"
            """) == ["6:8: '{color.ink}' is a color token where a dimension is expected [token-reference]"])
    }

    @Test func referenceOfTheWrongTypeInsideAComposite() {
        #expect(TokenHelpers.errors("""
            size:
              $type: dimension
              body: 17
            shadow:
              $type: shadow
              card: {color: "{size.body}", offsetX: 0, offsetY: 1, blur: 2}
            """) == ["6:17: '{size.body}' is a dimension token where a color is expected [token-reference]"])
    }

    @Test func aCycleIsReportedOnceWithEveryMember() {
        #expect(TokenHelpers.errors("""
            a:
              $type: number
              x: "{a.y}"
              y: "{a.z}"
              z: "{a.x}"
              w: "{a.x}"
            """) == ["3:6: aliases form a cycle: a.x → a.y → a.z → a.x [token-cycle]"])
    }

    @Test func aSelfReference() {
        #expect(TokenHelpers.errors("a:\n  $type: number\n  x: \"{a.x}\"\n")
            == ["3:6: aliases form a cycle: a.x → a.x [token-cycle]"])
    }

    @Test func invalidNames() {
        #expect(TokenHelpers.errors("""
            a:
              $type: number
              b.c: 1
              "{d}": 2
              $weird: 3
            """) == [
                "3:3: invalid name 'b.c': names never start with '$' and never contain '{', '}' or '.' [token-name]",
                "4:3: invalid name '{d}': names never start with '$' and never contain '{', '}' or '.' [token-name]",
                "5:3: unknown property '$weird'; expected $value, $type, $description, $extensions, $deprecated (and $name, $modes at the top) [token-property]",
            ])
    }

    @Test func tokenWithoutAType() {
        #expect(TokenHelpers.errors("a:\n  b: 4\n") == ["2:6: token 'a.b' has no $type: give it one, or give one to an enclosing group [token-type]"])
    }

    @Test func unknownType() {
        #expect(TokenHelpers.errors("a:\n  $type: colour\n  b: 4\n").first
            == "2:10: unknown $type 'colour'; expected one of dimension, color, number, string, fontFamily, fontWeight, duration, cubicBezier, typography, shadow, gradient, border, strokeStyle, transition [token-type]")
    }

    @Test func undeclaredAndMissingModes() {
        #expect(TokenHelpers.errors("""
            $modes: [light, dark]
            color:
              $type: color
              canvas: {light: "#FFFFFF", dim: "#000000"}
              ink: {light: "#111114"}
            """) == [
                "4:11: no value for mode 'dark'; a token with mode values names every mode [token-mode]",
                "4:30: 'dim' is not a declared mode; the modes are light, dark [token-mode]",
                "5:8: no value for mode 'dark'; a token with mode values names every mode [token-mode]",
            ])
    }

    @Test func unquotedReference() {
        #expect(TokenHelpers.errors("a:\n  $type: number\n  b: {a.c}\n  c: 1\n")
            == ["3:6: an unquoted {group.token} is a YAML mapping; quote the reference: \"{group.token}\" [token-reference]"])
    }

    @Test func everyErrorInTheFileIsReported() {
        let errors = TokenHelpers.errors("""
            a:
              $type: dimension
              one: 16em
              two: "{a.three}"
              three: "{a.nope}"
            b:
              four: 4
            """)
        #expect(errors.count == 3)
        #expect(errors.map { $0.prefix(5) } == ["3:8: ", "5:10:", "7:9: "])
    }

    @Test func aTopLevelListIsNotATokenSet() {
        #expect(TokenHelpers.errors("- 1\n- 2\n") == ["1:1: a token set is a mapping of groups and tokens; found a list [token-structure]"])
    }
}

/// A large set's references are found and its waves resolved on every core: the tokens and the errors must be
/// the ones a run on one core gives.
@Suite("Token resolution on every core")
struct ParallelResolutionTests {
    /// 40 groups of 150 tokens: literals, chains of aliases eight long, composites with aliases inside, and every
    /// error the resolver reports (an alias to nothing, to a group, a cycle, a bad value and what depends on it).
    static func largeSet() -> String {
        var text = "$modes: [light, dark]\n"
        for group in 0..<40 {
            text += "g\(group):\n  $type: dimension\n"
            for token in 0..<150 {
                switch token % 8 {
                case 0: text += "  t\(token): {light: \(token), dark: \(token + 1)}\n"
                case 7: text += "  t\(token): \"{g\((group + 1) % 40).t\(token - 7)}\"\n"
                default: text += "  t\(token): \"{g\(group).t\(token - 1)}\"\n"
                }
            }
            text += "  shadow:\n    $type: shadow\n    $value: {color: \"#000000\", offsetX: \"{g\(group).t0}\", offsetY: 2, blur: 4, spread: 0}\n"
        }
        text += """
            broken:
              $type: dimension
              nothing: "{g0.missing}"
              group: "{g1}"
              loopA: "{broken.loopB}"
              loopB: "{broken.loopA}"
              bad: 12 apples
              onBad: "{broken.bad}"

            """
        return text
    }

    static func resolve(_ reader: TokenSetReader, parallelMinimum: Int) -> (tokens: [String], errors: [String]) {
        var resolver = TokenResolver(
            raw: reader.tokens, modeCount: max(1, reader.modes.count), groups: reader.groups, root: reader.root)
        resolver.parallelMinimum = parallelMinimum
        let tokens = resolver.resolve().map { "\($0.path) \($0.type) \($0.values.map(\.json))" }
        let errors = resolver.errors.map(\.diagnostic).sorted(by: Diagnostic.outputOrder).map { "\($0.mark) \($0.message)" }
        return (tokens, errors)
    }

    @Test func tokensAndErrorsAreTheOnesOneCoreGives() throws {
        var reader = TokenSetReader()
        reader.read(try YAMLSource.parse(Self.largeSet(), file: "t.yaml"))
        let one = Self.resolve(reader, parallelMinimum: .max)
        let every = Self.resolve(reader, parallelMinimum: 1)
        #expect(one.tokens.count == 40 * 151)
        #expect(one.tokens == every.tokens)
        #expect(one.errors == every.errors)
        // The alias to nothing, the alias to a group, the cycle, the bad value; not what depends on it.
        #expect(one.errors.count == 4, "\(one.errors)")
        #expect(one.errors.contains { $0.contains("broken.loopA") })
    }
}

@Suite("Token set order")
struct TokenSetOrderTests {
    /// Paths that share their first eight bytes are ordered by their whole bytes, also across the parts a large set
    /// is sorted in on different cores and merged from; equal prefixes, a path that is a prefix of another and
    /// non-ASCII names included.
    @Test func pathsSharingTheirFirstBytesAreInByteOrder() {
        let names = (0..<6_000).map { number in
            ["color.palette.blue.\(number)", "color.palette.bl\(number % 10)", "color.pal", "é\(number).x"][number % 4] + "\(number / 4)"
        }
        var generator = SystemRandomNumberGenerator()
        let tokens = names.shuffled(using: &generator).map { path in
            Token(segments: path.split(separator: ".").map(String.init), type: .number, values: [.number(1)], description: nil, system: nil,
                metadata: [:], keyMark: .start(of: "t.yaml"), mark: .start(of: "t.yaml"))
        }
        let set = TokenSet(name: "t", modes: [], tokens: tokens, groups: [])
        #expect(set.tokens.map(\.path) == names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(tokens.allSatisfy { set[$0.path] === $0 })
    }

    /// A large set given out of order is in path order, and every token found by its path.
    @Test func aLargeSetIsInPathOrderAndIndexed() throws {
        let resolved = try TokenHelpers.resolve(ParallelResolutionTests.largeSet().components(separatedBy: "broken:")[0])
        #expect(resolved.tokens.count >= 4096)
        // Out of order on purpose: the second half first, each half reversed, every third token moved to the end.
        let half = resolved.tokens.count / 2
        var scrambled = Array(resolved.tokens[half...].reversed()) + Array(resolved.tokens[..<half].reversed())
        scrambled = scrambled.enumerated().filter { $0.offset % 3 != 0 }.map(\.element) + scrambled.enumerated().filter { $0.offset % 3 == 0 }.map(\.element)
        let set = TokenSet(name: "t", modes: resolved.modes, tokens: scrambled, groups: resolved.groups)
        let expected = scrambled.map(\.path).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(set.tokens.map(\.path) == expected)
        #expect(set.tokens.map(\.path) == resolved.tokens.map(\.path))
        #expect(scrambled.allSatisfy { set[$0.path] === $0 })
        #expect(set["g0.nothing"] == nil)
        #expect(resolved.tokens.allSatisfy { resolved[$0.path] === $0 })
        #expect(resolved["g0.nothing"] == nil)
    }

    /// A set sorts its tokens by their paths' bytes and finds each by its path: paths that share a prefix, one
    /// that starts another, bytes past 0x7F.
    @Test func aSetSortsItsTokensByTheirPathsBytes() throws {
        let paths = [
            "spacing.card", "spacing.cardPadding", "spacing.car", "spacing", "spacin", "s", "sp.a", "sp",
            "spacing.cardé", "spacing.card😀", "spacing.cardz", "Spacing", "spacing.card.inner", "a.b.c.d.e", "a.b.c.d.",
        ]
        let expected = paths.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let mark = Mark.start(of: "t.yaml")
        let tokens = paths.map { path in
            Token(
                segments: path.split(separator: ".").map(String.init), path: path, type: .number, values: [.number(1)],
                description: nil, system: nil, metadata: [:], keyMark: mark, mark: mark)
        }
        let set = TokenSet(name: "t", modes: [], tokens: tokens.reversed(), groups: [])
        #expect(set.tokens.map(\.path) == expected)
        for path in paths {
            #expect(set[path]?.path == path)
            #expect(set[path + "x"] == nil)
        }
    }

    /// A loaded set keeps the positions its resolver looked aliases up by: every token is found by its path after
    /// the sort, among paths that share their first eight bytes or more.
    @Test func aLoadedSetFindsEveryTokenByItsPath() throws {
        var lines = ["spacing:", "  $type: dimension"]
        let names = ["card", "cardPadding", "car", "cardé", "card😀", "cardz", "Card", "é", "z", "a"]
        for (index, name) in names.reversed().enumerated() { lines.append("  \(name): \(index)") }
        lines += ["  alias: \"{spacing.cardé}\"", "spacingX:", "  $type: number", "  card: 1"]
        let set = try TokenHelpers.resolve(lines.joined(separator: "\n"))
        let paths = names.map { "spacing." + $0 } + ["spacing.alias", "spacingX.card"]
        #expect(set.tokens.map(\.path) == paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        for path in paths { #expect(set[path]?.path == path) }
        #expect(set["spacing.alias"]?.value == set["spacing.cardé"]?.value)
        #expect(set["spacing.card😀x"] == nil)
    }
}

@Suite("Token reading of a large set")
struct ParallelReadingTests {
    /// The large set, with what the reader reports: a bad name, an unknown property, a group that extends
    /// another, and (lenient) a key inside a token.
    static let text = ParallelResolutionTests.largeSet() + """
        bad name: 1
        g5x:
          $extends: "{g5}"
          $bogus: 1
          t0: 99
        g6x:
          $type: dimension
          odd: {$value: 1, note: loose}

        """

    static func read(maxTokens: Int = TokenSetReader.maxTokens, lenient: Bool = false) throws -> [String] {
        var reader = TokenSetReader()
        reader.maxTokens = maxTokens
        reader.lenient = lenient
        reader.read(try YAMLSource.parse(Self.text, file: "t.yaml"))
        return reader.tokens.map { "\($0.path) \($0.mark) \($0.declaredType.map { "\($0)" } ?? "-") \($0.values.map(\.mark))" }
            + reader.groups.sorted()
            + (reader.errors + reader.warnings).map { "\($0.diagnostic.mark) \($0.diagnostic.message)" }
    }

    @Test(arguments: [false, true])
    func aLargeSetsTokensGroupsAndErrorsAreRead(lenient: Bool) throws {
        let one = try Self.read(lenient: lenient)
        #expect(one.count > 6_000)
        #expect(one.contains { $0.contains("g5x.t149") })
    }

    @Test func aTokenLimitIsReportedOnce() throws {
        let one = try Self.read(maxTokens: 4_000)
        #expect(one.filter { $0.contains("holds more than 4000 tokens") }.count == 1, "\(one.suffix(3))")
    }
}

@Suite("Path index")
struct PathIndexTests {
    /// In shards or whole, every path is found at its position (the later one where a path comes twice), a path
    /// it does not hold is not, and it counts and lists each path once.
    @Test(arguments: [1, 4096])
    func everyPathIsFoundWhereItWasGiven(parallelMinimum: Int) {
        let paths = (0..<5_000).map { "group\($0 % 7).token\($0)" } + ["", "é", "group1.token8", "a.b"]
        let index = PathIndex(paths, parallelMinimum: parallelMinimum)
        var expected: [String: Int] = [:]
        for (position, path) in paths.enumerated() { expected[path] = position }
        #expect(expected.allSatisfy { index[$0.key] == $0.value })
        #expect(index["group1.token8"] == paths.count - 2)
        #expect(index["group1.token5000"] == nil)
        #expect(index.count == expected.count)
        #expect(Set(index.paths) == Set(expected.keys))
        #expect(Array(index.paths).count == expected.count)
    }
}
