package import Foundation

/// The time a policy decides by: how long to wait between requests, when to give up on a busy
/// folder, how much of a run's budget is left. The toolkit runs on ``SystemClock``; a test
/// passes a clock it owns and checks the decisions in milliseconds instead of waiting them out.
package protocol PolicyClock: Sendable {
    /// Seconds on a monotonic scale with an arbitrary origin.
    var now: Double { get }
    /// The wall-clock date (for HTTP dates such as `Retry-After`).
    var date: Date { get }
    /// Waits `seconds` (≥ 0) on the caller's task.
    func sleep(seconds: Double) async throws
    /// Waits `seconds` (≥ 0), blocking the calling thread (for code that cannot suspend).
    func sleepBlocking(seconds: Double)
}

/// The real clocks: `ContinuousClock` for durations, `Date()` for the wall.
package struct SystemClock: PolicyClock {
    private static let origin = ContinuousClock.now

    package init() {}

    package var now: Double {
        let elapsed = ContinuousClock.now - Self.origin
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    package var date: Date { Date() }

    package func sleep(seconds: Double) async throws {
        try await Task.sleep(for: .seconds(max(0, seconds)))
    }

    package func sleepBlocking(seconds: Double) {
        guard seconds > 0 else { return }
        Thread.sleep(forTimeInterval: seconds)
    }
}
