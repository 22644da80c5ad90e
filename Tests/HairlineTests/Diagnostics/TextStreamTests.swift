import Foundation
import HairlineDiagnostics
import Testing

/// A text streamed as it is written: its finished parts handed on in order while the rest is written.
@Suite("Text stream")
struct TextStreamTests {
    /// Streamed, the parts are handed on in the text's order as they are finished (even when a later one is
    /// finished first), four ranges a core; what was handed on, then the finished text's parts from there, are
    /// the bytes of one pass, each byte once. The stream catches up after the last part, and parts that arrive
    /// while one is handed on are handed on together before it does (the first part is held until the first
    /// round's have all arrived).
    @Test(arguments: [0, 1, 3, 10, 1_000, 10_001])
    func aStreamIsHandedThePartsInOrder(_ count: Int) {
        let handedOn = Collected()
        let firstRoundArrived = DispatchSemaphore(value: 0)
        let stream = TextStream(
            { part in
                if handedOn.parts.isEmpty { firstRoundArrived.wait() }
                handedOn.append(Array(part))
            }, caughtUp: { handedOn.catchUp() })
        var streamed = TextBuffer(capacity: 1, stream: stream)
        var expected = TextBuffer()
        for round in 0..<3 {
            streamed.write("(\(round)é")
            expected.write("(\(round)é")
            // Room for every item (at most eight bytes): each range is one part, handed on in one piece.
            streamed.write(count, parallelMinimum: 1, bytesPerItem: 8) { range, out in
                // The first range of each round finishes last.
                if range.lowerBound == 0, range.count < count { usleep(20_000) }
                ParallelTextBufferTests.write(range, to: &out)
            }
            ParallelTextBufferTests.write(0..<count, to: &expected)
            if round == 0 { firstRoundArrived.signal() }
            streamed.write(round)
            expected.write(round)
        }
        let text = FinishedText(streamed)
        let handed = stream.finish()
        // A head and four ranges a core (two cores at least) each round, or nothing when too few items to cut.
        let cut = min(count, 4 * max(2, Parallel.cores))
        #expect(handed == (cut < 2 ? 0 : 3 * (1 + cut)))
        #expect(handedOn.parts.count == handed)
        // How many parts had been handed on at each catching up: after one part at least, and after the last.
        let caughtUp = handedOn.caughtUp
        #expect(caughtUp == caughtUp.sorted() && Set(caughtUp).count == caughtUp.count && caughtUp.first != 0)
        #expect(caughtUp.last ?? 0 == handed)
        if handed > 0 { #expect(caughtUp.count < handed) }
        var rest: [UInt8] = []
        text.parts(from: handed) { rest += $0 }
        #expect(Array(handedOn.parts.joined()) + rest == expected.bytes)
        #expect(text.bytes == expected.bytes)
    }

    /// A range that outgrows the room reserved for it (here, a byte an item) grows into parts of its own,
    /// handed on together at its place: the stream's places are unchanged, and what was handed on, then the
    /// finished text's parts from there, are the bytes of one pass.
    @Test(arguments: [1_000, 100_001])
    func rangesThatGrowAreHandedOnWhole(_ count: Int) {
        let handedOn = Collected()
        let stream = TextStream { handedOn.append(Array($0)) }
        var streamed = TextBuffer(capacity: 1, stream: stream)
        var expected = TextBuffer()
        for round in 0..<2 {
            ParallelTextBufferTests.writeRound(round, count: count, bytesPerItem: 1, to: &streamed, expected: &expected)
        }
        let text = FinishedText(streamed)
        let handed = stream.finish()
        #expect(handed == 2 * (1 + 4 * max(2, Parallel.cores)))
        // More pieces handed on than places: the ranges grew.
        #expect(handedOn.parts.count > handed)
        var rest: [UInt8] = []
        text.parts(from: handed) { rest += $0 }
        #expect(Array(handedOn.parts.joined()) + rest == expected.bytes)
        #expect(text.bytes == expected.bytes)
    }

    /// Below the minimum, a streamed text is written on this thread in one part, as it would be unstreamed:
    /// nothing to hand on.
    @Test func aSmallStreamedTextIsOnePart() {
        let handedOn = Collected()
        let stream = TextStream { handedOn.append(Array($0)) }
        var streamed = TextBuffer(capacity: 1, stream: stream)
        streamed.write("[")
        streamed.write(99, parallelMinimum: 100, bytesPerItem: 1) { ParallelTextBufferTests.write($0, to: &$1) }
        let text = FinishedText(streamed)
        #expect(stream.finish() == 0)
        var parts = 0
        text.parts { _ in parts += 1 }
        #expect(parts == 1)
        var expected = TextBuffer()
        expected.write("[")
        ParallelTextBufferTests.write(0..<99, to: &expected)
        #expect(text.bytes == expected.bytes)
    }

    /// The parts a stream was handed, from its thread, and how many it had been handed each time it caught up.
    final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var collected: [[UInt8]] = []
        private var caughtUpAfter: [Int] = []
        func append(_ part: [UInt8]) { lock.withLock { collected.append(part) } }
        func catchUp() { lock.withLock { caughtUpAfter.append(collected.count) } }
        var parts: [[UInt8]] { lock.withLock { collected } }
        var caughtUp: [Int] { lock.withLock { caughtUpAfter } }
    }
}
