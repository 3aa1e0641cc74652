package import CivilTime
package import ScheduleArchive

/// Predicted ship assignments: a departure without a known ship takes the ships that ran the
/// same course (the course number without leading zeros) on the same lake on the archived days
/// of the same timetable period (`schedule_periods.json`), each with its share of those days;
/// when the period has none, all archived days of the lake.
///
/// A course's lake is the lake of the stations its departures call at that day; a day counts
/// once per course whatever number of its departures carry the assignment.
public struct ShipPredictions: Sendable {
    struct Key: Hashable {
        var lake: String
        var period: String?
        var course: String
    }

    /// Days each ship ran each course, per (lake, period) and per lake alone (period nil).
    private var days: [Key: [String: Int]] = [:]
    /// The shares of each (lake, period, course) asked for so far.
    private var cache: [Key: [ShipShare]] = [:]
    private let periods: SchedulePeriods?
    private var lakePeriods: [String: LakePeriods] = [:]

    /// Archived days that had ship assignments.
    public private(set) var archivedDays = 0

    /// No predictions (`--predict off`).
    package static let none = ShipPredictions(periods: nil)

    init(periods: SchedulePeriods?) { self.periods = periods }

    /// Learns from every archived day with assignments in `store`.
    package static func learn(
        from store: ScheduleStore, catalogue: StationCatalogue, periods: SchedulePeriods?
    ) throws -> ShipPredictions {
        var predictions = ShipPredictions(periods: periods)
        let all = try store.assignments(from: SupportedDates.dates.lowerBound, to: SupportedDates.dates.upperBound)
        predictions.archivedDays = all.count
        // A station's lake, looked up once (not a catalogue entry copied per departure).
        var lakes: [Int: String?] = [:]
        for date in all.keys.sorted() {
            let ships = all[date]!
            var seen = Set<Key>()
            try store.forEachDeparture(from: date, to: date) { departure in
                guard let ship = ships[departure.course] else { return }
                let known = lakes[departure.station]
                let lake = known ?? catalogue.station(uic: departure.station)?.lake
                if known == nil { lakes[departure.station] = .some(lake) }
                guard let lake else { return }
                let period = predictions.period(of: date, lake: lake)
                for key in [
                    Key(lake: lake, period: period, course: departure.course),
                    Key(lake: lake, period: nil, course: departure.course),
                ]
                where seen.insert(key).inserted {
                    predictions.days[key, default: [:]][ship, default: 0] += 1
                }
            }
        }
        return predictions
    }

    struct DayOnLake: Hashable {
        var lake: String
        var date: LocalDate
    }
    private var periodCache: [DayOnLake: String?] = [:]

    mutating func period(of date: LocalDate, lake: String) -> String? {
        guard let periods else { return nil }
        let key = DayOnLake(lake: lake, date: date)
        if let known = periodCache[key] { return known }
        if lakePeriods[lake] == nil { lakePeriods[lake] = periods.periods(ofLake: lake) }
        let name = lakePeriods[lake]!.period(for: date)?.period.name
        periodCache[key] = name
        return name
    }

    /// The ships predicted for `course` on `lake` on `date`, most likely first (shares sum to
    /// 1); empty when no archived day had the course.
    package mutating func ships(course: String, lake: String?, date: LocalDate) -> [ShipShare] {
        guard let lake, !course.isEmpty, !days.isEmpty else { return [] }
        let key = Key(lake: lake, period: period(of: date, lake: lake), course: course)
        if let known = cache[key] { return known }
        let counts = days[key] ?? days[Key(lake: lake, period: nil, course: course)]
        var shares: [ShipShare] = []
        if let counts {
            let total = Double(counts.values.reduce(0, +))
            shares = counts.map { ShipShare(ship: $0.key, share: Double($0.value) / total) }
                .sorted { ($0.share, $1.ship) > ($1.share, $0.ship) }
        }
        cache[key] = shares
        return shares
    }

    /// Days with assignments per lake and period (for `archive status`).
    public var coverage: [(lake: String, period: String, courses: Int, courseDays: Int)] {
        var result: [String: [String: (Set<String>, Int)]] = [:]
        for (key, ships) in days {
            guard let period = key.period else { continue }
            var entry = result[key.lake, default: [:]][period, default: (Set(), 0)]
            entry.0.insert(key.course)
            entry.1 += ships.values.reduce(0, +)
            result[key.lake, default: [:]][period] = entry
        }
        return result.flatMap { lake, periods in
            periods.map { (lake: lake, period: $0.key, courses: $0.value.0.count, courseDays: $0.value.1) }
        }.sorted { ($0.lake, $0.period) < ($1.lake, $1.period) }
    }
}
