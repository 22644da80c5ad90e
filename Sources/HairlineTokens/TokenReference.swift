import HairlineDiagnostics
import HairlineYAML

/// An alias: a scalar that is exactly `"{group.token}"`, naming a token by its dotted path.
public struct TokenReference: Sendable, Hashable {
    /// The path inside the braces: `spacing.cardPadding`.
    public let path: String

    /// The reference a string is, or nil when the string is not exactly `{path}` with a non-empty path
    /// and no other braces.
    public init?(_ text: String) {
        guard let found = text.withContiguousUTF8(Self.path(inBraces:)) else { return nil }
        self.path = found
    }

    /// The path inside `{…}`: one pass over the bytes, no other brace and no empty segment; nil otherwise.
    static func path(inBraces utf8: UnsafeBufferPointer<UInt8>) -> String? {
        // Cheap rejection first: almost every scalar does not start with a brace.
        guard utf8.count >= 3, utf8.first == UInt8(ascii: "{"), utf8.last == UInt8(ascii: "}") else { return nil }
        let inside = UnsafeBufferPointer(rebasing: utf8[1..<(utf8.count - 1)])
        var previousWasDot = true
        for byte in inside {
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "}"): return nil
            case UInt8(ascii: "."):
                if previousWasDot { return nil }
                previousWasDot = true
            default: previousWasDot = false
            }
        }
        guard !previousWasDot else { return nil }
        return String(decoding: inside, as: UTF8.self)
    }

    /// A reference to a path.
    init(path: String) {
        self.path = path
    }

    /// The reference a node is: a string scalar that is exactly `{path}`.
    public init?(_ node: Node) {
        guard let scalar = node.scalar else { return nil }
        self.init(scalar)
    }

    /// The reference a scalar is: a string that is exactly `{path}`.
    public init?(_ scalar: Scalar) {
        guard scalar.isString else { return nil }
        self.init(scalar.text)
    }
}

/// A DTCG JSON Pointer reference, `{"$ref": "#/group/token"}` or `{"$ref": "#/group/token/$value/components/0"}`:
/// a whole token, or a part of a token's value.
public struct TokenPointer: Sendable, Hashable {
    /// The pointer's segments, unescaped (`~1` is `/`, `~0` is `~`).
    public let segments: [String]
    /// The pointer as written.
    public let text: String

    /// The pointer a node is: a mapping whose one key is `$ref`, holding a string that starts with `#/`.
    public init?(_ node: Node) {
        guard let pairs = node.pairs, pairs.count == 1, pairs[0].key.string == "$ref", let text = pairs[0].value.string,
            text.hasPrefix("#/")
        else { return nil }
        self.text = text
        segments = text.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// Where the pointer lands in a document: a whole token (its path), or the raw node of a part of a token's value
    /// (with the token's path), or nowhere.
    public enum Target: Sendable {
        case token(String)
        case part(of: String, Node)
    }

    public func target(in root: Node) -> Target? {
        var node = root
        var path: [String] = []
        var index = 0
        while index < segments.count {
            let segment = segments[index]
            if node["$value"] != nil || node["$ref"] != nil {
                // Inside a token: the rest must go through its $value. `…/$value` is the whole value, an alias.
                guard segment == "$value", let value = node["$value"] else { return nil }
                if index == segments.count - 1 { return .token(path.joined(separator: ".")) }
                var part = value
                for inner in segments[(index + 1)...] {
                    if let items = part.items, let position = Int(inner), items.indices.contains(position) {
                        part = items[position]
                    } else if let next = part[inner], !inner.hasPrefix("$") {
                        part = next
                    } else {
                        return nil
                    }
                }
                return .part(of: path.joined(separator: "."), part)
            }
            guard !segment.isEmpty, let next = node[segment] else { return nil }
            node = next
            path.append(segment)
            index += 1
        }
        // A pointer to a token itself (not its $value), or to a group, is not a value.
        return nil
    }
}

/// Finds the nearest existing path for a did-you-mean.
public enum NearestName {
    /// The candidate closest to `name` by edit distance, if it is close enough to be a likely typo.
    public static func nearest(to name: String, in candidates: some Sequence<String>) -> String? {
        let target = Array(name.unicodeScalars)
        // Only names within the distance a typo may have count: others are passed over by their length, or as soon
        // as the distance passes it.
        let limit = max(1, min(3, target.count / 4))
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let scalars = Array(candidate.unicodeScalars)
            let bound = min(limit, best?.distance ?? limit)
            if abs(scalars.count - target.count) > bound { continue }
            guard let distance = editDistance(target, scalars, within: bound) else { continue }
            if best == nil || distance < best!.distance || (distance == best!.distance && candidate < best!.name) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// The edit distance when it is at most `bound`, else nil, found without finishing rows that cannot stay under it.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], within bound: Int) -> Int? {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) <= bound ? max(a.count, b.count) : nil }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > bound { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= bound ? previous[b.count] : nil
    }

    /// The nearest candidate when no other is as near: what a fix may rename to.
    public static func only(to name: String, in candidates: [String]) -> String? {
        guard let nearest = nearest(to: name, in: candidates) else { return nil }
        let distance = editDistance(Array(name.unicodeScalars), Array(nearest.unicodeScalars))
        let asNear = candidates.filter { $0 != nearest && editDistance(Array(name.unicodeScalars), Array($0.unicodeScalars)) == distance }
        return asNear.isEmpty ? nearest : nil
    }

    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
