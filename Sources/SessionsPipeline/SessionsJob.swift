package import CSVText
public import CivilTime
public import Foundation
public import JobContract
@_spi(Benchmarks) public import ScheduleArchive
@_spi(Benchmarks) public import SessionAnalytics
public import SessionCore
import SessionReports
import ShipRatingTable

/// One run of `nextwave sessions`: a schedule archive and a rating table in, the best sessions
/// of every station-day out (`sessions.json`, `.csv`, `.md`, the heat map), written together.
public struct SessionsJob: Job {
    /// What a sessions run reads and where it writes.
    public struct Input: Sendable {
        /// The archive, the station list and periods, and the rating tables.
        public var source: ScheduleSource
        /// The first day (default: the archive's first).
        public var from: LocalDate?
        /// The last day (default: the archive's last).
        public var to: LocalDate?
        /// Which stations are scored.
        public var selection: StationSelection
        /// Whose sun times: each station's own, or the app's single point.
        public var sun: SunSource
        /// Sessions kept per station and day (the app keeps 5).
        public var top: Int
        /// The folder the five reports are written to, together.
        public var out: URL
        /// How `sessions.csv` is written.
        package var csvStyle: CSVStyle = .standard
        /// Waves without an assigned ship take the ships predicted from archived days
        /// (`SessionAnalytics/ShipPredictions`); false scores them as unknown, as the app does.
        public var predict = true
        /// The run's clock: today in Europe/Zurich is its date's day there (a run without
        /// ``from`` whose days do not include it says so in ``Result/todayNotInArchive``).
        public var clock: any JobClock = SystemClock()

        /// An input; `predict` and the CSV style keep their defaults.
        public init(
            source: ScheduleSource, from: LocalDate? = nil, to: LocalDate? = nil, selection: StationSelection = .all,
            sun: SunSource = .station,
            top: Int = SessionRules.defaultTop, out: URL
        ) {
            self.source = source
            self.from = from
            self.to = to
            self.selection = selection
            self.sun = sun
            self.top = top
            self.out = out
        }
    }

    /// Which stations to score.
    public enum StationSelection: Sendable, Equatable {
        case all
        /// UIC ids.
        case stations([Int])
        /// The stations of a lake of `stations.json`.
        case lake(String)
    }

    /// What a run found and wrote.
    public struct Result {
        /// Stations ranked by their sessions, and their usual windows.
        public var summary: SessionSummary
        /// Departures, station-days and how their ships were known.
        public var survey: SurveyReport
        /// What the archive's index read or skipped before the survey.
        public var refresh: ScheduleArchive.RefreshReport
        /// The survey's settings as run (the range with its defaults filled in).
        public var settings: SurveySettings
        /// The files written in ``Input/out``, by name.
        public var written: [String]
        /// Today, when the run took its first day from the archive (no ``Input/from``) and the
        /// days scored do not include today: the archive holds other days than the coming ones.
        public var todayNotInArchive: LocalDate?
        /// The stations asked for by name or lake that have no departure in the days scored, by
        /// name (never silently left out of the report); empty when all stations were scored.
        public var quietStations: [String]
        /// The lakes of the stations asked for, by name; with all stations, the lakes the archive
        /// has departures for (the ones a fetch of the coming days would refresh).
        public var askedLakes: [String]
    }

    /// What a run reports while it works.
    public enum Event: Sendable {
        case indexing(done: Int, total: Int)
        case scored(stationDays: Int, date: LocalDate)
        case warning(String)
        /// How the waves' ships were known (after the survey).
        case coverage(String)
    }

    /// The files a run writes.
    public static let outputs = (
        json: "sessions.json", csv: "sessions.csv", waves: "waves.csv", markdown: "sessions.md",
        heatmap: "sessions-heatmap.svg"
    )

    /// The job's input.
    public let input: Input

    /// A job for `input`.
    public init(_ input: Input) { self.input = input }

    /// The most windows a station-day lists.
    public static let maximumTop = 100

    /// Refuses a `top` outside 1…``maximumTop``, dates the sun times do not cover and a first day after the last (when both are
    /// given; without them the archive's range is taken, and checked once it is known).
    public func validate() throws {
        guard (1...Self.maximumTop).contains(input.top) else {
            throw InvalidInput(field: "top", value: String(input.top), accepted: "1…\(Self.maximumTop)")
        }
        for date in [input.from, input.to].compactMap({ $0 }) where !SupportedDates.contains(date) {
            throw SessionsJobError.unsupportedDate(date)
        }
        if let from = input.from, let to = input.to, from > to {
            throw SessionsJobError.reversedDates(from: from, to: to)
        }
    }

    /// Scores every station-day and writes the reports: ``validate()``, then the archive (under its shared lock).
    public func work(_: Validated, onEvent: @escaping @Sendable (Event) -> Void) async throws -> Result {
        let opened = try input.source.open { onEvent(.indexing(done: $0, total: $1)) }
        let (catalogue, periods, table, archive, refresh, range) = (
            opened.catalogue, opened.periods, opened.table, opened.archive, opened.refresh, opened.range
        )
        for message in refresh.skipped { onEvent(.warning("skipped \(message)")) }
        let chosen = try stations(in: catalogue)
        let archiveLakes = try PlanJob.lakesWithDepartures(archive.store, catalogue: catalogue)
        // The lakes a fetch of the coming days would refresh (the advice of a notice or an
        // error): the chosen stations', else those the archive holds.
        let askedLakes =
            chosen.map { ids in Array(Set(catalogue.stations.filter { ids.contains($0.uic) }.map(\.lake))).sorted() }
            ?? archiveLakes
        if let from = input.from, from > range.upperBound {
            throw PlanJobError.pastArchive(
                from: from, archive: input.source.archiveName, range: range, lakes: archiveLakes, asked: askedLakes)
        }
        let (from, to) = (input.from ?? range.lowerBound, input.to ?? range.upperBound)
        // Before the order check: `--to` alone before the archive is about the archive, not
        // about a first day the user never gave.
        if to < range.lowerBound {
            throw PlanJobError.beforeArchive(
                to: to, archive: input.source.archiveName, range: range, asked: askedLakes)
        }
        for date in [from, to] where !SupportedDates.contains(date) {
            throw SessionsJobError.unsupportedDate(date)
        }
        guard from <= to else { throw SessionsJobError.reversedDates(from: from, to: to) }
        var settings = SurveySettings(from: from, to: to, stations: chosen, sun: input.sun, top: input.top)
        settings.categories = input.source.categories
        let echo = SessionsJSON.Settings(
            archive: input.source.archiveName, from: settings.from, to: settings.to,
            stations: { if case .stations(let ids) = input.selection { ids.sorted() } else { nil } }(),
            lake: { if case .lake(let name) = input.selection { name } else { nil } }(),
            ratings: input.source.ratingsName,
            ratingsModel: table.model.name.rawValue, sun: input.sun, top: input.top)
        var echoed = echo
        echoed.predict = input.predict
        echoed.ratingsPoint = Self.operatingPoint(of: table)
        var survey = SessionSurvey(catalogue: catalogue, ratings: RatingLookup(table), settings: settings)
        var writer = SessionFiles(
            echo: echoed, summary: SessionSummary(periods: periods, catalogue: catalogue), out: input.out,
            style: input.csvStyle)
        // Read under the archive's shared lock: an import or refresh by another run waits
        // until the survey has read what it needs.
        let report = try archive.withLock(exclusive: false) {
            if input.predict {
                survey.predictions = try ShipPredictions.learn(
                    from: archive.store, catalogue: catalogue, periods: periods)
            }
            // The survey is a pulled sequence of station-days; the report writer pulls it.
            let days = try survey.stationDays(store: archive.store)
            do {
                return try writer.write(days: days, refresh: refresh, catalogue: catalogue) {
                    onEvent(.scored(stationDays: $0, date: $1))
                }
            } catch SessionsJobError.noDepartures(let from, let to) {
                // Chosen stations or a lake without a departure: say what the archive holds and
                // which lakes were asked for, as `plan` does.
                guard let names = PlanJob.placeNames(of: input.selection, in: catalogue) else {
                    throw SessionsJobError.noDepartures(from: from, to: to)
                }
                throw PlanJobError.noDepartures(
                    stations: names, from: from, to: to, lakes: archiveLakes, asked: askedLakes)
            }
        }
        onEvent(.coverage(report.coverageText))
        if let warning = report.coverageWarning { onEvent(.warning(warning)) }
        if !report.unknownShips.isEmpty {
            onEvent(
                .warning(
                    "ships not in \(input.source.ratingsName), scored as other named ships: \(report.unknownShips.sorted().joined(separator: ", "))"
                ))
        }
        if !report.stationsWithoutCoordinates.isEmpty {
            let ids = report.stationsWithoutCoordinates.sorted().map(String.init).joined(separator: ", ")
            onEvent(.warning("stations without coordinates in stations.json, scored with the app's sun point: \(ids)"))
        }
        let names = Self.outputs
        let today = ZoneClock.zurich.today(at: input.clock.date)
        let asked = chosen.map { ids in catalogue.stations.filter { ids.contains($0.uic) } } ?? []
        let scored = Set(writer.summary.rankedStations.map(\.station))
        return Result(
            summary: writer.summary, survey: report, refresh: refresh, settings: settings,
            written: [names.json, names.csv, names.waves, names.markdown, names.heatmap],
            todayNotInArchive: input.from == nil && !(from...to).contains(today) ? today : nil,
            quietStations: asked.filter { !scored.contains($0.uic) }.map(\.name).sorted(),
            askedLakes: askedLakes)
    }

    /// The UIC ids to score, or nil for all.
    func stations(in catalogue: StationCatalogue) throws -> Set<Int>? {
        try Self.stations(for: input.selection, in: catalogue)
    }

    /// The UIC ids a selection names, or nil for all.
    static func stations(for selection: StationSelection, in catalogue: StationCatalogue) throws -> Set<Int>? {
        switch selection {
        case .all: return nil
        case .stations(let ids): return Set(ids)
        case .lake(let lake):
            // The one rule and error for a lake's name, as the command line's --lake uses.
            return Set(try catalogue.stations(ofLake: lake).map(\.uic))
        }
    }
}

extension SessionsJob {
    /// Where a table rated the ships, in words: "legacy model at 18 km/h over 10 m", or the wake
    /// model's reference point; nil for a table without an operating point (the app's own).
    static func operatingPoint(of table: RatingTable) -> String? {
        func number(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e6 ? String(Int(x)) : String(x) }
        if table.model.name.isWake, let wake = table.model.wake {
            let speed = wake.speedKmh.map { "at \(number($0)) km/h" } ?? "each ship at its operating speed"
            let track = ", the track \(number(wake.trackDepthM)) m deep"
            return
                "wake model: the wave \(number(wake.distanceM)) m off in \(number(wake.riderDepthM)) m of water\(track), \(speed)"
        }
        guard let speed = table.model.speedKmh, let depth = table.model.trackDepthM else { return nil }
        return "legacy model at \(number(speed)) km/h over \(number(depth)) m"
    }
}
