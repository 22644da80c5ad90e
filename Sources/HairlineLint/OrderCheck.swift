import HairlineTokens
import HairlineYAML

/// `order`: the element's children that match the listed selectors appear in the listed order; others are
/// ignored, but for children that match `through` (containers such as a scroll or a section), whose own children
/// take their place. The finding is at the first child whose place in the sequence comes before that of a child
/// above it; with `report: out-of-place`, at each child out of place: those left out of the longest run of children
/// in order (of two swapped, the one the sequence puts later, which is what a sentence "X follows Y" is about).
struct OrderCheck: CheckDefinition, ScreenCheck {
    static let name = "order"

    let sequence: [Selector]
    /// Containers looked through: their children are ordered as the element's own.
    let through: Selector?
    /// Whether each child out of place is reported, rather than the first that comes too late.
    let reportsOutOfPlace: Bool

    static func parse(_ options: Node, errors: inout [RuleError]) -> OrderCheck? {
        var reader = OptionReader(options, context: "order", allowed: ["sequence", "through", "report"])
        let sequence = reader.selectors("sequence", required: true)
        let through = reader.selector("through")
        let report = reader.string("report")
        if let report, !["first-after", "out-of-place"].contains(report), let node = options["report"] {
            reader.fail(.wrongType(key: "report", expected: "first-after, out-of-place", found: "'\(report)'", at: node.mark))
        }
        errors += reader.errors
        guard let sequence, !sequence.isEmpty else { return nil }
        return OrderCheck(sequence: sequence, through: through, reportsOutOfPlace: report == "out-of-place")
    }

    func bind(to tokens: TokenSet?) throws(RuleError) -> any ScreenCheck { self }

    /// The element's children in order, each container `through` matches replaced by its own (to any depth;
    /// without recursion, so a deep screen costs no stack).
    private func ordered(_ element: Element, in screen: Screen) -> [Element] {
        guard let through else { return element.children.map { screen.elements[$0] } }
        var result: [Element] = []
        var pending = Array(element.children.reversed())
        while let index = pending.popLast() {
            let child = screen.elements[index]
            if through.matches(child, in: screen) { pending += child.children.reversed() } else { result.append(child) }
        }
        return result
    }

    func evaluate(_ element: Element, in context: CheckContext) -> [CheckFinding] {
        var ranked: [(rank: Int, child: Element)] = []
        for child in ordered(element, in: context.screen) {
            guard let rank = sequence.firstIndex(where: { $0.matches(child, in: context.screen) }) else { continue }
            ranked.append((rank, child))
        }
        let order = sequence.map(\.description).joined(separator: " · ")
        func finding(_ child: Element, _ message: String) -> CheckFinding {
            CheckFinding(mark: child.kindMark, message: message, placeholders: Placeholders(value: child.kind, property: "", kind: child.kind, expected: order))
        }
        if reportsOutOfPlace {
            return Self.outOfPlace(ranked.map(\.rank)).map { index in
                let (rank, child) = ranked[index]
                return finding(child, "\(child.kind) (\(sequence[rank])) is out of place; the order is \(order)")
            }
        }
        var highest: (rank: Int, child: Element)?
        for (rank, child) in ranked {
            if let previous = highest, rank < previous.rank {
                return [finding(child, "\(child.kind) (\(sequence[rank])) comes after \(previous.child.kind) (\(sequence[previous.rank])); the order is \(order)")]
            }
            if highest == nil || rank > highest!.rank { highest = (rank, child) }
        }
        return []
    }

    /// The positions left out of a longest run in order (ranks that never fall), found as patience sorting finds
    /// it, in n log n: of runs equally long, the one that keeps the lower ranks, so of two swapped children the one
    /// the sequence puts later is out of place.
    static func outOfPlace(_ ranks: [Int]) -> [Int] {
        var tails: [Int] = []  // positions: the run of each length ending at the lowest rank so far
        var previous = [Int](repeating: -1, count: ranks.count)
        for (position, rank) in ranks.enumerated() {
            // The first run whose last rank is above this one: this position ends a run of that length instead.
            var (low, high) = (0, tails.count)
            while low < high {
                let middle = (low + high) / 2
                if ranks[tails[middle]] <= rank { low = middle + 1 } else { high = middle }
            }
            previous[position] = low > 0 ? tails[low - 1] : -1
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var kept = Set<Int>()
        var position = tails.last ?? -1
        while position >= 0 {
            kept.insert(position)
            position = previous[position]
        }
        return ranks.indices.filter { !kept.contains($0) }
    }
}
