import CivilTime
import Foundation
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
            await expectJobFailure(PlanJobError.days(days, maximum: PlanJob.maximumDays), kind: .usage) {
                try await PlanJob(.init(source: nowhere, from: day, days: days, selection: .all)).run()
            }
        }
        for days in [0, FeedJob.maximumDays + 1, Int.max] {
            await expectJobFailure(FeedJobError.days(days), kind: .usage) {
                try await FeedJob(.init(source: nowhere, tables: [], from: day, days: days, lakes: [], out: out)).run()
            }
        }
    }

    @Test func theCourseSpeedsJobRefusesReversedDates() async {
        let job = CourseSpeedsJob(
            archive: nowhere.archive, archiveName: "none", stations: nowhere.stations, from: day,
            to: day.adding(days: -2), out: nil)
        await expectJobFailure(SessionsJobError.reversedDates(from: day, to: day.adding(days: -2)), kind: .usage) {
            try await job.run()
        }
    }
}
