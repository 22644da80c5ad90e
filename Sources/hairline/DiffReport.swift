import Foundation
import HairlineLint
import HairlineEngine
import HairlineReport
import HairlineTokens

/// `hairline diff`'s report in its three formats.
struct DiffReport {
    let old: String
    let new: String
    let diff: TokenDiff
    let uses: [TokenUse]
    /// The old set's Swift expression of each token, for the symbols a breaking change takes away.
    let symbols: [String: String]

    /// A change's detail, in words.
    static func detail(_ change: TokenDiff.Change) -> String {
        switch change {
        case .added(let token): "\(token.type.rawValue) \(values(token))"
        case .removed(let token): "\(token.type.rawValue) \(values(token))"
        case .renamed(let old, let new, let how): "\(old.path) → \(new.path) (\(how))"
        case .retyped(let old, let new): "\(old.type.rawValue) → \(new.type.rawValue)"
        case .changed(_, _, let modes): modes.map { "\($0.mode) \(text($0.old)) → \(text($0.new))" }.joined(separator: ", ")
        case .aliasChanged(let old, let new): "\(old.alias.map { "{\($0)}" } ?? "a value") → \(new.alias.map { "{\($0)}" } ?? "a value")"
        case .deprecated(let token): token.deprecated.map { $0.isEmpty ? "deprecated" : $0 } ?? ""
        }
    }

    static func text(_ value: TokenValue?) -> String {
        value.map { $0.string ?? $0.json } ?? "(none)"
    }

    static func values(_ token: Token) -> String {
        token.differsByMode ? token.values.map { text($0) }.joined(separator: " / ") : text(token.value)
    }

    /// What each broken path became.
    private var brokenChange: [String: TokenDiff.Change] {
        Dictionary(diff.breaking.compactMap { change in change.brokenToken.map { ($0.path, change) } }, uniquingKeysWith: { first, _ in first })
    }

    /// What became of a token a screen names: `was renamed to {spacing.step}`.
    private func fate(_ path: String) -> String {
        switch brokenChange[path] {
        case .renamed(_, let new, _): "was renamed to {\(new.path)}"
        case .retyped(_, let new): "is now a \(new.type.rawValue)"
        default: "was removed"
        }
    }

    private var summary: String {
        let breaking = diff.breaking.count
        return "\(old) → \(new): \(diff.verdict.rawValue)" + (breaking > 0 ? " (\(breaking) breaking)" : "")
    }

    var text: String {
        var lines = [summary]
        let width = diff.changes.map(\.kind.count).max() ?? 0
        for change in diff.changes {
            var line = change.kind.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + change.path
            let detail = Self.detail(change)
            if !detail.isEmpty { line += ": " + detail }
            if let token = change.brokenToken, let symbol = symbols[token.path] { line += " [Swift: \(symbol)]" }
            lines.append(line)
        }
        if !uses.isEmpty {
            lines += ["", "Screens that name a removed, renamed or retyped token:"]
            for use in uses {
                lines.append("\(use.mark): {\(use.path)} \(fate(use.path))")
            }
        }
        return lines.map(TextFormatter.oneLine).joined(separator: "\n") + "\n"
    }

    var markdown: String {
        var lines = ["### Token changes: **\(diff.verdict.rawValue)**", "", "\(MarkdownReporter.code(old)) → \(MarkdownReporter.code(new))", ""]
        guard !diff.changes.isEmpty else { return (lines + ["No token changed."]).joined(separator: "\n") + "\n" }
        let counts = Dictionary(grouping: diff.changes, by: \.kind)
        lines += ["| change | tokens |", "| --- | --- |"]
        for kind in ["removed", "renamed", "retyped", "changed", "alias changed", "deprecated", "added"] where counts[kind] != nil {
            lines.append("| \(kind) | \(counts[kind]!.count) |")
        }
        if !uses.isEmpty { lines += ["", "**\(uses.count) screen \(uses.count == 1 ? "place names" : "places name") a token this change breaks.**"] }
        lines += ["", "<details><summary>Every change</summary>", "", "| change | token | detail |", "| --- | --- | --- |"]
        for change in diff.changes {
            var detail = MarkdownReporter.cell(Self.detail(change))
            if let token = change.brokenToken, let symbol = symbols[token.path] { detail += " (Swift \(MarkdownReporter.code(symbol)))" }
            lines.append("| \(change.kind) | \(MarkdownReporter.code(change.path)) | \(detail) |")
        }
        lines += ["", "</details>"]
        if !uses.isEmpty {
            lines += ["", "<details><summary>Screens that break</summary>", ""]
            for use in uses {
                lines.append("- \(MarkdownReporter.code(use.mark.description)): \(MarkdownReporter.code("{\(use.path)}")) \(MarkdownReporter.cell(fate(use.path)))")
            }
            lines += ["", "</details>"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    var json: String {
        var changes: [[String: Any]] = []
        for change in diff.changes {
            var entry: [String: Any] = ["kind": change.kind, "path": change.path]
            switch change {
            case .added(let token), .removed(let token): entry["type"] = token.type.rawValue
            case .renamed(let old, _, let how):
                entry["from"] = old.path
                entry["how"] = how
            case .retyped(let old, let new):
                entry["from"] = old.type.rawValue
                entry["to"] = new.type.rawValue
            case .changed(_, _, let modes):
                entry["modes"] = modes.map { ["mode": $0.mode, "old": Self.text($0.old), "new": Self.text($0.new)] }
            case .aliasChanged(let old, let new):
                entry["from"] = old.alias ?? NSNull()
                entry["to"] = new.alias ?? NSNull()
            case .deprecated(let token): entry["message"] = token.deprecated ?? ""
            }
            if let token = change.brokenToken {
                entry["breaking"] = true
                if let symbol = symbols[token.path] { entry["swift"] = symbol }
            }
            changes.append(entry)
        }
        let object: [String: Any] = [
            "old": old, "new": new, "verdict": diff.verdict.rawValue, "changes": changes,
            "uses": uses.map { ["file": $0.mark.file, "line": $0.mark.line, "column": $0.mark.column, "token": $0.path, "change": brokenChange[$0.path]?.kind ?? "removed"] },
        ]
        return JSONOutput.serialize(object)
    }
}
