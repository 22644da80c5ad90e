import Dispatch
import Foundation

/// Hands a large value's last reference to a background thread, which frees it there.
///
/// Freeing a token set's raw tokens and value nodes is tens of thousands of deallocations; nothing waits for
/// them, so they need not hold up the compile that follows (which has a core to spare while it writes JSON).
/// A process that exits as soon as its work is done (the `hairline` command) can ask for what is released to
/// be kept until it exits instead (`keepUntilExit`): the kernel takes all its memory back at once, and no
/// thread spends a core freeing it value by value while the outputs are generated on both.
public enum BackgroundRelease {
    /// Whether released values are kept: read and written under `lock`.
    nonisolated(unsafe) private static var keeping = false
    private static let lock = NSLock()

    /// From now on, keeps what is released until the process exits (`false`: frees it on a background thread
    /// again). Only for a process that ends when its one job does: nothing released is ever freed.
    public static func keepUntilExit(_ keep: Bool = true) {
        lock.withLock { keeping = keep }
    }

    /// Takes `value` and frees it on a background thread, or keeps it until the process exits. Nothing else may
    /// hold it afterwards, or the release done here is not the last one and the freeing happens wherever the
    /// last one is.
    public static func release<Value>(_ value: consuming Value) {
        let box = Box(value)
        if lock.withLock({ keeping }) {
            _ = Unmanaged.passRetained(box)
            return
        }
        DispatchQueue.global(qos: .utility).async { box.empty() }
    }

    /// The value in transit: it belongs to the background thread alone once `release` returns.
    private final class Box<Held>: @unchecked Sendable {
        var held: Held?
        init(_ held: consuming Held) { self.held = held }
        func empty() { held = nil }
    }
}
