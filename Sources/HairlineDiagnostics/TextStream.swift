import Dispatch
import Foundation

/// Where a large text's parts go as they are finished, in order, while the rest of it is still being written:
/// an output is written out to its file while it is generated, not only once it is whole.
///
/// A `TextBuffer` made with a stream hands it every part it finishes (`write(_:parallelMinimum:bytesPerItem:_:)`:
/// what was written before, then each range's part as its core finishes it). The parts may arrive out of order
/// from several cores; `handOn` is given each in the text's order, one at a time, on a thread of the stream's
/// own. The last part, being written when the text is finished, is never handed on: `finish` says how many were,
/// and the owner of the finished text writes the rest (`FinishedText.parts(from:_:)`). Once it has handed on
/// every part whose turn has come, the stream says so (`caughtUp`): parts that arrive while one is handed on are
/// handed on together before it does.
public final class TextStream: @unchecked Sendable {
    private let queue = DispatchQueue(label: "hairline.text-stream")
    private let handOn: (UnsafeBufferPointer<UInt8>) -> Void
    private let caughtUp: () -> Void
    private let lock = NSLock()
    /// Under `lock`: the parts that arrived and are not handed on yet, by their place in the text; the places
    /// given out; the parts handed on.
    private var arrived: [Int: TextPart] = [:]
    private var reserved = 0
    private var handedOn = 0

    /// A stream whose parts are given to `handOn`, in order, on a thread of the stream's own; `caughtUp` is
    /// called there after the parts ready, once none is left to hand on.
    public init(_ handOn: @escaping (UnsafeBufferPointer<UInt8>) -> Void, caughtUp: @escaping () -> Void = {}) {
        self.handOn = handOn
        self.caughtUp = caughtUp
    }

    /// Places for `count` parts after those given out before; the first's.
    func reserve(_ count: Int) -> Int {
        lock.withLock {
            defer { reserved += count }
            return reserved
        }
    }

    /// A finished part, at its place: handed on once every part before it has been.
    func arrive(_ part: TextPart, at place: Int) {
        lock.withLock { arrived[place] = part }
        queue.async { self.handOnInOrder() }
    }

    /// On the stream's thread: hands on every part whose turn has come.
    private func handOnInOrder() {
        var handed = false
        while let part = lock.withLock({ arrived.removeValue(forKey: handedOn) }) {
            part.buffer.parts { handOn($0) }
            lock.withLock { handedOn += 1 }
            handed = true
        }
        if handed { caughtUp() }
    }

    /// Waits until the parts that arrived are handed on; how many were. Called once the text is finished (every
    /// part given a place has arrived).
    public func finish() -> Int {
        queue.sync {}
        return lock.withLock { handedOn }
    }
}
