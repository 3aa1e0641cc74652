public import CivilTime
import Foundation
public import JobContract
@_spi(Benchmarks) import ScheduleArchive
@_spi(Benchmarks) public import SessionAnalytics
public import SessionCore
import ShipRatingTable

/// A rider's plan: for each day of a short range, the best distinct windows at the chosen
/// stations, with the waves in them, and why a day has none (`nextwave plan`, `nextwave today`).
/// The scoring is the survey's (`SessionAnalytics/SessionSurvey`): the app's rules, exactly.
public struct PlanJob: Job {
    /// The job reports nothing while it runs.
    public typealias Event = NoEvent

    /// What a plan is made from.
    public struct Input: Sendable {
        /// The archive, the station list and periods, and the rating tables.
        public var source: ScheduleSource
        /// The first day (default: today when the archive holds it, else the archive's first
        /// day, and the plan says so in `SessionAnalytics/RiderPlan/todayNotInArchive`).
        public var from: LocalDate?
        /// The run's clock: today in Europe/Zurich, the default first day, is its date's day
        /// there.
        public var clock: any JobClock = SystemClock()
        /// How many days, 1…``maximumDays``.
        public var days: Int
        /// The stations planned for.
        public var selection: SessionsJob.StationSelection
        /// Whose sun times: each station's own (default) or the app's single point.
        public var sun: SunSource = .station
        /// Whether waves without an assigned ship take the ships predicted from archived days.
        public var predict = true

        /// An input with the defaults for sun and predictions.
        public init(
            source: ScheduleSource, from: LocalDate?, days: Int, selection: SessionsJob.StationSelection
        ) {
            self.source = source
            self.from = from
            self.days = days
            self.selection = selection
        }
    }

    /// A plan covers at most this many days (a month: what a rider plans ahead, and bounded).
    public static let maximumDays = 31

    /// The job's input.
    public let input: Input

    /// A job for `input`.
    public init(_ input: Input) { self.input = input }

    /// Refuses a plan of no days or of more than ``maximumDays`` (`JobContract/InvalidInput`,
    /// field `days`), and a given first day whose plan would begin or end outside
    /// `SessionCore/SupportedDates` (``SessionsJobError/unsupportedDate(_:)`` naming that day).
    public func validate() throws {
        guard (1...Self.maximumDays).contains(input.days) else {
            throw InvalidInput(field: "days", value: "\(input.days)", accepted: "1…\(Self.maximumDays) days")
        }
        if let from = input.from { try Self.checkSupported(from: from, days: input.days) }
    }

    /// The first or the last day, whichever lies outside the supported years: the one to name.
    static func checkSupported(from: LocalDate, days: Int) throws {
        for date in [from, from.adding(days: days - 1)] where !SupportedDates.contains(date) {
            throw SessionsJobError.unsupportedDate(date)
        }
    }

    /// Makes the plan: ``validate()``, then the survey of the chosen days. Writes nothing.
    public func work(_: Validated, onEvent: @escaping @Sendable (NoEvent) -> Void) async throws -> RiderPlan {
        let opened = try input.source.open { _, _ in }
        let (catalogue, periods, table, archive, range) = (
            opened.catalogue, opened.periods, opened.table, opened.archive, opened.range
        )
        let today = ZoneClock.zurich.today(at: input.clock.date)
        let from = input.from ?? (range.contains(today) ? today : range.lowerBound)
        try Self.checkSupported(from: from, days: input.days)
        let chosen = try SessionsJob.stations(for: input.selection, in: catalogue)
        let wanted = chosen.map { ids in catalogue.stations.filter { ids.contains($0.uic) } } ?? catalogue.stations
        let asked = Array(Set(wanted.map(\.lake))).sorted()
        guard from <= range.upperBound else {
            throw PlanJobError.pastArchive(
                from: from, archive: input.source.archiveName, range: range,
                lakes: try Self.lakesWithDepartures(archive.store, catalogue: catalogue), asked: asked)
        }
        let last = from.adding(days: input.days - 1)
        guard last >= range.lowerBound else {
            throw PlanJobError.beforeArchive(to: last, archive: input.source.archiveName, range: range, asked: asked)
        }
        let to = min(last, range.upperBound)
        var settings = SurveySettings(
            from: from, to: to, stations: chosen, sun: input.sun, top: SessionRules.defaultTop)
        settings.categories = input.source.categories
        var survey = SessionSurvey(catalogue: catalogue, ratings: RatingLookup(table), settings: settings)
        var days: [StationDay] = []
        try archive.withLock(exclusive: false) {
            if input.predict {
                survey.predictions = try ShipPredictions.learn(
                    from: archive.store, catalogue: catalogue, periods: periods)
            }
            _ = try survey.run(store: archive.store) { days.append($0) }
        }
        let seen = Set(days.map(\.station))
        // Chosen stations, or a chosen lake, without a single departure in the days asked: an
        // error naming what the archive holds, as `sessions` and `today` end (not a plan of
        // empty days that exits 0).
        if days.isEmpty, let names = Self.placeNames(of: input.selection, in: catalogue) {
            throw PlanJobError.noDepartures(
                stations: names, from: from, to: to,
                lakes: try Self.lakesWithDepartures(archive.store, catalogue: catalogue), asked: asked,
                unreadable: opened.refresh.skipped.filter { text in
                    Self.dayOfArchiveFile(text).map { $0 >= from && $0 <= to } ?? false
                })
        }
        func place(_ s: Station) -> RiderPlan.Place {
            .init(uic: s.uic, name: s.name, latitude: s.latitude, longitude: s.longitude)
        }
        let quiet = wanted.filter { !seen.contains($0.uic) }.map(place).sorted { $0.name < $1.name }
        let past =
            last > range.upperBound
            ? (1...range.upperBound.days(to: last)).map { range.upperBound.adding(days: $0) } : []
        let before =
            from < range.lowerBound ? (0..<from.days(to: range.lowerBound)).map { from.adding(days: $0) } : []
        var plan = RiderPlan(
            from: from, to: last, stationDays: days, quietStations: quiet, daysPastArchive: past, archiveRange: range,
            places: Dictionary(wanted.map { ($0.uic, place($0)) }, uniquingKeysWith: { a, _ in a }),
            ratingsName: input.source.ratingsName, ratingsPoint: SessionsJob.operatingPoint(of: table))
        plan.askedLakes = asked
        plan.daysBeforeArchive = before
        if case .lake(let name) = input.selection { plan.lake = catalogue.lake(named: name) ?? name }
        if input.from == nil, !range.contains(today) { plan.todayNotInArchive = today }
        // Files the index could not read are named, and their days marked, never dropped silently.
        plan.skippedFiles = opened.refresh.skipped
        plan.incompleteDays = Set(
            opened.refresh.skipped.compactMap(Self.dayOfArchiveFile).filter { $0 >= from && $0 <= last })
        return plan
    }

    /// The day an archive file holds (`stationboards/<date>/…`, `deployments/<date>.json`),
    /// from the text that names it.
    static func dayOfArchiveFile(_ text: String) -> LocalDate? {
        if let match = text.firstMatch(of: /stationboards\/(\d{4}-\d{2}-\d{2})\//) { return LocalDate(iso: match.1) }
        if let match = text.firstMatch(of: /deployments\/(\d{4}-\d{2}-\d{2})\.json/) { return LocalDate(iso: match.1) }
        return nil
    }

    /// How an error names the places a selection chose: the stations, or the lake as the
    /// catalogue spells it; nil for all stations.
    static func placeNames(of selection: SessionsJob.StationSelection, in catalogue: StationCatalogue) -> [String]? {
        switch selection {
        case .stations(let ids): ids.compactMap { catalogue.station(uic: $0)?.name }
        case .lake(let name): [catalogue.lake(named: name) ?? name]
        case .all: nil
        }
    }

    /// The lakes the archive has departures for, by name.
    static func lakesWithDepartures(_ store: ScheduleStore, catalogue: StationCatalogue) throws -> [String] {
        let ids = try store.stationNames().keys
        return Set(ids.compactMap { catalogue.station(uic: $0)?.lake }).sorted()
    }
}
