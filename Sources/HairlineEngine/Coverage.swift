import HairlineDiagnostics
import HairlineLint
import HairlineTokens

/// How much of the screens' values come from tokens (CONTRACT 6.6): per file and per property, the share of the
/// values a token could stand for (numbers, colours and references) that are token references; per token, how
/// many places name it; and the tokens no screen uses, directly or through an alias a screen names.
public struct Coverage: Sendable {
    /// References among the values of one file or one property.
    public struct Share: Sendable, Hashable {
        public let name: String
        public var references: Int
        public var values: Int

        /// The share as a fraction; 1 where there is no value.
        public var fraction: Double { values == 0 ? 1 : Double(references) / Double(values) }
    }

    /// The tokens of one system: how many screen places name each, and those nothing uses.
    public struct SystemTokens: Sendable {
        public let system: String
        /// Each used token's count of places, by path.
        public let uses: [String: Int]
        /// The tokens no screen names, nor reaches through an alias of a named token, by path.
        public let unused: [String]
    }

    public let files: [Share]
    public let properties: [Share]
    public let systems: [SystemTokens]
    /// What could not be read as a screen.
    public let inputErrors: [Diagnostic]

    /// The total over every file.
    public var total: Share {
        Share(name: "all", references: files.map(\.references).reduce(0, +), values: files.map(\.values).reduce(0, +))
    }
}

extension LintEngine {
    /// The coverage of the given screens, each read in its system.
    public func coverage(of screens: [ScreenInput]) -> Coverage {
        let (read, errors) = readScreens(screens)
        var files: [Coverage.Share] = []
        var properties: [String: Coverage.Share] = [:]
        var uses: [String: [String: Int]] = [:]
        var systems: [String: LintSystem] = [:]
        // The type roles a `role:` names: a typography token whose `$extensions.hairline.role` is the role, or whose
        // name is. A screen that writes `role: title` uses `{type.title}` as surely as one that names it.
        var roleTokens: [String: [String: [String]]] = [:]
        for (screen, system) in read {
            if systems[system.name] == nil, let tokens = system.tokens {
                var byRole: [String: [String]] = [:]
                for token in tokens.tokens where token.type == .typography {
                    let role = token.metadata["role"]?.string ?? token.name
                    byRole[role, default: []].append(token.path)
                }
                roleTokens[system.name] = byRole
            }
            systems[system.name] = system
            var file = Coverage.Share(name: screen.file, references: 0, values: 0)
            for element in screen.elements {
                for property in element.properties {
                    if property.name == "role", case .leaf(let leaf) = property.value, case .string(let role)? = leaf.literal {
                        for path in roleTokens[system.name]?[role] ?? [] { uses[system.name, default: [:]][path, default: 0] += 1 }
                    }
                    element.forEachLeaf(of: property.value, at: property.name) { path, leaf in
                        let isReference = leaf.token != nil
                        guard isReference || Self.couldBeAToken(leaf) else { return }
                        file.values += 1
                        properties[path, default: Coverage.Share(name: path, references: 0, values: 0)].values += 1
                        if isReference {
                            file.references += 1
                            properties[path]!.references += 1
                        }
                    }
                }
            }
            // Per token, the places the reader met (as `hairline diff` and the token sheet count them).
            for use in screen.references where system.tokens?[use.path] != nil { uses[system.name, default: [:]][use.path, default: 0] += 1 }
            files.append(file)
        }
        let tokenSystems = systems.values.sorted { $0.name < $1.name }.compactMap { system -> Coverage.SystemTokens? in
            guard let tokens = system.tokens else { return nil }
            let used = uses[system.name] ?? [:]
            // A used token's alias chain is used too.
            var reached = Set(used.keys)
            var frontier = Array(used.keys)
            while let path = frontier.popLast() {
                if let alias = tokens[path]?.alias, reached.insert(alias).inserted { frontier.append(alias) }
            }
            return Coverage.SystemTokens(system: system.name, uses: used, unused: tokens.tokens.map(\.path).filter { !reached.contains($0) })
        }
        return Coverage(
            files: files, properties: properties.values.sorted { $0.name < $1.name }, systems: tokenSystems,
            inputErrors: errors)
    }

    /// A literal a token could stand for: a number, or a colour.
    private static func couldBeAToken(_ leaf: Leaf) -> Bool {
        switch leaf.literal {
        case .number: true
        case .string(let text): RGBA(hex: text) != nil
        default: false
        }
    }
}
