import Foundation

/// Removes the temporary files a command has open when it is interrupted (SIGINT, SIGTERM, SIGHUP), then lets
/// the signal end the process as it would have: an interrupted compile leaves no hidden file beside its outputs
/// (a large output is streamed to its temporary while it is generated, so one can be megabytes).
///
/// Signals belong to the process, so this is the process's one list of open temporaries: `AtomicFile` creates
/// each under `whileCreating` and forgets it once it is renamed or removed. `start`, first thing in `main` (before
/// any thread is made, so that every thread inherits it), blocks the three signals and waits for them on a thread
/// of its own (`sigwait`): none is handled in a signal handler, where little is safe to call, and none is lost or
/// acted on while a temporary is being created, since the thread takes the list's lock before it removes them,
/// and keeps it until the process has ended, so that none is created after.
/// A signal the process was started with ignored stays ignored. SIGKILL cannot be caught: a killed command can
/// still leave a temporary behind.
public enum InterruptCleanup {
    private static let lock = NSLock()
    /// The temporaries open now: read and written under `lock`.
    nonisolated(unsafe) private static var open: Set<String> = []

    /// Blocks SIGINT, SIGTERM and SIGHUP (those not ignored) and starts the thread that waits for them. Once, on
    /// the main thread, before any other thread starts.
    public static func start() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in [SIGINT, SIGTERM, SIGHUP] where !isIgnored(number) { sigaddset(&signals, number) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        waited = signals
        // A POSIX thread, which starts with this thread's mask: the signals stay blocked on it until it waits.
        var thread = pthread_t()
        pthread_create(&thread, nil, { _ in
            InterruptCleanup.waitForSignal()
            return nil
        }, nil)
    }

    /// The signals the waiting thread waits for: written once by `start`, before the thread starts.
    nonisolated(unsafe) private static var waited = sigset_t()

    /// Waits for one of the signals; then removes the open temporaries and ends the process by it.
    private static func waitForSignal() {
        var (signals, number) = (waited, Int32(0))
        guard sigwait(&signals, &number) == 0 else { return }
        // The lock is kept until the process ends: no temporary is created after those open are removed.
        lock.lock()
        for path in open { unlink(path) }
        // The signal again, with its default action, unblocked on this thread alone: it ends the process.
        signal(number, SIG_DFL)
        var one = sigset_t()
        sigemptyset(&one)
        sigaddset(&one, number)
        pthread_sigmask(SIG_UNBLOCK, &one, nil)
        raise(number)
    }

    /// Creates a temporary with `create` (an `open` that returns a descriptor, or -1) and, if it was created,
    /// tracks it until `forget(_:)`: an interruption during the call waits for it, then removes the file.
    public static func whileCreating(_ path: String, _ create: () -> Int32) -> Int32 {
        lock.withLock {
            let descriptor = create()
            if descriptor >= 0 { open.insert(path) }
            return descriptor
        }
    }

    /// `path` was renamed or removed: nothing to remove any more.
    public static func forget(_ path: String) {
        lock.withLock { _ = open.remove(path) }
    }

    /// Whether the process was started with a signal ignored (`nohup`, a background job).
    private static func isIgnored(_ number: Int32) -> Bool {
        var current = sigaction()
        sigaction(number, nil, &current)
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}
