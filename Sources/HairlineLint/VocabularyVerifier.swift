import HairlineDiagnostics
import HairlineTokens

/// What a check reads, for `rules --verify`: the properties it reads on the elements its rule selects, and the
/// selectors of its own (`of`, `than`, `sequence`) with the properties it reads on what they select.
struct CheckReads {
    var properties: [String] = []
    var selectors: [(selector: Selector, properties: [String])] = []
    /// Properties the check requires to be stated: these belong in the vocabulary's `required`.
    var required: [String] = []
}

extension CheckDefinition {
    /// By default a check reads nothing a vocabulary declares (the vocabulary itself, and checks that override this).
    var reads: CheckReads { CheckReads() }
}

extension AllowedCheck {
    var reads: CheckReads { CheckReads(properties: properties, selectors: exceptions.map { ($0.given, [$0.property]) }) }
}
extension MinCheck { var reads: CheckReads { CheckReads(properties: check.properties) } }
extension MaxCheck { var reads: CheckReads { CheckReads(properties: check.properties) } }
extension ColorCheck { var reads: CheckReads { CheckReads(properties: properties) } }
extension MultipleOfCheck { var reads: CheckReads { CheckReads(properties: properties) } }
extension PatternCheck { var reads: CheckReads { CheckReads(properties: properties) } }
extension TokenOnlyCheck { var reads: CheckReads { CheckReads(properties: properties) } }
extension TokenMetaCheck { var reads: CheckReads { CheckReads(properties: properties) } }
extension RequiredCheck { var reads: CheckReads { CheckReads(properties: properties, required: properties) } }
extension ContrastCheck { var reads: CheckReads { CheckReads(properties: [foreground]) } }
extension CompareCheck { var reads: CheckReads { CheckReads(properties: properties, selectors: [(than, properties)]) } }
extension MaxDistinctCheck { var reads: CheckReads { CheckReads(selectors: [(of, [property])]) } }
extension CountCheck { var reads: CheckReads { CheckReads(selectors: [(of, [])]) } }
extension MaxCountCheck { var reads: CheckReads { count.reads } }
extension OrderCheck { var reads: CheckReads { CheckReads(selectors: (sequence + [through].compactMap { $0 }).map { ($0, []) }) } }
extension ForbiddenCheck { var reads: CheckReads { CheckReads(properties: properties, selectors: of.map { [($0, [])] } ?? []) } }

extension Selector {
    /// Every `[name]` and `[name=value]` of the selector and of the selectors inside its `:not()` and `:has()`, each
    /// with the kind of its compound (nil: any kind).
    var attributeUses: [(kind: String?, name: String, value: TokenValue?)] {
        allCompounds.flatMap { compound in compound.attributes.map { (compound.kind, $0.name, $0.value) } }
    }

    /// Every kind the selector names, in any compound or pseudo-class.
    var namedKinds: Set<String> { Set(allCompounds.compactMap(\.kind)) }

    /// Every compound of the selector, and of the selectors inside its `:not()` and `:has()`.
    private var allCompounds: [Compound] {
        alternatives.flatMap(\.parts).flatMap { part in
            [part.compound] + part.compound.pseudoClasses.flatMap { pseudo -> [Compound] in
                switch pseudo {
                case .not(let inner), .has(let inner, _): inner.allCompounds
                case .firstChild: []
                }
            }
        }
    }
}

/// `rules --verify`'s check of a rule set against its own vocabulary: every kind a selector names is declared; every
/// property a rule reads is declared on the kinds its selector can match (on one kind at least, for `*`); every value a
/// selector compares an enumerated property with is one of its values; and every property a `required` rule asks of
/// every element of a kind is in that kind's `required`, so that an author reading the vocabulary knows to state it
/// (a requirement on some of them, `panel:has(row)`, cannot be said there, and is not asked).
public enum VocabularyVerifier {
    /// The problems, one diagnostic each at the rule's id; none where the rules declare no components.
    public static func problems(in rules: [Rule]) -> [Diagnostic] {
        guard let vocabulary = rules.lazy.compactMap({ $0.screenCheck as? ComponentsCheck }).first else { return [] }
        var problems: [Diagnostic] = []
        for rule in rules {
            guard case .screens(let given) = rule.target, let check = rule.screenCheck, !(check is ComponentsCheck) else { continue }
            let reads = check.reads
            let report = { (message: String) in
                problems.append(Diagnostic(severity: .error, code: RuleVerifierCode.vocabulary, message: "\(rule.id): \(message)", mark: rule.idMark))
            }
            for selector in [given] + reads.selectors.map(\.selector) {
                for kind in selector.namedKinds.sorted() where !vocabulary.declares(kind) {
                    report("its selector '\(selector)' names \(kind), which is not a component of this system")
                }
                for use in selector.attributeUses {
                    vocabulary.problem(reading: use.name, comparedWith: use.value, on: use.kind).map { report("its selector '\(selector)' \($0)") }
                }
            }
            let uses = [(given, reads.properties)] + reads.selectors.map { ($0.selector, $0.properties) }
            for (selector, properties) in uses {
                for property in properties {
                    vocabulary.problem(reading: property, on: selector.kinds).map { report($0) }
                }
            }
            // A requirement of every element of a kind belongs in the vocabulary's `required`, so an author who reads
            // only the vocabulary knows it; one on some of them (`panel:has(row)`) is the document's to say.
            for property in reads.required where given.isKindsAlone {
                for kind in (given.kinds ?? []).sorted() where vocabulary.components[kind] != nil && !vocabulary.requires(property, on: kind) {
                    report("it requires \(property) on \(kind); add it to \(kind)'s 'required' in the components")
                }
            }
        }
        return problems
    }
}

/// The ids of `rules --verify`'s findings.
public enum RuleVerifierCode {
    public static let vocabulary = "verify-vocabulary"
}

extension ComponentsCheck {
    /// Whether the vocabulary declares a kind. The root, `screen`, need not be declared.
    func declares(_ kind: String) -> Bool { kind == "screen" || components[kind] != nil }

    func requires(_ property: String, on kind: String) -> Bool { components[kind]?.required.contains(property) ?? false }

    /// What is wrong with reading a property (a name or dotted path) on the kinds a selector can match (nil: any
    /// kind), if anything: a property that none of them declares can never be there, so the rule never sees it.
    func problem(reading path: String, on kinds: Set<String>?) -> String? {
        let candidates = (kinds.map { $0.filter { components[$0] != nil } } ?? Set(components.keys)).sorted()
        guard !candidates.isEmpty, !candidates.contains(where: { spec(path, on: $0) != nil }) else { return nil }
        return kinds == nil ? "it reads \(path), which no component declares" : "it reads \(path), which \(candidates.joined(separator: ", ")) \(candidates.count == 1 ? "does" : "do") not declare"
    }

    /// What is wrong with a selector's `[name]` or `[name=value]` on a compound of this kind (nil: any kind), if anything.
    func problem(reading path: String, comparedWith value: TokenValue?, on kind: String?) -> String? {
        if let problem = problem(reading: path, on: kind.map { [$0] }) { return String(problem.dropFirst("it ".count)) }
        guard let value, case .string(let text) = value else { return nil }
        var enumerations: [(kind: String, values: [String])] = []
        for candidate in kind.map({ [$0] }) ?? components.keys.sorted() {
            switch spec(path, on: candidate) {
            case .values(let values)?: enumerations.append((candidate, values))
            case nil: continue
            default: return nil  // a typed property holds any value
            }
        }
        guard !enumerations.isEmpty, !enumerations.contains(where: { $0.values.contains(text) }) else { return nil }
        let listed = enumerations.map { "\($0.kind): \($0.values.joined(separator: ", "))" }.joined(separator: "; ")
        return "compares \(path) with \(text), which is not one of its declared values (\(listed))"
    }

    /// The declared spec of a property path on a kind. A typed property holds any nested path (`padding.top`).
    private func spec(_ path: String, on kind: String) -> PropertySpec? {
        guard var specs = components[kind]?.properties else { return nil }
        var parts = path.split(separator: ".")[...]
        while let part = parts.popFirst() {
            guard let next = specs[String(part)] else { return nil }
            guard case .nested(let inner) = next, !parts.isEmpty else { return next }
            specs = inner
        }
        return nil
    }
}
