import Foundation
import HairlineTokens
import Testing

/// `BackgroundRelease` frees what it is given on another thread, or keeps it until the process exits when the
/// process asked for that. Serialized: one test turns keeping on for a moment.
@Suite("Background release", .serialized)
struct BackgroundReleaseTests {
    final class Probe: Sendable {}

    /// Releases a probe held nowhere else, and says whether it is still alive after `wait` seconds.
    static func aliveAfterRelease(wait: TimeInterval) -> Bool {
        weak var watched: Probe?
        do {
            let probe = Probe()
            watched = probe
            BackgroundRelease.release(probe)
        }
        let deadline = Date().addingTimeInterval(wait)
        while watched != nil, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        return watched != nil
    }

    @Test func freesOnAnotherThread() {
        #expect(!Self.aliveAfterRelease(wait: 5))
    }

    @Test func keepsUntilExitWhenAsked() {
        BackgroundRelease.keepUntilExit()
        defer { BackgroundRelease.keepUntilExit(false) }
        #expect(Self.aliveAfterRelease(wait: 0.2))
    }
}
