import Dispatch

/// Hands a large value's last reference to a background thread, which frees it there.
///
/// Freeing a token set's parse tree and raw tokens is tens of thousands of deallocations; nothing waits for
/// them, so they need not hold up the compile that follows (which has a core to spare while it writes JSON).
public enum BackgroundRelease {
    /// Takes `value` and frees it on a background thread. Nothing else may hold it afterwards, or the
    /// release done here is not the last one and the freeing happens wherever the last one is.
    public static func release<Value>(_ value: consuming Value) {
        let box = Box(value)
        DispatchQueue.global(qos: .utility).async { box.empty() }
    }

    /// The value in transit: it belongs to the background thread alone once `release` returns.
    private final class Box<Held>: @unchecked Sendable {
        var held: Held?
        init(_ held: consuming Held) { self.held = held }
        func empty() { held = nil }
    }
}
