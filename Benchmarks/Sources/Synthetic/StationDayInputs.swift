import AppAlgorithmBaseline
import Foundation
@_spi(Benchmarks) import ScheduleArchive
@_spi(Benchmarks) import SessionAnalytics
import SessionCore
import ShipRatingTable

/// The station-days of an archive as plain in-memory inputs, for timing the scoring alone:
/// waves with their quality, the ship names and the day's sun times, in both the finder's and
/// the app's representations.
package struct StationDayInputs {
    package struct Day {
        package var waves: [Wave]
        package var names: [String?]
        package var sun: SunWindow
    }

    package let days: [Day]
    /// The same days as the app's algorithm takes them (`Date`s, names).
    package let appDays: [(waves: [AppWaveAnalytics.WaveEvent], sun: AppWaveAnalytics.SunTimes)]
    /// The rating table as the app's hard-coded lists (names and aliases).
    package let lists: AppWaveAnalytics.ShipLists

    /// The station-days `survey` would score, collected by the survey itself.
    package init(survey: SessionSurvey, store: ScheduleStore, table: RatingTable) throws {
        var days: [Day] = []
        _ = try survey.forEachStationDay(store: store) {
            days.append(Day(waves: $0.waves, names: $0.ships, sun: $0.sun))
        }
        self.days = days
        let date = { (t: Int64) in Date(timeIntervalSince1970: TimeInterval(t)) }
        appDays = days.map { day in
            (
                zip(day.waves, day.names).map { AppWaveAnalytics.WaveEvent(time: date($0.time), shipName: $1) },
                AppWaveAnalytics.SunTimes(
                    sunrise: date(day.sun.sunrise), sunset: date(day.sun.sunset),
                    civilTwilightBegin: date(day.sun.civilTwilightBegin),
                    civilTwilightEnd: date(day.sun.civilTwilightEnd))
            )
        }
        lists = AppWaveAnalytics.ShipLists(
            threeWaveShips: table.ships.filter { $0.rating == .three }.flatMap { [$0.name] + $0.aliases },
            twoWaveShips: table.ships.filter { $0.rating == .two }.flatMap { [$0.name] + $0.aliases })
    }
}
