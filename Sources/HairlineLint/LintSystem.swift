import HairlineDiagnostics
import HairlineTokens
import HairlineYAML

/// A severity override from the config: a new severity, or `off`.
public enum RuleOverride: Sendable, Hashable {
    case severity(Severity)
    case off
}

/// A design system ready to lint: its token set and its rules, each check bound to the token set.
public struct LintSystem: Sendable {
    struct BoundRule: Sendable {
        let rule: Rule
        let severity: Severity
        /// Whether the rule's findings carry their fixes: the rule's `fix:` and the config's.
        let offersFixes: Bool
        let screenCheck: (any ScreenCheck)?
        let tokenCheck: TokenRuleCheck.Bound?
    }

    /// The system's name (from the config, or `command line`).
    public let name: String
    /// The token set, if the system has one.
    public let tokens: TokenSet?
    /// The rules that are on, in order.
    public var rules: [Rule] { bound.map(\.rule) }
    let bound: [BoundRule]
    /// The rules over screens, each with its check and selector taken out once.
    private let screenRules: [ScreenRule]
    /// For each kind a selector names, the rules over screens that can match an element of that kind, in order;
    /// `rulesForOtherKinds` for the rest. Most selectors name one kind, so an element meets a few rules, not all.
    private let rulesByKind: [String: [ScreenRule]]
    private let rulesForOtherKinds: [ScreenRule]
    /// The severity of the built-in `deprecated-token` finding (nil: off, or no token is deprecated), and whether
    /// it offers the replacement its deprecation names as a fix.
    private let deprecation: (severity: Severity, offersFixes: Bool)?
    /// The config's overrides, for findings that go by rule ids of their own (`CheckFinding.code`).
    private let overrides: [String: RuleOverride]
    private let fixesOff: Set<String>

    /// The id of the finding for a screen that uses a deprecated token.
    public static let deprecatedTokenID = "deprecated-token"

    /// The ids findings go by whatever the rule sets say: built-in findings, and the component vocabulary's.
    public static let builtInIDs: Set<String> = [
        deprecatedTokenID, Suppressions.unusedID, Suppressions.unknownID, ComponentsCheck.kindID, ComponentsCheck.propertyID,
        ComponentsCheck.valueID, ComponentsCheck.childID, ComponentsCheck.requiredID,
    ]

    /// Every rule id of the system's rule sets, rules turned off included, and the built-in ones.
    public let knownIDs: Set<String>

    /// A rule over screens, ready to run: its check and selector taken out once. A class, shared by every core.
    private final class ScreenRule: Sendable {
        let selector: Selector
        let check: any ScreenCheck
        let rule: BoundRule

        init(selector: Selector, check: any ScreenCheck, rule: BoundRule) {
            self.selector = selector
            self.check = check
            self.rule = rule
        }
    }

    /// Binds rules to a token set, applying overrides; throws every rule that cannot bind (a `{group}` that
    /// names nothing, a contrast rule with no background to fall back on, …).
    public init(
        name: String, tokens: TokenSet?, rules: [Rule], overrides: [String: RuleOverride] = [:], fixesOff: Set<String> = []
    ) throws(DiagnosticError) {
        self.name = name
        self.tokens = tokens
        self.knownIDs = Self.builtInIDs.union(rules.map(\.id))
        var bound: [BoundRule] = []
        var errors: [Diagnostic] = []
        for rule in rules {
            var severity = rule.severity
            switch overrides[rule.id] {
            case .off: continue
            case .severity(let override): severity = override
            case nil: break
            }
            do throws(RuleError) {
                bound.append(
                    BoundRule(
                        rule: rule, severity: severity, offersFixes: rule.offersFixes && !fixesOff.contains(rule.id), screenCheck: try rule.screenCheck?.bind(to: tokens),
                        tokenCheck: try rule.tokenCheck?.bind(to: tokens)))
            } catch {
                errors.append(error.diagnostic)
            }
        }
        guard errors.isEmpty else { throw DiagnosticError(errors.sorted(by: Diagnostic.outputOrder)) }
        self.bound = bound
        self.overrides = overrides
        self.fixesOff = fixesOff
        switch overrides[Self.deprecatedTokenID] {
        case _ where !(tokens?.tokens.contains { $0.deprecated != nil } ?? false): deprecation = nil
        case .off: deprecation = nil
        case .severity(let severity): deprecation = (severity, !fixesOff.contains(Self.deprecatedTokenID))
        case nil: deprecation = (.warning, !fixesOff.contains(Self.deprecatedTokenID))
        }
        screenRules = bound.compactMap { rule in
            guard let check = rule.screenCheck, case .screens(let selector) = rule.rule.target else { return nil }
            return ScreenRule(selector: selector, check: check, rule: rule)
        }
        let kinds = screenRules.map(\.selector.kinds)
        rulesForOtherKinds = zip(screenRules, kinds).filter { $0.1 == nil }.map(\.0)
        var rulesByKind: [String: [ScreenRule]] = [:]
        for kind in Set(kinds.compactMap { $0 }.joined()) {
            rulesByKind[kind] = zip(screenRules, kinds).filter { $0.1?.contains(kind) ?? true }.map(\.0)
        }
        self.rulesByKind = rulesByKind
    }

    /// The components its rule sets declare, if any do.
    public var vocabulary: ComponentVocabulary? {
        screenRules.lazy.compactMap { ($0.check as? ComponentsCheck)?.vocabulary }.first
    }

    /// Every finding of every screen rule on a screen, in output order.
    public func lint(_ screen: Screen) -> [Diagnostic] {
        lint(screen, until: { false }) ?? []
    }

    /// The screen's findings, or nil when `shouldStop` said yes before they were all found (it is asked every
    /// `elementsBetweenStops` elements): an editor's lint gives way to the next edit.
    /// `slowMatches`: the run's budget for slow pattern matches, shared by its screens.
    public func lint(_ screen: Screen, until shouldStop: @Sendable () -> Bool, slowMatches: SlowMatches = SlowMatches()) -> [Diagnostic]? {
        let context = CheckContext(screen: screen, tokens: tokens, slowMatches: slowMatches)
        // A screen of many elements is linted in runs of elements, one on each core.
        let runs = Parallel.ranges(screen.elements.count, parts: Parallel.parts(screen.elements.count, minimum: Self.elementsToSplit))
        let found = Parallel.map(runs) { lint(screen.elements[$0], in: context, until: shouldStop) }
        guard !found.contains(where: { $0 == nil }) else { return nil }
        var parts = found.map { $0 ?? [] }
        // The first run's findings are taken as they are, the others appended, each freed once it is: room is made
        // once, for all of them.
        var diagnostics = parts.isEmpty ? [] : parts.removeFirst()
        if !parts.isEmpty { diagnostics.reserveCapacity(parts.reduce(diagnostics.count) { $0 + $1.count }) }
        for index in parts.indices {
            diagnostics += parts[index]
            parts[index] = []
        }
        if let deprecation { diagnostics += deprecatedTokens(in: screen, severity: deprecation.severity, offersFixes: deprecation.offersFixes) }
        Diagnostic.putInOutputOrder(&diagnostics)
        return diagnostics
    }

    /// How often a lint that may be stopped asks whether to stop.
    static let elementsBetweenStops = 256

    /// How many elements a screen has before its lint is split over the cores: far more than a real screen's.
    static let elementsToSplit = 4_096

    /// The findings of the screen rules on some of a screen's elements.
    private func lint(_ elements: ArraySlice<Element>, in context: CheckContext, until shouldStop: () -> Bool) -> [Diagnostic]? {
        var diagnostics: [Diagnostic] = []
        var paths = ElementPaths(context.screen)
        // Element by element, each element's findings in order: a screen's findings come out in order, unless its
        // properties follow its children in the file, and need no sort.
        for (count, element) in elements.enumerated() {
            if count % Self.elementsBetweenStops == 0, shouldStop() { return nil }
            let first = diagnostics.count
            for screenRule in rulesByKind[element.kind] ?? rulesForOtherKinds where screenRule.selector.matches(element, in: context.screen) {
                for finding in screenRule.check.evaluate(element, in: context) {
                    guard var diagnostic = diagnostic(finding, screenRule.rule) else { continue }
                    diagnostic.anchor = paths.path(of: element) + (finding.placeholders.property.map { "/" + $0 } ?? "")
                    diagnostics.append(diagnostic)
                }
            }
            if diagnostics.count - first > 1 { diagnostics.withUnsafeMutableBufferPointer { $0[first...].sort(by: Diagnostic.outputOrder) } }
        }
        return diagnostics
    }

    /// A warning for each use of a deprecated token, with its replacement as a safe fix where the deprecation names
    /// one token of the set.
    private func deprecatedTokens(in screen: Screen, severity: Severity, offersFixes: Bool) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var paths = ElementPaths(screen)
        for element in screen.elements {
            for property in element.properties {
                element.forEachLeaf(of: property.value, at: property.name) { path, leaf in
                    guard let token = leaf.token, let why = token.deprecated else { return }
                    let replacement = token.replacement.flatMap { tokens?[$0] }
                    var message = "{\(token.path)} is deprecated"
                    if !why.isEmpty { message += ": \(why)" }
                    let fix = replacement.map { Fix(title: "Replace {\(token.path)} with {\($0.path)}", safety: .safe, value: "{\($0.path)}") }
                    var diagnostic = Diagnostic(severity: severity, code: Self.deprecatedTokenID, message: message, mark: leaf.mark, fix: offersFixes ? fix : nil)
                    diagnostic.anchor = paths.path(of: element) + "/" + path
                    diagnostics.append(diagnostic)
                }
            }
        }
        return diagnostics
    }

    /// Every finding of the rules over the token set itself.
    public func lintTokens() -> [Diagnostic] {
        guard let tokens else { return [] }
        let modes = ModeSelection.names(in: tokens)
        var diagnostics: [Diagnostic] = []
        for rule in bound {
            guard let check = rule.tokenCheck, case .tokens(let glob) = rule.rule.target else { continue }
            for token in tokens.tokens where glob.matches(token.path) {
                for finding in check.evaluate(token, modes: modes) {
                    if let diagnostic = diagnostic(finding, rule) { diagnostics.append(diagnostic) }
                }
            }
        }
        Diagnostic.putInOutputOrder(&diagnostics)
        return diagnostics
    }

    /// A finding as a diagnostic of its rule, or of its own rule id where it has one (overridden, or turned off,
    /// in the config by that id).
    private func diagnostic(_ finding: CheckFinding, _ rule: BoundRule) -> Diagnostic? {
        let message = rule.rule.message.map { MessageTemplate.fill($0, with: finding.placeholders) } ?? finding.message
        guard let code = finding.code else {
            var diagnostic = Diagnostic(severity: rule.severity, code: rule.rule.id, message: message, mark: finding.mark, fix: rule.offersFixes ? finding.fix : nil)
            diagnostic.modes = finding.modes
            return diagnostic
        }
        var severity = rule.severity
        switch overrides[code] {
        case .off: return nil
        case .severity(let override): severity = override
        case nil: break
        }
        let offersFixes = rule.offersFixes && !fixesOff.contains(code)
        return Diagnostic(severity: severity, code: code, message: message, mark: finding.mark, fix: offersFixes ? finding.fix : nil)
    }
}
