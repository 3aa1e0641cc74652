import Foundation
package import JobContract
import ThreadTools

/// The clock of one run's fetching time (``HTTPClient/Configuration/maxRunTime``), shared by
/// every client made from one configuration, so that a run fetching from several hosts has one
/// budget, not one per host. It starts with the first request of any of them.
package final class RunBudget: Sendable {
    private let started = Locked<Double?>(nil)
    /// The clock the budget is measured on (the configuration's).
    let clock: any JobClock

    package init(clock: any JobClock = SystemClock()) { self.clock = clock }

    /// Starts the clock, if it has not started.
    func start() {
        let now = clock.now
        started.withLock { if $0 == nil { $0 = now } }
    }

    /// Seconds left of `total` (all of it before the first request).
    func remaining(of total: Double) -> Double {
        guard let started = started.withLock({ $0 }) else { return total }
        return total - (clock.now - started)
    }
}
