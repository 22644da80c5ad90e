import Foundation
import HairlineDiagnostics
import HairlineEngine
import HairlineLint
import HairlineTokens
import HairlineYAML

/// What the server answers about a document: hovers, completions, definitions, code actions, colours and pulled
/// diagnostics. Each answer reads the document's text as it is now, so it works on a screen that does not parse
/// while it is typed.
struct Features {
    let workspace: Workspace

    /// A document and a place in it, from a request's `textDocument` and `position`.
    struct Place {
        let path: String
        let source: SourceText
        let position: SourceRange.Position
        /// The line's bytes, and the cursor's offset in them.
        var line: ArraySlice<UInt8> { source.bytes[source.lineBytes(position.line)] }
    }

    private func place(_ params: JSONValue) -> Place? {
        guard
            let path = params["textDocument"]?["uri"]?.string.flatMap(LSP.path(ofURI:)),
            let text = workspace.text(of: path)
        else { return nil }
        let source = SourceText(text)
        guard let position = LSP.position(params["position"], in: source) else { return nil }
        return Place(path: path, source: source, position: position)
    }

    // MARK: What is under the cursor

    /// A token reference `{path}` the cursor is in or at the edge of: its path and its byte range.
    static func reference(at place: Place) -> (path: String, bytes: Range<Int>)? {
        let line = place.line
        let cursor = place.position.offset
        var open = cursor
        while open > line.startIndex, line[open - 1] != UInt8(ascii: "{") {
            guard Self.isPathByte(line[open - 1]) else { return nil }
            open -= 1
        }
        guard open > line.startIndex else { return nil }
        var close = cursor
        while close < line.endIndex, line[close] != UInt8(ascii: "}") {
            guard Self.isPathByte(line[close]) else { return nil }
            close += 1
        }
        guard close < line.endIndex, close > open else { return nil }
        return (String(decoding: line[open..<close], as: UTF8.self), (open - 1)..<(close + 1))
    }

    /// A byte a token path may hold: letters, digits, `.`, `_`, `-`, `$`, and any byte of a non-ASCII letter.
    static func isPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "$"), 0x80...:
            true
        default:
            false
        }
    }

    /// The word (letters, digits, `-`, `_`, `.`) the cursor is in.
    static func word(at place: Place) -> (text: String, bytes: Range<Int>)? {
        let line = place.line
        var start = place.position.offset
        while start > line.startIndex, isWordByte(line[start - 1]) { start -= 1 }
        var end = place.position.offset
        while end < line.endIndex, isWordByte(line[end]) { end += 1 }
        guard end > start else { return nil }
        return (String(decoding: line[start..<end], as: UTF8.self), start..<end)
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        isPathByte(byte) && byte != UInt8(ascii: "$")
    }

    /// The rule ids of a `# hairline:` directive on the cursor's line, when the cursor is on one of them.
    static func suppressedRule(at place: Place) -> String? {
        let text = String(decoding: place.line, as: UTF8.self)
        guard let marker = text.range(of: "# hairline:") else { return nil }
        let markerOffset = place.line.startIndex + text.utf8.distance(from: text.startIndex, to: marker.upperBound)
        guard let word = word(at: place), word.bytes.lowerBound >= markerOffset else { return nil }
        return word.text.hasPrefix("disable") || word.text == "enable" || word.text == "all" ? nil : word.text
    }

    /// The system whose token set or rule sets a file is, else the one that lints it as a screen.
    private func system(for path: String) -> LintSystem? {
        if workspace.kind(of: path) == .system {
            return workspace.allSystems.first { system in
                system.tokens.map { workspace.absolute($0.tokens.first?.mark.file ?? "") == path } ?? false
                    || system.rules.contains { workspace.absolute($0.file) == path }
            }
        }
        return workspace.system(forScreen: path)
    }

    // MARK: Hover

    func hover(_ params: JSONValue) -> JSONValue {
        guard let place = place(params), let system = system(for: place.path) else { return .null }
        if let rule = Self.suppressedRule(at: place).flatMap({ id in system.rules.first { $0.id == id } }) {
            // Everything from a user's files is shown as written: Markdown in it makes no image, link or markup.
            var lines = ["**\(MarkdownText.plain(rule.id))** (\(rule.severity.rawValue))"]
            if let summary = rule.summary { lines += ["", MarkdownText.plain(summary)] }
            if let why = rule.why { lines += ["", "Why: \(MarkdownText.plain(why))"] }
            return hoverResult(lines, place: place, bytes: Self.word(at: place)!.bytes)
        }
        guard let (path, bytes) = Self.reference(at: place), let tokens = system.tokens else { return .null }
        guard let token = tokens[path] else {
            return hoverResult(["\(MarkdownText.code("{\(path)}")) names no token of \(MarkdownText.plain(system.name))"], place: place, bytes: bytes)
        }
        var lines = ["**\(MarkdownText.plain("{\(token.path)}"))** · \(token.type.rawValue)"]
        if let description = token.description { lines += ["", MarkdownText.plain(description)] }
        let modes = tokens.modes.isEmpty ? ["value"] : tokens.modes
        lines += ["", "| mode | value |", "| --- | --- |"]
        for (index, mode) in modes.enumerated() {
            lines.append("| \(MarkdownText.plain(mode)) | \(MarkdownText.code(Self.display(token.values[min(index, token.values.count - 1)]))) |")
        }
        if token.type == .color { lines += contrastLines(token: token, tokens: tokens, place: place, bytes: bytes) }
        if let deprecated = token.deprecated { lines += ["", "**Deprecated**" + (deprecated.isEmpty ? "" : ": \(MarkdownText.plain(deprecated))")] }
        return hoverResult(lines, place: place, bytes: bytes)
    }

    private func hoverResult(_ lines: [String], place: Place, bytes: Range<Int>) -> JSONValue {
        [
            "contents": ["kind": "markdown", "value": .string(lines.joined(separator: "\n"))],
            "range": LSP.range(SourceRange(start: place.source.position(offset: bytes.lowerBound), end: place.source.position(offset: bytes.upperBound))),
        ]
    }

    static func display(_ value: TokenValue) -> String {
        value.string ?? value.json
    }

    /// A foreground colour's contrast, in each mode, on the background it sits on in the screen.
    private func contrastLines(token: Token, tokens: TokenSet, place: Place, bytes: Range<Int>) -> [String] {
        guard let system = workspace.system(forScreen: place.path),
            let read = try? ScreenReader.read(bytes: place.source.bytes, file: workspace.shown(place.path), system: { _ in system }),
            let screen = read.screen
        else { return [] }
        let ranges = NodeRanges(bytes: place.source.bytes)
        for element in screen.elements {
            for property in element.properties where property.name != "background" {
                var found: Leaf?
                element.forEachLeaf(of: property.value, at: property.name) { _, leaf in
                    let range = ranges.range(at: leaf.mark)
                    if leaf.token === token, range.start.offset <= bytes.lowerBound, bytes.upperBound <= range.end.offset { found = leaf }
                }
                guard found != nil else { continue }
                var lines = ["", "Contrast on its background:"]
                for (mode, name) in (tokens.modes.isEmpty ? ["value"] : tokens.modes).enumerated() {
                    guard let foreground = token.values[min(mode, token.values.count - 1)].string.flatMap(RGBA.init(hex:)) else { continue }
                    let canvas = tokens["color.canvas"].flatMap { $0.values[min(mode, $0.values.count - 1)].string.flatMap(RGBA.init(hex:)) }
                    let below = Contrast.backdrop(under: element, in: screen, mode: mode, fallback: canvas ?? RGBA(red: 1, green: 1, blue: 1), against: foreground)
                    let ratio = Contrast.ratio(foreground.over(below.colour), below.colour)
                    lines.append("- \(MarkdownText.plain(name)): \(String(format: "%.2f", ratio)):1 on \(MarkdownText.plain(below.text))")
                }
                return lines
            }
        }
        return []
    }

    // MARK: Definition

    func definition(_ params: JSONValue) -> JSONValue {
        guard let place = place(params), let system = system(for: place.path) else { return .null }
        if let (path, _) = Self.reference(at: place), let token = system.tokens?[path] {
            return location(of: token.keyMark)
        }
        if let word = Self.word(at: place), let rule = system.rules.first(where: { $0.id == word.text }) {
            return location(of: rule.idMark)
        }
        return .null
    }

    private func location(of mark: Mark) -> JSONValue {
        let path = workspace.absolute(mark.file)
        let source = workspace.text(of: path).map(SourceText.init)
        let start =
            source?.position(line: mark.line, column: mark.column)
            ?? SourceRange.Position(line: mark.line, column: mark.column, offset: 0, utf16Column: mark.column)
        return ["uri": .string(LSP.uri(ofPath: path)), "range": LSP.range(SourceRange(start: start, end: start))]
    }

    // MARK: Completion

    func completion(_ params: JSONValue) -> JSONValue {
        guard let place = place(params) else { return .array([]) }
        let line = place.line
        let before = line[line.startIndex..<place.position.offset]
        // Inside an open `{`: token references.
        if let brace = before.lastIndex(of: UInt8(ascii: "{")), before[(brace + 1)...].allSatisfy(Self.isPathByte) {
            guard let tokens = system(for: place.path)?.tokens else { return .array([]) }
            // The path typed so far and any rest of it after the cursor are replaced.
            var end = place.position.offset
            while end < line.endIndex, Self.isPathByte(line[end]) { end += 1 }
            return .array(tokenItems(tokens, place: place, replacing: (brace + 1)..<end))
        }
        guard let vocabulary = system(for: place.path)?.vocabulary else { return .array([]) }
        return .array(vocabularyItems(vocabulary, place: place, before: String(decoding: before, as: UTF8.self)))
    }

    /// The tokens of the type the property takes (all tokens when it takes none known), each replacing what is
    /// typed after the brace and closing it.
    private func tokenItems(_ tokens: TokenSet, place: Place, replacing bytes: Range<Int>) -> [JSONValue] {
        let property = Self.property(before: String(decoding: place.line[place.line.startIndex..<(bytes.lowerBound - 1)], as: UTF8.self))
        let kind = enclosingKind(in: place)
        let typeName = kind.flatMap { system(for: place.path)?.vocabulary?.kinds[$0]?.types[property ?? ""] } ?? property.flatMap(Self.expectedType)
        var candidates = tokens.tokens
        if let typeName, let type = TokenType(rawValue: typeName) {
            let typed = candidates.filter { $0.type == type }
            if !typed.isEmpty { candidates = typed }
        }
        let closes = bytes.upperBound < place.line.endIndex && place.line[bytes.upperBound] == UInt8(ascii: "}")
        let range = LSP.range(SourceRange(start: place.source.position(offset: bytes.lowerBound), end: place.source.position(offset: bytes.upperBound)))
        return candidates.map { token in
            var item: [String: JSONValue] = [
                "label": .string(token.path),
                "kind": .number(token.type == .color ? 16 : 21),
                "detail": .string("\(token.type.rawValue) · \(Self.display(token.value))"),
                "textEdit": ["range": range, "newText": .string(token.path + (closes ? "" : "}"))],
                "filterText": .string(token.path),
            ]
            if let description = token.description { item["documentation"] = .string(description) }
            if token.deprecated != nil { item["tags"] = [1] }
            return .object(item)
        }
    }

    /// The property a value is being typed for: the last `name:` before the cursor on its line.
    static func property(before text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: CharacterSet(charactersIn: " \"'"))
        guard trimmed.hasSuffix(":") else { return nil }
        let name = trimmed.dropLast().reversed().prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        return name.isEmpty ? nil : String(name.reversed())
    }

    /// The token type a property usually takes, by its name, where no vocabulary says.
    static func expectedType(_ property: String) -> String? {
        let name = property.lowercased()
        if ["color", "background", "foreground", "fill", "tint", "stroke"].contains(where: name.contains) { return "color" }
        if ["padding", "gap", "margin", "radius", "height", "width", "inset", "spacing", "offset", "size"].contains(where: name.contains) {
            return "dimension"
        }
        if name.contains("font") || name == "typography" { return "typography" }
        if name.contains("duration") { return "duration" }
        if name.contains("gradient") { return "gradient" }
        if name.contains("shadow") { return "shadow" }
        if name.contains("border") { return "border" }
        if name.contains("opacity") { return "number" }
        return nil
    }

    /// The kind of the element the cursor stands in: the engine's answer from the screen as it reads it, or, for
    /// text that does not parse as it is typed, the one the lines above show (`lineEnclosingKind`).
    func enclosingKind(in place: Place) -> String? {
        workspace.engine.elementKind(atLine: place.position.line, column: place.position.column, inScreen: place.path, systems: workspace.systems)
            ?? Self.lineEnclosingKind(in: place)
    }

    /// The kind of the element whose mapping the cursor is in: the key before a flow mapping's `{` on the same
    /// line (`- text: {role: …`), else the nearest less indented line above that opens one (`- card:`), else the
    /// screen's root.
    static func lineEnclosingKind(in place: Place) -> String? {
        let line = String(decoding: place.line[place.line.startIndex..<place.position.offset], as: UTF8.self)
        let characters = Array(line)
        // The last `{` that opens a flow mapping, not a quoted reference.
        if let brace = characters.indices.last(where: { characters[$0] == "{" && ($0 == 0 || !"\"'".contains(characters[$0 - 1])) }) {
            let head = String(characters[..<brace]).trimmingCharacters(in: .whitespaces)
            guard head.hasSuffix(":") else { return nil }
            return head.dropLast().split(whereSeparator: { $0 == " " || $0 == "-" }).last.map(String.init)
        }
        let indent = line.prefix { $0 == " " || $0 == "-" }.count
        var number = place.position.line - 1
        while number >= 1 {
            let text = place.source.lineText(number)
            let lead = text.prefix { $0 == " " || $0 == "-" }.count
            let rest = text.dropFirst(lead)
            number -= 1
            guard lead < indent, !rest.isEmpty, !rest.hasPrefix("#") else { continue }
            guard let colon = rest.firstIndex(of: ":") else { return nil }
            let key = String(rest[..<colon])
            return key == "children" ? nil : key
        }
        return "screen"
    }

    /// At a key: the properties of the enclosing kind; after `- ` in a children list: the kinds; after an
    /// enumerated property's `name: `: its values.
    private func vocabularyItems(_ vocabulary: ComponentVocabulary, place: Place, before: String) -> [JSONValue] {
        let typed = String(before.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        let start = place.position.offset - typed.utf8.count
        let head = before.dropLast(typed.count)
        let range = LSP.range(SourceRange(start: place.source.position(offset: start), end: place.position))
        func items(_ names: [String], kind: Int, detail: (String) -> String?) -> [JSONValue] {
            names.map { name in
                var item: [String: JSONValue] = ["label": .string(name), "kind": .number(Double(kind)), "textEdit": ["range": range, "newText": .string(name)]]
                if let detail = detail(name) { item["detail"] = .string(detail) }
                return .object(item)
            }
        }
        let trimmedHead = head.trimmingCharacters(in: .whitespaces)
        if let property = Self.property(before: String(head)), let kind = enclosingKind(in: place),
            let values = vocabulary.kinds[kind]?.values[property]
        {
            return items(values, kind: 20) { _ in "\(kind).\(property)" }
        }
        if trimmedHead == "-" {
            return items(vocabulary.kinds.keys.sorted(), kind: 7) { _ in "component" }
        }
        if trimmedHead.isEmpty || trimmedHead.hasSuffix("{") || trimmedHead.hasSuffix(",") {
            guard let kind = enclosingKind(in: place), let component = vocabulary.kinds[kind] else { return [] }
            return items(component.properties, kind: 10) { name in
                component.types[name] ?? component.values[name].map { $0.joined(separator: " | ") }
            }
        }
        return []
    }

    // MARK: Code actions

    func codeActions(_ params: JSONValue) -> JSONValue {
        guard let uri = params["textDocument"]?["uri"]?.string, let path = LSP.path(ofURI: uri), let text = workspace.text(of: path) else {
            return .array([])
        }
        let source = SourceText(text)
        guard let start = LSP.position(params["range"]?["start"], in: source), let end = LSP.position(params["range"]?["end"], in: source) else {
            return .array([])
        }
        var actions: [JSONValue] = []
        var suppressed: Set<String> = []
        for diagnostic in workspace.diagnostics(of: path) where !diagnostic.isInputError {
            let range = LSP.range(of: diagnostic, in: source)
            // Diagnostics on the requested range's lines.
            guard range.start.line <= end.line, range.end.line >= start.line else { continue }
            let lspDiagnostic = LSP.diagnostic(diagnostic, in: source)
            if let fix = diagnostic.fix, !fix.edits.isEmpty {
                let edits: [JSONValue] = fix.edits.map { ["range": LSP.range($0.range), "newText": .string($0.text)] }
                actions.append([
                    "title": .string(fix.title + (fix.safety == .unsafe ? " (unsafe)" : "")), "kind": "quickfix",
                    "diagnostics": [lspDiagnostic], "isPreferred": .bool(fix.safety == .safe),
                    "edit": ["changes": .object([uri: .array(edits)])],
                ])
            }
            let key = "\(diagnostic.mark.line)/\(diagnostic.code)"
            guard !suppressed.contains(key) else { continue }
            suppressed.insert(key)
            actions.append([
                "title": .string("Suppress \(diagnostic.code) on this line"), "kind": "quickfix", "diagnostics": [lspDiagnostic],
                "edit": ["changes": .object([uri: [Self.suppression(of: diagnostic.code, line: diagnostic.mark.line, in: source, swift: diagnostic.mark.file.hasSuffix(".swift"))]])],
            ])
        }
        // Every safe fix in the document, to a fixed point: the command line's `--fix`, as one edit of the whole text.
        let safe = workspace.diagnostics(of: path).contains { $0.fix?.safety == .safe && !($0.fix?.edits.isEmpty ?? true) }
        if safe, let fixed = workspace.fixedText(of: path) {
            let whole = SourceRange(start: source.position(offset: 0), end: source.position(offset: text.count))
            actions.append([
                "title": "Fix all safe hairline findings", "kind": "source.fixAll.hairline",
                "edit": ["changes": .object([uri: [["range": LSP.range(whole), "newText": .string(String(decoding: fixed, as: UTF8.self))]]])],
            ])
        }
        return .array(actions)
    }

    /// The edit that suppresses a rule on a line: `# hairline:disable-line <id>` at its end (`//` in Swift), or the
    /// id added to one already there.
    static func suppression(of id: String, line: Int, in source: SourceText, swift: Bool = false) -> JSONValue {
        let text = source.lineText(line)
        let end = source.position(offset: source.lineBytes(line).upperBound)
        let marker = swift ? "// hairline:disable-line" : "# hairline:disable-line"
        if text.range(of: marker) != nil, !text.contains(" -- ") {
            return ["range": LSP.range(SourceRange(start: end, end: end)), "newText": .string(", \(id)")]
        }
        return ["range": LSP.range(SourceRange(start: end, end: end)), "newText": .string(" \(marker) \(id)")]
    }

    // MARK: Colours

    /// Every colour in a document: quoted hex literals, and references to colour tokens (their first mode's
    /// value).
    func documentColors(_ params: JSONValue) -> JSONValue {
        guard let path = params["textDocument"]?["uri"]?.string.flatMap(LSP.path(ofURI:)), let text = workspace.text(of: path) else {
            return .array([])
        }
        let source = SourceText(text)
        let tokens = system(for: path)?.tokens
        var colours: [JSONValue] = []
        var index = 0
        let bytes = text
        while index < bytes.count {
            let byte = bytes[index]
            var found: (Range<Int>, RGBA)?
            if byte == UInt8(ascii: "#"), index > 0, bytes[index - 1] == UInt8(ascii: "\"") || bytes[index - 1] == UInt8(ascii: "'") {
                var end = index + 1
                while end < bytes.count, (bytes[end] >= 0x30 && bytes[end] <= 0x39) || (bytes[end] | 0x20 >= 0x61 && bytes[end] | 0x20 <= 0x66) { end += 1 }
                if let colour = RGBA(hex: String(decoding: bytes[index..<end], as: UTF8.self)) { found = (index..<end, colour) }
                index = end
            } else if byte == UInt8(ascii: "{"), let tokens {
                var end = index + 1
                while end < bytes.count, Self.isPathByte(bytes[end]) { end += 1 }
                if end < bytes.count, bytes[end] == UInt8(ascii: "}"), let token = tokens[String(decoding: bytes[(index + 1)..<end], as: UTF8.self)],
                    token.type == .color, let colour = token.value.string.flatMap(RGBA.init(hex:))
                {
                    found = (index..<(end + 1), colour)
                }
                index = end
            } else {
                index += 1
            }
            if let (range, colour) = found {
                colours.append([
                    "range": LSP.range(SourceRange(start: source.position(offset: range.lowerBound), end: source.position(offset: range.upperBound))),
                    "color": ["red": .number(colour.red), "green": .number(colour.green), "blue": .number(colour.blue), "alpha": .number(colour.alpha)],
                ])
            }
        }
        return .array(colours)
    }

    /// A colour written as hex, and as each colour token with that value.
    func colorPresentations(_ params: JSONValue) -> JSONValue {
        guard let colour = params["color"], let red = Self.number(colour["red"]), let green = Self.number(colour["green"]),
            let blue = Self.number(colour["blue"])
        else { return .array([]) }
        let rgba = RGBA(red: red, green: green, blue: blue, alpha: Self.number(colour["alpha"]) ?? 1)
        var presentations: [JSONValue] = [["label": .string(rgba.hex)]]
        if let path = params["textDocument"]?["uri"]?.string.flatMap(LSP.path(ofURI:)), let tokens = system(for: path)?.tokens {
            for token in tokens.tokens where token.type == .color && token.deprecated == nil && token.value.string.flatMap(RGBA.init(hex:))?.hex == rgba.hex {
                presentations.append(["label": .string("{\(token.path)}")])
            }
        }
        return .array(presentations)
    }

    private static func number(_ value: JSONValue?) -> Double? {
        if case .number(let number) = value { return number }
        return nil
    }

    // MARK: Pulled diagnostics

    func diagnosticReport(_ params: JSONValue) -> JSONValue {
        guard let path = params["textDocument"]?["uri"]?.string.flatMap(LSP.path(ofURI:)) else { return ["kind": "full", "items": []] }
        let source = workspace.text(of: path).map(SourceText.init)
        return ["kind": "full", "items": .array(workspace.diagnostics(of: path).map { LSP.diagnostic($0, in: source) })]
    }
}
