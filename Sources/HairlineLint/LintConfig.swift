import Foundation
import HairlineDiagnostics
import HairlineYAML

/// `.hairline.yml`: the design systems of a repository (their token set, rule sets and screen globs), rule
/// overrides, and include/exclude globs. Paths and globs are relative to the config file's folder.
public struct LintConfig: Sendable {
    /// One design system.
    public struct System: Sendable {
        public let name: String
        public let mark: Mark
        /// The token set's path, relative to the config's folder.
        public let tokens: String?
        /// The rule files' paths, relative to the config's folder.
        public let rules: [String]
        /// Globs of the screens that belong to the system.
        public let screens: [Glob]
        /// Where the token set's path and each rule file's path are written.
        public let tokensMark: Mark?
        public let ruleMarks: [Mark]

        public init(name: String, mark: Mark, tokens: String?, rules: [String], screens: [Glob], tokensMark: Mark? = nil, ruleMarks: [Mark] = []) {
            self.name = name
            self.mark = mark
            self.tokens = tokens
            self.rules = rules
            self.screens = screens
            self.tokensMark = tokensMark
            self.ruleMarks = ruleMarks
        }

        /// The system's files with where each is named: the token set first, then the rule files.
        public var files: [(path: String, mark: Mark)] {
            ([tokens.map { ($0, tokensMark ?? mark) }].compactMap { $0 })
                + rules.enumerated().map { ($1, $0 < ruleMarks.count ? ruleMarks[$0] : mark) }
        }
    }

    /// A path the config names: an absolute one as given, a relative one from the config's folder.
    public func url(of path: String) -> URL {
        URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL
    }

    /// The config file's path as printed.
    public let file: String
    /// The folder paths in the config are relative to.
    public let folder: URL
    public let systems: [System]
    public let overrides: [String: RuleOverride]
    /// The rules whose fixes are turned off (`{fix: false}`).
    public let fixesOff: Set<String>
    /// Globs a file must match to be linted (all files when empty).
    public let include: [Glob]
    /// Globs of files never linted.
    public let exclude: [Glob]
    /// Folders outside the project that files may name (`allow:`), relative to the config's folder.
    public let allow: [String]
    /// Where each rule id of `rules:` is written.
    public var overrideMarks: [String: Mark] = [:]
    /// Where each `allow:` entry is written.
    public var allowMarks: [Mark] = []

    /// The config's file name.
    public static let fileName = ".hairline.yml"

    /// The system with a name.
    public func system(named name: String) -> System? {
        systems.first { $0.name == name }
    }

    /// The first system whose `screens` globs match a path (relative to the config's folder).
    public func system(forScreen relativePath: String) -> System? {
        systems.first { $0.screens.contains { $0.matches(relativePath) } }
    }

    /// Reads a config; throws every error in it, each at its mark.
    public static func load(path: String, displayPath: String? = nil, documents: Documents = .disk) throws(DiagnosticError) -> LintConfig {
        let shown = displayPath ?? path
        let root: Node
        do {
            root = try documents.load(path: path, displayPath: shown)
        } catch {
            throw DiagnosticError(error.diagnostic)
        }
        var errors: [RuleError] = []
        let config = read(root, file: shown, folder: URL(fileURLWithPath: path).deletingLastPathComponent(), errors: &errors)
        guard errors.isEmpty else {
            throw DiagnosticError(errors.map { Self.asConfigError($0.diagnostic) }.sorted(by: Diagnostic.outputOrder))
        }
        return config
    }

    private static func asConfigError(_ diagnostic: Diagnostic) -> Diagnostic {
        var copy = diagnostic
        if copy.code == "rule-structure" { copy.code = "config" }
        return copy
    }

    private static func read(_ root: Node, file: String, folder: URL, errors: inout [RuleError]) -> LintConfig {
        var reader = OptionReader(root, context: "the config", allowed: ["systems", "rules", "include", "exclude", "allow"])
        var systems: [System] = []
        if let systemsNode = reader.value("systems") {
            if let pairs = systemsNode.pairs {
                for pair in pairs {
                    let name = pair.key.scalar?.text ?? ""
                    var entry = OptionReader(pair.value, context: "system '\(name)'", allowed: ["tokens", "rules", "screens"])
                    let tokens = entry.string("tokens")
                    let rules = entry.strings("rules") ?? []
                    let screens = (entry.strings("screens") ?? []).map { Glob($0, separator: "/") }
                    errors += entry.errors
                    systems.append(
                        System(
                            name: name, mark: pair.key.mark, tokens: tokens, rules: rules, screens: screens, tokensMark: pair.value["tokens"]?.mark,
                            ruleMarks: pair.value["rules"]?.items?.map(\.mark) ?? []))
                }
            } else {
                reader.fail(.wrongType(key: "systems", expected: "a mapping of system names to their files", found: systemsNode.kindDescription, at: systemsNode.mark))
            }
        }
        var overrides: [String: RuleOverride] = [:]
        var overrideMarks: [String: Mark] = [:]
        var fixesOff: Set<String> = []
        if let rulesNode = reader.value("rules") {
            for pair in rulesNode.pairs ?? [] {
                guard let id = pair.key.string else { continue }
                overrideMarks[id] = pair.key.mark
                if let (override, fix) = readOverride(pair.value) {
                    overrides[id] = override
                    if fix == false { fixesOff.insert(id) }
                } else {
                    errors.append(
                        .wrongType(
                            key: id, expected: "off, a severity (\(Severity.spellings)) or {severity: …, fix: true|false}",
                            found: pair.value.kindDescription, at: pair.value.mark))
                }
            }
            if rulesNode.pairs == nil {
                reader.fail(.wrongType(key: "rules", expected: "a mapping of rule ids to overrides", found: rulesNode.kindDescription, at: rulesNode.mark))
            }
        }
        let include = (reader.strings("include") ?? []).map { Glob($0, separator: "/") }
        let exclude = (reader.strings("exclude") ?? []).map { Glob($0, separator: "/") }
        let allow = reader.strings("allow") ?? []
        errors += reader.errors
        var config = LintConfig(
            file: file, folder: folder, systems: systems, overrides: overrides, fixesOff: fixesOff, include: include, exclude: exclude,
            allow: allow)
        config.overrideMarks = overrideMarks
        config.allowMarks = root["allow"]?.items?.map(\.mark) ?? []
        return config
    }

    /// A rule's override, and whether its fixes are on (nil where the override does not say); nil when it is
    /// none of the forms.
    private static func readOverride(_ node: Node) -> (RuleOverride?, Bool?)? {
        if node.bool == false || node.string == "off" { return (.off, nil) }
        if let text = node.string { return Severity(spelling: text).map { (RuleOverride.severity($0), nil) } }
        guard let pairs = node.pairs, !pairs.isEmpty, pairs.allSatisfy({ ["severity", "fix"].contains($0.key.string ?? "") }) else { return nil }
        var fix: Bool?
        if let fixNode = node["fix"] {
            guard let bool = fixNode.bool else { return nil }
            fix = bool
        }
        guard let text = node["severity"]?.string else { return node["severity"] == nil ? (nil, fix) : nil }
        if text == "off" { return (.off, fix) }
        return Severity(spelling: text).map { (RuleOverride.severity($0), fix) }
    }

    /// Whether a path (relative to the config's folder) is linted: it matches `include` (if any) and no `exclude`.
    public func admits(_ relativePath: String) -> Bool {
        if exclude.contains(where: { $0.matches(relativePath) }) { return false }
        return include.isEmpty || include.contains { $0.matches(relativePath) }
    }
}
