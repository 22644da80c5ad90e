import HairlineDiagnostics
import HairlineTokens

/// A token sheet: one self-contained HTML page per token set (no script, no external resource) — colour swatches in
/// every mode with their WCAG contrast against the canvas and the ink, the spacing scale and radii drawn to
/// scale, the type ramp rendered in its roles, chart hues and gradients — linked to the system's rules report.
public enum HTMLSheetEmitter {
    /// `uses`: how many screen places name each token, by path, shown beside each token where given.
    public static func emit(_ set: TokenSet, rulesReport: String = "rules.html", uses: [String: Int]? = nil) -> String {
        let modes = set.modeNames
        let label = Label(uses: uses)
        var body = ""
        body += "<header><h1>\(escape(set.name))</h1><p>\(set.tokens.count) tokens"
        body += set.modes.isEmpty ? "" : " · modes \(escape(set.modes.joined(separator: ", ")))"
        body += " · <a href=\"\(escape(rulesReport))\">the rules of this system</a></p></header>\n"
        body += colours(set, label, modes)
        body += dimensions(set, label)
        body += typography(set, label)
        body += gradients(set, label, modes)
        body += others(set, label)
        return page(title: "\(set.name) tokens", body: body)
    }

    // MARK: - Sections

    /// The canvas and ink of each mode, for contrast: `color.canvas` and `color.ink` when the set has them.
    private static func references(_ set: TokenSet, _ mode: Int) -> (canvas: RGBA, ink: RGBA) {
        func colour(_ paths: [String], _ fallback: RGBA) -> RGBA {
            for path in paths {
                if let token = set[path], token.type == .color, let hex = token.values[min(mode, token.values.count - 1)].string,
                    let rgba = RGBA(hex: hex)
                {
                    return rgba
                }
            }
            return fallback
        }
        let canvas = colour(["color.canvas", "color.background", "color.surface"], RGBA(red: 1, green: 1, blue: 1))
        let ink = colour(["color.ink", "color.text.primary", "color.primary", "color.text"], RGBA(red: 0, green: 0, blue: 0))
        return (canvas, ink)
    }

    static func contrast(_ a: RGBA, _ b: RGBA) -> Double {
        let (la, lb) = (a.relativeLuminance, b.relativeLuminance)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    private static func ratio(_ value: Double) -> String {
        let text = "\(Double(Int(value * 100)) / 100)"
        let badge = value >= 4.5 ? "AA" : value >= 3 ? "AA large" : "fails"
        return "\(text):1 <small class=\"\(value >= 3 ? "ok" : "bad")\">\(badge)</small>"
    }

    /// Each colour in every mode, the colours of a group together under its name. A contrast badge only where the
    /// set says a colour is used on another (`$extensions: {hairline: {on: ["{color.surface}"]}}`: text on its
    /// surfaces), in each mode: a colour is not judged against backgrounds it is never set on.
    private static func colours(_ set: TokenSet, _ label: Label, _ modes: [String]) -> String {
        // A group's own colours, then its subgroups': each group once, under its name.
        let tokens = set.tokens.filter { $0.type == .color }.sorted { ($0.group.joined(separator: "."), $0.name) < ($1.group.joined(separator: "."), $1.name) }
        guard !tokens.isEmpty else { return "" }
        var out = "<section id=\"colours\"><h2>Colours</h2>\n<p>Contrast is shown for the pairs the set declares (a colour's <code>on</code> backgrounds), in every mode.</p>\n"
        out += "<table class=\"colours\"><tr><th>token</th>"
        for mode in modes { out += "<th>\(escape(mode))</th>" }
        out += "</tr>\n"
        var group: [String]?
        for token in tokens {
            if token.group != group {
                group = token.group
                out += "<tr class=\"group\"><th colspan=\"\(modes.count + 1)\">\(escape(token.group.joined(separator: ".")))</th></tr>\n"
            }
            out += "<tr><td>\(label(token))" + (token.system.map { " <small>\(escape($0))</small>" } ?? "")
            if let description = token.description { out += "<br><small>\(escape(description))</small>" }
            out += "</td>"
            let backgrounds = Self.backgrounds(of: token, in: set)
            for index in modes.indices {
                let hex = token.values[min(index, token.values.count - 1)].string ?? "#000000"
                let rgba = RGBA(hex: hex) ?? RGBA(red: 0, green: 0, blue: 0)
                let canvas = references(set, index).canvas
                out += "<td><div class=\"swatch\" style=\"background:\(canvas.hex)\"><div style=\"background:\(rgba.css)\"></div></div>"
                out += "<code>\(escape(hex))</code>"
                for background in backgrounds {
                    guard let below = background.values[min(index, background.values.count - 1)].string.flatMap(RGBA.init(hex:)) else { continue }
                    let opaque = below.over(canvas)
                    out += "<br><small>on <code>\(escape(background.path))</code> \(ratio(contrast(rgba.over(opaque), opaque)))</small>"
                }
                out += "</td>"
            }
            out += "</tr>\n"
        }
        return out + "</table></section>\n"
    }

    /// The colour tokens a colour is declared to be used on (`on`: references or paths).
    private static func backgrounds(of token: Token, in set: TokenSet) -> [Token] {
        guard case .list(let items)? = token.metadata["on"] else { return [] }
        return items.compactMap { item in
            guard let text = item.string else { return nil }
            let path = TokenReference(text)?.path ?? text
            return set[path].flatMap { $0.type == .color ? $0 : nil }
        }
    }

    private static func dimensions(_ set: TokenSet, _ label: Label) -> String {
        let tokens = set.tokens.filter { $0.type == .dimension }
        guard !tokens.isEmpty else { return "" }
        var out = "<section id=\"dimensions\"><h2>Spacing, sizes and radii</h2><p>Drawn to scale: one point is one CSS pixel.</p>\n<table>"
        for token in tokens {
            out += "<tr><td>\(label(token))</td>"
            if token.value == .string("capsule") {
                out += "<td>capsule</td><td><div class=\"radius\" style=\"border-radius:999px\"></div></td></tr>\n"
                continue
            }
            let value = token.value.number ?? 0
            let shown = JSONText.number(value)
            if token.path.lowercased().contains("radius") || token.segments.first == "radius" {
                out += "<td>\(shown)</td><td><div class=\"radius\" style=\"border-radius:\(shown)px\"></div></td></tr>\n"
            } else {
                out += "<td>\(shown)</td><td><div class=\"bar\" style=\"width:\(min(max(value, 0), 600))px\"></div></td></tr>\n"
            }
        }
        return out + "</table></section>\n"
    }

    private static func typography(_ set: TokenSet, _ label: Label) -> String {
        let tokens = set.tokens.filter { $0.type == .typography }
        guard !tokens.isEmpty else { return "" }
        let textStyleSizes: [String: Double] = [
            "largeTitle": 34, "title": 28, "title2": 22, "title3": 20, "headline": 17, "body": 17, "callout": 16,
            "subheadline": 15, "footnote": 13, "caption": 12, "caption2": 11,
        ]
        var out = "<section id=\"type\"><h2>Type ramp</h2>\n"
        for token in tokens {
            let value = token.value
            let size = value["fontSize"]?.number ?? value["textStyle"]?.string.flatMap { textStyleSizes[$0] } ?? 17
            var style = "font-size:\(JSONText.number(size))px"
            if let weight = value["fontWeight"]?.number { style += ";font-weight:\(JSONText.number(weight))" }
            if let spacing = value["letterSpacing"]?.number { style += ";letter-spacing:\(JSONText.number(spacing))px" }
            if let lineHeight = value["lineHeight"]?.number { style += ";line-height:\(JSONText.number(lineHeight))" }
            if value["textCase"]?.string == "uppercase" { style += ";text-transform:uppercase" }
            if value["monospacedDigits"] == .bool(true) { style += ";font-variant-numeric:tabular-nums" }
            if case .list(let families) = value["fontFamily"] ?? .list([]) {
                style += ";" + CSSText.fontFamily(families.compactMap(\.string))
            }
            out += "<div class=\"role\">\(label(token)) <small>\(escape(value.json))</small>"
            // The set's own sample (`$extensions: {hairline: {sample: …}}` on the role or its group), else a neutral one.
            let sample = token.metadata["sample"]?.string ?? "The quick brown fox jumps over the lazy dog 0123456789"
            out += "<p style=\"\(escape(style))\">\(escape(sample))</p></div>\n"
        }
        return out + "</section>\n"
    }

    private static func gradients(_ set: TokenSet, _ label: Label, _ modes: [String]) -> String {
        let tokens = set.tokens.filter { $0.type == .gradient }
        guard !tokens.isEmpty else { return "" }
        var out = "<section id=\"gradients\"><h2>Gradients</h2>\n<table><tr><th>token</th>"
        for mode in modes { out += "<th>\(escape(mode))</th>" }
        out += "</tr>\n"
        for token in tokens {
            out += "<tr><td>\(label(token))</td>"
            for index in modes.indices {
                guard case .list(let stops) = token.values[min(index, token.values.count - 1)] else { continue }
                let parts = stops.compactMap { stop -> String? in
                    guard let hex = stop["color"]?.string, let rgba = RGBA(hex: hex), let position = stop["position"]?.number else { return nil }
                    return "\(rgba.css) \(JSONText.number(position * 100))%"
                }
                let canvas = references(set, index).canvas.hex
                out += "<td><div class=\"gradient\" style=\"background:\(canvas)\"><div style=\"background:linear-gradient(180deg,\(parts.joined(separator: ",")))\"></div></div></td>"
            }
            out += "</tr>\n"
        }
        return out + "</table></section>\n"
    }

    private static func others(_ set: TokenSet, _ label: Label) -> String {
        let tokens = set.tokens.filter { ![.color, .dimension, .typography, .gradient].contains($0.type) }
        guard !tokens.isEmpty else { return "" }
        var out = "<section id=\"other\"><h2>Other tokens</h2>\n<table>"
        for token in tokens {
            out += "<tr><td>\(label(token))</td><td>\(token.type.rawValue)</td><td><code>\(escape(token.value.json))</code></td></tr>\n"
        }
        return out + "</table></section>\n"
    }

    /// A token's name as the sheet shows it: its path, a deprecation badge with its message, and how many screen
    /// places name it when the sheet was given screens.
    struct Label {
        let uses: [String: Int]?

        func callAsFunction(_ token: Token) -> String {
            var out = "<code>\(escape(token.path))</code>"
            if let why = token.deprecated {
                out += " <small class=\"deprecated\" title=\"\(escape(why))\">deprecated</small>"
            }
            if let uses {
                let count = uses[token.path] ?? 0
                out += " <small class=\"uses\">\(count == 0 ? "unused" : count == 1 ? "1 use" : "\(count) uses")</small>"
            }
            return out
        }
    }

    // MARK: - Page

    static func escape(_ text: String) -> String {
        HTMLText.escape(text)
    }

    private static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>
        body { font: 14px/1.45 -apple-system, system-ui, sans-serif; margin: 2rem auto; max-width: 72rem; padding: 0 1rem; color: #111; background: #fff; }
        h1 { font-size: 1.8rem; margin-bottom: .2rem; } h2 { margin-top: 2.5rem; border-bottom: 1px solid #ddd; padding-bottom: .3rem; }
        table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid #eee; vertical-align: top; }
        code { font: 12px ui-monospace, SFMono-Regular, monospace; } small { color: #555; }
        .swatch { width: 6rem; height: 2.6rem; border: 1px solid #ccc; border-radius: 6px; padding: .35rem; box-sizing: border-box; margin-bottom: .25rem; }
        .swatch > div, .gradient > div { width: 100%; height: 100%; border-radius: 3px; }
        .gradient { width: 8rem; height: 4rem; border: 1px solid #ccc; border-radius: 6px; padding: .35rem; box-sizing: border-box; }
        .bar { height: 12px; background: #0066cc; border-radius: 2px; }
        .radius { width: 64px; height: 40px; background: #e7ecf5; border: 1px solid #5b616b; }
        .role { margin: .6rem 0 1rem; } .role p { margin: .2rem 0; }
        .ok { color: #26714c; } .bad { color: #b42318; font-weight: 600; }
        .deprecated { color: #8a5b0a; font-weight: 600; } .uses { color: #5b616b; }
        tr.group th { background: #f5f6f8; font-weight: 600; padding-top: .8rem; }
        </style>
        </head>
        <body>
        \(body)</body>
        </html>

        """
    }
}
