import HairlineDiagnostics
import HairlineTokens
import HairlineYAML

/// Builds a `Screen` from a parsed file, resolving token references through the system's token set.
/// Every error in the file is reported.
public struct ScreenReader {
    private let file: String
    private let tokens: TokenSet?
    private var elements: [Element] = []
    private var errors: [ScreenError] = []

    /// Whether a parsed file is a screen spec at all: a mapping with a `screen:` key.
    public static func isScreen(_ root: Node) -> Bool {
        root.pair(forKey: "screen") != nil
    }

    /// The `system:` a parsed screen names, without reading the rest.
    public static func systemName(_ root: Node) -> (name: String, mark: Mark)? {
        guard let node = root["system"], let name = node.string else { return nil }
        return (name, node.mark)
    }

    /// Reads a screen; throws every error in it.
    public static func read(_ root: Node, file: String, tokens: TokenSet?) throws(DiagnosticError) -> Screen {
        var reader = ScreenReader(file: file, tokens: tokens)
        let screen = reader.readScreen(root)
        guard reader.errors.isEmpty, let screen else {
            let diagnostics = reader.errors.map(\.diagnostic).sorted(by: Diagnostic.outputOrder)
            throw DiagnosticError(diagnostics.isEmpty ? [ScreenError.missingScreenKey(at: root.mark).diagnostic] : diagnostics)
        }
        return screen
    }

    private init(file: String, tokens: TokenSet?) {
        self.file = file
        self.tokens = tokens
    }

    private mutating func readScreen(_ root: Node) -> Screen? {
        guard let pairs = root.pairs else {
            errors.append(.rootNotMapping(found: root.kindDescription, at: root.mark))
            return nil
        }
        guard let screenPair = root.pair(forKey: "screen") else {
            errors.append(.missingScreenKey(at: root.mark))
            return nil
        }
        var name = ""
        if let text = screenPair.value.scalar?.text, !screenPair.value.isNull, screenPair.value.scalar != nil {
            name = text
        } else {
            errors.append(.notAString(key: "screen", found: screenPair.value.kindDescription, at: screenPair.value.mark))
        }
        var system: (String, Mark)?
        if let systemNode = root["system"] {
            if let text = systemNode.string { system = (text, systemNode.mark) } else {
                errors.append(.notAString(key: "system", found: systemNode.kindDescription, at: systemNode.mark))
            }
        }
        let properties = pairs.filter { !["screen", "system", "children"].contains($0.key.string ?? "") }
        readElement(
            kind: "screen", kindMark: screenPair.key.mark, properties: properties, children: root["children"], parent: nil,
            position: 0)
        return Screen(file: file, name: name, system: system, elements: elements)
    }

    private mutating func readElement(
        kind: String, kindMark: Mark, properties: [Node.Pair], children: Node?, parent: Int?, position: Int
    ) {
        let index = elements.count
        // A placeholder keeps the index; the element is completed once its descendants are read.
        elements.append(
            Element(kind: kind, kindMark: kindMark, properties: [], index: index, end: index + 1, parent: parent, children: [], position: position))
        let read = readProperties(properties)
        var childIndexes: [Int] = []
        if let children, !children.isNull {
            if let items = children.items {
                for item in items {
                    guard let pairs = item.pairs, pairs.count == 1, let childKind = pairs[0].key.string else {
                        errors.append(.notAnElement(found: describe(item), at: item.mark))
                        continue
                    }
                    let body = pairs[0].value
                    var childProperties: [Node.Pair] = []
                    var grandchildren: Node?
                    if let bodyPairs = body.pairs {
                        childProperties = bodyPairs.filter { $0.key.string != "children" }
                        grandchildren = body["children"]
                    } else if !body.isNull {
                        errors.append(.propertiesNotMapping(kind: childKind, found: body.kindDescription, at: body.mark))
                        continue
                    }
                    childIndexes.append(elements.count)
                    readElement(
                        kind: childKind, kindMark: pairs[0].key.mark, properties: childProperties, children: grandchildren,
                        parent: index, position: childIndexes.count - 1)
                }
            } else {
                errors.append(.childrenNotList(found: children.kindDescription, at: children.mark))
            }
        }
        elements[index] = Element(
            kind: kind, kindMark: kindMark, properties: read, index: index, end: elements.count, parent: parent,
            children: childIndexes, position: position)
    }

    private func describe(_ node: Node) -> String {
        if let pairs = node.pairs { return "a mapping with \(pairs.count) keys" }
        return node.kindDescription
    }

    private mutating func readProperties(_ pairs: [Node.Pair]) -> [Property] {
        var properties: [Property] = []
        for pair in pairs {
            guard let name = pair.key.scalar?.text, !pair.key.isNull else {
                errors.append(.invalidPropertyName(at: pair.key.mark))
                continue
            }
            guard let value = readValue(pair.value) else { continue }
            properties.append(Property(name: name, keyMark: pair.key.mark, value: value))
        }
        return properties
    }

    private mutating func readValue(_ node: Node) -> PropertyValue? {
        switch node.content {
        case .scalar(let scalar):
            guard let reference = TokenReference(node) else { return .leaf(Leaf(mark: node.mark, scalar: scalar, token: nil)) }
            guard let tokens else {
                errors.append(.noTokenSet(reference: reference.path, at: node.mark))
                return nil
            }
            guard let token = tokens[reference.path] else {
                if tokens.groups.contains(reference.path) {
                    errors.append(.referenceToGroup(reference: reference.path, at: node.mark))
                } else {
                    let suggestion = NearestName.nearest(to: reference.path, in: tokens.tokens.lazy.map(\.path))
                    errors.append(.unknownReference(reference: reference.path, suggestion: suggestion, at: node.mark))
                }
                return nil
            }
            return .leaf(Leaf(mark: node.mark, scalar: scalar, token: token))
        case .sequence(let items):
            return .list(items.compactMap { readValue($0) })
        case .mapping:
            if node.looksLikeUnquotedReference {
                errors.append(.unquotedReference(at: node.mark))
                return nil
            }
            return .mapping(readProperties(node.pairs ?? []))
        }
    }
}
