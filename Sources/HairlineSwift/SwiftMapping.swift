import HairlineLint

/// Which SwiftUI views are which of the system's kinds, and which of a kind's properties an argument or modifier
/// sets: data, not code per system. The defaults below name SwiftUI's own views and modifiers with the words design
/// systems use (docs/swift.md has the table); a component's `swift:` list in the rule set's `components:` block adds
/// the team's own views (`card: {swift: [MetricCard]}`), and a view named as a kind is (`Card`, `StatusChip`) is it. With a vocabulary, only its kinds and each kind's declared
/// properties are made: a view of no declared kind is passed through (its content stays), and a modifier that sets
/// no declared property is left out, never reported as a word the system lacks.
public struct SwiftMapping: Sendable {
    private let vocabulary: ComponentVocabulary?
    private let views: [String: String]

    /// SwiftUI's views and the kinds each may be, the first the vocabulary declares winning.
    static let defaultViews: [String: [String]] = [
        "Text": ["text"], "Button": ["button"], "Link": ["link"], "Image": ["image", "symbol", "icon"],
        "VStack": ["stack", "group"], "HStack": ["stack", "group"], "ZStack": ["stack", "group"], "LazyVStack": ["stack", "group"],
        "LazyHStack": ["stack", "group"], "LazyVGrid": ["grid", "stack"], "LazyHGrid": ["grid", "stack"], "Grid": ["grid", "stack"],
        "ScrollView": ["scroll"], "List": ["list"], "Form": ["form"], "Section": ["section"], "Toggle": ["toggle"], "Picker": ["picker"],
        "TextField": ["field"], "SecureField": ["field"], "ProgressView": ["progressBar", "progress"], "Gauge": ["gauge", "ring"],
        "Chart": ["chart"], "Map": ["map"], "TabView": ["tabBar"], "Divider": ["divider"], "Label": ["label", "text"],
    ]

    /// The properties a modifier or argument sets, the first the kind declares winning.
    static let defaultProperties: [String: [String]] = [
        "padding": ["padding"], "width": ["width"], "height": ["height"], "minWidth": ["minWidth"], "maxWidth": ["maxWidth"],
        "minHeight": ["minHeight"], "maxHeight": ["maxHeight"], "radius": ["radius", "cornerRadius"], "background": ["background", "fill"],
        "color": ["color", "foreground"], "tint": ["tint", "fill", "color"], "textStyle": ["role", "textStyle", "style"], "font": ["font"],
        "size": ["size", "fontSize"], "weight": ["weight", "fontWeight"], "fontWeight": ["weight", "fontWeight"], "buttonStyle": ["style"],
        "opacity": ["opacity"], "shadow": ["shadow"], "lineLimit": ["lineLimit"], "minimumScaleFactor": ["minimumScaleFactor"],
        "monospacedDigit": ["monospacedDigits"], "textCase": ["textCase"], "spacing": ["spacing", "gap"], "systemName": ["symbol", "systemImage", "name"],
        "systemImage": ["symbol", "systemImage", "icon"],
    ]

    /// SwiftUI's names for a value and the words a system may use for it: `.borderedProminent` is a filled button.
    static let defaultValues: [String: [String]] = [
        "borderedProminent": ["filled", "primary", "solid"], "bordered": ["outline", "secondary", "outlined"],
        "borderless": ["link", "text", "ghost", "plain"], "plain": ["plain", "link", "text", "ghost"],
    ]

    public init(vocabulary: ComponentVocabulary?) {
        self.vocabulary = vocabulary
        var views: [String: String] = [:]
        for (name, kinds) in Self.defaultViews {
            if let kind = kinds.first(where: { vocabulary?.kinds[$0] != nil || vocabulary == nil }) { views[name] = kind }
        }
        for kind in vocabulary?.kinds.keys.sorted() ?? [] {
            // A view named as the kind is (`Card`, `StatusChip` for `statusChip`) is that kind, unless listed.
            if let first = kind.first, views[first.uppercased() + kind.dropFirst()] == nil { views[first.uppercased() + kind.dropFirst()] = kind }
        }
        for (kind, declared) in vocabulary?.kinds ?? [:] {
            for name in declared.swift { views[name] = kind }
        }
        self.views = views
    }

    /// The kind a view is, or nil to pass it through.
    public func kind(ofView name: String) -> String? {
        views[name]
    }

    /// The property a modifier or argument (by its SwiftUI name) sets on a kind, or nil where it sets none.
    public func property(_ name: String, kind: String) -> String? {
        if let listed = vocabulary?.kinds[kind]?.swiftModifiers[name] { return listed }
        let candidates = Self.defaultProperties[name] ?? [name]
        guard let vocabulary else { return candidates.first }
        guard let declared = vocabulary.kinds[kind] else { return nil }
        return candidates.first { declared.properties.contains($0) }
    }

    /// The property an initialiser's argument sets: its label's, or for the first unlabelled one, the view's text
    /// (`Text("Hi")`, `Button("Save")`).
    public func property(ofArgument label: String, view: String, kind: String) -> String? {
        if label.isEmpty {
            let candidates = view == "Button" || view == "Link" || view == "Label" ? ["label", "title", "value"] : ["value", "text", "label", "title", "heading"]
            guard let vocabulary else { return candidates.first }
            return candidates.first { vocabulary.kinds[kind]?.properties.contains($0) ?? false }
        }
        return property(label, kind: kind)
    }

    /// The word a system uses for a SwiftUI value name on a property: the first of its words that property allows.
    public func value(_ name: String, property: String, kind: String) -> String {
        guard let words = Self.defaultValues[name], let allowed = vocabulary?.kinds[kind]?.values[property], !allowed.contains(name) else { return name }
        return words.first { allowed.contains($0) } ?? name
    }
}
