import HairlineDiagnostics
import HairlineLint
import HairlineTokens

/// A screen spec drawn as a wireframe (CONTRACT 6.7): its elements stacked with the spec's padding, gap, radius,
/// border, fill, height and width, text in its role's size, weight and family, colours and gradients resolved in
/// each mode, the modes side by side; each finding a numbered marker on its element, with its message beside the
/// screen. HTML and inline CSS only: no script, no network. A wireframe, not a renderer: what the layout cannot
/// honour is drawn as best it can and noted, never an error.
public struct ScreenPreview: Sendable {
    /// The screen's width in CSS pixels (one point each): an iPhone's 390 by default.
    public var width: Int

    public init(width: Int = 390) {
        self.width = width
    }

    /// Kinds drawn side by side rather than stacked.
    static let horizontalKinds: Set<String> = ["row", "hstack", "tiles", "grid", "toolbar", "tabs", "tabbar"]
    /// Kinds drawn as text.
    static let textKinds: Set<String> = ["text", "label", "title", "caption"]
    /// Kinds the layout knows; others are drawn as boxes labelled with their kind.
    static let knownKinds: Set<String> = horizontalKinds.union(textKinds).union([
        "screen", "card", "section", "stack", "vstack", "list", "button", "chart", "image", "icon", "divider", "spacer", "tile",
    ])

    /// One screen's section: the panels (one per mode) and the findings' list. `findings` are the screen's own;
    /// `index` tells screens apart on a page of many.
    public func section(_ screen: Screen, tokens: TokenSet?, findings: [Diagnostic], index: Int = 0) -> String {
        var notes: [String] = []
        // Each finding's element: the one whose kind, key or value it points at, else the element it falls in.
        let elementOf = findings.map { Self.element(of: $0.mark, in: screen) }
        // Each mode's markers: a finding that holds in some modes only (a contrast failing in dark mode) is marked on
        // those modes' drawings alone.
        func markers(inMode name: String) -> [Int: [Int]] {
            var markers: [Int: [Int]] = [:]
            for (number, finding) in findings.enumerated() where finding.modes?.contains(name) ?? true {
                markers[elementOf[number], default: []].append(number + 1)
            }
            return markers
        }
        let modes = tokens.map { $0.modes.isEmpty ? ["value"] : $0.modes } ?? ["value"]
        var out = "<section class=\"screen\" id=\"screen-\(index)\">\n"
        out += "<h2>\(Self.escape(screen.name)) <small><code>\(Self.escape(screen.file))</code></small></h2>\n<div class=\"panels\">\n"
        for (mode, name) in modes.prefix(4).enumerated() {
            var drawer = Drawer(screen: screen, mode: mode, width: width, tokens: tokens, markers: markers(inMode: name), prefix: "s\(index)m\(mode)")
            let device = drawer.draw(screen.root)
            if mode == 0 { notes = drawer.notes }
            out += "<figure class=\"panel\" data-mode=\"\(Self.escape(name))\"><figcaption>\(Self.escape(name))</figcaption>\n"
            out += "<div class=\"device\" style=\"width:\(width)px\">\(device)</div></figure>\n"
        }
        out += "</div>\n"
        if findings.isEmpty {
            out += "<p class=\"clean\">No findings.</p>\n"
        } else {
            out += "<ol class=\"findings\">\n"
            for (number, finding) in findings.enumerated() {
                out += "<li id=\"s\(index)f\(number + 1)\" data-element=\"\(elementOf[number])\"><span class=\"marker \(finding.severity.rawValue)\">\(number + 1)</span> "
                out += "<code>\(Self.escape(finding.code))</code> <span class=\"severity\">\(finding.severity.rawValue)</span> "
                out += "\(Self.escape(finding.message)) <small>\(Self.escape(finding.mark.description))</small></li>\n"
            }
            out += "</ol>\n"
        }
        if !notes.isEmpty {
            out += "<ul class=\"notes\">" + notes.map { "<li>\(Self.escape($0))</li>" }.joined() + "</ul>\n"
        }
        return out + "</section>\n"
    }

    /// A whole page around sections.
    public static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>
        body { font: 14px/1.45 -apple-system, system-ui, sans-serif; margin: 2rem; color: #111; background: #fff; }
        h1 { font-size: 1.6rem; } h2 { font-size: 1.2rem; margin-top: 2.5rem; } h2 small { font-weight: normal; color: #555; }
        .panels { display: flex; gap: 2rem; flex-wrap: wrap; align-items: flex-start; }
        figure { margin: 0; } figcaption { font-weight: 600; margin-bottom: .4rem; }
        .device { border: 1px solid #999; border-radius: 24px; overflow: hidden; box-sizing: border-box; }
        .el { position: relative; box-sizing: border-box; display: flex; flex-direction: column; min-width: 0; }
        .el.horizontal { flex-direction: row; align-items: flex-start; } .el.horizontal > .el { flex: 1 1 0; }
        .el.unknown, .el.chart { border: 1px dashed #8a8f98; min-height: 24px; justify-content: center; align-items: center; }
        .el .kind { font: 11px ui-monospace, monospace; color: #5b616b; }
        .el.button { align-items: center; justify-content: center; min-height: 36px; border-radius: 999px; }
        .marker { position: absolute; top: 2px; right: 2px; z-index: 2; min-width: 18px; height: 18px; border-radius: 9px;
          background: #b42318; color: #fff; font: 600 11px/18px system-ui, sans-serif; text-align: center; padding: 0 4px; box-sizing: border-box; }
        .marker.warning { background: #8a5b0a; } .marker.info { background: #0066cc; }
        ol.findings { padding-left: 0; list-style: none; } ol.findings li { margin: .35rem 0; }
        ol.findings .marker { position: static; display: inline-block; }
        .severity { color: #555; } .notes { color: #8a5b0a; } code { font: 12px ui-monospace, monospace; }
        table.summary { border-collapse: collapse; } table.summary td, table.summary th { border-bottom: 1px solid #eee; padding: .25rem .6rem; text-align: left; }
        </style>
        </head>
        <body>
        \(body)</body>
        </html>

        """
    }

    /// The element a mark belongs to: the one whose kind key, property key or value it is, else the last element
    /// that starts before it.
    public static func element(of mark: Mark, in screen: Screen) -> Int {
        for element in screen.elements {
            if element.kindMark == mark { return element.index }
            for property in element.properties where property.keyMark == mark || property.value.leaves.contains(where: { $0.mark == mark }) {
                return element.index
            }
        }
        return screen.elements.last { $0.kindMark <= mark }?.index ?? 0
    }

    static func escape(_ text: String) -> String {
        HTMLText.escape(text)
    }

    /// Draws one screen in one mode.
    private struct Drawer {
        let screen: Screen
        let mode: Int
        let width: Int
        let tokens: TokenSet?
        let markers: [Int: [Int]]
        /// What ids in this panel start with.
        let prefix: String
        var notes: [String] = []

        init(screen: Screen, mode: Int, width: Int, tokens: TokenSet?, markers: [Int: [Int]], prefix: String) {
            self.screen = screen
            self.mode = mode
            self.width = width
            self.tokens = tokens
            self.markers = markers
            self.prefix = prefix
        }

        mutating func draw(_ element: Element) -> String {
            let kind = element.kind
            var classes = ["el", "k-\(ScreenPreview.cssName(kind))"]
            var style: [String] = []
            if ScreenPreview.horizontalKinds.contains(kind) { classes.append("horizontal") }
            if !ScreenPreview.knownKinds.contains(kind) { classes.append("unknown") }
            if kind == "chart" { classes.append("chart") }
            if kind == "button" { classes.append("button") }
            if element.parent == nil {
                // The screen: its own background, else the set's canvas and ink, so that each mode looks like itself.
                style.append("min-height:240px")
                if let canvas = defaultColour("color.canvas") { style.append("background:\(canvas)") }
                if let ink = defaultColour("color.ink") { style.append("color:\(ink)") }
            }
            style += box(element)
            if let numbers = markers[element.index] {
                // Room for the marker inside the element, however small the element is drawn.
                let label = numbers.map(String.init).joined(separator: ",")
                style.append("min-width:\(label.count * 7 + 16)px;padding-right:\(label.count * 7 + 12)px")
                // The marker's own room never overrides the element's height (a 132 pt chart was drawn 22 px tall).
                if !style.contains(where: { $0.hasPrefix("min-height:") }) { style.append("min-height:22px") }
            }
            let isText = ScreenPreview.textKinds.contains(kind)
            if isText || kind == "button" { style += type(element) }
            var inner = ""
            if isText || kind == "button" {
                let label = [element.property("value"), element.property("label"), element.property("title")].compactMap { $0 }.first
                if case .leaf(let leaf)? = label { inner += ScreenPreview.escape(leaf.text) } else { inner += "<span class=\"kind\">\(ScreenPreview.escape(kind))</span>" }
            } else if !ScreenPreview.knownKinds.contains(kind) || kind == "chart" || kind == "image" || kind == "icon" {
                var caption = kind
                if case .leaf(let leaf)? = element.property("type") { caption += " · " + leaf.text }
                inner += "<span class=\"kind\">\(ScreenPreview.escape(caption))</span>"
            }
            for child in element.children { inner += draw(screen.elements[child]) }
            if let numbers = markers[element.index] {
                inner += "<span class=\"marker\" data-marker=\"\(numbers.map(String.init).joined(separator: ","))\">\(numbers.map(String.init).joined(separator: ","))</span>"
            }
            return "<div class=\"\(classes.joined(separator: " "))\" id=\"\(prefix)e\(element.index)\" data-element=\"\(element.index)\" style=\"\(ScreenPreview.escape(style.joined(separator: ";")))\">\(inner)</div>"
        }

        /// The box: padding, gap, radius, border, fill, size.
        private mutating func box(_ element: Element) -> [String] {
            var style: [String] = []
            switch element.property("padding") {
            case .leaf(let leaf)?:
                if let value = length(leaf, "padding", element) { style.append("padding:\(value)px") }
            case .mapping(let sides)?:
                for side in sides {
                    guard case .leaf(let leaf) = side.value, let value = length(leaf, "padding.\(side.name)", element) else { continue }
                    switch side.name {
                    case "horizontal": style.append("padding-left:\(value)px;padding-right:\(value)px")
                    case "vertical": style.append("padding-top:\(value)px;padding-bottom:\(value)px")
                    case "top", "bottom", "left", "right": style.append("padding-\(side.name):\(value)px")
                    default: notes.append("\(element.kind) padding.\(side.name) is not a side; not drawn")
                    }
                }
            default: break
            }
            for (property, css) in [("gap", "gap"), ("spacing", "gap"), ("radius", "border-radius"), ("cornerRadius", "border-radius")] {
                if case .leaf(let leaf)? = element.property(property), let value = length(leaf, property, element) {
                    style.append("\(css):\(value.isInfinite ? "999" : ScreenPreview.number(value))px")
                }
            }
            for property in ["height", "minHeight"] {
                if case .leaf(let leaf)? = element.property(property), let value = length(leaf, property, element) {
                    style.append("min-height:\(ScreenPreview.number(value))px")
                }
            }
            if case .leaf(let leaf)? = element.property("width"), let value = length(leaf, "width", element) {
                if value > Double(width) {
                    notes.append("\(element.kind) width \(ScreenPreview.number(value)) is wider than the \(width)-point screen: drawn at \(width)")
                }
                style.append("width:\(ScreenPreview.number(min(value, Double(width))))px")
            }
            for property in ["background", "fill", "gradient"] {
                if case .leaf(let leaf)? = element.property(property), let paint = paint(leaf) {
                    style.append("background:\(paint)")
                    break
                }
            }
            if case .leaf(let leaf)? = element.property("border"), let value = leaf.value(inMode: mode) {
                let width = value["width"]?.number ?? value.number ?? 1
                let colour = value["color"]?.string.flatMap(RGBA.init(hex:)).map(\.css) ?? "#8a8f98"
                style.append("border:\(ScreenPreview.number(width))px solid \(colour)")
            }
            if let colour = colour(element.property("color") ?? element.property("foreground")) { style.append("color:\(colour)") }
            return style
        }

        /// The type: a typography token (`font`, or the role's), then `size` and `weight`.
        private func type(_ element: Element) -> [String] {
            var style: [String] = []
            var typography: TokenValue?
            if case .leaf(let leaf)? = element.property("font") { typography = leaf.value(inMode: mode) }
            if typography == nil, case .leaf(let leaf)? = element.property("role"), let tokens {
                typography = tokens.tokens.first { $0.type == .typography && $0.name == leaf.text }.map { $0.values[min(mode, $0.values.count - 1)] }
            }
            if let typography {
                if let size = typography["fontSize"]?.number { style.append("font-size:\(ScreenPreview.number(size))px") }
                if let weight = typography["fontWeight"]?.number { style.append("font-weight:\(ScreenPreview.number(weight))") }
                if let spacing = typography["letterSpacing"]?.number { style.append("letter-spacing:\(ScreenPreview.number(spacing))px") }
                if let lineHeight = typography["lineHeight"]?.number { style.append("line-height:\(ScreenPreview.number(lineHeight))") }
                if typography["textCase"]?.string == "uppercase" { style.append("text-transform:uppercase") }
                if case .list(let families)? = typography["fontFamily"] {
                    style.append(CSSText.fontFamily(families.compactMap(\.string)))
                }
            }
            if case .leaf(let leaf)? = element.property("size"), let size = leaf.value(inMode: mode)?.number { style.append("font-size:\(ScreenPreview.number(size))px") }
            if case .leaf(let leaf)? = element.property("weight"), let weight = leaf.value(inMode: mode)?.number { style.append("font-weight:\(ScreenPreview.number(weight))") }
            return style
        }

        /// A length in points; a value that is not one is noted and not drawn.
        private mutating func length(_ leaf: Leaf, _ property: String, _ element: Element) -> Double? {
            guard let value = leaf.value(inMode: mode) else { return nil }
            if let number = value.number { return number }
            if value.string == "capsule" { return .infinity }
            if mode == 0 { notes.append("\(element.kind) \(property) \(leaf.text) is not a length in points; not drawn") }
            return nil
        }

        /// A colour or a gradient as CSS.
        private func paint(_ leaf: Leaf) -> String? {
            guard let value = leaf.value(inMode: mode) else { return nil }
            if let colour = value.string.flatMap(RGBA.init(hex:)) { return colour.css }
            if case .list(let stops) = value {
                let parts = stops.compactMap { stop -> String? in
                    guard let colour = stop["color"]?.string.flatMap(RGBA.init(hex:)), let position = stop["position"]?.number else { return nil }
                    return "\(colour.css) \(ScreenPreview.number(position * 100))%"
                }
                return parts.isEmpty ? nil : "linear-gradient(180deg,\(parts.joined(separator: ",")))"
            }
            return nil
        }

        /// A colour token's value in this mode, as CSS.
        private func defaultColour(_ path: String) -> String? {
            guard let token = tokens?[path], token.type == .color else { return nil }
            return token.values[min(mode, token.values.count - 1)].string.flatMap(RGBA.init(hex:)).map(\.css)
        }

        private func colour(_ value: PropertyValue?) -> String? {
            guard case .leaf(let leaf)? = value else { return nil }
            return leaf.value(inMode: mode)?.string.flatMap(RGBA.init(hex:)).map(\.css)
        }
    }

    static func number(_ value: Double) -> String {
        JSONText.number(value)
    }

    /// A kind as a CSS class name: letters, digits and `-`.
    static func cssName(_ kind: String) -> String {
        String(kind.unicodeScalars.map { ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") && $0.isASCII ? Character($0) : "_" })
    }
}

extension LintEngine {
    /// Each screen read in its system, for drawing, with what could not be read. `systems`: the systems already
    /// loaded (an editor's); nil: a new cache.
    public func readScreens(_ screens: [ScreenInput], systems: SystemCache? = nil) -> (screens: [(screen: Screen, system: LintSystem)], inputErrors: [Diagnostic]) {
        let systems = systems ?? SystemCache(engine: self)
        var linter = ScreenLinter(engine: self, systems: systems)
        linter.swift = parseSwift(screens)
        var read: [(Screen, LintSystem)] = []
        var errors: [Diagnostic] = []
        for input in screens {
            var outcome = ScreenLinter.Outcome()
            if input.path.hasSuffix(".swift") {
                // A Swift file is read as its lint reads it: a screen a view body.
                guard let swift = linter.swift, !swift.compilerMissing else { continue }
                if let (swiftRead, system, _, _) = linter.readSwift(input, sources: swift, into: &outcome) {
                    read += swiftRead.screens.map { ($0, system) }
                }
                errors += outcome.inputErrors
            } else if let (screen, system, _) = linter.read(input.path, explicit: input.explicit, into: &outcome) {
                read.append((screen, system))
            } else {
                errors += outcome.inputErrors
            }
        }
        return (read, withRanges(errors + systems.loadErrors).sorted(by: Diagnostic.outputOrder))
    }
}

/// Pages of previews: one per screen (`hairline preview`), or one for a lint run (`--report html=FILE`).
public enum PreviewPages {
    /// One self-contained page per screen that could be read, each with its findings.
    public static func perScreen(
        _ screens: [(screen: Screen, system: LintSystem)], findings: [Diagnostic], preview: ScreenPreview = ScreenPreview()
    ) -> [(file: String, html: String)] {
        let byFile = Dictionary(grouping: findings, by: \.mark.file)
        // Each page drawn on any core: the screens are independent.
        return Parallel.map(screens) { screen, system in
            let section = preview.section(screen, tokens: system.tokens, findings: byFile[screen.file] ?? [])
            return (screen.file, ScreenPreview.page(title: "\(screen.name) — \(screen.file)", body: section))
        }
    }

    /// One page for a run: the findings counted by rule and by severity, each screen with findings drawn with its
    /// list, and the clean screens listed, folded.
    public static func run(
        _ screens: [(screen: Screen, system: LintSystem)], findings: [Diagnostic], preview: ScreenPreview = ScreenPreview()
    ) -> String {
        let byFile = Dictionary(grouping: findings, by: \.mark.file)
        var body = "<h1>Hairline: \(findings.count) finding\(findings.count == 1 ? "" : "s") in \(screens.count) screen\(screens.count == 1 ? "" : "s")</h1>\n"
        let bySeverity = Dictionary(grouping: findings, by: \.severity)
        body += "<p>" + Severity.allCases.reversed().map { "\(bySeverity[$0]?.count ?? 0) \($0.rawValue)" }.joined(separator: " · ") + "</p>\n"
        let byRule = Dictionary(grouping: findings, by: \.code).sorted { ($1.value.count, $0.key) < ($0.value.count, $1.key) }
        if !byRule.isEmpty {
            body += "<table class=\"summary\"><tr><th>rule</th><th>findings</th></tr>\n"
            body += byRule.map { "<tr><td><code>\(ScreenPreview.escape($0.key))</code></td><td>\($0.value.count)</td></tr>\n" }.joined()
            body += "</table>\n"
        }
        var clean: [String] = []
        for (index, (screen, system)) in screens.enumerated() {
            guard let own = byFile[screen.file], !own.isEmpty else {
                clean.append(screen.file)
                continue
            }
            body += preview.section(screen, tokens: system.tokens, findings: own, index: index)
        }
        if !clean.isEmpty {
            body += "<details><summary>\(clean.count) clean screen\(clean.count == 1 ? "" : "s")</summary><ul>"
            body += clean.map { "<li><code>\(ScreenPreview.escape($0))</code></li>" }.joined() + "</ul></details>\n"
        }
        return ScreenPreview.page(title: "Hairline report", body: body)
    }
}
