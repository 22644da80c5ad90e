import Foundation

/// `body` applied to every item on every core, the results in the items' order.
func inParallel<Item: Sendable, Output: Sendable>(_ items: [Item], _ body: @Sendable (Item) -> Output) -> [Output] {
    let slots = Slots<Output>(count: items.count)
    DispatchQueue.concurrentPerform(iterations: items.count) { index in
        slots.set(index, body(items[index]))
    }
    return slots.values
}

/// Result slots written by parallel workers, each slot by one worker.
final class Slots<Value>: @unchecked Sendable {
    private var storage: [Value?]
    private let lock = NSLock()

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Value) {
        lock.withLock { storage[index] = value }
    }

    var values: [Value] { lock.withLock { storage.compactMap { $0 } } }
}
