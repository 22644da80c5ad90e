import HairlineDiagnostics
import HairlineTokens

/// Swift source for a token set (CONTRACT §4.2): one file, a generated banner, Foundation only outside
/// `#if canImport(SwiftUI)`. Groups become nested enums of static constants under a namespace named after
/// the system; colours are a small value type holding every mode; SwiftUI `Color` and `Font` conveniences
/// sit behind `#if canImport(SwiftUI)`. Two names that would be the same Swift identifier are an error.
public struct SwiftEmitter {
    let set: TokenSet
    /// The namespace and type prefix: the system's name in UpperCamelCase (`Black Belt` → `BlackBelt`).
    public let prefix: String
    let modeNames: [String]
    /// Each mode's argument label (`light:`), worked out once rather than for every token.
    private let modeLabels: [String]
    /// Each type's Swift type, worked out once rather than for every token.
    private let baseTypes: [TokenType: String]
    /// What every colour's literal starts with, and each mode's label with what comes before and after it, as
    /// bytes: written for every mode of every colour.
    private let rgbaStart: [UInt8]
    private let colorModeLabels: [[UInt8]]
    /// The file's own types a token's value is written with, named once rather than for every token.
    private let themedType: String
    private let typographyType: String
    private let shadowType: String
    /// A set this large is summed up, and its top-level namespaces built and written, on every core. Tests give
    /// a small one, to compare the two ways on small sets.
    public let parallelMinimum: Int
    /// What the file's shared part depends on, of the tokens written.
    private let summary: Summary

    /// Creates an emitter for a set.
    /// What the Swift output leaves out and how it writes aliases and colours.
    public struct Options: Sendable {
        /// Token and group paths kept out of the output, with everything under them; beside these, a token or group
        /// whose `$extensions.hairline.swift` is `false` (a palette only semantic tokens should reach).
        public var excluded: [String] = []
        /// An alias is written as its target's symbol (`BlackBelt.Spacing.Scale.double`) where the target is
        /// emitted with the same type and values, rather than as a copy of the value.
        public var aliasesAsReferences = false
        /// Colours read from the asset catalog `--xcassets` writes (`Color("color/canvas", bundle:)`) on Apple
        /// platforms, rather than from their values.
        public var colorsFromCatalog = false
        /// The access level of everything the file declares (`--swift-access`): `public` for a package of tokens,
        /// `internal` for an app's own target, `package` for a package's targets.
        public var access: Access = .public
        /// The namespace's name (`--swift-namespace`), in place of one made from the set's `$name`.
        public var namespace: String?
        /// Static members on the platform types (`--swift-static-members`), as Apple's asset symbols give them:
        /// `.foregroundStyle(.themeAccent)`, `.font(.themeTitle)`, `UIColor.themeAccent`.
        public var staticMembers = false

        public enum Access: String, Sendable, CaseIterable {
            case `public`, `internal`, `package`
        }

        public init(
            excluded: [String] = [], aliasesAsReferences: Bool = false, colorsFromCatalog: Bool = false, access: Access = .public,
            namespace: String? = nil
        ) {
            self.excluded = excluded
            self.aliasesAsReferences = aliasesAsReferences
            self.colorsFromCatalog = colorsFromCatalog
            self.access = access
            self.namespace = namespace
        }

        /// Whether a token is written.
        func includes(_ token: Token) -> Bool {
            token.metadata["swift"] != .bool(false)
                && !excluded.contains { token.path == $0 || token.path.hasPrefix($0 + ".") }
        }
    }

    /// The options it writes with.
    let options: Options

    /// The access keyword every declaration of the file takes.
    var access: String { options.access.rawValue }

    public init(_ set: TokenSet, options: Options = Options(), parallelMinimum: Int = TokenSet.parallelMinimum) {
        self.options = options
        self.parallelMinimum = parallelMinimum
        // Which tokens are written is asked in the summary's pass; most sets keep them all, and are then kept as
        // they are.
        summary = Summary(of: set.tokens, options: options, parallelMinimum: parallelMinimum)
        self.set = !summary.leavesOut ? set
            : TokenSet(name: set.name, modes: set.modes, tokens: set.tokens.filter(options.includes), groups: set.groups)
        self.prefix = SwiftNames.typeName(options.namespace ?? set.name)
        self.modeNames = set.modes.isEmpty ? ["value"] : set.modes
        self.modeLabels = modeNames.map(SwiftNames.argumentLabel)
        self.baseTypes = Dictionary(uniqueKeysWithValues: TokenType.allCases.map { [prefix] in ($0, Self.baseType($0, prefix: prefix)) })
        self.themedType = SwiftNames.prefixed(prefix, "Themed")
        self.typographyType = SwiftNames.prefixed(prefix, "Typography")
        self.shadowType = SwiftNames.prefixed(prefix, "Shadow")
        self.rgbaStart = Array("\(SwiftNames.prefixed(prefix, "RGBA"))(red: ".utf8)
        let colorStart = "\(SwiftNames.prefixed(prefix, "Color"))("
        self.colorModeLabels = modeLabels.enumerated().map { index, label in
            Array("\(index == 0 ? colorStart : ", ")\(label): ".utf8)
        }
    }

    /// The Swift file; throws when two names collide.
    public static func emit(_ set: TokenSet) throws(DiagnosticError) -> String {
        try SwiftEmitter(set).emit()
    }

    /// The Swift file's UTF-8 bytes; throws when two names collide.
    public static func emitBytes(_ set: TokenSet) throws(DiagnosticError) -> [UInt8] {
        try SwiftEmitter(set).emitBytes()
    }

    /// The Swift file's UTF-8 bytes in the parts they were written in, to be written out without being joined,
    /// each finished part handed on to `stream` as it is; throws when two names collide.
    public static func emitText(_ set: TokenSet, options: Options = Options(), stream: TextStream? = nil) throws(DiagnosticError) -> FinishedText {
        try SwiftEmitter(set, options: options).emitText(stream: stream)
    }

    // MARK: - Namespaces

    /// What first used a Swift name in a namespace: a token, or the group made of its first `segments`
    /// segments. Two words rather than a path and a mark, since every token adds one.
    private struct Use {
        let token: Token
        let segments: Int

        var path: String { segments == token.group.count + 1 ? token.path : token.group.prefix(segments).joined(separator: ".") }
    }

    private final class Namespace {
        let swiftName: String
        var tokens: [(swiftName: String, token: Token)] = []
        var children: [(name: String, namespace: Namespace)] = []
        /// The children by name, for lookups in a group of many.
        var childNamed: [String: Namespace] = [:]
        /// Each Swift name used here, with what first used it, once `indexed`. Until a name other than a token's
        /// own name as written is used here, the names are the tokens' names in one group, which no two share:
        /// most groups never need the index.
        var used: [String: Use] = [:]
        private(set) var indexed = false

        init(swiftName: String) { self.swiftName = swiftName }

        /// Indexes the names used so far, once; from then on every name used here is checked.
        func index() {
            guard !indexed else { return }
            indexed = true
            for (name, token) in tokens { used[name] = Use(token: token, segments: token.group.count + 1) }
        }

        /// The child of that name, and whether it was made just now.
        func child(_ name: String) -> (namespace: Namespace, isNew: Bool) {
            if let existing = childNamed[name] { return (existing, false) }
            let namespace = Namespace(swiftName: SwiftNames.typeName(name))
            children.append((name, namespace))
            childNamed[name] = namespace
            return (namespace, true)
        }
    }

    /// Builds the namespace tree and the Swift expression of every token, reporting each collision.
    /// `withExpressions`: also build each token's Swift expression (the file itself does not need them).
    private func namespaces(withExpressions: Bool) throws(DiagnosticError) -> (Namespace, [String: String]) {
        try namespaces(of: set.tokens[...], withExpressions: withExpressions)
    }

    /// The namespace tree of some of the set's tokens, under a root of its own.
    private func namespaces(of tokens: ArraySlice<Token>, withExpressions: Bool) throws(DiagnosticError)
        -> (Namespace, [String: String])
    {
        let root = Namespace(swiftName: prefix)
        var expressions: [String: String] = [:]
        var errors: [Diagnostic] = []
        // Tokens come sorted by path, so most share the previous token's group: its namespace is kept, and only
        // the groups are compared (no slice, tuple or copy of the namespace made for every token).
        var namespace = root
        var expression = prefix
        var previousGroup: [String]?
        for token in tokens {
            let group = token.group
            if previousGroup != group {
                namespace = root
                expression = prefix
                for depth in group.indices {
                    namespace.index()
                    let (child, isNew) = namespace.child(group[depth])
                    let use = Use(token: token, segments: depth + 1)
                    if isNew, let clash = namespace.used[child.swiftName] {
                        errors.append(collision(use, clash, child.swiftName))
                    }
                    if isNew, namespace.used[child.swiftName] == nil {
                        namespace.used[child.swiftName] = use
                    }
                    namespace = child
                    if withExpressions { expression += "." + child.swiftName }
                }
                previousGroup = group
            }
            let name = token.name
            let member = SwiftNames.memberName(name)
            if member == name, !namespace.indexed {
                namespace.tokens.append((member, token))
                if withExpressions { expressions[token.path] = expression + "." + member }
                continue
            }
            namespace.index()
            let use = Use(token: token, segments: group.count + 1)
            if let clash = namespace.used[member] {
                errors.append(collision(use, clash, member))
                continue
            }
            namespace.used[member] = use
            namespace.tokens.append((member, token))
            if withExpressions { expressions[token.path] = expression + "." + member }
        }
        guard errors.isEmpty else { throw DiagnosticError(errors.sorted(by: Diagnostic.outputOrder)) }
        return (root, expressions)
    }

    private func collision(_ use: Use, _ clash: Use, _ name: String) -> Diagnostic {
        .inputError(
            "swift-name-collision", "'\(use.path)' and '\(clash.path)' both become the Swift name '\(name)'; rename one",
            at: use.token.keyMark, notes: [.init("'\(clash.path)' is here", at: clash.token.keyMark)])
    }

    /// The namespace tree for the file. A large set's is built in parts, each of whole top-level groups (the
    /// tokens are sorted, so each group's tokens are together), one part per core, and the parts' roots are
    /// joined in order. When any part finds a collision, or two parts use one name at the root, the tree is
    /// built whole instead, which reports every collision as it always does.
    private func namespaceTree() throws(DiagnosticError) -> Namespace {
        let tokens = set.tokens
        let ranges = topLevelRanges(parts: Parallel.parts(tokens.count, minimum: parallelMinimum))
        guard ranges.count > 1 else { return try namespaces(withExpressions: false).0 }
        let parts = Parallel.map(ranges) { range in try? namespaces(of: tokens[range], withExpressions: false).0 }
        let root = Namespace(swiftName: prefix)
        for part in parts {
            guard let part else { return try namespaces(withExpressions: false).0 }
            // Every name a part's root uses, for the check that no two parts use one.
            part.index()
            for (name, use) in part.used {
                guard root.used.updateValue(use, forKey: name) == nil else { return try namespaces(withExpressions: false).0 }
            }
            root.tokens += part.tokens
            root.children += part.children
        }
        return root
    }

    /// The set's tokens cut into at most `parts` ranges as `Parallel.ranges` cuts them, each cut where the top-level
    /// group changes.
    private func topLevelRanges(parts: Int) -> [Range<Int>] {
        let tokens = set.tokens
        var ranges: [Range<Int>] = []
        var start = 0
        for share in Parallel.ranges(tokens.count, parts: parts).dropFirst() {
            var cut = max(share.lowerBound, start)
            while cut < tokens.count, cut > 0, Self.topLevel(tokens[cut]) == Self.topLevel(tokens[cut - 1]) { cut += 1 }
            guard cut < tokens.count else { break }
            if cut > start { ranges.append(start..<cut) }
            start = cut
        }
        ranges.append(start..<tokens.count)
        return ranges
    }

    /// A token's first segment: its top-level group's name, or its own at the root.
    private static func topLevel(_ token: Token) -> String {
        token.group.first ?? token.name
    }

    /// The Swift expression that reads each token, e.g. `BlackBelt.Spacing.cardPadding`.
    public func expressions() throws(DiagnosticError) -> [String: String] {
        try namespaces(withExpressions: true).1
    }

    // MARK: - The file

    public func emit() throws(DiagnosticError) -> String {
        String(decoding: try emitBytes(), as: UTF8.self)
    }

    /// The Swift file's UTF-8 bytes.
    public func emitBytes() throws(DiagnosticError) -> [UInt8] {
        try emitText().bytes
    }

    /// The Swift file's UTF-8 bytes, in the parts they were written in, each finished part handed on to
    /// `stream` as it is.
    public func emitText(stream: TextStream? = nil) throws(DiagnosticError) -> FinishedText {
        let root = try namespaceTree()
        // Reserved once, generously, rather than grown by doubling (a streamed buffer copies what it holds as it
        // doubles): a large set is written in parts of their own, and the pages of this room never written are
        // never zeroed or kept.
        var out = TextBuffer(capacity: 8192 + set.tokens.count * 256, stream: stream)
        out.write(
            """
            // Generated by hairline. Do not edit.
            // \(SwiftNames.commentText(set.name)): \(set.tokens.count) tokens\(set.modes.isEmpty ? "" : ", modes \(SwiftNames.commentText(set.modes.joined(separator: ", ")))").

            import Foundation

            /// The \(SwiftNames.commentText(set.name)) design tokens.

            """)
        // The Swift names of the tokens deprecations name as replacements (for `renamed:`) and aliases name as targets.
        let needsNames = options.aliasesAsReferences || summary.namesReplacements || options.staticMembers
        let renamed = needsNames ? try expressions() : [:]
        writeNamespace(root, indent: 0, renamed: renamed, to: &out)
        out.write("\n")
        let (used, themed, systemColours) = (summary.types, summary.themed, summary.systemColours)
        out.write(supportTypes(used, themed: themed))
        out.write(assetsBundle(used))
        out.write(applePlatforms(used, systemColours: systemColours.sorted()))
        if options.staticMembers { out.write(staticMembers(expressions: renamed)) }
        return FinishedText(out)
    }

    /// What the file's shared part depends on, found in one pass over the tokens, in ranges on every core for a
    /// large set: whether any token is left out, and of the tokens written, the types used, whether any non-colour
    /// value differs by mode, the system colours named, and whether any deprecation names its replacement.
    private struct Summary {
        var leavesOut = false
        var types: Set<TokenType> = []
        var themed = false
        var systemColours: Set<String> = []
        var namesReplacements = false

        init() {}

        init(of tokens: [Token], options: Options, parallelMinimum: Int) {
            let parts = Parallel.map(Parallel.ranges(tokens.count, parts: Parallel.parts(tokens.count, minimum: parallelMinimum))) { range in
                var part = Summary()
                // Tokens of one type come together: a type is hashed only where it changes.
                var previous: TokenType?
                for token in tokens[range] {
                    guard options.includes(token) else {
                        part.leavesOut = true
                        continue
                    }
                    if token.type != previous { part.types.insert(token.type) }
                    previous = token.type
                    if !part.themed, token.type != .color, token.differsByMode { part.themed = true }
                    if let system = token.system { part.systemColours.insert(system) }
                    if !part.namesReplacements, token.replacement != nil { part.namesReplacements = true }
                }
                return part
            }
            for part in parts {
                leavesOut = leavesOut || part.leavesOut
                types.formUnion(part.types)
                themed = themed || part.themed
                systemColours.formUnion(part.systemColours)
                namesReplacements = namesReplacements || part.namesReplacements
            }
        }
    }

    /// Writes a namespace's enum: its tokens, then its child namespaces. The bytes are written piece by piece,
    /// since this runs once per token.
    private func writeNamespace(_ namespace: Namespace, indent: Int, renamed: [String: String], to out: inout TextBuffer) {
        let pad = indent * 4
        out.write(byte: UInt8(ascii: " "), count: pad)
        out.write(access + " enum ")
        out.write(namespace.swiftName)
        out.write(" {\n")
        var first = true
        // The last type's Swift name: a namespace's tokens mostly share one type.
        var typeName: (type: TokenType, name: String)?
        for (name, token) in namespace.tokens {
            if !first { out.write("\n") }
            first = false
            if let description = token.description {
                for line in SwiftNames.commentLines(description) {
                    out.write(byte: UInt8(ascii: " "), count: pad)
                    out.write("    /// ")
                    out.write(line)
                    out.write("\n")
                }
            }
            if let deprecated = token.deprecated {
                out.write(byte: UInt8(ascii: " "), count: pad)
                out.write("    ")
                out.write(deprecation(deprecated, of: token, renamed: renamed))
                out.write("\n")
            }
            out.write(byte: UInt8(ascii: " "), count: pad)
            out.write("    " + access + " static let ")
            out.write(name)
            out.write(": ")
            // Whether the value is `Themed`: one that is not a colour and differs by mode.
            let themed = token.type != .color && token.differsByMode
            if typeName?.type != token.type { typeName = (token.type, baseTypes[token.type]!) }
            writeType(typeName!.name, themed: themed, to: &out)
            out.write(" = ")
            if let target = aliasTarget(of: token), let name = renamed[target] {
                out.write(name)
            } else {
                writeLiteral(token, themed: themed, to: &out)
            }
            out.write("\n")
        }
        // The root's children are the top-level groups: a large set's are written on every core, each range
        // with room for about what a token's line takes (a range that needs more goes on in new storage).
        let (children, afterTokens) = (namespace.children, !first)
        let minimum = indent == 0 && set.tokens.count >= parallelMinimum ? 2 : Int.max
        out.write(children.count, parallelMinimum: minimum, bytesPerItem: 128 * set.tokens.count / max(1, children.count)) {
            range, out in
            for position in range {
                if afterTokens || position > 0 { out.write("\n") }
                writeNamespace(children[position].namespace, indent: indent + 1, renamed: renamed, to: &out)
            }
        }
        out.write(byte: UInt8(ascii: " "), count: pad)
        out.write("}\n")
    }

    /// The token an alias is written as, where aliases are written as references: its target, when that is
    /// emitted, not deprecated (a reference to it would warn), and has the alias's type, values and scaling.
    private func aliasTarget(of token: Token) -> String? {
        guard options.aliasesAsReferences, let path = token.alias, let target = set[path], target.deprecated == nil,
            target.type == token.type, target.values == token.values, target.metadata["fixedSize"] == token.metadata["fixedSize"]
        else { return nil }
        return path
    }

    /// `@available(*, deprecated, …)` for a deprecated token: its message, and `renamed:` with the replacement's Swift
    /// name when the message names exactly one token of the set.
    private func deprecation(_ message: String, of token: Token, renamed: [String: String]) -> String {
        var arguments = ["*", "deprecated"]
        if !message.isEmpty { arguments.append("message: \(SwiftNames.stringLiteral(message))") }
        if let replacement = token.replacement, let name = renamed[replacement] { arguments.append("renamed: \(SwiftNames.stringLiteral(name))") }
        return "@available(\(arguments.joined(separator: ", ")))"
    }

    // MARK: - Types and literals

    /// A type of the file's own, named by the namespace and `suffix` (`BlackBelt` + `Color`).
    func named(_ suffix: String) -> String { SwiftNames.prefixed(prefix, suffix) }

    private static func baseType(_ type: TokenType, prefix: String) -> String {
        switch type {
        case .dimension: "CGFloat"
        case .number, .fontWeight, .duration: "Swift.Double"
        case .string: "Swift.String"
        case .fontFamily: "[Swift.String]"
        case .cubicBezier: "[Swift.Double]"
        case .color: "\(SwiftNames.prefixed(prefix, "Color"))"
        case .typography: "\(SwiftNames.prefixed(prefix, "Typography"))"
        case .shadow: "[\(SwiftNames.prefixed(prefix, "Shadow"))]"
        case .gradient: "[\(SwiftNames.prefixed(prefix, "GradientStop"))]"
        case .border: "\(SwiftNames.prefixed(prefix, "Border"))"
        case .strokeStyle: "\(SwiftNames.prefixed(prefix, "StrokeStyle"))"
        case .transition: "\(SwiftNames.prefixed(prefix, "Transition"))"
        }
    }

    /// A token's Swift type: its base type, or `Themed<…>` of it when `themed`.
    private func writeType(_ base: String, themed: Bool, to out: inout TextBuffer) {
        if themed {
            out.write(themedType)
            out.write("<")
            out.write(base)
            out.write(">")
        } else {
            out.write(base)
        }
    }

    private func writeLiteral(_ token: Token, themed: Bool, to out: inout TextBuffer) {
        if token.type == .color {
            // Each mode with a value (a token has one in at least one, and there is at least one mode).
            let values = token.values
            for index in 0..<min(colorModeLabels.count, values.count) {
                colorModeLabels[index].withUnsafeBufferPointer { out.write($0) }
                writeRGBA(values[index], to: &out)
            }
            if let system = token.system {
                out.write(", system: ")
                SwiftNames.writeStringLiteral(system, to: &out)
            } else {
                out.write(", system: nil")
            }
            if options.colorsFromCatalog {
                out.write(", asset: ")
                SwiftNames.writeStringLiteral(Self.assetName(token), to: &out)
            }
            out.write(")")
        } else if themed {
            out.write(themedType)
            out.write("(")
            for (index, (label, value)) in zip(modeLabels, token.values).enumerated() {
                if index > 0 { out.write(", ") }
                out.write(label)
                out.write(": ")
                writeLiteral(value, token.type, to: &out)
            }
            out.write(")")
        } else if token.type == .typography, token.metadata["fixedSize"] == .bool(true) {
            // A role that must not scale with Dynamic Type (a widget's numeral).
            writeTypography(token.value, scales: false, to: &out)
        } else {
            writeLiteral(token.value, token.type, to: &out)
        }
    }

    /// A value's literal; numbers, strings, font families, typography and shadows, the most common, are written
    /// without intermediate strings.
    private func writeLiteral(_ value: TokenValue, _ type: TokenType, to out: inout TextBuffer) {
        switch (type, value) {
        case (.dimension, .number(let number)), (.number, .number(let number)), (.fontWeight, .number(let number)),
            (.duration, .number(let number)):
            JSONText.writeNumber(number, to: &out)
        case (.string, _): SwiftNames.writeStringLiteral(value.string ?? "", to: &out)
        case (.fontFamily, _): writeStrings(value, to: &out)
        case (.typography, _): writeTypography(value, scales: true, to: &out)
        case (.shadow, _): writeShadows(value, to: &out)
        default: out.write(literal(value, type))
        }
    }

    /// A `Typography(…)` literal, its fields in `TypographyField` order; `scales: false` added for a fixed size.
    private func writeTypography(_ value: TokenValue, scales: Bool, to out: inout TextBuffer) {
        out.write(typographyType)
        out.write("(")
        var first = true
        for field in TypographyField.allCases {
            guard let fieldValue = value[field.rawValue] else { continue }
            if !first { out.write(", ") }
            first = false
            out.write(field.rawValue)
            out.write(": ")
            switch field {
            case .fontFamily: writeStrings(fieldValue, to: &out)
            case .fontSize, .fontWeight, .letterSpacing, .lineHeight: writeNumber(fieldValue, to: &out)
            case .monospacedDigits: out.write(fieldValue == .bool(true) ? "true" : "false")
            case .textStyle, .design, .textCase: SwiftNames.writeStringLiteral(fieldValue.string ?? "", to: &out)
            }
        }
        if !scales { out.write(first ? "scales: false" : ", scales: false") }
        out.write(")")
    }

    /// A list of `Shadow(…)` literals, one a layer (a single shadow is a list of one).
    private func writeShadows(_ value: TokenValue, to out: inout TextBuffer) {
        let layers: [TokenValue]
        if case .list(let items) = value { layers = items } else { layers = [value] }
        out.write("[")
        for (index, layer) in layers.enumerated() {
            if index > 0 { out.write(", ") }
            out.write(shadowType)
            out.write("(color: ")
            writeRGBA(layer["color"], to: &out)
            out.write(", offsetX: ")
            writeNumber(layer["offsetX"], to: &out)
            out.write(", offsetY: ")
            writeNumber(layer["offsetY"], to: &out)
            out.write(", blur: ")
            writeNumber(layer["blur"], to: &out)
            if let spread = layer["spread"] {
                out.write(", spread: ")
                writeNumber(spread, to: &out)
            }
            if let inset = layer["inset"] { out.write(inset == .bool(true) ? ", inset: true" : ", inset: false") }
            out.write(")")
        }
        out.write("]")
    }

    /// A number's literal: `nil` for none, `.infinity` for `capsule`, 0 for what is not a number.
    private func writeNumber(_ value: TokenValue?, to out: inout TextBuffer) {
        guard let value else { return out.write("nil") }
        if case .string("capsule") = value { return out.write(".infinity") }
        guard let number = value.number else { return out.write("0") }
        JSONText.writeNumber(number, to: &out)
    }

    private func number(_ value: TokenValue?) -> String {
        var out = TextBuffer()
        writeNumber(value, to: &out)
        return out.text
    }

    /// An `RGBA(…)` literal; a value that is not a colour is all zeros.
    private func rgba(_ value: TokenValue?) -> String {
        var out = TextBuffer()
        writeRGBA(value, to: &out)
        return out.text
    }

    private func writeRGBA(_ value: TokenValue?, to out: inout TextBuffer) {
        let bytes = RGBA.bytes(hex: value?.string ?? "") ?? (0, 0, 0, 0)
        rgbaStart.withUnsafeBufferPointer { out.write($0) }
        out.write(bytes.red)
        out.write(", green: ")
        out.write(bytes.green)
        out.write(", blue: ")
        out.write(bytes.blue)
        out.write(", alpha: ")
        out.write(bytes.alpha)
        out.write(")")
    }

    /// A list of string literals (a font family's names); `[]` for what is not a list.
    private func writeStrings(_ value: TokenValue?, to out: inout TextBuffer) {
        out.write("[")
        if case .list(let items) = value {
            for (index, item) in items.enumerated() {
                if index > 0 { out.write(", ") }
                SwiftNames.writeStringLiteral(item.string ?? "", to: &out)
            }
        }
        out.write("]")
    }

    private func numbers(_ value: TokenValue?) -> String {
        guard case .list(let items) = value else { return "[]" }
        return "[" + items.map { number($0) }.joined(separator: ", ") + "]"
    }

    private func literal(_ value: TokenValue, _ type: TokenType) -> String {
        switch type {
        case .dimension, .number, .fontWeight, .duration: return number(value)
        case .string, .fontFamily, .typography, .shadow:
            var out = TextBuffer()
            writeLiteral(value, type, to: &out)
            return out.text
        case .cubicBezier: return numbers(value)
        case .color: return rgba(value)
        case .gradient:
            guard case .list(let stops) = value else { return "[]" }
            return "[" + stops.map { stop in
                "\(named("GradientStop"))(color: \(rgba(stop["color"])), position: \(number(stop["position"])))"
            }.joined(separator: ", ") + "]"
        case .border:
            return "\(named("Border"))(color: \(rgba(value["color"])), width: \(number(value["width"])), "
                + "style: \(literal(value["style"] ?? .string("solid"), .strokeStyle)))"
        case .strokeStyle:
            if let name = value.string { return "\(named("StrokeStyle"))(name: \(SwiftNames.stringLiteral(name)))" }
            return "\(named("StrokeStyle"))(dashArray: \(numbers(value["dashArray"])), "
                + "lineCap: \(SwiftNames.stringLiteral(value["lineCap"]?.string ?? "butt")))"
        case .transition:
            return "\(named("Transition"))(duration: \(number(value["duration"])), delay: \(number(value["delay"])), "
                + "timingFunction: \(numbers(value["timingFunction"])))"
        }
    }

    // MARK: - Support types

    /// The types the file's tokens use (`used`: their token types; `themed`: whether a value that is not a
    /// colour differs by mode), and `Mode`.
    private func supportTypes(_ used: Set<TokenType>, themed: Bool) -> String {
        let needsRGBA = !used.isDisjoint(with: [.color, .shadow, .gradient, .border])
        let cases = modeNames.map { "case \(SwiftNames.memberName($0)) = \(SwiftNames.stringLiteral($0))" }
        var out = """
            /// The modes of the \(SwiftNames.commentText(set.name)) token set; the first is the default.
            \(access) enum \(named("Mode")): Swift.String, CaseIterable, Sendable {
                \(cases.joined(separator: "\n    "))
            }

            """
        if needsRGBA {
            out += """

                /// An sRGB colour with alpha, from its 8-bit channels.
                \(access) struct \(named("RGBA")): Sendable, Hashable {
                    \(access) let red: Swift.Double
                    \(access) let green: Swift.Double
                    \(access) let blue: Swift.Double
                    \(access) let alpha: Swift.Double

                    /// Creates a colour from 8-bit channels (0–255).
                    \(access) init(red: Swift.Int, green: Swift.Int, blue: Swift.Int, alpha: Swift.Int) {
                        self.red = Swift.Double(red) / 255
                        self.green = Swift.Double(green) / 255
                        self.blue = Swift.Double(blue) / 255
                        self.alpha = Swift.Double(alpha) / 255
                    }
                }

                """
        }
        if used.contains(.color) {
            let (appearanceCases, appearanceSummary) = appearanceSwitch()
            let properties = modeNames.map { "    \(access) let \(SwiftNames.memberName($0)): \(named("RGBA"))" }
            let switchCases = modeNames.map {
                "        case .\(SwiftNames.memberName($0)): \(SwiftNames.memberName($0))"
            }
            out += """

                /// A colour token: its value in every mode, and the iOS system colour it stands for, if any.
                \(access) struct \(named("Color")): Sendable, Hashable {
                \(properties.joined(separator: "\n"))
                    /// The iOS system colour (e.g. `systemTeal`) whose fallback the values are.
                    \(access) let system: Swift.String?
                \(options.colorsFromCatalog ? "    /// The colour's name in the asset catalog (`\(named("Assets")).bundle`).\n    \(access) let asset: Swift.String\n" : "")
                    /// The colour in a mode.
                    \(access) subscript(mode: \(named("Mode"))) -> \(named("RGBA")) {
                        switch mode {
                \(switchCases.joined(separator: "\n"))
                        }
                    }

                    /// The colour for an appearance: the mode that stands for it (\(SwiftNames.commentText(appearanceSummary))), else the
                    /// one for its lightness, else the default mode.
                    \(access) func value(dark: Swift.Bool, highContrast: Swift.Bool) -> \(named("RGBA")) {
                        switch (dark, highContrast) {
                \(appearanceCases.joined(separator: "\n"))
                        }
                    }
                }

                """
        }
        if themed {
            let properties = modeNames.map { "    \(access) let \(SwiftNames.memberName($0)): Value" }
            let switchCases = modeNames.map {
                "        case .\(SwiftNames.memberName($0)): \(SwiftNames.memberName($0))"
            }
            out += """

                /// A token whose value differs between modes.
                \(access) struct \(named("Themed"))<Value: Sendable & Hashable>: Sendable, Hashable {
                \(properties.joined(separator: "\n"))

                    /// The value in a mode.
                    \(access) subscript(mode: \(named("Mode"))) -> Value {
                        switch mode {
                \(switchCases.joined(separator: "\n"))
                        }
                    }
                }

                """
        }
        if used.contains(.typography) {
            out += """

                /// A type role: sizes and letter spacing in points, line height as a ratio to the size.
                \(access) struct \(named("Typography")): Sendable, Hashable {
                    \(access) let fontFamily: [Swift.String]?
                    \(access) let fontSize: Swift.Double?
                    \(access) let fontWeight: Swift.Double?
                    \(access) let letterSpacing: Swift.Double?
                    \(access) let lineHeight: Swift.Double?
                    /// A Dynamic Type text style: `largeTitle`, `body`, `caption`, …
                    \(access) let textStyle: Swift.String?
                    /// `default`, `rounded`, `monospaced` or `serif`.
                    \(access) let design: Swift.String?
                    \(access) let monospacedDigits: Swift.Bool?
                    /// `uppercase` or `lowercase`.
                    \(access) let textCase: Swift.String?

                    /// Whether the role scales with Dynamic Type (`$extensions.hairline.fixedSize: true` says it must not).
                    \(access) let scales: Swift.Bool

                    \(access) init(
                        fontFamily: [Swift.String]? = nil, fontSize: Swift.Double? = nil, fontWeight: Swift.Double? = nil,
                        letterSpacing: Swift.Double? = nil, lineHeight: Swift.Double? = nil, textStyle: Swift.String? = nil,
                        design: Swift.String? = nil, monospacedDigits: Swift.Bool? = nil, textCase: Swift.String? = nil,
                        scales: Swift.Bool = true
                    ) {
                        self.scales = scales
                        self.fontFamily = fontFamily
                        self.fontSize = fontSize
                        self.fontWeight = fontWeight
                        self.letterSpacing = letterSpacing
                        self.lineHeight = lineHeight
                        self.textStyle = textStyle
                        self.design = design
                        self.monospacedDigits = monospacedDigits
                        self.textCase = textCase
                    }

                    /// The Dynamic Type text style the role scales with: its own, else the one whose size at the default
                    /// Dynamic Type size is nearest its size.
                    \(access) var scalingStyleName: Swift.String {
                        if let textStyle { return textStyle }
                        let size = fontSize ?? 17
                        return Self.styleSizes.min { Swift.abs($0.size - size) < Swift.abs($1.size - size) }!.name
                    }

                    /// Apple's text styles and their sizes at the default Dynamic Type size, body first and then from the largest
                    /// down, so that a tie goes to body, else to the larger style.
                    static let styleSizes: [(name: Swift.String, size: Swift.Double)] = [
                        ("body", 17), ("largeTitle", 34), ("title", 28), ("title2", 22), ("title3", 20), ("headline", 17),
                        ("callout", 16), ("subheadline", 15), ("footnote", 13), ("caption", 12), ("caption2", 11),
                    ]

                    /// The family to load by name; nil for the system font (SF Pro, SF Pro Rounded, system-ui).
                    \(access) var customFamily: Swift.String? {
                        guard let family = fontFamily?.first, !family.hasPrefix("SF "), family != "system-ui", family != "-apple-system" else { return nil }
                        return family
                    }

                    /// Whether the role is set in the rounded system design.
                    \(access) var isRounded: Swift.Bool {
                        design == "rounded" || fontFamily?.first?.hasSuffix("Rounded") == true
                    }

                    /// A CSS weight (100–900) as a step of the platforms' nine weights, ultra light (0) to black (8).
                    \(access) static func weightStep(_ value: Swift.Double) -> Swift.Int {
                        Swift.min(8, Swift.max(0, Swift.Int(((value - 50) / 100).rounded(.down))))
                    }

                    /// Text in the role's case.
                    \(access) func cased(_ text: Swift.String) -> Swift.String {
                        switch textCase {
                        case "uppercase": return text.uppercased()
                        case "lowercase": return text.lowercased()
                        default: return text
                        }
                    }

                    /// The space between lines that gives the role its line height at a size: the line height less the
                    /// system font's own (1.19 times its size), never below zero.
                    \(access) func lineSpacing(at size: CGFloat) -> CGFloat {
                        guard let lineHeight else { return 0 }
                        return Swift.max(0, size * (CGFloat(lineHeight) - 1.19))
                    }
                }

                """
        }
        if used.contains(.shadow) {
            out += """

                /// One shadow layer, in points.
                \(access) struct \(named("Shadow")): Sendable, Hashable {
                    \(access) let color: \(named("RGBA"))
                    \(access) let offsetX: Swift.Double
                    \(access) let offsetY: Swift.Double
                    \(access) let blur: Swift.Double
                    \(access) let spread: Swift.Double?
                    \(access) let inset: Swift.Bool?

                    \(access) init(
                        color: \(named("RGBA")), offsetX: Swift.Double, offsetY: Swift.Double, blur: Swift.Double,
                        spread: Swift.Double? = nil, inset: Swift.Bool? = nil
                    ) {
                        self.color = color
                        self.offsetX = offsetX
                        self.offsetY = offsetY
                        self.blur = blur
                        self.spread = spread
                        self.inset = inset
                    }
                }

                """
        }
        if used.contains(.gradient) {
            out += """

                /// One stop of a gradient: a colour at a position from 0 to 1.
                \(access) struct \(named("GradientStop")): Sendable, Hashable {
                    \(access) let color: \(named("RGBA"))
                    \(access) let position: Swift.Double
                }

                """
        }
        if !used.isDisjoint(with: [.strokeStyle, .border]) {
            out += """

                /// A stroke style: a named style (`solid`, `dashed`, …) or a dash pattern with its line cap.
                \(access) struct \(named("StrokeStyle")): Sendable, Hashable {
                    \(access) let name: Swift.String?
                    \(access) let dashArray: [Swift.Double]?
                    \(access) let lineCap: Swift.String?

                    \(access) init(name: Swift.String) {
                        self.name = name
                        self.dashArray = nil
                        self.lineCap = nil
                    }

                    \(access) init(dashArray: [Swift.Double], lineCap: Swift.String) {
                        self.name = nil
                        self.dashArray = dashArray
                        self.lineCap = lineCap
                    }
                }

                """
        }
        if used.contains(.border) {
            out += """

                /// A border: colour, width in points, and stroke style.
                \(access) struct \(named("Border")): Sendable, Hashable {
                    \(access) let color: \(named("RGBA"))
                    \(access) let width: Swift.Double
                    \(access) let style: \(named("StrokeStyle"))
                }

                """
        }
        if used.contains(.transition) {
            out += """

                /// A transition: duration and delay in milliseconds, and its timing curve.
                \(access) struct \(named("Transition")): Sendable, Hashable {
                    \(access) let duration: Swift.Double
                    \(access) let delay: Swift.Double
                    \(access) let timingFunction: [Swift.Double]
                }

                """
        }
        return out
    }
}
