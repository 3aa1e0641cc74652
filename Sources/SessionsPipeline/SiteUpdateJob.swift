package import ArchiveFetch
package import CivilTime
package import DataFolderLayout
package import Foundation
package import JobContract
import SafeFiles
@_spi(Benchmarks) package import ScheduleArchive
import ShipRatingTable
package import WaveFeed
package import WebFetch

/// One run of `nextwave site update`: keeps a published site current in one step, for cron or
/// a systemd timer (docs/commands.md, "A site that keeps itself current").
///
/// 1. Takes the site folder's lock, without waiting: a second run at once is refused
///    (`JobContract/ProblemKind/busy`) and changes nothing.
/// 2. Fetches the coming days of each lake into the archive (``ArchiveFetchJob``): the transport
///    API's stationboards and the lake operator's ship assignments, within the politeness and
///    time budgets of ``Input/http`` (one budget for the whole run). The archive never loses a
///    day it had, so a lake whose sources fail keeps its earlier days.
/// 3. When no request of any lake reached its site, stops (`JobContract/ProblemKind/unreachable`)
///    before anything of the site is written.
/// 4. Writes the feed (``FeedJob``): the days of every lake rated with the operators' current
///    tables, ships predicted where none is assigned, each lake's fetch outcome in the index,
///    the lakes not updated (`lakes`) kept as they were; content-addressed files first, the
///    index last, atomically, and the files of older generations removed.
package struct SiteUpdateJob: Job {
    package struct Input: Sendable {
        /// The archive the days are fetched into, and its name in reports.
        package var archive: URL
        package var archiveName: String
        /// The site folder.
        package var out: URL
        /// The station list, periods and operators of the data folder.
        package var catalogue: StationCatalogue
        package var data: DataLayout
        package var operators: OperatorCatalogue
        /// Each operator's rating table (``FeedJob/operatorTables(data:operators:lakeZurich:)``).
        package var tables: [FeedJob.OperatorTable]
        /// The lakes to update (as the station list names them); empty: every lake the station
        /// list names an operator for.
        package var lakes: [String] = []
        /// The first day and how many (1…``maximumDays``).
        package var from: LocalDate
        package var days = 3
        /// The transport API's root and where the operators publish assignments (a mirror).
        package var apiRoot: URL = ArchiveFetcher.transportAPI
        package var deploymentURL: URL?
        package var http = HTTPClient.Configuration()
        package var predict = true
        package var categories: WaveCategories = .ships
        /// The run's clock: the index is stamped with its date when it changes, as is a failing
        /// lake's first failure, and the fetching waits and budget run on it.
        package var clock: any JobClock = SystemClock()

        package init(
            archive: URL, archiveName: String, out: URL, catalogue: StationCatalogue, data: DataLayout,
            operators: OperatorCatalogue, tables: [FeedJob.OperatorTable], from: LocalDate
        ) {
            self.archive = archive
            self.archiveName = archiveName
            self.out = out
            self.catalogue = catalogue
            self.data = data
            self.operators = operators
            self.tables = tables
            self.from = from
        }
    }

    /// The most days one update fetches (the operators publish assignments about two weeks ahead).
    package static let maximumDays = 14

    package enum Event: Sendable {
        /// Fetching lake `done + 1` of `total`.
        case lake(name: String, done: Int, total: Int)
        case fetch(ArchiveFetchJob.Event)
        case feed(FeedJob.Event)
        case warning(String)
    }

    package struct Result: Sendable {
        /// The feed written.
        package var feed: FeedJob.Result
        /// Each lake's fetch outcome, in the station list's order.
        package var lakes: [(name: String, fetch: FeedIndex.Fetch, report: ArchiveFetcher.Report)]

        /// The lakes whose fetch failed (their earlier days stay).
        package var failedLakes: [String] { lakes.filter { $0.fetch.status == .failed }.map(\.name) }

        /// One line on what the update did to the site `out` (as the person named it): how many
        /// lakes were fetched, and what was written and removed, or that nothing changed.
        package func summary(out: String) -> String {
            let fetched = lakes.filter { $0.fetch.status == .fetched }.count
            return "fetched \(counted(fetched, "lake")) of \(lakes.count)"
                + (feed.written.isEmpty
                    ? "; nothing changed, nothing written"
                    : "; wrote \(counted(feed.written.count, "file")) to \(out)"
                        + (feed.removed.isEmpty ? "" : ", removed \(feed.removed.count) of older generations"))
        }

        /// The failed lakes in one line, nil when none failed.
        package var failure: String? {
            failedLakes.isEmpty
                ? nil
                : "\(failedLakes.joined(separator: ", ")): sources failed; their earlier days stay, and the index "
                    + "says so (fetch.status \"failed\")"
        }
    }

    package let input: Input
    package init(_ input: Input) { self.input = input }

    package func validate() throws {
        guard (1...Self.maximumDays).contains(input.days) else {
            throw InvalidInput(field: "days", value: "\(input.days)", accepted: "1…\(Self.maximumDays) days")
        }
        let last = input.from.adding(days: input.days - 1)
        for date in [input.from, last] where !SupportedDates.contains(date) {
            throw SessionsJobError.unsupportedDate(date)
        }
        try input.http.validate()
        guard !input.tables.isEmpty else {
            throw InvalidInput(field: "tables", value: nil, accepted: "at least Lake Zurich's rating table")
        }
        _ = try chosenLakes()
    }

    /// The lakes to update, in the station list's order.
    package func chosenLakes() throws -> [String] {
        let catalogue = input.catalogue
        guard !input.lakes.isEmpty else { return catalogue.lakes.filter { !(catalogue.operators[$0] ?? []).isEmpty } }
        return try FeedJob.lakes(named: input.lakes, in: catalogue)
    }

    package func work(_: Validated, onEvent: @escaping @Sendable (Event) -> Void) async throws -> Result {
        let lock = try DirectoryLock(input.out, waiting: false)
        defer { withExtendedLifetime(lock) {} }
        let lakes = try chosenLakes()
        let previous = try FeedSite(folder: input.out).previousIndex()
        var outcomes: [(name: String, fetch: FeedIndex.Fetch, report: ArchiveFetcher.Report)] = []
        var http = input.http
        http.runBudget = RunBudget(clock: input.clock)
        for (done, lake) in lakes.enumerated() {
            onEvent(.lake(name: lake, done: done, total: lakes.count))
            let report = try await fetch(lake, http: http, onEvent: onEvent)
            let fetch = Self.outcome(
                of: report, earlier: previous?.lake(named: lake)?.fetch, now: input.clock.date)
            if let problem = fetch.problem { onEvent(.warning("\(lake): \(problem)")) }
            outcomes.append((lake, fetch, report))
        }
        if !outcomes.isEmpty, outcomes.allSatisfy({ $0.report.nothingReached }) {
            throw SiteUpdateError.nothingReached(
                lakes: lakes, first: outcomes.first?.report.failed.first ?? "no answer")
        }
        var source = ScheduleSource(
            archive: input.archive, archiveName: input.archiveName, layout: input.data,
            ratings: input.tables[0].url,
            ratingsName: CurrentRatingTables.reference(for: input.tables[0].id))
        source.catalogue = input.catalogue
        source.moreRatings = input.tables.dropFirst().map(\.url)
        source.categories = input.categories
        var feed = FeedJob.Input(
            source: source, tables: input.tables, from: input.from, days: input.days, lakes: lakes, out: input.out)
        feed.predict = input.predict
        feed.clock = input.clock
        feed.keepOtherLakes = true
        feed.fetch = Dictionary(outcomes.map { ($0.name, $0.fetch) }, uniquingKeysWith: { a, _ in a })
        let result = try await FeedJob(feed).run { onEvent(.feed($0)) }
        return Result(feed: result, lakes: outcomes)
    }

    /// A lake's fetch as the index states it: fetched, or failed with what went wrong and since
    /// when (the time of the first failure, kept while the lake keeps failing).
    static func outcome(of report: ArchiveFetcher.Report, earlier: FeedIndex.Fetch?, now: Date) -> FeedIndex.Fetch {
        guard report.failures > 0 else { return FeedIndex.Fetch(status: .fetched, problem: nil, failingSince: nil) }
        let asked = report.failures + report.written.count + report.unchanged.count + report.kept.count
        let problem =
            "\(report.failures) of \(asked) requests failed" + (report.failed.first.map { " (the first: \($0))" } ?? "")
            + "; the days fetched before stay"
        let since = earlier?.status == .failed ? earlier?.failingSince : ISO8601DateFormatter().string(from: now)
        return FeedIndex.Fetch(status: .failed, problem: problem, failingSince: since)
    }

    /// Fetches the days of one lake's stations and its operator's assignments.
    /// `http` carries the run's one fetching budget, on the run's clock, across the lakes.
    private func fetch(
        _ lake: String, http: HTTPClient.Configuration, onEvent: @escaping @Sendable (Event) -> Void
    ) async throws -> ArchiveFetcher.Report {
        var fetch = ArchiveFetchJob.Input(
            archive: input.archive, stations: input.catalogue.stations.filter { $0.lake == lake },
            catalogue: input.catalogue, operators: input.operators, from: input.from, apiRoot: input.apiRoot)
        fetch.days = input.days
        fetch.deploymentURL = input.deploymentURL
        fetch.http = http
        return try await ArchiveFetchJob(fetch).run { onEvent(.fetch($0)) }
    }
}

/// Why a site update stopped before writing anything.
package enum SiteUpdateError: KindedError, Equatable {
    /// No request of any lake reached its site: offline, or a wrong address.
    case nothingReached(lakes: [String], first: String)

    package var kind: ProblemKind { .unreachable }

    package var description: String {
        switch self {
        case .nothingReached(let lakes, let first):
            "no request for \(lakes.count == 1 ? lakes[0] : "\(lakes.count) lakes") reached its site (\(first)); "
                + "the site was left as it was"
        }
    }
}
