import Foundation

/// The clock of one run's fetching time (``HTTPClient/Configuration/maxRunTime``), shared by
/// every client made from one configuration, so that a run fetching from several hosts has one
/// budget, not one per host. It starts with the first request of any of them.
package final class RunBudget: Sendable {
    // Invariant: `started` is read and written only under `lock`.
    private let lock = NSLock()
    nonisolated(unsafe) private var started: ContinuousClock.Instant?

    package init() {}

    /// Starts the clock, if it has not started.
    func start() { lock.withLock { if started == nil { started = .now } } }

    /// Seconds left of `total` (all of it before the first request).
    func remaining(of total: Double) -> Double {
        guard let started = lock.withLock({ started }) else { return total }
        let used = ContinuousClock.now - started
        return total - (Double(used.components.seconds) + Double(used.components.attoseconds) / 1e18)
    }
}
