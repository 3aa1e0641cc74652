import Foundation
import Testing
import _TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Durations are bounded before they become clock values: every duration option of every
/// fetching command, and the run's time whatever the delay.
///
/// Through the built binary, as a user runs it. Each case failed before its fix (the hardening
/// round 3 in docs/RELIABILITY.md).
@Suite struct BoundedDurationsTests: HostileProbe {
    @Test func everyDurationOptionOfEveryFetchingCommandIsBounded() async throws {
        let out = RepositoryPaths.temporaryDirectory("sweep").path
        let commands: [[String]] = [
            ["ratings", "--dry-run", "--out", out], ["wake", "--ship", "MS Panta Rhei"],
            ["grid", "--speeds", "10", "--track-depths", "10"],
            ["archive", "fetch", "--archive", out, "--station", "8503670"],
        ]
        let options = ["--delay", "--timeout", "--max-request-time", "--low-speed-time", "--max-run-time"]
        let values = ["1e19", "1e308", "nan", "-1"]
        // Every command with every option, and the four values in turn (a Latin square: each
        // option meets each value on some command, each command each value), one process each:
        // 20 runs instead of 80, every pair still covered (the options are one shared group).
        for (c, command) in commands.enumerated() {
            for (o, option) in options.enumerated() {
                let value = values[(c + o) % values.count]
                let arguments = command + ["\(option)=\(value)"]
                let result = try await runBounded(arguments, seconds: 30)
                // 64 with the option's range; a trap was 132 (SIGILL).
                #expect(result.status == 64, "\(arguments.joined(separator: " ")): \(result.status)")
                #expect(result.stderr.contains("\(option) must lie in"), "\(result.stderr)")
            }
        }
    }

    @Test func theRunsTimeHoldsWhateverTheDelay() async throws {
        let server = try boardServer()
        defer { server.stop() }
        let archive = RepositoryPaths.temporaryDirectory("archive")
        // 4 stations × 5 days at a 5 s delay would take 100 s; the run has 2. The decision is
        // checked by what reached the server, not by a wall clock (a loaded machine stretches
        // every wait): the first page only; every later one ends before its turn.
        let result = try await runBounded(
            within: 60,
            [
                "archive", "fetch", "--archive", archive.path, "--stations", "8503670,8503665,8503651,8503660",
                "--from",
                "2026-09-22", "--days", "5", "--api-url", server.baseURL.absoluteString, "--no-deployments", "--delay",
                "5", "--max-run-time", "2", "--no-progress",
            ])
        #expect(server.requestLog.count == 1, "the budget ends the run, not one delay per page: \(server.requestLog)")
        // Exit 1: pages failed (the README's table), each named with its reason.
        #expect(result.status == 1, "\(result.status): \(result.stderr)")
        #expect(result.stderr.contains("the run's 2 s of fetching end before its turn"), "\(result.stderr)")
        // The library states the fact; the command line says which option gives the run more time.
        #expect(
            result.stderr.contains(
                "19 requests ran out of the run's time: give a longer --max-run-time, or fetch fewer days a run"),
            "\(result.stderr)")
    }
}
