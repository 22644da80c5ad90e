import Dispatch
import Foundation

/// Removes the temporary files a command has open when it is interrupted (SIGINT, SIGTERM, SIGHUP), then lets
/// the signal end the process as it would have: an interrupted compile leaves no hidden file beside its outputs
/// (a large output is streamed to its temporary while it is generated, so one can be megabytes).
///
/// Signals belong to the process, so this is the process's one list of open temporaries: `AtomicFile` tracks
/// each temporary from its creation until it is renamed or removed. The signals are caught the first time one is
/// tracked, each by a Dispatch source on a queue (not in a signal handler, where little is safe to call); a
/// signal the process was started with ignored stays ignored. SIGKILL cannot be caught: a killed command can
/// still leave a temporary behind.
enum InterruptCleanup {
    private static let lock = NSLock()
    /// The temporaries open now: read and written under `lock`.
    nonisolated(unsafe) private static var open: Set<String> = []
    /// The signals caught, once; kept so that their sources live as long as the process (never read after).
    nonisolated(unsafe) private static let sources: [any DispatchSourceSignal] = [SIGINT, SIGTERM, SIGHUP].compactMap(catchSignal)

    /// Removes `path` if the process is interrupted before `forget(_:)`.
    static func track(_ path: String) {
        _ = sources
        lock.withLock { _ = open.insert(path) }
    }

    /// `path` was renamed or removed: nothing to remove any more.
    static func forget(_ path: String) {
        lock.withLock { _ = open.remove(path) }
    }

    /// A source that, on `number`, removes the open temporaries and raises the signal again with its default
    /// action; nil when the process was started with the signal ignored.
    private static func catchSignal(_ number: Int32) -> (any DispatchSourceSignal)? {
        var current = sigaction()
        sigaction(number, nil, &current)
        if unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
            return nil
        }
        // A signal a Dispatch source watches must be ignored, or its default action ends the process first.
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global(qos: .userInitiated))
        source.setEventHandler {
            lock.withLock {
                for path in open { unlink(path) }
                open.removeAll()
            }
            // Raised on this thread with its default action, unblocked here (Dispatch's threads block signals):
            // the process ends before a thread can find its temporary gone and report it.
            signal(number, SIG_DFL)
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, number)
            pthread_sigmask(SIG_UNBLOCK, &signals, nil)
            raise(number)
        }
        source.resume()
        return source
    }
}
