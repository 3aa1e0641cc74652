import Foundation
import JobContract
import SessionsPipeline
import Testing
import _TestSupport

/// A feed run takes its time from the clock its input carries, not the wall: the index is
/// stamped with the clock's date.
@Suite struct FeedJobClockTests {
    @Test func theIndexIsStampedWithTheClocksDate() async throws {
        let out = RepositoryPaths.temporaryDirectory("feed-clock").appendingPathComponent("site")
        var input = FeedJob.Input(
            source: ScheduleSource(
                archive: try RepositoryPaths.copyOfArchive(), archiveName: "archive",
                layout: RepositoryPaths.layout, ratings: RepositoryPaths.appRatings, ratingsName: "app"),
            tables: [], from: LocalDate(iso: "2026-09-22")!, days: 1, lakes: ["Zürichsee"], out: out)
        // 1 900 000 000 s after 1970: 2030-03-17T17:46:40Z (date -u -d @1900000000).
        input.clock = FixedDateClock(Date(timeIntervalSince1970: 1_900_000_000))
        _ = try await FeedJob(input).run()
        let index = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("index.json")))
        #expect((index as? [String: Any])?["generatedAt"] as? String == "2030-03-17T17:46:40Z")
    }
}
