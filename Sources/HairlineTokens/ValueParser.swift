import Foundation
import HairlineDiagnostics
import HairlineYAML

/// Why a value could not be resolved: an error to report, or a dependency that already failed (and was
/// reported there).
enum ValueFailure: Error {
    case error(TokenError)
    case dependency
}

/// Parses a value node for its type into the resolved form, in one mode. Any part that may hold a value
/// may hold an alias; aliases are resolved through `alias`, which gives the target's type and value.
/// Where lenient parsing records what it let through.
final class LenientLog: @unchecked Sendable {
    private(set) var warnings: [TokenError] = []
    func warn(_ warning: TokenError) { warnings.append(warning) }
}

struct ValueParser {
    /// When set, what real-world files bend (`em` and `dp` units, an 8-digit `hex` fallback, unknown typography
    /// fields) is accepted, each with a warning here, instead of rejected.
    var lenient: LenientLog? = nil
    let alias: (TokenReference, Node) throws(ValueFailure) -> (type: TokenType, value: TokenValue)
    /// Where a `$ref` JSON Pointer lands.
    let pointer: (TokenPointer, Node) throws(ValueFailure) -> TokenPointer.Target

    func parse(_ node: Node, as type: TokenType) throws(ValueFailure) -> TokenValue {
        if let pointer = TokenPointer(node) {
            switch try self.pointer(pointer, node) {
            case .token(let path):
                let target = try alias(TokenReference(path: path), node)
                guard target.type == type else {
                    throw .error(.typeMismatch(reference: pointer.text, expected: type, found: target.type, at: node.mark))
                }
                return target.value
            case .part(_, let part):
                // A part of another token's value must be a whole value of the type, in DTCG's own form: a bare
                // number is not a dimension there.
                if type == .dimension || type == .duration, part.pairs == nil, TokenReference(part) == nil {
                    throw invalid(type, "$ref '\(pointer.text)' points to \(part.kindDescription), not a whole \(type.rawValue) {value, unit}", node)
                }
                return try parse(part, as: type)
            }
        }
        if let reference = TokenReference(node) {
            let target = try alias(reference, node)
            guard target.type == type else {
                throw .error(.typeMismatch(reference: reference.path, expected: type, found: target.type, at: node.mark))
            }
            return target.value
        }
        if let scalar = node.scalar, let value = Self.commonLiteral(scalar, as: type) { return value }
        switch type {
        case .dimension: return try dimension(node)
        case .color: return try color(node)
        case .number: return .number(try finiteNumber(node, type))
        case .string:
            guard let string = node.string else { throw invalid(type, "expected a string, found \(node.kindDescription)", node) }
            return .string(string)
        case .fontFamily: return try fontFamily(node)
        case .fontWeight: return try fontWeight(node)
        case .duration: return try duration(node)
        case .cubicBezier: return try cubicBezier(node)
        case .typography: return try typography(node)
        case .shadow:
            if let items = node.items {
                guard !items.isEmpty else { throw invalid(type, "a list of shadows needs at least one", node) }
                var layers: [TokenValue] = []
                for item in items { layers.append(try parse(item, as: .shadow)) }
                return .list(layers)
            }
            return try shadow(node)
        case .gradient: return try gradient(node)
        case .border:
            return try object(
                node, type, fields: [("color", .color, true), ("width", .dimension, true), ("style", .strokeStyle, true)])
        case .strokeStyle: return try strokeStyle(node)
        case .transition:
            return try object(
                node, type,
                fields: [("duration", .duration, true), ("delay", .duration, true), ("timingFunction", .cubicBezier, true)])
        }
    }

    // MARK: - Scalars

    /// The commonest literals, read without a node: a finite number for a dimension or a number, a weight from 1
    /// to 1000, and `#RRGGBB[AA]` for a colour. Nil for anything else, which `parse` reads in full; what this
    /// reads, `parse` would read the same way.
    static func commonLiteral(_ scalar: Scalar, as type: TokenType) -> TokenValue? {
        switch (type, scalar.value) {
        case (.dimension, .int(let int)), (.number, .int(let int)): return .number(Double(int))
        case (.dimension, .float(let float)), (.number, .float(let float)): return float.isFinite ? .number(float) : nil
        case (.fontWeight, .int(let int)): return (1...1000).contains(int) ? .number(Double(int)) : nil
        case (.color, .string(let text)): return RGBA.normalisedHex(text).map(TokenValue.string)
        default: return nil
        }
    }

    private func invalid(_ type: TokenType, _ problem: String, _ node: Node) -> ValueFailure {
        .error(.invalidValue(type: type, problem: problem, at: node.mark))
    }

    private func finiteNumber(_ node: Node, _ type: TokenType) throws(ValueFailure) -> Double {
        guard let number = node.number else { throw invalid(type, "expected a number, found \(node.kindDescription)", node) }
        guard number.isFinite else { throw invalid(type, "\(node.scalar?.text ?? "") is not a finite number", node) }
        return number
    }

    private func dimension(_ node: Node) throws(ValueFailure) -> TokenValue {
        let expected = "expected a number of points: 16, \"16pt\", \"16px\", {value: 16, unit: px} or capsule"
        if node.number != nil { return .number(try finiteNumber(node, .dimension)) }
        if let text = node.string {
            if text == "capsule" { return .string("capsule") }
            for (unit, factor) in [("rem", 16.0), ("pt", 1.0), ("px", 1.0)] where text.hasSuffix(unit) {
                let digits = String(text.dropLast(unit.count))
                if let number = CoreSchema.float(digits) ?? CoreSchema.integer(digits).map(Double.init), number.isFinite {
                    return .number(number * factor)
                }
            }
            throw invalid(.dimension, "'\(text)': \(expected)", node)
        }
        if node.pairs != nil {
            // rem is DTCG's relative unit: 16 points, the default root font size.
            var units: [String: Double] = ["px": 1, "pt": 1, "rem": 16]
            if let lenient, let unit = node["unit"]?.string, unit == "em" || unit == "dp" || unit == "" {
                units[unit] = unit == "em" ? 16 : 1
                let problem = unit == "em" ? "'em' read as 16 points (a relative unit; Hairline resolves to points)"
                    : unit == "dp" ? "'dp' read as points" : "an empty unit read as px"
                lenient.warn(.lenient(problem: problem, at: node["unit"]!.mark))
            }
            let number = try unitValue(node, .dimension, units: units)
            return .number(number)
        }
        throw invalid(.dimension, "\(expected); found \(node.kindDescription)", node)
    }

    /// `{value: N, unit: U}` with U among `units` (each with its factor to the resolved unit).
    private func unitValue(_ node: Node, _ type: TokenType, units: [String: Double]) throws(ValueFailure) -> Double {
        try onlyKeys(node, ["value", "unit"], type)
        guard let valueNode = node["value"] else { throw invalid(type, "missing 'value'", node) }
        guard let unitNode = node["unit"], let unit = unitNode.string else { throw invalid(type, "missing 'unit'", node) }
        guard let factor = units[unit] else {
            throw invalid(type, "unit '\(unit)' is not one of \(units.keys.sorted().joined(separator: ", "))", unitNode)
        }
        return try finiteNumber(valueNode, type) * factor
    }

    private func onlyKeys(_ node: Node, _ allowed: Set<String>, _ type: TokenType) throws(ValueFailure) {
        for pair in node.pairs ?? [] where !allowed.contains(pair.key.string ?? "") {
            throw unknownField(pair.key, type, expected: allowed)
        }
    }

    private func color(_ node: Node) throws(ValueFailure) -> TokenValue {
        if let text = node.string {
            if let normalised = RGBA.normalisedHex(text) { return .string(normalised) }
            guard let rgba = RGBA(hex: text) else {
                throw invalid(.color, "'\(text)' is not a colour: expected #RGB, #RRGGBB or #RRGGBBAA", node)
            }
            return .string(rgba.hex)
        }
        guard node.pairs != nil else {
            throw invalid(.color, "expected \"#RRGGBB\", {colorSpace: srgb, components: [r, g, b]} or {system: …, fallback: …}; found \(node.kindDescription)", node)
        }
        if node["system"] != nil {
            try onlyKeys(node, ["system", "fallback"], .color)
            guard node["system"]?.string != nil else { throw invalid(.color, "'system' names an iOS system colour", node) }
            guard let fallback = node["fallback"] else {
                throw invalid(.color, "a system colour needs a 'fallback' for platforms without it", node)
            }
            return try color(fallback)
        }
        try onlyKeys(node, ["colorSpace", "components", "alpha", "hex"], .color)
        guard let spaceNode = node["colorSpace"], let space = spaceNode.string else {
            throw invalid(.color, "missing 'colorSpace'", node)
        }
        guard let componentsNode = node["components"], let items = componentsNode.items, items.count == 3 else {
            throw invalid(.color, "'components' must be a list of three numbers", node["components"] ?? node)
        }
        var components: [Double] = []
        for item in items {
            if item.string == "none" {
                components.append(0)
            } else {
                components.append(try finiteNumber(item, .color))
            }
        }
        var alpha = 1.0
        if let alphaNode = node["alpha"] {
            alpha = try finiteNumber(alphaNode, .color)
            guard (0...1).contains(alpha) else { throw invalid(.color, "alpha \(JSONText.number(alpha)) is not between 0 and 1", alphaNode) }
        }
        if let hexNode = node["hex"] {
            if hexNode.string.map({ $0.utf8.count != 7 || RGBA(hex: $0) == nil }) ?? true {
                guard let lenient else { throw invalid(.color, "'hex' is a #RRGGBB fallback (six hex digits, no alpha)", hexNode) }
                lenient.warn(.lenient(problem: "the 'hex' fallback is not #RRGGBB; the components are used", at: hexNode.mark))
            }
        }
        if let problem = ColorSpaces.rangeProblem(space: space, components) {
            throw invalid(.color, "\(problem) in \(space)", componentsNode)
        }
        guard let srgb = ColorSpaces.toSRGB(space: space, components) else {
            throw invalid(
                .color, "colour space '\(space)' is not supported; use one of \(ColorSpaces.supported.joined(separator: ", "))",
                spaceNode)
        }
        return .string(RGBA(red: srgb[0], green: srgb[1], blue: srgb[2], alpha: alpha).hex)
    }

    private func fontFamily(_ node: Node) throws(ValueFailure) -> TokenValue {
        if let name = node.string { return .list([.string(name)]) }
        if let items = node.items, !items.isEmpty {
            var names: [TokenValue] = []
            for item in items {
                guard let name = item.string else { throw invalid(.fontFamily, "a font family name is a string", item) }
                names.append(.string(name))
            }
            return .list(names)
        }
        throw invalid(.fontFamily, "expected a family name or a list of them; found \(node.kindDescription)", node)
    }

    /// DTCG's weight names and their numbers.
    static let weightNames: [String: Double] = [
        "thin": 100, "hairline": 100, "extra-light": 200, "ultra-light": 200, "light": 300, "normal": 400,
        "regular": 400, "book": 400, "medium": 500, "semi-bold": 600, "demi-bold": 600, "bold": 700,
        "extra-bold": 800, "ultra-bold": 800, "black": 900, "heavy": 900, "extra-black": 950, "ultra-black": 950,
    ]

    private func fontWeight(_ node: Node) throws(ValueFailure) -> TokenValue {
        if let name = node.string {
            // DTCG's names, and the spellings screens accept (`semibold`, `SemiBold`, `extra_bold`): one table.
            guard let weight = FontWeightName.number(name) else {
                let nearest = NearestName.nearest(to: name, in: Self.weightNames.keys.sorted())
                throw invalid(
                    .fontWeight, "'\(name)' is not a weight name (thin, light, regular, medium, semi-bold, bold, …)" + (nearest.map { "; did you mean '\($0)'?" } ?? ""),
                    node)
            }
            return .number(weight)
        }
        let weight = try finiteNumber(node, .fontWeight)
        guard (1...1000).contains(weight) else { throw invalid(.fontWeight, "\(JSONText.number(weight)) is not between 1 and 1000", node) }
        return .number(weight)
    }

    private func duration(_ node: Node) throws(ValueFailure) -> TokenValue {
        if let text = node.string {
            for (unit, factor) in [("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(unit) {
                let digits = String(text.dropLast(unit.count))
                if let number = CoreSchema.float(digits) ?? CoreSchema.integer(digits).map(Double.init), number.isFinite {
                    return .number(number * factor)
                }
            }
            throw invalid(.duration, "'\(text)': expected \"280ms\", \"0.28s\" or {value: 280, unit: ms}", node)
        }
        if node.pairs != nil { return .number(try unitValue(node, .duration, units: ["ms": 1, "s": 1000])) }
        throw invalid(.duration, "expected \"280ms\", \"0.28s\" or {value: 280, unit: ms}; found \(node.kindDescription)", node)
    }

    private func cubicBezier(_ node: Node) throws(ValueFailure) -> TokenValue {
        guard let items = node.items, items.count == 4 else {
            throw invalid(.cubicBezier, "expected [x1, y1, x2, y2]", node)
        }
        var numbers: [TokenValue] = []
        for (index, item) in items.enumerated() {
            let number = try finiteNumber(item, .cubicBezier)
            if index % 2 == 0, !(0...1).contains(number) {
                throw invalid(.cubicBezier, "x\(index / 2 + 1) = \(JSONText.number(number)) is not between 0 and 1", item)
            }
            numbers.append(.number(number))
        }
        return .list(numbers)
    }

    // MARK: - Composites

    private func typography(_ node: Node) throws(ValueFailure) -> TokenValue {
        guard let pairs = node.pairs else {
            throw invalid(.typography, "expected a mapping of fontFamily, fontSize, fontWeight, …; found \(node.kindDescription)", node)
        }
        // The mapping's pairs read once, each field's node put in its place (keys are unique: YAML says so).
        var given = [Node?](repeating: nil, count: TypographyField.allCases.count)
        for pair in pairs {
            guard let field = pair.key.string.flatMap(TypographyField.init(rawValue:)) else {
                guard let lenient else { throw unknownField(pair.key, .typography, expected: TokenType.typography.valueFields) }
                lenient.warn(.lenient(problem: "typography field '\(pair.key.scalar?.text ?? "?")' is not one Hairline knows; ignored", at: pair.key.mark))
                continue
            }
            given[field.position] = pair.value
        }
        guard given[TypographyField.fontSize.position] != nil || given[TypographyField.textStyle.position] != nil else {
            throw invalid(.typography, "needs a fontSize or a textStyle", node)
        }
        var fields: [TokenValue.Field] = []
        for field in TypographyField.allCases {
            guard let value = given[field.position] else { continue }
            // Lenient: a line height given as a length is read as its ratio to the font size.
            if field == .lineHeight, let lenient, value.pairs != nil, TokenReference(value) == nil,
                let size = fields.first(where: { $0.name == "fontSize" })?.value.number, size > 0
            {
                let length = try dimension(value)
                if let points = length.number {
                    lenient.warn(.lenient(problem: "lineHeight given as a length; read as its ratio to fontSize", at: value.mark))
                    fields.append(.init(field.rawValue, .number(points / size)))
                    continue
                }
            }
            if let type = field.type {
                fields.append(.init(field.rawValue, try parse(value, as: type)))
                continue
            }
            switch field {
            case .monospacedDigits:
                guard let bool = value.bool else { throw invalid(.typography, "monospacedDigits is true or false", value) }
                fields.append(.init(field.rawValue, .bool(bool)))
            default:
                let allowed =
                    field == .textStyle
                    ? TypographyField.textStyles : field == .design ? TypographyField.designs : TypographyField.textCases
                guard let text = value.string, allowed.contains(text) else {
                    throw invalid(
                        .typography, "\(field.rawValue) is one of \(allowed.joined(separator: ", "))", value)
                }
                fields.append(.init(field.rawValue, .string(text)))
            }
        }
        return .object(fields)
    }

    private func unknownField(_ key: Node, _ type: TokenType, expected: some Sequence<String>) -> ValueFailure {
        invalid(type, "unknown field '\(key.scalar?.text ?? "?")'; expected \(expected.sorted().joined(separator: ", "))", key)
    }

    private func shadow(_ node: Node) throws(ValueFailure) -> TokenValue {
        guard node.pairs != nil else {
            throw invalid(.shadow, "expected a mapping of color, offsetX, offsetY, blur, spread; found \(node.kindDescription)", node)
        }
        return try object(node, .shadow, fields: Self.shadowFields)
    }

    /// A shadow's fields: name, type, and whether it is required; made once, not for every shadow read.
    private static let shadowFields: [(String, TokenType, Bool)] = [
        ("color", .color, true), ("offsetX", .dimension, true), ("offsetY", .dimension, true), ("blur", .dimension, true),
        ("spread", .dimension, true),
    ]

    private func gradient(_ node: Node) throws(ValueFailure) -> TokenValue {
        guard let items = node.items, !items.isEmpty else {
            throw invalid(.gradient, "expected a list of {color, position} stops", node)
        }
        var stops: [TokenValue] = []
        for item in items {
            let stop = try object(item, .gradient, fields: [("color", .color, true), ("position", .number, true)])
            if let position = stop["position"]?.number, !(0...1).contains(position), let positionNode = item["position"] {
                throw invalid(.gradient, "position \(JSONText.number(position)) is not between 0 and 1", positionNode)
            }
            stops.append(stop)
        }
        return .list(stops)
    }

    static let strokeStyles = ["solid", "dashed", "dotted", "double", "groove", "ridge", "outset", "inset"]

    private func strokeStyle(_ node: Node) throws(ValueFailure) -> TokenValue {
        if let text = node.string {
            guard Self.strokeStyles.contains(text) else {
                throw invalid(.strokeStyle, "'\(text)' is not one of \(Self.strokeStyles.joined(separator: ", "))", node)
            }
            return .string(text)
        }
        guard node.pairs != nil else { throw invalid(.strokeStyle, "expected a style name or {dashArray, lineCap}", node) }
        try onlyKeys(node, ["dashArray", "lineCap"], .strokeStyle)
        guard let dashes = node["dashArray"]?.items, !dashes.isEmpty else {
            throw invalid(.strokeStyle, "dashArray is a list of dimensions", node["dashArray"] ?? node)
        }
        var array: [TokenValue] = []
        for dash in dashes { array.append(try parse(dash, as: .dimension)) }
        guard let capNode = node["lineCap"], let cap = capNode.string, ["round", "butt", "square"].contains(cap) else {
            throw invalid(.strokeStyle, "lineCap is round, butt or square", node["lineCap"] ?? node)
        }
        return .object([.init("dashArray", .list(array)), .init("lineCap", .string(cap))])
    }

    /// A mapping of typed fields, each parsed for its type (and so each possibly an alias); a shadow's may
    /// also say `inset`.
    private func object(_ node: Node, _ type: TokenType, fields: [(String, TokenType, Bool)]) throws(ValueFailure)
        -> TokenValue
    {
        guard let pairs = node.pairs else {
            throw invalid(type, "expected a mapping of \(fields.map(\.0).joined(separator: ", ")); found \(node.kindDescription)", node)
        }
        // The mapping's pairs read once, each field's node put in its place (keys are unique: YAML says so).
        var given = [Node?](repeating: nil, count: fields.count)
        var inset: Node?
        for pair in pairs {
            let name = pair.key.string
            if let position = fields.firstIndex(where: { $0.0 == name }) {
                given[position] = pair.value
            } else if type == .shadow, name == "inset" {
                inset = pair.value
            } else {
                throw unknownField(pair.key, type, expected: fields.map(\.0) + (type == .shadow ? ["inset"] : []))
            }
        }
        var values: [TokenValue.Field] = []
        values.reserveCapacity(fields.count + 1)
        for ((name, fieldType, required), fieldNode) in zip(fields, given) {
            guard let fieldNode else {
                if required { throw invalid(type, "missing '\(name)'", node) }
                continue
            }
            values.append(.init(name, try parse(fieldNode, as: fieldType)))
        }
        if let inset {
            guard let bool = inset.bool else { throw invalid(.shadow, "inset is true or false", inset) }
            values.append(.init("inset", .bool(bool)))
        }
        return .object(values)
    }
}
