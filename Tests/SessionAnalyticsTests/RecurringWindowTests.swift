import CivilTime
import Foundation
import ScheduleArchive
import SessionCore
import Solar
import Testing

@testable import SessionAnalytics

/// Usual best windows on a constructed month (issue: sessions for riders).
@Suite struct RecurringWindowTests {
    static let clock = ZoneClock.zurich

    /// A station-day of July 2026 whose best session runs `window` (minutes after midnight) with
    /// `score`, or none.
    func day(_ dayOfMonth: Int, best: (Int, Int, Double)?) throws -> StationDay {
        let date = LocalDate(year: 2026, month: 7, day: dayOfMonth)!
        let at = { (m: Int) in Self.clock.unixTime(of: date, secondsAfterMidnight: m * 60) }
        let sessions =
            best.map {
                [
                    SessionResult(
                        start: at($0.0), end: at($0.1), waves: 4, quality: 20, score: $0.2, ships: [], unknownWaves: 0)
                ]
            } ?? []
        let sunTimes = try SunTimes(latitude: 47.23, longitude: 8.67, date: date)
        return StationDay(
            station: 8_503_670, stationName: "Wädenswil (See)", lake: "Zürichsee", date: date,
            sun: SunWindow(sunTimes, precision: .seconds), sunTimes: sunTimes, waveCount: 4, unknownShipWaves: 0,
            sessions: sessions)
    }

    @Test func theUsualWindowOfEachWeekdayWithItsShareAndMedianScore() throws {
        var summary = SessionSummary(periods: nil, catalogue: nil)
        // Mondays of July 2026: 6, 13, 20, 27. Three times 14:00–16:00 (30, 34, 32), once 10:00–12:00 (50).
        summary.add(try day(6, best: (840, 960, 30)))
        summary.add(try day(13, best: (840, 960, 34)))
        summary.add(try day(20, best: (600, 720, 50)))
        summary.add(try day(27, best: (840, 960, 32)))
        // Tuesdays 7, 14: one 09:15–10:45 (20), one without a session.
        summary.add(try day(7, best: (555, 645, 20)))
        summary.add(try day(14, best: nil))
        let stats = summary.stations[8_503_670]!
        let monday = stats.weekdays[1].usual!
        #expect(monday.clockText == "14:00–16:00" && monday.days == 3 && monday.of == 4)
        #expect(monday.typicalScore == 32 && monday.bestScore == 34)  // median of 30, 32, 34
        let tuesday = stats.weekdays[2].usual!
        #expect(tuesday.clockText == "09:15–10:45" && tuesday.days == 1 && tuesday.of == 2)
        // Over the month, 14:00–16:00 (3 of 6 days) is the usual window; the top list names each
        // window once, by typical score: 10:00–12:00 (50) first, then 14:00–16:00 (32), then 09:15.
        #expect(stats.windows.usual?.clockText == "14:00–16:00" && stats.windows.usual?.of == 6)
        #expect(summary.topWindows.map(\.window.clockText) == ["10:00–12:00", "14:00–16:00", "09:15–10:45"])
        #expect(summary.topWindows.map(\.window.days) == [1, 3, 1])
    }

    @Test func aTieInDaysGoesToTheHigherTypicalScore() throws {
        var summary = SessionSummary(periods: nil, catalogue: nil)
        summary.add(try day(6, best: (840, 960, 30)))
        summary.add(try day(13, best: (600, 720, 40)))
        #expect(summary.stations[8_503_670]!.weekdays[1].usual?.clockText == "10:00–12:00")
    }
}
