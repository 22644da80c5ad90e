import HairlineDiagnostics
import HairlineTokens
import HairlineYAML

/// A rule set's `components:` (CONTRACT 6.2): the kinds of its system, each kind's properties (typed, enumerated
/// or nested), the properties it requires, and the kinds it may hold. Where it is declared the vocabulary is closed:
/// an undeclared kind, property or enumerated value, a child a kind may not hold, or a required property left out
/// is a finding, with the nearest declared name as an unsafe fix where there is one.
struct ComponentsCheck: CheckDefinition, ScreenCheck {
    static let name = "components"

    /// The findings' rule ids.
    static let kindID = "component-kind"
    static let propertyID = "component-property"
    static let valueID = "component-value"
    static let childID = "component-child"
    static let requiredID = "component-required"

    /// What a property may hold.
    indirect enum PropertySpec: Sendable {
        /// A value of a type (`dimension`, `color`, `number`, `string`, `boolean`, `typography`); the type is
        /// documentation here: values are checked by the rules.
        case typed(String)
        /// One of these values.
        case values([String])
        /// A mapping of these nested properties.
        case nested([String: PropertySpec])
    }

    struct Component: Sendable {
        let properties: [String: PropertySpec]
        let required: [String]
        /// The kinds it may hold; nil: any declared kind.
        let children: [String]?
        /// The SwiftUI views (by type name) that are this kind in Swift source.
        let swift: [String]
        /// The team's own modifiers and the property each sets (`cardPadding: padding`).
        var swiftModifiers: [String: String] = [:]
    }

    static let types = ["dimension", "color", "number", "string", "boolean", "typography"]
    /// Whether a property is one every component may have (`id`, `children`): two names compared rather than a set
    /// hashed, for every property of every element.
    static func isAlwaysAllowed(_ name: String) -> Bool {
        name == "id" || name == "children"
    }

    let components: [String: Component]
    /// The declared kinds, sorted, for the nearest name to an undeclared one.
    let kinds: [String]

    init(components: [String: Component]) {
        self.components = components
        kinds = components.keys.sorted()
    }

    static func parse(_ options: Node, errors: inout [RuleError]) -> ComponentsCheck? {
        guard let pairs = options.pairs else {
            errors.append(.notAMapping(what: "components", found: options.kindDescription, at: options.mark))
            return nil
        }
        var components: [String: Component] = [:]
        for pair in pairs {
            guard let kind = pair.key.string else { continue }
            var reader = OptionReader(pair.value, context: "component '\(kind)'", allowed: ["properties", "required", "children", "swift"])
            var properties: [String: PropertySpec] = [:]
            if let node = reader.value("properties") { properties = readProperties(node, errors: &errors) }
            let required = reader.strings("required") ?? []
            let children = reader.strings("children")
            // `swift: [MetricCard]`, or `swift: {views: [MetricCard], modifiers: {cardPadding: padding}}`.
            var swift: [String] = []
            var swiftModifiers: [String: String] = [:]
            if let node = reader.value("swift"), node.pairs != nil {
                var options = OptionReader(node, context: "component '\(kind)' swift", allowed: ["views", "modifiers"])
                swift = options.strings("views") ?? []
                for modifier in options.value("modifiers")?.pairs ?? [] {
                    guard let name = modifier.key.string, let property = modifier.value.string else {
                        errors.append(.wrongType(key: "modifiers", expected: "a modifier's name and the property it sets", found: modifier.value.kindDescription, at: modifier.value.mark))
                        continue
                    }
                    swiftModifiers[name] = property
                }
                errors += options.errors
            } else {
                swift = reader.strings("swift") ?? []
            }
            errors += reader.errors
            for name in required where properties[name] == nil {
                errors.append(.wrongType(key: "required", expected: "properties the component declares", found: "'\(name)'", at: pair.value["required"]?.mark ?? pair.key.mark))
            }
            components[kind] = Component(properties: properties, required: required, children: children, swift: swift, swiftModifiers: swiftModifiers)
        }
        return ComponentsCheck(components: components)
    }

    private static func readProperties(_ node: Node, errors: inout [RuleError]) -> [String: PropertySpec] {
        guard let pairs = node.pairs else {
            errors.append(.notAMapping(what: "properties", found: node.kindDescription, at: node.mark))
            return [:]
        }
        var properties: [String: PropertySpec] = [:]
        for pair in pairs {
            guard let name = pair.key.string else { continue }
            if let type = pair.value.string {
                if !types.contains(type) {
                    errors.append(.wrongType(key: name, expected: "a type (\(types.joined(separator: ", "))), {values: […]} or nested properties", found: "'\(type)'", at: pair.value.mark))
                }
                properties[name] = .typed(type)
            } else if let values = pair.value["values"], pair.value.pairs?.count == 1 {
                properties[name] = .values((values.items ?? []).compactMap { $0.scalar?.text })
            } else if pair.value.pairs != nil {
                properties[name] = .nested(readProperties(pair.value, errors: &errors))
            } else {
                errors.append(.wrongType(key: name, expected: "a type, {values: […]} or nested properties", found: pair.value.kindDescription, at: pair.value.mark))
            }
        }
        return properties
    }

    func bind(to tokens: TokenSet?) throws(RuleError) -> any ScreenCheck { self }

    /// The vocabulary as an editor offers it.
    var vocabulary: ComponentVocabulary {
        ComponentVocabulary(
            kinds: components.mapValues { component in
                var types: [String: String] = [:]
                var values: [String: [String]] = [:]
                for (name, spec) in component.properties {
                    switch spec {
                    case .typed(let type): types[name] = type
                    case .values(let list): values[name] = list
                    case .nested: types[name] = "mapping"
                    }
                }
                return ComponentVocabulary.Kind(
                    properties: component.properties.keys.sorted(), types: types, values: values, required: component.required,
                    children: component.children, swift: component.swift, swiftModifiers: component.swiftModifiers)
            })
    }

    func evaluate(_ element: Element, in context: CheckContext) -> [CheckFinding] {
        var findings: [CheckFinding] = []
        // The element's kind looked up once: every element of every screen comes here.
        let component = components[element.kind]
        guard element.parent == nil || component != nil else {
            findings.append(renamed(Self.kindID, "\(element.kind) is not a component of this system", element.kind, among: kinds, at: element.kindMark))
            return findings
        }
        if let parent = context.screen.parent(of: element), let allowed = components[parent.kind]?.children, !allowed.contains(element.kind) {
            findings.append(
                CheckFinding(
                    mark: element.kindMark, message: "\(parent.kind) may not hold \(element.kind); it holds \(allowed.joined(separator: ", "))",
                    placeholders: Placeholders(kind: element.kind), code: Self.childID))
        }
        guard let component else { return findings }
        for property in element.properties where !Self.isAlwaysAllowed(property.name) {
            check(property, against: component.properties, in: element.kind, path: property.name, into: &findings)
        }
        for name in component.required where element.property(name) == nil {
            findings.append(
                CheckFinding(mark: element.kindMark, message: "\(element.kind) requires \(name)", placeholders: Placeholders(property: name, kind: element.kind), code: Self.requiredID))
        }
        return findings
    }

    private func check(_ property: Property, against specs: [String: PropertySpec], in kind: String, path: String, into findings: inout [CheckFinding]) {
        guard let spec = specs[property.name] else {
            findings.append(renamed(Self.propertyID, "\(path) is not a property of \(kind)", property.name, among: specs.keys.sorted(), at: property.keyMark))
            return
        }
        switch (spec, property.value) {
        case (.values(let values), .leaf(let leaf)) where leaf.token == nil && !leaf.isNull && !values.contains(leaf.text):
            findings.append(renamed(Self.valueID, "\(path) \(leaf.text) is not one of \(values.joined(separator: ", "))", leaf.text, among: values, at: leaf.mark))
        case (.nested(let nested), .mapping(let properties)):
            for inner in properties { check(inner, against: nested, in: kind, path: "\(path).\(inner.name)", into: &findings) }
        default:
            break
        }
    }

    /// A finding of a name the vocabulary lacks, with the nearest declared name as an unsafe fix where no other
    /// is as near.
    private func renamed(_ code: String, _ message: String, _ name: String, among names: [String], at mark: Mark) -> CheckFinding {
        let nearest = NearestName.nearest(to: name, in: names)
        return CheckFinding(
            mark: mark, message: message + (nearest.map { "; did you mean '\($0)'?" } ?? ""), placeholders: Placeholders(value: name),
            fix: NearestName.only(to: name, in: names).map { Fix(title: "Replace \(name) with \($0)", safety: .unsafe, value: $0) }, code: code)
    }
}

/// A system's declared components, for an editor's completion: each kind's properties, their types and
/// enumerated values, and the kinds it may hold.
public struct ComponentVocabulary: Sendable {
    public struct Kind: Sendable {
        /// The properties' names, sorted.
        public let properties: [String]
        /// A typed property's type (`dimension`, `color`, …; `mapping` for nested properties).
        public let types: [String: String]
        /// An enumerated property's values.
        public let values: [String: [String]]
        public let required: [String]
        /// The kinds it may hold; nil: any declared kind.
        public let children: [String]?
        /// The SwiftUI views (by type name) that are this kind in Swift source (docs/swift.md).
        public let swift: [String]
        /// The team's own modifiers and the property each sets.
        public let swiftModifiers: [String: String]
    }

    /// The declared kinds.
    public let kinds: [String: Kind]

    /// The ids of the findings of a required property missing and of a child a kind may not hold.
    public static let requiredID = ComponentsCheck.requiredID
    public static let childID = ComponentsCheck.childID
    public static let propertyID = ComponentsCheck.propertyID
}
