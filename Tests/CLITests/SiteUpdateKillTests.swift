import CivilTime
import Foundation
import Testing
import _TestSupport

/// `nextwave site update` killed at any moment (the sites and replays of ``SiteUpdateTests``). A
/// suite of its own, so that its fifty runs go beside that suite's chain of updates, not after
/// it: run one after the other, the two set the end of the whole test run.
@Suite struct SiteUpdateKillTests {
    /// Killed at random moments (kill -9), an update never leaves a site whose index names a file
    /// that is missing or holds other bytes; the run after completes.
    @Test func killedAtRandomMomentsTheSiteStaysConsistent() async throws {
        let s = try SiteUpdateTests.Site()
        defer { s.server.stop() }
        var random = SplitMix64(seed: 47)
        // How long a whole run takes here, to spread the kills over it: the shorter of two later
        // runs, as the trials are (the first also makes the archive's store). A machine busy
        // during one of them would otherwise stretch the spread until most trials end first.
        #expect(try await s.update(["--from", "2026-09-22", "--days", "1"]).status == 0)
        let clock = ContinuousClock()
        var runs: [Duration] = []
        for day in ["2026-09-23", "2026-09-24"] {
            let started = clock.now
            #expect(try await s.update(["--from", day, "--days", "1"]).status == 0)
            runs.append(started.duration(to: clock.now))
        }
        let whole = runs.min()!
        let milliseconds = max(
            50, Int(whole.components.seconds * 1000 + whole.components.attoseconds / 1_000_000_000_000_000))
        var killed = 0
        // The kills' window follows the runs: it narrows after a run that ended before its kill
        // and widens after a kill, so that most runs are killed (four in five once it settles; 34
        // of 50 in a run whose load changed), at moments spread over a whole run, however the
        // machine's load changes during the trials (other suites run beside this one: a window
        // measured while they started 600 tests let 41 of 50 runs end first once they were done).
        var window = milliseconds
        for trial in 0..<50 {
            // Each trial asks for other days, so that every run has files to write and remove.
            let first = LocalDate(iso: "2026-09-22")!.adding(days: trial % 5)
            let process = try CLI.start(s.arguments(["--from", first.description, "--days", "1"]))
            try await Task.sleep(for: .milliseconds(Int(random.next() % UInt64(window))))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                killed += 1
                window = window * 11 / 10
            } else {
                window = max(20, window * 7 / 10)
            }
            await CLI.exit(of: process)
            #expect(SiteUpdateTests.inconsistency(of: s.site) == nil, "trial \(trial)")
        }
        print("fault injection: site update: \(killed) of 50 runs killed")
        #expect(killed >= 25, "most runs were killed while working (\(killed) of 50)")
        let last = try await s.update(["--from", "2026-09-22", "--days", "2"])
        #expect(last.status == 0, "\(last.stderr)")
        #expect(SiteUpdateTests.inconsistency(of: s.site) == nil)
    }
}
