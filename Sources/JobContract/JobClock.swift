public import Foundation

/// The time a job runs by: the date it stamps on what it writes (a table's `generatedAt`, a
/// feed's index), the day it calls today, how long a policy waits between requests, when a
/// busy folder is given up, how much of a run's budget is left and when a reader's deadline has
/// passed. Each job's input carries one (`clock`), ``SystemClock`` unless the caller gives
/// another; no job reads the wall clock itself (scripts/check-architecture, rule 20). A test
/// passes a clock it owns and checks stamps and waits as numbers instead of waiting them out.
public protocol JobClock: Sendable {
    /// Seconds on a monotonic scale with an arbitrary origin (durations, deadlines).
    var now: Double { get }
    /// The wall-clock date (stamps, "today", HTTP dates such as `Retry-After`).
    var date: Date { get }
    /// Waits `seconds` (≥ 0) on the caller's task.
    func sleep(seconds: Double) async throws
    /// Waits `seconds` (≥ 0), blocking the calling thread (for code that cannot suspend).
    func sleepBlocking(seconds: Double)
}

/// The real clocks: `ContinuousClock` for durations, `Date()` for the wall.
public struct SystemClock: JobClock {
    private static let origin = ContinuousClock.now

    public init() {}

    public var now: Double {
        let elapsed = ContinuousClock.now - Self.origin
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    public var date: Date { Date() }

    public func sleep(seconds: Double) async throws {
        try await Task.sleep(for: .seconds(max(0, seconds)))
    }

    public func sleepBlocking(seconds: Double) {
        guard seconds > 0 else { return }
        Thread.sleep(forTimeInterval: seconds)
    }
}

/// A wall clock that reads one date for the whole run (a reproducible build's
/// `SOURCE_DATE_EPOCH`, a test's day), with real durations and waits: a run stamps `date`
/// however long it takes.
public struct FixedDateClock: JobClock {
    /// The date every stamp of the run reads.
    public var date: Date

    /// A clock whose wall reads `date`.
    public init(_ date: Date) { self.date = date }

    public var now: Double { SystemClock().now }
    public func sleep(seconds: Double) async throws { try await SystemClock().sleep(seconds: seconds) }
    public func sleepBlocking(seconds: Double) { SystemClock().sleepBlocking(seconds: seconds) }
}

/// A moment on a job's clock by which something must be done (a reader of fetched content stops
/// when the run's time is up): measured on the clock's monotonic scale, so that the clock a test
/// owns decides it, not the wall.
package struct Deadline: Sendable {
    /// The clock it is measured on.
    package var clock: any JobClock
    /// The moment, on ``JobClock/now``'s scale.
    package var at: Double

    /// The moment `seconds` from now on `clock`.
    package init(clock: any JobClock, in seconds: Double) {
        self.clock = clock
        at = clock.now + seconds
    }

    /// Whether the moment has passed.
    package var hasPassed: Bool { clock.now > at }
}
