import CivilTime
import ScheduleArchive

/// Aggregates of a session survey for the Markdown report and the heat map.
///
/// Definitions (all over station-days with at least one wave):
/// - best score of a day: the score of its best session (0 when none qualifies);
/// - hour quality of a station-day for local hour h: the best score among its sessions that
///   overlap [h:00, h+1:00) (0 when none does); a station's heat-map cell is the mean over its
///   days.
public struct SessionSummary: Sendable {
    public struct StationStats: Sendable {
        public var station: Int
        public var name: String
        public var lake: String?
        public var days = 0
        public var daysWithSessions = 0
        public var bestScoreSum = 0.0
        public var best: (date: LocalDate, session: SessionResult)?
        /// Σ over days of the hour quality, per local hour 0…23.
        public var hourSum = [Double](repeating: 0, count: 24)
        public var meanBestScore: Double { days == 0 ? 0 : bestScoreSum / Double(days) }
        public func meanHourQuality(_ hour: Int) -> Double { days == 0 ? 0 : hourSum[hour] / Double(days) }
    }

    public struct GroupStats: Sendable {
        public var days = 0
        public var bestScoreSum = 0.0
        public var meanBestScore: Double { days == 0 ? 0 : bestScoreSum / Double(days) }
    }

    public let clock: ZoneClock
    public private(set) var stations: [Int: StationStats] = [:]
    /// Per timetable period name (e.g. "Sommerfahrplan (summer)"), per station.
    public private(set) var periods: [String: [Int: GroupStats]] = [:]
    /// Periods whose dates were projected from another year.
    public private(set) var projectedPeriods: Set<String> = []
    /// Per ISO weekday 1…7.
    public private(set) var weekdays = [GroupStats](repeating: GroupStats(), count: 8)
    public private(set) var stationDays = 0
    public private(set) var sessionCount = 0
    public private(set) var top: [(station: Int, date: LocalDate, session: SessionResult)] = []
    public private(set) var firstDate: LocalDate?
    public private(set) var lastDate: LocalDate?
    let periodsTable: SchedulePeriods?
    private var lakePeriods: [String: LakePeriods] = [:]
    let catalogue: StationCatalogue?
    let topCount: Int

    public init(
        periods: SchedulePeriods?, catalogue: StationCatalogue?, clock: ZoneClock = .zurich, topCount: Int = 15
    ) {
        self.periodsTable = periods
        self.catalogue = catalogue
        self.clock = clock
        self.topCount = topCount
    }

    public mutating func add(_ day: StationDay) {
        stationDays += 1
        sessionCount += day.sessions.count
        firstDate = min(firstDate ?? day.date, day.date)
        lastDate = max(lastDate ?? day.date, day.date)
        let lake = catalogue?.station(uic: day.station)?.lake
        var stats = stations[day.station] ?? StationStats(station: day.station, name: day.stationName, lake: lake)
        let best = day.sessions.first?.score ?? 0
        stats.days += 1
        stats.bestScoreSum += best
        if let first = day.sessions.first {
            stats.daysWithSessions += 1
            if stats.best == nil || first.score > stats.best!.session.score { stats.best = (day.date, first) }
        }
        let midnight = clock.startOfDay(day.date)
        for hour in 0..<24 {
            let from = midnight + Int64(hour) * 3600
            let to = from + 3600
            let value = day.sessions.filter { $0.start < to && $0.end >= from }.map(\.score).max() ?? 0
            stats.hourSum[hour] += value
        }
        stations[day.station] = stats

        weekdays[day.date.isoWeekday].days += 1
        weekdays[day.date.isoWeekday].bestScoreSum += best
        if let lake, let table = periodsTable {
            if lakePeriods[lake] == nil { lakePeriods[lake] = table.periods(ofLake: lake) }
        }
        if let lake, let match = lakePeriods[lake]?.period(for: day.date) {
            let key = "\(match.period.name) (\(match.period.type))"
            if match.projected { projectedPeriods.insert(key) }
            periods[key, default: [:]][day.station, default: GroupStats()].days += 1
            periods[key, default: [:]][day.station, default: GroupStats()].bestScoreSum += best
        }
        for session in day.sessions {
            guard top.count < topCount || session.score > top.last!.session.score else { continue }
            let index = top.firstIndex(where: { $0.session.score < session.score }) ?? top.count
            top.insert((day.station, day.date, session), at: index)
            if top.count > topCount { top.removeLast() }
        }
    }

    /// Stations, best mean day first.
    public var rankedStations: [StationStats] {
        stations.values.sorted { ($0.meanBestScore, $1.name) > ($1.meanBestScore, $0.name) }
    }
}
