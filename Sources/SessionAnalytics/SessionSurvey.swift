public import CivilTime
public import ScheduleArchive
import SessionCore
public import ShipRatingTable
import Solar

/// Scores every station-day of a schedule store: groups departures by (date, station), finds
/// each wave's ship (assigned, else predicted, ``ShipPredictions``) and its rating, computes the
/// day's sun times, runs ``SessionCore/SessionFinder`` (the app's best windows, and the distinct
/// ones) and says why a day has none.
@_spi(Benchmarks) public struct SessionSurvey {
    public let catalogue: StationCatalogue
    public let ratings: RatingLookup
    public let settings: SurveySettings
    public var clock: ZoneClock = .zurich
    /// Predicted ships for waves without an assignment (default: none, as the app).
    public var predictions: ShipPredictions = .none

    @_spi(Benchmarks) public init(catalogue: StationCatalogue, ratings: RatingLookup, settings: SurveySettings) {
        self.catalogue = catalogue
        self.ratings = ratings
        self.settings = settings
    }

    /// The survey as a pulled sequence: each station-day with at least one wave, scored, in
    /// (date, station) order, read from `store` as it is asked for (``StationDays``).
    @_spi(Benchmarks) public func stationDays(store: ScheduleStore) throws -> StationDays {
        StationDays(
            survey: self, cursor: try store.departures(from: settings.from, to: settings.to),
            assembler: StationDayAssembler(
                survey: self, assignments: try store.assignments(from: settings.from, to: settings.to),
                storeNames: try store.stationNames()))
    }

    /// Every station-day of ``stationDays(store:)``, to `body`; the survey's report.
    @_spi(Benchmarks) public func run(store: ScheduleStore, _ body: (StationDay) throws -> Void) throws -> SurveyReport
    {
        var days = try stationDays(store: store)
        while let day = try days.next() { try body(day) }
        return days.report
    }

    /// The sessions of one station-day: the app's best windows, the distinct ones, the wave
    /// list, and the reason when there is no session.
    package func score(_ day: StationDayWaves) -> StationDay { Self.score(day, top: settings.top) }

    /// The sessions of one station-day, keeping the `top` best of the app's windows.
    package static func score(_ day: StationDayWaves, top: Int) -> StationDay {
        func result(_ window: SessionWindow) -> SessionResult {
            var result = SessionResult(
                start: window.start, end: window.end, waves: window.count, quality: window.quality,
                score: window.score, ships: [], unknownWaves: 0)
            for k in window.first...window.last {
                let ship = k < day.details.count ? day.details[k].ship : day.ships[k].map(WaveShip.known) ?? .none
                switch ship {
                case .known(let name): if !result.ships.contains(name) { result.ships.append(name) }
                case .predicted(let shares):
                    result.unknownWaves += 1
                    result.predictedWaves += 1
                    if let name = shares.first?.ship, !result.predictedShips.contains(name) {
                        result.predictedShips.append(name)
                    }
                case .none: result.unknownWaves += 1
                }
            }
            return result
        }
        // One search gives both the app's top windows and the distinct ones.
        let found = SessionFinder.bestAndDistinct(waves: day.waves, sun: day.sun, top: top)
        let sessions = found.best.map(result)
        var scored = StationDay(
            station: day.station, stationName: day.stationName, lake: day.lake, date: day.date, sun: day.sun,
            sunTimes: day.sunTimes, waveCount: day.waves.count, unknownShipWaves: day.ships.filter { $0 == nil }.count,
            sessions: sessions)
        scored.predictedShipWaves = day.details.filter { if case .predicted = $0.ship { true } else { false } }.count
        scored.distinctSessions = found.distinct.map(result)
        scored.waves = day.details
        scored.noSession = sessions.isEmpty ? NoSessionReason.of(waves: day.waves, sun: day.sun) : nil
        return scored
    }

    /// The inputs of the survey, unscored: departures grouped by (date, station), each wave with
    /// its ship and quality, and the day's sun times.
    @_spi(Benchmarks) public func forEachStationDay(
        store: ScheduleStore, _ body: (StationDayWaves) throws -> Void
    ) throws -> SurveyReport {
        var days = try stationDays(store: store)
        while let day = try days.nextWaves() { try body(day) }
        return days.report
    }
}
