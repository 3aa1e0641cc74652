import Foundation
import Testing
import _TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Runs at the same time on one file or one site: each waits for the other's lock, and nothing
/// either wrote is lost.
///
/// Through the built binary, as a user runs it. Each case failed before its fix (the hardening
/// rounds 2 and 4 in docs/RELIABILITY.md).
@Suite struct ConcurrentRunsTests: HostileProbe {
    @Test func eightFleetAddsAtOnceKeepEveryShip() async throws {
        let folder = RepositoryPaths.temporaryDirectory("fleet")
        let fleet = folder.appendingPathComponent("fleet.json")
        try FileManager.default.copyItem(at: RepositoryPaths.data.appendingPathComponent("fleet.json"), to: fleet)
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            results.set(
                index,
                try? CLI.run([
                    "fleet", "add", "--name", "MS Probe \(index)", "--length", "40", "--beam", "8", "--displacement",
                    "200", "--source", "https://example.org/probe", fleet.path,
                ]))
        }
        for result in results.all { #expect(result?.status == 0, "\(result?.stderr ?? "did not run")") }
        let text = try String(contentsOf: fleet, encoding: .utf8)
        for index in 0..<8 { #expect(text.contains("\"Probe \(index)\""), "MS Probe \(index) lost") }
    }

    /// Two `feed` runs into one site at once, over different days: each holds the site's lock
    /// from reading its index to its last removal, so the index always names files that are
    /// there (each used to delete the other's new files).
    @Test func concurrentFeedsIntoOneSiteLeaveAnIndexThatHolds() async throws {
        let site = RepositoryPaths.temporaryDirectory("concurrent").appendingPathComponent("site")
        for round in 0..<3 {
            let (a, b) = (round % 2 == 0 ? "2026-09-22" : "2026-09-25", round % 2 == 0 ? "2026-09-25" : "2026-09-22")
            async let first = runBounded(["feed", "--from", a, "--days", "3", "--out", site.path, "--quiet"])
            async let second = runBounded(["feed", "--from", b, "--days", "3", "--out", site.path, "--quiet"])
            let (r1, r2) = try await (first, second)
            #expect(r1.status == 0 && r2.status == 0, "\(r1.stderr) \(r2.stderr)")
            #expect(try indexHolds(site).isEmpty, "round \(round): the index names files that are not there")
        }
    }
}
