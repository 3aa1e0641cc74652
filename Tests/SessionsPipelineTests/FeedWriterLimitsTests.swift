import CivilTime
import Foundation
import JobContract
import SessionsPipeline
import Testing
import _TestSupport

/// A writer never makes a file its own readers refuse (issue: hardening, round 4): a feed day
/// over the readers' limit stops the run before anything is written.
@Suite struct FeedWriterLimitsTests {
    @Test func aDayFileOverTheReadersLimitIsNeverWritten() async throws {
        let out = RepositoryPaths.temporaryDirectory("feed-limit").appendingPathComponent("site")
        var input = FeedJob.Input(
            source: ScheduleSource(
                archive: try RepositoryPaths.copyOfArchive(), archiveName: "archive",
                stations: RepositoryPaths.stations, periods: RepositoryPaths.schedulePeriods,
                ratings: RepositoryPaths.appRatings, ratingsName: "app"),
            tables: [], from: LocalDate(iso: "2026-09-22")!, days: 1, lakes: ["Zürichsee"], out: out)
        // The bundled day is about 150 kB; a limit of 10 kB stands for the app's 16 MiB.
        input.maximumDayBytes = 10_000
        do {
            _ = try await FeedJob(input).run()
            Issue.record("a day over the limit was written")
        } catch {
            #expect(
                "\(error)".contains("Zürichsee, 2026-09-22: the day file would take")
                    && "\(error)".contains("more than the 10000 bytes the feed's readers accept"), "\(error)")
        }
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("index.json").path))
        // Under the limit the same run publishes.
        input.maximumDayBytes = 16 << 20
        let result = try await FeedJob(input).run()
        #expect(result.written.contains("index.json"))
    }
}
