import Dispatch
import Foundation

/// Work spread over every core, with results in a fixed order: what runs in parallel gives the same output
/// as a serial run.
public enum Parallel {
    /// The cores this process may use.
    public static var cores: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// `body` applied to every index of `0..<count`, on whichever core is free, the results in index order.
    /// `body` runs on several threads at once: it may only read what the calls share.
    public static func map<Output>(_ count: Int, _ body: (Int) -> Output) -> [Output] {
        // One item is done here, without waking a thread (a chain of aliases resolves one token per wave).
        guard count > 1 else { return (0..<count).map(body) }
        let results = UnsafeMutableBufferPointer<Output?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer {
            results.deinitialize()
            results.deallocate()
        }
        withoutActuallyEscaping(body) { body in
            // Each index's slot is written by the one call that computes it, and read after all are done.
            nonisolated(unsafe) let (body, slots) = (body, results)
            DispatchQueue.concurrentPerform(iterations: count) { index in
                slots[index] = body(index)
            }
        }
        return results.map { $0! }
    }

    /// `body` applied to every index of `0..<count`, in ranges on every core when `count` is at least `minimum`,
    /// each result written straight into its place in the array (no results to gather and copy afterwards).
    /// `body` runs on several threads at once: it may only read what the calls share.
    public static func array<Element>(_ count: Int, minimum: Int, _ body: (Int) -> Element) -> [Element] {
        let ranges = ranges(count, parts: parts(count, minimum: minimum))
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            withoutActuallyEscaping(body) { body in
                // Each index's place is written by the one call that computes it.
                nonisolated(unsafe) let (body, places) = (body, buffer)
                nonisolated(unsafe) let fill = { (part: Int) in
                        for index in ranges[part] { (places.baseAddress! + index).initialize(to: body(index)) }
                }
                if ranges.count > 1 {
                    DispatchQueue.concurrentPerform(iterations: ranges.count) { fill($0) }
                } else {
                    ranges.indices.forEach(fill)
                }
            }
            initialized = count
        }
    }

    /// The arrays one after another, as `flatMap` joins them, each copied into its place on a core of its own
    /// (one array is not copied at all). Inlinable, so that the caller's module specializes the copy for its own
    /// element type.
    @inlinable
    public static func joined<Element>(_ arrays: [[Element]]) -> [Element] {
        guard arrays.count > 1 else { return arrays.first ?? [] }
        let offsets = arrays.reduce(into: [0]) { $0.append($0.last! + $1.count) }
        return [Element](unsafeUninitializedCapacity: offsets.last!) { buffer, initialized in
            // Each array's place is written by the one call that copies it; the arrays are only read.
            nonisolated(unsafe) let (places, arrays) = (buffer, arrays)
            DispatchQueue.concurrentPerform(iterations: arrays.count) { index in
                arrays[index].withUnsafeBufferPointer { source in
                    // One by one, so the copy is specialized for the element type.
                    let target = places.baseAddress! + offsets[index]
                    for offset in source.indices { (target + offset).initialize(to: source[offset]) }
                }
            }
            initialized = offsets.last!
        }
    }

    /// `items` mapped on every core, the results in the items' order.
    public static func map<Item, Output>(_ items: [Item], _ body: (Item) -> Output) -> [Output] {
        map(items.count) { body(items[$0]) }
    }

    /// How many parts a job of `count` items is cut into: `partsPerCore` a core (two cores at least, so that a
    /// test on one core takes the same path), when it has `minimum` items or more; else one, done before threads
    /// would start.
    public static func parts(_ count: Int, minimum: Int) -> Int {
        count >= minimum ? max(2, cores) * partsPerCore : 1
    }

    /// Parts a core: more than one, so that a core that finishes its part first takes the next. The cores of a
    /// shared machine do not run at one speed, and with one part each the job waits for the slowest.
    public static let partsPerCore = 4

    /// `0..<count` cut into `parts` ranges (`count` if fewer), in order, none empty, each shorter than the one
    /// before: past an item each, the `k`th of `n` has `n - k` shares of the rest. The cores take the parts in
    /// order, so the last ones taken are the shortest, and a core that finishes early waits a short part for the
    /// others, not a long one.
    public static func ranges(_ count: Int, parts: Int) -> [Range<Int>] {
        guard count > 0 else { return [] }
        let parts = max(1, min(parts, count))
        let (rest, shares) = (count - parts, parts * (parts + 1) / 2)
        // Where the `k`th part starts: after an item and the shares of each part before it, `n + (n - 1) + …`.
        func start(_ part: Int) -> Int { part + rest * (part * parts - part * (part - 1) / 2) / shares }
        return (0..<parts).map { start($0)..<start($0 + 1) }
    }
}

/// A value worked out on a thread of its own while the caller goes on: `value` waits for it.
public final class Pending<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchGroup()
    /// Written once, by the work's thread, before `done` is left; read only after waiting on `done`.
    private var result: Value?

    /// Starts `work` at once on another thread.
    public init(_ work: @escaping @Sendable () -> Value) {
        done.enter()
        DispatchQueue.global(qos: .userInitiated).async {
            self.result = work()
            self.done.leave()
        }
    }

    /// The work's value, once it is done.
    public var value: Value {
        done.wait()
        return result!
    }
}
