import Foundation
@_spi(Benchmarks) public import ScheduleArchive
@_spi(Benchmarks) public import SessionAnalytics
public import SessionCore
public import ShipRatingTable
import WaveRating
public import _AppAlgorithm

/// The station-days of an archive as plain in-memory inputs, for timing the scoring alone:
/// waves with their quality, the ship names and the day's sun times, in both the finder's and
/// the app's representations.
public struct StationDayInputs {
    public struct Day {
        public var waves: [Wave]
        public var names: [String?]
        public var sun: SunWindow
    }

    public let days: [Day]
    /// The same days as the superseded app 3.7 algorithm takes them (`Date`s, names).
    public let appDays: [(waves: [AppAnalytics37.WaveEvent], sun: AppAnalytics37.SunTimes)]
    /// The same days as the current app takes them: its `WaveEvent`s, with a course number, the
    /// route's name, the next pier and the timetable period as the app fills them (strings of
    /// the lengths the app's data have: a pier's name is longer than 15 bytes, as most are).
    public let currentAppDays: [(waves: [AppAnalyticsCurrent.WaveEvent], sun: AppAnalyticsCurrent.SunTimes)]
    /// The rating table as the app's hard-coded lists (names and aliases).
    public let lists: AppAnalytics37.ShipLists

    /// The station-days `survey` would score, collected by the survey itself.
    @_spi(Benchmarks) public init(survey: SessionSurvey, store: ScheduleStore, table: RatingTable) throws {
        var days: [Day] = []
        _ = try survey.forEachStationDay(store: store) {
            days.append(Day(waves: $0.waves, names: $0.ships, sun: $0.sun))
        }
        // Each day's waves copied into an array of its own, in day order, as the app's inputs
        // below are built: both sides' arrays then lie in memory as a batch builds them (the
        // survey's own arrays are spread among everything else it allocated).
        self.days = days.map { Day(waves: $0.waves.map { $0 }, names: $0.names, sun: $0.sun) }
        let date = { (t: Int64) in Date(timeIntervalSince1970: TimeInterval(t)) }
        let sunTimes = self.days.map { day in
            AppSunTimes(
                sunrise: date(day.sun.sunrise), sunset: date(day.sun.sunset),
                civilTwilightBegin: date(day.sun.civilTwilightBegin), civilTwilightEnd: date(day.sun.civilTwilightEnd))
        }
        appDays = zip(self.days, sunTimes).map { day, sun in
            (zip(day.waves, day.names).map { AppAnalytics37.WaveEvent(time: date($0.time), shipName: $1) }, sun)
        }
        let piers = ["Zürich Bürkliplatz (See)", "Thalwil (See)", "Rapperswil SG (See)", "Wädenswil (See)"]
        currentAppDays = zip(self.days, sunTimes).map { day, sun in
            (
                zip(day.waves, day.names).enumerated().map { index, pair in
                    AppAnalyticsCurrent.WaveEvent(
                        time: date(pair.0.time), routeNumber: String(2501 + 2 * index), routeName: "Schiff",
                        neighborStop: piers[index % piers.count], period: "Sommerfahrplan 2026", shipName: pair.1)
                }, sun
            )
        }
        lists = AppAnalytics37.ShipLists(
            threeWaveShips: table.ships.filter { $0.rating == .three }.flatMap { [$0.name] + $0.aliases },
            twoWaveShips: table.ships.filter { $0.rating == .two }.flatMap { [$0.name] + $0.aliases })
    }
}
