import CivilTime
import ScheduleArchive
import SessionCore
import ShipRatingTable
import Solar

/// Scores every station-day of a schedule store: groups departures by (date, station), looks
/// up each course's ship and its rating, computes the day's sun times, runs
/// ``SessionCore/SessionFinder``.
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

    /// Streams the survey: `body` receives each station-day with at least one wave, scored, in
    /// (date, station) order.
    public func run(store: ScheduleStore, _ body: (StationDay) throws -> Void) throws -> SurveyReport {
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

    /// Streams the inputs of the survey, unscored: departures grouped by (date, station), each
    /// wave with its ship and quality, and the day's sun times.
    public func forEachStationDay(
        store: ScheduleStore, _ body: (StationDayWaves) throws -> Void
    ) throws -> SurveyReport {
        var inputs = StationDayAssembler(
            survey: self, assignments: try store.assignments(from: settings.from, to: settings.to),
            storeNames: try store.stationNames())
        try store.forEachDeparture(from: settings.from, to: settings.to) { departure in
            if let wanted = settings.stations, !wanted.contains(departure.station) { return }
            if let finished = inputs.add(departure) { try body(finished) }
        }
        if let last = inputs.finish() { try body(last) }
        return inputs.report
    }
}

/// Turns the ordered departure stream into station-days: collects one (date, station) group,
/// then completes it with ships, qualities and sun times when the next group starts.
struct StationDayAssembler {
    let survey: SessionSurvey
    let assignments: [LocalDate: [String: String]]
    let storeNames: [Int: String]
    private(set) var report = SurveyReport()
    private var current: (day: LocalDate, station: Int)?
    private var times: [Int64] = []
    private var ships: [String?] = []
    private var sunDay: LocalDate?
    /// Sun times per station of the current day (and the app's point under `nil`).
    private var sunCache: [Int?: (SunTimes, SunWindow)] = [:]
    private var ratingCache: [String: Int?] = [:]

    init(survey: SessionSurvey, assignments: [LocalDate: [String: String]], storeNames: [Int: String]) {
        self.survey = survey
        self.assignments = assignments
        self.storeNames = storeNames
    }

    /// Adds a departure; returns the previous station-day when this one starts another.
    mutating func add(_ departure: Departure) -> StationDayWaves? {
        report.departures += 1
        var finished: StationDayWaves?
        if current == nil || current!.day != departure.date || current!.station != departure.station {
            finished = finish()
            current = (departure.date, departure.station)
        }
        times.append(departure.time)
        ships.append(departure.course.isEmpty ? nil : assignments[departure.date]?[departure.course])
        return finished
    }

    /// Completes the station-day being collected, if any.
    mutating func finish() -> StationDayWaves? {
        defer {
            times.removeAll(keepingCapacity: true)
            ships.removeAll(keepingCapacity: true)
        }
        guard let (day, station) = current, !times.isEmpty else { return nil }
        let place = survey.catalogue.station(uic: station)
        let sun = sunTimes(day: day, station: station, place: place)
        var waves: [Wave] = []
        waves.reserveCapacity(times.count)
        for (time, ship) in zip(times, ships) {
            waves.append(Wave(time: time, quality: SessionRules.quality(rating: rating(of: ship), named: ship != nil)))
        }
        report.stationDays += 1
        return StationDayWaves(
            station: station, stationName: place?.name ?? storeNames[station] ?? "UIC \(station)", date: day,
            waves: waves, ships: ships, sun: sun.1, sunTimes: sun.0)
    }

    private mutating func sunTimes(day: LocalDate, station: Int, place: Station?) -> (SunTimes, SunWindow) {
        if sunDay != day {
            sunCache.removeAll(keepingCapacity: true)
            sunDay = day
        }
        if place == nil, survey.settings.sun == .station { report.stationsWithoutCoordinates.insert(station) }
        // Every station shares the app's point when that is the source or the station is unknown.
        let key: Int? = survey.settings.sun == .station && place != nil ? station : nil
        if let cached = sunCache[key] { return cached }
        let computed = survey.settings.sun.sun(
            on: day, at: place.map { ($0.latitude, $0.longitude) }, clock: survey.clock)
        sunCache[key] = computed
        return computed
    }

    private mutating func rating(of ship: String?) -> Int? {
        guard let ship else {
            report.unknownShipWaves += 1
            return nil
        }
        if let cached = ratingCache[ship] { return cached }
        let entry = survey.ratings.ship(named: ship)
        ratingCache[ship] = entry?.rating
        if entry == nil {
            report.unknownShips.insert(ship)
        } else if entry?.rating == nil {
            report.unratedShips.insert(ship)
        }
        return entry?.rating
    }
}
