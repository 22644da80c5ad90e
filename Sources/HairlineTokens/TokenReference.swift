import HairlineYAML

/// An alias: a scalar that is exactly `"{group.token}"`, naming a token by its dotted path.
public struct TokenReference: Sendable, Hashable {
    /// The path inside the braces: `spacing.cardPadding`.
    public let path: String

    /// The reference a string is, or nil when the string is not exactly `{path}` with a non-empty path
    /// and no other braces.
    public init?(_ text: String) {
        // Cheap rejection first: almost every scalar does not start with a brace.
        guard text.utf8.first == UInt8(ascii: "{"), text.utf8.last == UInt8(ascii: "}"), text.utf8.count >= 3 else { return nil }
        // One pass over the bytes inside the braces: no brace, and no empty segment.
        let utf8 = text.utf8
        var previousWasDot = true
        for byte in utf8.dropFirst().dropLast() {
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "}"): return nil
            case UInt8(ascii: "."):
                if previousWasDot { return nil }
                previousWasDot = true
            default: previousWasDot = false
            }
        }
        guard !previousWasDot else { return nil }
        path = String(text.dropFirst().dropLast())
    }

    /// The reference a node is: a string scalar that is exactly `{path}`.
    public init?(_ node: Node) {
        guard let text = node.string else { return nil }
        self.init(text)
    }
}

/// Finds the nearest existing path for a did-you-mean.
public enum NearestName {
    /// The candidate closest to `name` by edit distance, if it is close enough to be a likely typo.
    public static func nearest(to name: String, in candidates: some Sequence<String>) -> String? {
        let target = Array(name.unicodeScalars)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let scalars = Array(candidate.unicodeScalars)
            if abs(scalars.count - target.count) > (best?.distance ?? Int.max) { continue }
            let distance = editDistance(target, scalars)
            if best == nil || distance < best!.distance || (distance == best!.distance && candidate < best!.name) {
                best = (candidate, distance)
            }
        }
        guard let best, best.distance <= max(1, min(3, target.count / 4)) else { return nil }
        return best.name
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
