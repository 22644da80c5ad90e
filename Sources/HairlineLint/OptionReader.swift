import HairlineDiagnostics
import HairlineTokens
import HairlineYAML

/// Reads a check's options from their mapping, with an error at the key's mark for every unknown key and
/// every value of the wrong shape. Errors are collected, not thrown, so a rule file reports them all.
struct OptionReader {
    let node: Node
    let context: String
    private(set) var errors: [RuleError] = []

    /// Reads `node` as a mapping allowing only `allowed` keys.
    init(_ node: Node, context: String, allowed: [String]) {
        self.node = node
        self.context = context
        guard let pairs = node.pairs else {
            errors.append(.notAMapping(what: context, found: node.kindDescription, at: node.mark))
            return
        }
        for pair in pairs where !allowed.contains(pair.key.string ?? "") {
            errors.append(.unknownKey(key: pair.key.scalar?.text ?? "?", allowed: allowed, at: pair.key.mark))
        }
    }

    mutating func fail(_ error: RuleError) { errors.append(error) }

    /// A required or optional value node.
    mutating func value(_ key: String, required: Bool = false) -> Node? {
        let found = node[key]
        if found == nil, required, node.pairs != nil { errors.append(.missingKey(key: key, in: context, at: node.mark)) }
        return found
    }

    mutating func string(_ key: String, required: Bool = false) -> String? {
        guard let found = value(key, required: required) else { return nil }
        guard let text = found.string else {
            errors.append(.wrongType(key: key, expected: "a string", found: found.kindDescription, at: found.mark))
            return nil
        }
        return text
    }

    mutating func bool(_ key: String) -> Bool? {
        guard let found = value(key) else { return nil }
        guard let bool = found.bool else {
            errors.append(.wrongType(key: key, expected: "true or false", found: found.kindDescription, at: found.mark))
            return nil
        }
        return bool
    }

    mutating func number(_ key: String, required: Bool = false) -> Double? {
        guard let found = value(key, required: required) else { return nil }
        guard let number = found.number, number.isFinite else {
            let what = found.number.map { $0.isNaN ? "not a number (.nan)" : "an infinite number (\(found.scalar?.text ?? "inf"))" }
            errors.append(.wrongType(key: key, expected: "a finite number", found: what ?? found.kindDescription, at: found.mark))
            return nil
        }
        return number
    }

    /// A whole number from 0 to `maxInteger`: a count read from a user's file is range-checked before it becomes an
    /// `Int` (`1e19` trapped the conversion).
    mutating func integer(_ key: String, required: Bool = false) -> Int? {
        guard let number = number(key, required: required) else { return nil }
        guard number >= 0, number == number.rounded(), number <= Double(Self.maxInteger) else {
            errors.append(.wrongType(key: key, expected: "a whole number from 0 to \(Self.maxInteger)", found: node[key]?.scalar?.text ?? "\(number)", at: node[key]!.mark))
            return nil
        }
        return Int(number)
    }

    /// The largest count an option may give: far beyond any screen, and exact as a `Double`.
    static let maxInteger = 1 << 53

    /// A list of strings; a single string counts as a list of one.
    mutating func strings(_ key: String, required: Bool = false) -> [String]? {
        guard let found = value(key, required: required) else { return nil }
        if let text = found.string { return [text] }
        guard let items = found.items, items.allSatisfy({ $0.string != nil }) else {
            errors.append(.wrongType(key: key, expected: "a list of strings", found: found.kindDescription, at: found.mark))
            return nil
        }
        return items.compactMap(\.string)
    }

    mutating func selector(_ key: String, required: Bool = false) -> Selector? {
        guard let found = value(key, required: required) else { return nil }
        return Self.selector(found, errors: &errors)
    }

    static func selector(_ node: Node, errors: inout [RuleError]) -> Selector? {
        guard let text = node.string else {
            errors.append(.selectorNotString(found: node.kindDescription, at: node.mark))
            return nil
        }
        do throws(SelectorParser.Failure) {
            return try Selector(parsing: text)
        } catch {
            let mark = Mark(
                file: node.mark.file, line: node.mark.line,
                column: node.mark.column + error.offset + (node.scalar?.style.isQuotedOrBlock == true ? 1 : 0))
            errors.append(.selectorSyntax(selector: text, problem: error.message, at: mark))
            return nil
        }
    }

    mutating func selectors(_ key: String, required: Bool = false) -> [Selector]? {
        guard let found = value(key, required: required) else { return nil }
        guard let items = found.items else {
            errors.append(.wrongType(key: key, expected: "a list of selectors", found: found.kindDescription, at: found.mark))
            return nil
        }
        return items.compactMap { Self.selector($0, errors: &errors) }
    }
}

/// A value list written in a rule: literals, token references, or `"{group}"` standing for every value of every
/// token under the group, in every mode. Resolved against a system's token set when the rule is bound.
struct ValueList: Sendable {
    let node: Node

    /// The resolved values; throws when a reference names nothing, or a list holds something that is not a value.
    func resolve(in tokens: TokenSet?) throws(RuleError) -> [TokenValue] {
        var values: [TokenValue] = []
        let items = node.items ?? [node]
        for item in items {
            if let reference = TokenReference(item) {
                guard let tokens else {
                    throw .unresolvedValues(reference: "{\(reference.path)}", problem: "cannot be resolved without a token set", at: item.mark)
                }
                if let token = tokens[reference.path] {
                    values += token.values
                } else if tokens.groups.contains(reference.path) {
                    for token in tokens.tokens(under: reference.path) { values += token.values }
                } else {
                    let suggestion = NearestName.nearest(
                        to: reference.path, in: Array(tokens.groups) + tokens.tokens.map(\.path))
                    throw .unresolvedValues(
                        reference: "{\(reference.path)}",
                        problem: "names no token or group" + (suggestion.map { "; did you mean '{\($0)}'?" } ?? ""),
                        at: item.mark)
                }
                continue
            }
            guard let scalar = item.scalar, !item.isNull else {
                throw .wrongType(key: "values", expected: "a list of values or a \"{group}\"", found: item.kindDescription, at: item.mark)
            }
            values.append(Leaf(mark: item.mark, scalar: scalar, token: nil).literal ?? .string(scalar.text))
        }
        var distinct: [TokenValue] = []
        for value in values where !distinct.contains(value) { distinct.append(value) }
        return distinct
    }
}
