import CivilTime
import Foundation
import ScheduleArchive
import ShipRatings
import Solar

/// Where session scoring takes its sun times from.
public enum SunSource: Sendable, Equatable {
    /// Each station's own coordinates, times to the second.
    case station
    /// The app's single point (47.0136 N, 8.4324 E) for every station, seconds dropped.
    case app

    /// The point the app uses for every station.
    public static let appPoint = (latitude: 47.0136, longitude: 8.4324)
}

/// What the survey covers and how it scores.
public struct SurveySettings: Sendable {
    public var from: LocalDate
    public var to: LocalDate
    /// UIC ids to score; `nil`: every station with departures.
    public var stations: Set<Int>?
    public var sun: SunSource
    public var top: Int

    public init(from: LocalDate, to: LocalDate, stations: Set<Int>? = nil, sun: SunSource = .station, top: Int = 5) {
        precondition(from <= to, "from must not be after to")
        precondition(top >= 1, "top must be at least 1")
        self.from = from
        self.to = to
        self.stations = stations
        self.sun = sun
        self.top = top
    }
}

/// One scored session, ready for reports.
public struct SessionResult: Hashable, Sendable {
    public var start: Int64
    public var end: Int64
    public var waves: Int
    public var quality: Int
    public var score: Double
    /// Named ships in the window, in order of first wave.
    public var ships: [String]
    /// Waves whose ship is not known.
    public var unknownWaves: Int
}

/// The sessions of one station on one day.
public struct StationDay: Sendable {
    public var station: Int
    public var stationName: String
    public var date: LocalDate
    public var sun: SunWindow
    /// The computed sun times behind ``sun`` (their place: the station's or the app's point).
    public var sunTimes: SunTimes
    public var waveCount: Int
    public var unknownShipWaves: Int
    /// Best first; empty when no window qualifies.
    public var sessions: [SessionResult]
}

/// Scores every station-day of a schedule store: groups departures by (date, station), looks
/// up each course's ship and its rating, computes the day's sun times, runs ``SessionFinder``.
public struct SessionSurvey {
    public let catalogue: StationCatalogue
    public let ratings: RatingLookup
    public let settings: SurveySettings
    public var clock: ZoneClock = .zurich

    public init(catalogue: StationCatalogue, ratings: RatingLookup, settings: SurveySettings) {
        self.catalogue = catalogue
        self.ratings = ratings
        self.settings = settings
    }

    public struct Report: Sendable {
        public var stationDays = 0
        public var departures = 0
        public var unknownShipWaves = 0
        /// Ships the rating table lists without a rating (no published dimensions; scored 2).
        public var unratedShips: Set<String> = []
        /// Ship names in assignments that the rating table does not know at all (scored 2).
        public var unknownShips: Set<String> = []
        /// Stations without coordinates in the catalogue (scored with the app's point).
        public var stationsWithoutCoordinates: Set<Int> = []

        public init() {}
    }

    /// One station-day as the finder takes it: its waves in time order, the ship of each (nil:
    /// unknown) and the day's sun times.
    public struct StationDayWaves: Sendable {
        public var station: Int
        public var stationName: String
        public var date: LocalDate
        public var waves: [Wave]
        public var ships: [String?]
        public var sun: SunWindow
        /// The computed sun times behind ``sun``.
        public var sunTimes: SunTimes
    }

    /// Streams the survey: `body` receives each station-day with at least one wave, scored, in
    /// (date, station) order.
    public func run(store: ScheduleStore, _ body: (StationDay) throws -> Void) throws -> Report {
        try forEachStationDay(store: store) { try body(score($0)) }
    }

    /// The best sessions of one station-day.
    public func score(_ day: StationDayWaves) -> StationDay {
        let windows = SessionFinder.best(waves: day.waves, sun: day.sun, top: settings.top)
        let sessions = windows.map { window -> SessionResult in
            var names: [String] = []
            var unknownInWindow = 0
            for k in window.first...window.last {
                if let ship = day.ships[k] {
                    if !names.contains(ship) { names.append(ship) }
                } else {
                    unknownInWindow += 1
                }
            }
            return SessionResult(
                start: window.start, end: window.end, waves: window.count, quality: window.quality,
                score: window.score, ships: names, unknownWaves: unknownInWindow)
        }
        return StationDay(
            station: day.station, stationName: day.stationName, date: day.date, sun: day.sun, sunTimes: day.sunTimes,
            waveCount: day.waves.count, unknownShipWaves: day.ships.filter { $0 == nil }.count, sessions: sessions)
    }

    /// Streams the inputs of the survey, unscored: groups departures by (date, station), looks
    /// up each course's ship and its rating, and computes the day's sun times.
    public func forEachStationDay(store: ScheduleStore, _ body: (StationDayWaves) throws -> Void) throws -> Report {
        var report = Report()
        let assignments = try store.assignments(from: settings.from, to: settings.to)
        let storeNames = try store.stationNames()
        var sunCache: [Int: (SunTimes, SunWindow)] = [:]  // per station for the current day
        var sunDay: LocalDate?
        var appSun: (SunTimes, SunWindow)?
        var ratingCache: [String: Int?] = [:]

        var current: (day: LocalDate, station: Int)?
        var times: [Int64] = []
        var ships: [String?] = []

        func flush() throws {
            guard let (day, station) = current, !times.isEmpty else { return }
            if sunDay != day {
                sunCache.removeAll(keepingCapacity: true)
                appSun = nil
                sunDay = day
            }
            let sun: (SunTimes, SunWindow)
            let place = catalogue.station(uic: station)
            if settings.sun == .app || place == nil {
                if place == nil, settings.sun == .station { report.stationsWithoutCoordinates.insert(station) }
                if appSun == nil {
                    let times = SunTimes(
                        latitude: SunSource.appPoint.latitude, longitude: SunSource.appPoint.longitude, date: day)
                    appSun = (times, SunWindow(times, precision: .minutes, clock: clock))
                }
                sun = appSun!
            } else if let cached = sunCache[station] {
                sun = cached
            } else {
                let times = SunTimes(latitude: place!.latitude, longitude: place!.longitude, date: day)
                sun = (times, SunWindow(times, precision: .seconds, clock: clock))
                sunCache[station] = sun
            }
            var waves: [Wave] = []
            waves.reserveCapacity(times.count)
            for (time, ship) in zip(times, ships) {
                var rating: Int?
                if let ship {
                    if let cached = ratingCache[ship] {
                        rating = cached
                    } else {
                        let entry = ratings.ship(named: ship)
                        rating = entry?.rating
                        ratingCache[ship] = rating
                        if entry == nil {
                            report.unknownShips.insert(ship)
                        } else if rating == nil {
                            report.unratedShips.insert(ship)
                        }
                    }
                } else {
                    report.unknownShipWaves += 1
                }
                waves.append(Wave(time: time, quality: SessionRules.quality(rating: rating, named: ship != nil)))
            }
            report.stationDays += 1
            try body(
                StationDayWaves(
                    station: station, stationName: place?.name ?? storeNames[station] ?? "UIC \(station)", date: day,
                    waves: waves, ships: ships, sun: sun.1, sunTimes: sun.0))
        }

        try store.forEachDeparture(from: settings.from, to: settings.to) { departure in
            if let wanted = settings.stations, !wanted.contains(departure.station) { return }
            report.departures += 1
            if current == nil || current!.day != departure.date || current!.station != departure.station {
                try flush()
                current = (departure.date, departure.station)
                times.removeAll(keepingCapacity: true)
                ships.removeAll(keepingCapacity: true)
            }
            times.append(departure.time)
            ships.append(departure.course.isEmpty ? nil : assignments[departure.date]?[departure.course])
        }
        try flush()
        return report
    }
}
