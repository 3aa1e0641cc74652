import CivilTime
import Foundation
import ScheduleArchive
import SessionScoring
import ShipRatings
import Solar

/// The station-days of an archive as plain in-memory inputs, for timing the scoring alone:
/// waves with their quality, the ship names, and the day's sun times (each station's own
/// coordinates, to the second), in both the finder's and the app's representations.
public struct StationDayInputs {
    public struct Day {
        public var waves: [Wave]
        public var names: [String?]
        public var sun: SunWindow
    }

    public let days: [Day]
    /// The same days as the app's algorithm takes them (`Date`s, names).
    public let appDays: [(waves: [AppWaveAnalytics.WaveEvent], sun: AppWaveAnalytics.SunTimes)]
    /// The rating table as the app's hard-coded lists (names and aliases).
    public let lists: AppWaveAnalytics.ShipLists

    public init(store: ScheduleStore, catalogue: StationCatalogue, table: RatingTable, from: LocalDate, to: LocalDate)
        throws
    {
        let lookup = RatingLookup(table)
        let assignments = try store.assignments(from: from, to: to)
        var days: [Day] = []
        var current: (LocalDate, Int)?
        var times: [Int64] = []
        var names: [String?] = []
        func flush() {
            guard let (date, uic) = current, !times.isEmpty, let station = catalogue.station(uic: uic) else { return }
            let sun = SunWindow(
                SunTimes(latitude: station.latitude, longitude: station.longitude, date: date), precision: .seconds)
            let waves = zip(times, names).map { time, name in
                Wave(
                    time: time,
                    quality: SessionRules.quality(
                        rating: name.flatMap { lookup.ship(named: $0)?.rating }, named: name != nil))
            }
            days.append(Day(waves: waves, names: names, sun: sun))
        }
        try store.forEachDeparture(from: from, to: to) { d in
            if current == nil || current! != (d.date, d.station) {
                flush()
                current = (d.date, d.station)
                times.removeAll()
                names.removeAll()
            }
            times.append(d.time)
            names.append(d.course.isEmpty ? nil : assignments[d.date]?[d.course])
        }
        flush()
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
            threeWaveShips: table.ships.filter { $0.rating == 3 }.flatMap { [$0.name] + $0.aliases },
            twoWaveShips: table.ships.filter { $0.rating == 2 }.flatMap { [$0.name] + $0.aliases })
    }
}
