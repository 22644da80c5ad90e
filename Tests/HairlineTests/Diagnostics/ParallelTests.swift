import HairlineDiagnostics
import Synchronization
import Testing

/// Work spread over the cores gives what one core gives, in the same order.
@Suite("Parallel")
struct ParallelTests {
    /// `array` holds each index's result in its place, whether the work is cut into ranges or done in one.
    @Test(arguments: [0, 1, 2, 7, 10_000])
    func arrayHoldsEachResultInItsPlace(count: Int) {
        let expected = (0..<count).map { "item \($0 * 3)" }
        for minimum in [1, 2, count + 1] {
            #expect(Parallel.array(count, minimum: minimum) { "item \($0 * 3)" } == expected, "minimum \(minimum)")
        }
    }

    /// `joined` gives what `flatMap` gives, empty arrays and strings of their own storage included.
    @Test func joinedIsFlatMap() {
        let long = String(repeating: "long enough to be stored apart ", count: 2)
        let cases: [[[String]]] = [
            [], [[]], [["a"]], [["a", "b"], [], [long, "c"], ["d"]], [[], []],
            (0..<5).map { part in (0..<1_000).map { "\(long)\(part).\($0)" } },
        ]
        for arrays in cases {
            #expect(Parallel.joined(arrays) == arrays.flatMap { $0 })
        }
    }

    /// The ranges cover every index once, in order, none empty, as many as asked where there are items enough.
    @Test func rangesCoverEveryIndexOnce() {
        for count in [0, 1, 5, 4096] {
            for parts in 1...4 {
                let ranges = Parallel.ranges(count, parts: parts)
                #expect(ranges.flatMap { Array($0) } == Array(0..<count))
                #expect(ranges.allSatisfy { !$0.isEmpty })
                #expect(ranges.count == min(parts, count))
            }
        }
    }

    /// Each range is no longer than the one before it (but for rounding), the first about `parts` times the last: the
    /// cores take them in order, and the last taken are the shortest.
    @Test func rangesGrowShorter() {
        for count in [8, 100, 4096, 100_000] {
            for parts in [2, 8, 16] {
                let lengths = Parallel.ranges(count, parts: parts).map(\.count)
                #expect(lengths.reduce(0, +) == count)
                #expect(zip(lengths, lengths.dropFirst()).allSatisfy { $0 + 1 >= $1 }, "\(lengths)")
                if count >= 4096 {
                    #expect(lengths.count == parts)
                    #expect(abs(lengths[0] - parts * lengths[parts - 1]) <= 2 * parts, "\(lengths)")
                }
            }
        }
    }
}
