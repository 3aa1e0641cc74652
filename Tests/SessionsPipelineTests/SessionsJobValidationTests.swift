import CivilTime
import Foundation
@_spi(Benchmarks) import ScheduleArchive
import SessionsPipeline
import Testing
import _TestSupport

/// Every sessions-side job refuses input out of range by throwing from `run`, before reading
/// anything (the inputs here exist nowhere), never by trapping (issue: a codebase a newcomer can
/// carry on).
@Suite struct SessionsJobValidationTests {
    let nowhere = ScheduleSource(
        archive: URL(fileURLWithPath: "/nonexistent/archive"), archiveName: "none",
        stations: URL(fileURLWithPath: "/nonexistent/stations.json"),
        periods: URL(fileURLWithPath: "/nonexistent/periods.json"),
        ratings: URL(fileURLWithPath: "/nonexistent/ratings.json"), ratingsName: "none")
    let out = URL(fileURLWithPath: "/nonexistent/out")
    let day = LocalDate(iso: "2026-09-23")!

    @Test func theSessionsJobRefusesATopOutsideItsRangeAndReversedDates() async {
        for top in [0, -1, SessionsJob.maximumTop + 1, Int.max] {
            let job = SessionsJob(.init(source: nowhere, top: top, out: out))
            await expectJobFailure(
                InvalidInput(field: "top", value: String(top), accepted: "1…\(SessionsJob.maximumTop)"), kind: .usage
            ) { try await job.run() }
        }
        let reversed = SessionsJob(.init(source: nowhere, from: day, to: day.adding(days: -1), out: out))
        await expectJobFailure(SessionsJobError.reversedDates(from: day, to: day.adding(days: -1)), kind: .usage) {
            try await reversed.run()
        }
        let outside = LocalDate(year: 2100, month: 1, day: 1)!
        await expectJobFailure(SessionsJobError.unsupportedDate(outside), kind: .usage) {
            try await SessionsJob(.init(source: nowhere, from: outside, out: out)).run()
        }
    }

    @Test func thePlanAndTheFeedRefuseDaysOutsideTheirRange() async {
        for days in [0, -3, PlanJob.maximumDays + 1, Int.max] {
            let expected = InvalidInput(field: "days", value: "\(days)", accepted: "1…31 days")
            await expectJobFailure(expected, kind: .usage) {
                try await PlanJob(.init(source: nowhere, from: day, days: days, selection: .all)).run()
            }
        }
        // A plan that would end past 2099 names its last day, not its first (which is supported);
        // one that begins before 1901 names its first.
        for (from, days, named) in [("2099-12-31", 31, "2100-01-30"), ("1900-12-31", 3, "1900-12-31")] {
            let first = LocalDate(iso: from)!
            await expectJobFailure(SessionsJobError.unsupportedDate(LocalDate(iso: named)!), kind: .usage) {
                try await PlanJob(.init(source: nowhere, from: first, days: days, selection: .all)).run()
            }
        }
        for days in [0, FeedJob.maximumDays + 1, Int.max] {
            let expected = InvalidInput(field: "days", value: "\(days)", accepted: "1…31 days")
            await expectJobFailure(expected, kind: .usage) {
                try await FeedJob(.init(source: nowhere, tables: [], from: day, days: days, lakes: [], out: out)).run()
            }
        }
    }

    @Test func theCourseSpeedsJobRefusesReversedDates() async {
        let job = CourseSpeedsJob(
            .init(
                archive: nowhere.archive, archiveName: "none", stations: nowhere.stations, from: day,
                to: day.adding(days: -2), out: nil))
        await expectJobFailure(SessionsJobError.reversedDates(from: day, to: day.adding(days: -2)), kind: .usage) {
            try await job.run()
        }
    }

    /// A first day given alone past the archive is said as the plan says it, against the
    /// archive's days (it said "--from 2026-12-01 is after --to 2026-10-01", a --to never given);
    /// a last day alone before it likewise. The bundled archive holds 2026-09-22 … 2026-10-01.
    @Test func theCourseSpeedsJobPlacesADayGivenAloneAgainstTheArchive() async throws {
        let range = try #require(LocalDate(iso: "2026-09-22"))...(try #require(LocalDate(iso: "2026-10-01")))
        let past = try #require(LocalDate(iso: "2026-12-01"))
        let early = try #require(LocalDate(iso: "2026-01-01"))
        for (from, to, expected) in [
            (
                past, nil,
                PlanJobError.pastArchive(
                    from: past, archive: "a", range: range, lakes: ["Zürichsee"], asked: ["Zürichsee"])
            ),
            (nil, early, PlanJobError.beforeArchive(to: early, archive: "a", range: range, asked: ["Zürichsee"])),
        ] as [(LocalDate?, LocalDate?, PlanJobError)] {
            let job = CourseSpeedsJob(
                .init(
                    archive: RepositoryPaths.archive, archiveName: "a", stations: RepositoryPaths.stations, from: from,
                    to: to, out: nil))
            await expectJobFailure(expected, kind: .failed) { try await job.run() }
        }
    }

    /// The archive commands' jobs refuse what they cannot do before they open a connection or a
    /// folder: days, first day, entries per board, addresses; a GTFS window beyond three years.
    @Test func theArchiveJobsRefuseTheirInputBeforeTouchingAnything() async throws {
        let stations = try StationCatalogue.load(from: RepositoryPaths.stations)
        let operators = try OperatorCatalogue.load(from: RepositoryPaths.layout)
        let wadenswil = try stations.resolve("Wädenswil")
        func fetch(_ change: (inout ArchiveFetchJob.Input) -> Void) -> ArchiveFetchJob {
            var input = ArchiveFetchJob.Input(
                archive: URL(fileURLWithPath: "/nonexistent/archive"), stations: [wadenswil],
                catalogue: stations, operators: operators, from: day, apiRoot: URL(string: "http://127.0.0.1:9")!)
            change(&input)
            return ArchiveFetchJob(input)
        }
        for days in [0, ArchiveFetchJob.maximumDays + 1, Int.max] {
            await expectJobFailure(
                InvalidInput(field: "days", value: String(days), accepted: "1…\(ArchiveFetchJob.maximumDays)"),
                kind: .usage
            ) { _ = try await fetch { $0.days = days }.run() }
        }
        await expectJobFailure(
            InvalidInput(field: "limit", value: "421", accepted: "1…420 (the API answers 400 above)"), kind: .usage
        ) { _ = try await fetch { $0.limit = 421 }.run() }
        let outside = LocalDate(year: 2100, month: 1, day: 1)!
        await expectJobFailure(
            InvalidInput(field: "from", value: "2100-01-01", accepted: SupportedDates.text), kind: .usage
        ) { _ = try await fetch { $0.from = outside }.run() }
        await expectJobFailure(
            InvalidInput(field: "apiRoot", value: "ftp://example.org", accepted: "an http(s) URL"), kind: .usage
        ) { _ = try await fetch { $0.apiRoot = URL(string: "ftp://example.org")! }.run() }
        await expectJobFailure(
            InvalidInput(field: "stations", value: nil, accepted: "at least one station"), kind: .usage
        ) { _ = try await fetch { $0.stations = [] }.run() }
        // The HTTP settings, by the client's own table: a library caller's zero timeout is a
        // refusal naming the setting, not a trap in the client.
        await expectJobFailure(
            InvalidInput(field: "timeout", value: "0", accepted: "1…600 seconds"), kind: .usage
        ) { _ = try await fetch { $0.http.timeout = 0 }.run() }
        await expectJobFailure(
            InvalidInput(field: "maxAttempts", value: "0", accepted: "1…10"), kind: .usage
        ) { _ = try await fetch { $0.http.maxAttempts = 0 }.run() }
        var gtfs = GTFSImportJob.Input(
            feed: URL(fileURLWithPath: "/nonexistent/feed.zip"), archive: URL(fileURLWithPath: "/nonexistent/archive"))
        gtfs.window = day...day.adding(days: 1096)
        await expectJobFailure(
            InvalidInput(field: "window", value: "1097 days", accepted: "1…1096 days"), kind: .usage
        ) { _ = try await GTFSImportJob(gtfs).run() }
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent/archive"))
    }
}
