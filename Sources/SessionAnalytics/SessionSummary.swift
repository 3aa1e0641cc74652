public import CivilTime
public import ScheduleArchive
import SessionCore

/// Aggregates of a session survey for the Markdown report and the heat map.
///
/// Definitions (all over station-days with at least one wave):
/// - best score of a day: the score of its best session (0 when none qualifies);
/// - hour quality of a station-day for local hour h: the best score among its sessions that
///   overlap [h:00, h+1:00) (0 when none does); a station's heat-map cell is the mean over its
///   days;
/// - usual best window of a station (overall, per weekday, per timetable period): the clock
///   window that was the day's best session on the most days, with how many and its median
///   score (``WindowTally``).
public struct SessionSummary: Sendable {
    public struct StationStats: Sendable {
        package var station: Int
        package var name: String
        package var lake: String?
        package var days = 0
        package var daysWithSessions = 0
        package var bestScoreSum = 0.0
        /// The day-best windows over all days, per ISO weekday 1…7 (index 0 unused) and per
        /// timetable period.
        package var windows = WindowTally()
        package var weekdays = [WindowTally](repeating: WindowTally(), count: 8)
        package var periods: [String: WindowTally] = [:]
        /// Days without a session by reason, with the first such day's reason in words.
        package var noSession: [String: (days: Int, example: String, date: LocalDate)] = [:]
        /// Σ over days of the hour quality, per local hour 0…23.
        package var hourSum = [Double](repeating: 0, count: 24)
        package var meanBestScore: Double { days == 0 ? 0 : bestScoreSum / Double(days) }
        package func meanHourQuality(_ hour: Int) -> Double { days == 0 ? 0 : hourSum[hour] / Double(days) }
    }

    public struct GroupStats: Sendable {
        package var days = 0
        package var bestScoreSum = 0.0
        package var meanBestScore: Double { days == 0 ? 0 : bestScoreSum / Double(days) }
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

    package mutating func add(_ day: StationDay) {
        stationDays += 1
        sessionCount += day.sessions.count
        firstDate = min(firstDate ?? day.date, day.date)
        lastDate = max(lastDate ?? day.date, day.date)
        let lake = day.lake ?? catalogue?.station(uic: day.station)?.lake
        var stats = stations[day.station] ?? StationStats(station: day.station, name: day.stationName, lake: lake)
        let best = day.sessions.first?.score ?? 0
        stats.days += 1
        stats.bestScoreSum += best
        if !day.sessions.isEmpty { stats.daysWithSessions += 1 }
        let midnight = clock.startOfDay(day.date)
        let window = day.sessions.first.map {
            (start: Int(($0.start - midnight) / 60), end: Int(($0.end - midnight) / 60), score: $0.score)
        }
        stats.windows.add(best: window)
        stats.weekdays[day.date.isoWeekday].add(best: window)
        if let reason = day.noSession {
            let kind = Self.kind(reason)
            if let known = stats.noSession[kind] {
                stats.noSession[kind] = (known.days + 1, known.example, known.date)
            } else {
                stats.noSession[kind] = (1, reason.description, day.date)
            }
        }
        for hour in 0..<24 {
            let from = midnight + Int64(hour) * 3600
            let to = from + 3600
            let value = day.sessions.filter { $0.start < to && $0.end >= from }.map(\.score).max() ?? 0
            stats.hourSum[hour] += value
        }

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
            stats.periods[key, default: WindowTally()].add(best: window)
        }
        stations[day.station] = stats
    }

    /// A reason's kind, for counting days by reason.
    static func kind(_ reason: NoSessionReason) -> String {
        switch reason {
        case .fewerThanThreeWaves: "fewer than 3 waves"
        case .spanTooShort: "waves within less than 1 h"
        case .wavesTooFarApart: "waves too far apart"
        case .onlyInDarkness: "only in darkness"
        case .timesOutOfRange: "times out of range"
        }
    }

    /// Stations, best mean day first.
    public var rankedStations: [StationStats] {
        stations.values.sorted { ($0.meanBestScore, $1.name) > ($1.meanBestScore, $0.name) }
    }

    /// The best recurring windows over all stations: each station's day-best windows, by
    /// typical score (then more days), at most `topCount` — a window that recurs is listed once,
    /// with the days it recurred on.
    public var topWindows: [(station: Int, window: RecurringWindow)] {
        let all = stations.values.flatMap { stats in stats.windows.windows.map { (stats.station, $0) } }
        return all.sorted {
            ($0.1.typicalScore, $0.1.days, $1.0) > ($1.1.typicalScore, $1.1.days, $0.0)
        }.prefix(topCount).map { (station: $0.0, window: $0.1) }
    }
}
