import Foundation

/// The messages the reader thread has read and the worker has not yet handled, and the requests the client
/// cancelled. The reader never waits on the worker: it reads, parses and queues.
final class Inbox: @unchecked Sendable {
    /// One thing read.
    enum Item: Sendable {
        case message(JSONValue)
        /// A message that could not be taken: its JSON-RPC error, sent with a null id.
        case malformed(code: Int, message: String)
        case end
    }

    private let condition = NSCondition()
    private var items: [Item] = []
    private var head = 0
    private var cancelled: Set<JSONValue> = []

    /// Queues an item; a `$/cancelRequest` also marks its request cancelled at once.
    func put(_ item: Item) {
        condition.withLock {
            if case .message(let message) = item, message["method"]?.string == "$/cancelRequest", let id = message["params"]?["id"] {
                cancelled.insert(id)
            }
            items.append(item)
            condition.signal()
        }
    }

    /// The next item, waiting for one; nil without waiting when `wait` is false and none is queued.
    func take(wait: Bool) -> Item? {
        condition.withLock {
            while head == items.count {
                guard wait else { return nil }
                condition.wait()
            }
            let item = items[head]
            // The slot lets go of what it held (a document's whole text) now, not when the queue is next compacted.
            items[head] = .end
            head += 1
            if head == items.count {
                items.removeAll(keepingCapacity: true)
                head = 0
            } else if head > 1024, head * 2 > items.count {
                items.removeFirst(head)
                head = 0
            }
            return item
        }
    }

    /// Whether an item waits: newer work that a long run should yield to.
    var hasPending: Bool {
        condition.withLock { head < items.count }
    }

    /// Whether the client cancelled a request; forgets it once asked.
    func takeCancelled(_ id: JSONValue) -> Bool {
        condition.withLock { cancelled.remove(id) != nil }
    }
}
