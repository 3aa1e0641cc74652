package import Foundation
import JobContract
import ThreadTools

/// A clock a test owns: it stands still until something sleeps on it, and a sleep moves it
/// forward at once by the time asked for, and is recorded. A policy's waits are then checked as
/// numbers (`sleeps`), in milliseconds of real time.
package final class ManualClock: JobClock {
    private let state: Locked<(now: Double, date: Date, sleeps: [Double])>
    private let onSleep: (@Sendable (Int) -> Void)?

    /// A clock at monotonic time 0 whose wall clock reads `date`; `onSleep` is called after each
    /// sleep with how many there have been (a test's way to change the world mid-wait).
    package init(
        date: Date = Date(timeIntervalSince1970: 1_790_000_000), onSleep: (@Sendable (Int) -> Void)? = nil
    ) {
        state = Locked((now: 0, date: date, sleeps: []))
        self.onSleep = onSleep
    }

    package var now: Double { state.withLock { $0.now } }
    package var date: Date { state.withLock { $0.date } }
    /// Every wait asked for, in order, seconds.
    package var sleeps: [Double] { state.withLock { $0.sleeps } }

    package func sleep(seconds: Double) async throws { advance(seconds) }
    package func sleepBlocking(seconds: Double) { advance(seconds) }

    /// Moves the clock forward by `seconds` without a recorded sleep (time passing elsewhere).
    package func pass(_ seconds: Double) {
        state.withLock {
            $0.now += seconds
            $0.date += seconds
        }
    }

    private func advance(_ seconds: Double) {
        let count = state.withLock {
            $0.sleeps.append(seconds)
            $0.now += max(0, seconds)
            $0.date += max(0, seconds)
            return $0.sleeps.count
        }
        onSleep?(count)
    }
}
