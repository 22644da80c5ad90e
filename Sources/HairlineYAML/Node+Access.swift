/// Convenient, typed reads of a node's content.
extension Node {
    /// The scalar, if the node is one.
    public var scalar: Scalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    /// The string value, if the node is a scalar that resolved to a string.
    public var string: String? {
        if case .scalar(let scalar) = content, scalar.isString { return scalar.text }
        return nil
    }

    /// The number, if the node is an integer or float scalar.
    public var number: Double? {
        guard case .scalar(let scalar) = content else { return nil }
        switch scalar.value {
        case .int(let int): return Double(int)
        case .float(let float): return float
        default: return nil
        }
    }

    /// The boolean, if the node is a boolean scalar.
    public var bool: Bool? {
        if case .scalar(let scalar) = content, case .bool(let bool) = scalar.value { return bool }
        return nil
    }

    /// Whether the node is a null scalar.
    public var isNull: Bool {
        if case .scalar(let scalar) = content, scalar.isNull { return true }
        return false
    }

    /// The items, if the node is a sequence.
    public var items: [Node]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// The pairs, if the node is a mapping.
    public var pairs: [Pair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The value under a string key, if the node is a mapping that has it.
    public subscript(key: String) -> Node? {
        pair(forKey: key)?.value
    }

    /// The pair whose key is the string `key`, if the node is a mapping that has it.
    public func pair(forKey key: String) -> Pair? {
        guard case .mapping(let pairs) = content else { return nil }
        for pair in pairs {
            if case .scalar(let scalar) = pair.key.content, scalar.isString, scalar.text == key { return pair }
        }
        return nil
    }

    /// What the node is, for messages: "a mapping", "a list", "a string", "a number", "a boolean", "null".
    public var kindDescription: String {
        switch content {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let scalar):
            switch scalar.value {
            case .null: return "null"
            case .bool: return "a boolean"
            case .int, .float: return "a number"
            case .string: return "a string"
            }
        }
    }

    /// Whether the node looks like an unquoted `{group.token}`, which YAML reads as a one-pair flow mapping
    /// whose key is a dotted path and whose value is null.
    public var looksLikeUnquotedReference: Bool {
        guard let pairs, pairs.count == 1, pairs[0].value.isNull, let key = pairs[0].key.string else { return false }
        return key.contains(".") && !key.contains(" ")
    }
}
