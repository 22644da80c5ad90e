/// The plain-text rules report: a table of every rule, or one rule in detail.
public enum RulesReport {
    /// A table: id, severity, selector, check, summary; columns padded to line up. With a `width` (a terminal's),
    /// what a designer reads first: id, severity and summary, each line cut to the width so that no row wraps
    /// (`hairline rules ID` shows a rule whole, and piped output has every column).
    public static func table(_ entries: [RuleInfo], width: Int? = nil) -> String {
        var header = ["ID", "SEVERITY", "SELECTOR", "CHECK", "SUMMARY"]
        var rows = entries.map { [$0.id, $0.severity, $0.target, Self.clipped($0.checkText), $0.summary ?? ""] }
        if width != nil {
            header = [header[0], header[1], header[4]]
            rows = rows.map { [$0[0], $0[1], $0[4]] }
        }
        let widths = (0..<(header.count - 1)).map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            var text = ""
            for (index, cell) in cells.enumerated() {
                text += index < widths.count ? cell + String(repeating: " ", count: widths[index] - cell.count + 2) : cell
            }
            return width.map { Self.clipped(text, to: $0) } ?? text
        }
        let count = "\(entries.count) rule\(entries.count == 1 ? "" : "s")"
        return ([line(header)] + rows.map(line) + ["", count]).joined(separator: "\n") + "\n"
    }

    /// Long text cut for a table's column; the detail view shows it whole.
    static func clipped(_ text: String, to limit: Int = 60) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }

    /// One rule in detail: what it checks, why, and its examples.
    public static func detail(_ entry: RuleInfo) -> String {
        var lines = [
            "\(entry.id) (\(entry.severity))" + (entry.system.map { " · \($0)" } ?? ""),
            entry.summary ?? "",
            "",
            "  selector: \(entry.target)",
            "  check:    \(entry.checkText)",
            "  defined:  \(entry.file):\(entry.line)",
        ]
        if let why = entry.why { lines += ["", "Why", "  " + why] }
        for (title, examples) in [("Triggers on", entry.failing), ("Passes", entry.passing)] where !examples.isEmpty {
            lines += ["", title]
            for example in examples {
                lines += example.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension RulesReport {
    /// The rules as Markdown: one section per system, a table, then each rule with its reason.
    public static func markdown(_ entries: [RuleInfo]) -> String {
        var out = "# Rules\n"
        for (system, rules) in grouped(entries) {
            out += "\n## \(system)\n\n| Rule | Severity | Selector | Check | Summary |\n| --- | --- | --- | --- | --- |\n"
            for rule in rules {
                out += "| [`\(rule.id)`](#\(rule.id)) | \(rule.severity) | `\(cell(rule.target))` | `\(cell(rule.checkText))` | \(cell(rule.summary ?? "")) |\n"
            }
            for rule in rules {
                out += "\n### \(rule.id)\n\n**\(rule.summary ?? rule.id)** — \(rule.severity), `\(cell(rule.checkText))` on `\(cell(rule.target))`, defined in `\(rule.file):\(rule.line)`.\n"
                if let why = rule.why { out += "\n> \(why)\n" }
                for (title, examples) in [("Triggers on", rule.failing), ("Passes", rule.passing)] where !examples.isEmpty {
                    out += "\n\(title):\n"
                    for example in examples { out += "\n```yaml\n\(example)\n```\n" }
                }
            }
        }
        return out
    }

    /// The rules as JSON: every field of every rule.
    public static func json(_ entries: [RuleInfo]) -> String {
        let rules: [[String: Any]] = entries.map { rule in
            var object: [String: Any] = [
                "id": rule.id, "severity": rule.severity, "selector": rule.target, "check": rule.check, "settings": rule.settings,
                "file": rule.file, "line": rule.line, "examples": ["fail": rule.failing, "pass": rule.passing],
            ]
            if let system = rule.system { object["system"] = system }
            if let summary = rule.summary { object["summary"] = summary }
            if let why = rule.why { object["why"] = why }
            if let url = rule.helpURL, RuleInfo.isWebURL(url) { object["helpUri"] = url }
            return object
        }
        return JSONOutput.serialize(["version": 1, "rules": rules])
    }

    /// The rules as one self-contained HTML page, grouped by system: no script, no external resource. It leads with
    /// what designers read, each rule's summary and the system's own reason; the selector, check and examples follow.
    public static func html(_ entries: [RuleInfo]) -> String {
        func h(_ text: String) -> String { XMLText.escape(text) }
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Hairline rules</title>
            <style>
            body { font: 15px/1.5 -apple-system, system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #111; }
            h1 { font-size: 1.6rem; } h2 { margin-top: 2.5rem; border-bottom: 1px solid #ddd; }
            table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid #eee; vertical-align: top; }
            code, pre { font: 13px ui-monospace, SFMono-Regular, monospace; } pre { background: #f6f8fa; padding: .6rem; overflow-x: auto; }
            .error { color: #b42318; } .warning { color: #8a5b0a; } .info { color: #0066cc; }
            blockquote { margin: .5rem 0; padding-left: 1rem; border-left: 3px solid #ccc; color: #444; }
            @media (prefers-color-scheme: dark) { body { background: #0b1020; color: #eee; } pre { background: #151b2b; } th, td { border-color: #333; } blockquote { color: #bbb; } }
            </style>
            </head>
            <body>
            <h1>Hairline rules</h1>
            <p>\(entries.count) rules. Each quotes its design system's own reason.</p>

            """
        for (system, rules) in grouped(entries) {
            out += "<h2 id=\"system-\(h(system))\">\(h(system))</h2>\n<table>\n<tr><th>Rule</th><th>What it asks</th><th>Severity</th></tr>\n"
            for rule in rules {
                out += "<tr><td><a href=\"#\(h(rule.id))\">\(h(rule.summary ?? rule.id))</a></td><td>\(h(rule.why ?? ""))</td><td class=\"\(h(rule.severity))\">\(h(rule.severity))</td></tr>\n"
            }
            out += "</table>\n"
            for rule in rules {
                out += "<section id=\"\(h(rule.id))\">\n<h3>\(h(rule.summary ?? rule.id)) <small><code>\(h(rule.id))</code></small></h3>\n"
                if let why = rule.why { out += "<blockquote>\(h(why))</blockquote>\n" }
                out += "<p><span class=\"\(h(rule.severity))\">\(h(rule.severity))</span> · <code>\(h(rule.checkText))</code> on <code>\(h(rule.target))</code> · <code>\(h(rule.file)):\(rule.line)</code></p>\n"
                for (title, examples) in [("Triggers on", rule.failing), ("Passes", rule.passing)] where !examples.isEmpty {
                    out += "<p>\(title):</p>\n"
                    for example in examples { out += "<pre>\(h(example))</pre>\n" }
                }
                out += "</section>\n"
            }
        }
        out += "</body>\n</html>\n"
        return out
    }

    private static func grouped(_ entries: [RuleInfo]) -> [(String, [RuleInfo])] {
        var order: [String] = []
        var groups: [String: [RuleInfo]] = [:]
        for entry in entries {
            let system = entry.system ?? "Rules"
            if groups[system] == nil { order.append(system) }
            groups[system, default: []].append(entry)
        }
        return order.map { ($0, groups[$0]!) }
    }

    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}

import Foundation
