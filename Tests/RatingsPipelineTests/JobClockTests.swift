import Foundation
import JobContract
import RatingsPipeline
import Testing
import _TestSupport

/// A ratings run takes its time from the clock its input carries, not the wall: the table it
/// makes is stamped with the clock's date, whatever day the test runs on.
@Suite struct RatingsJobClockTests {
    @Test func theTableIsStampedWithTheClocksDate() async throws {
        var input = RatingsJob.Input(
            source: FleetSource(
                pages: .snapshot(directory: RepositoryPaths.snapshot, name: "zsg-2025-01-14"),
                fleet: RepositoryPaths.fleet, fleetReference: "Data/fleet.json"),
            out: RepositoryPaths.temporaryDirectory(), outName: "out", appRatings: RepositoryPaths.appRatings)
        input.dryRun = true
        // 2 000 000 000 s after 1970: 2033-05-18T03:33:20Z (date -u -d @2000000000).
        input.clock = FixedDateClock(Date(timeIntervalSince1970: 2_000_000_000))
        let result = try await RatingsJob(input).run()
        #expect(result.run.table.generatedAt == "2033-05-18T03:33:20Z")
    }
}
