import FleetScraper
import Foundation
import NextWaveSupport
import RatingsReports
import ShipRatingTable
import ShipRatings
import WakePhysics

/// One run of `nextwave ratings`: the fleet pages and the curated fleet in, the rating table and
/// its reports out, written together and only when the run succeeds and the new table is not
/// worse than the one it replaces.
public struct RatingsJob: Sendable {
    public struct Input: Sendable {
        public var pages: FleetPages
        /// The curated fleet file, and how the table cites it (e.g. "Data/fleet.json").
        public var fleet: URL
        public var fleetReference: String
        public var point: OperatingPoint
        /// The output folder, and its name as the user wrote it (reports never show machine paths).
        public var out: URL
        public var outName: String
        /// A previous table to list changes against (default: the one in `out`).
        public var previous: URL?
        public var previousName: String?
        /// The app's hard-coded ratings, for the comparison in `ratings.md`.
        public var appRatings: URL
        /// Cruising speeds from archived courses (`operating-speeds.json`), and how reports cite
        /// them; nil: none (operating speeds then rest on published speeds and the Admiralty
        /// relation alone).
        public var courseSpeeds: URL?
        public var courseSpeedsReference = "operating-speeds.json"
        /// Write even when the new table is worse than the existing one.
        public var acceptRegression: Bool
        /// Which model's rating is the table's `rating`.
        public var model: RatingModel
        /// Where the distance-aware models rate each ship.
        public var wakeReference: WakeReference
        /// Height thresholds of the wake rating: given, or fitted to the app's ratings.
        public var heightThresholds: HeightThresholdChoice
        /// Compute and compare, but write nothing.
        public var dryRun = false
        /// Also publish the table for the apps into this folder (``TablePublisher``).
        public var publish: URL?
        /// How `ship-ratings.csv` is written.
        package var csvStyle: CSVStyle = .standard
        /// The time the table is made at (`generatedAt`), when it changed; default: now, or
        /// `SOURCE_DATE_EPOCH` when that is set.
        public var now: Date?

        public init(
            pages: FleetPages, fleet: URL, fleetReference: String, point: OperatingPoint = .legacy, out: URL,
            outName: String, previous: URL? = nil, previousName: String? = nil, appRatings: URL,
            acceptRegression: Bool = false, model: RatingModel = .legacy, wakeReference: WakeReference = .standard,
            heightThresholds: HeightThresholdChoice = .fittedToApp
        ) {
            self.model = model
            self.wakeReference = wakeReference
            self.heightThresholds = heightThresholds
            self.pages = pages
            self.fleet = fleet
            self.fleetReference = fleetReference
            self.point = point
            self.out = out
            self.outName = outName
            self.previous = previous
            self.previousName = previousName
            self.appRatings = appRatings
            self.acceptRegression = acceptRegression
        }
    }

    public struct Result: Sendable {
        public var run: RatingRun
        /// The files written, by name, in `out` (none for a dry run, or when the table did not
        /// change and every output is there).
        public var written: [String]
        /// What changed against the previous table (nil without one).
        public var diff: RatingDiff?
        /// The new table equals the existing one (`generatedAt` kept, nothing rewritten).
        public var unchanged: Bool
        /// The published manifest, with `publish`.
        public var published: TablePublisher.Manifest?
    }

    public enum Event: Sendable {
        case pages(FleetPages.Event)
        case warning(String)
    }

    /// The files a run writes, in the order they are written.
    public static let outputs = (
        legacyCSV: "schiffsdaten.csv", table: "ship-ratings.json", csv: "ship-ratings.csv", markdown: "ratings.md",
        chart: "ratings-chart.svg"
    )

    public let input: Input

    public init(_ input: Input) { self.input = input }

    /// Scrapes, builds, checks against the existing table and writes.
    /// - Throws: the first failure (fleet file, page, regression, write); nothing is written then.
    public func run(onEvent: (@Sendable (Event) -> Void)? = nil) async throws -> Result {
        let fleet = try CuratedFleet.load(from: input.fleet)
        let app = try? RatingTable.load(from: input.appRatings)
        if app == nil {
            onEvent?(.warning("\(input.appRatings.path): app ratings not readable; the report skips the comparison"))
        }
        let courses = try input.courseSpeeds.map(CourseSpeedTable.load(from:))
        let (scrape, sourceDescription) = try await input.pages.scrape { onEvent?(.pages($0)) }
        var builder = RatingTableBuilder(fleet: fleet, fleetReference: input.fleetReference, point: input.point)
        builder.courseSpeeds = courses
        builder.courseSpeedsReference = input.courseSpeedsReference
        builder.model = input.model
        builder.wakeReference = input.wakeReference
        builder.heightThresholds = input.heightThresholds
        builder.appRatings = app
        let now = input.now ?? Self.sourceDateEpoch() ?? Date()
        var run = try builder.build(from: scrape.pages, generatedAt: now)
        for warning in scrape.warnings + run.warnings { onEvent?(.warning(warning)) }

        // The folder stays locked from reading the existing table to writing the new one, so a
        // second run cannot slip in between (it waits).
        let lock = try input.dryRun ? nil : DirectoryLock(input.out)
        defer { withExtendedLifetime(lock) {} }
        let existing = try checkedAgainstExisting(run.table, onEvent: onEvent)
        run.table = RatingDiff.carryingPageMissing(
            previous: existing, into: run.table, date: String(run.table.generatedAt.prefix(10)))
        // generatedAt moves only with the content: an unchanged table is byte for byte the same.
        var unchanged = false
        if let existing {
            var same = run.table
            same.generatedAt = existing.generatedAt
            if same == existing {
                run.table = same
                unchanged = true
            }
        }
        let previous = try input.previous.map(RatingTable.load(from:)) ?? existing
        let diff = previous.map { RatingDiff(previous: $0, current: run.table) }
        let names = Self.outputs
        let all = [names.legacyCSV, names.table, names.csv, names.markdown, names.chart]
        if input.dryRun {
            return Result(run: run, written: [], diff: diff, unchanged: unchanged, published: nil)
        }
        let complete = all.allSatisfy {
            FileManager.default.fileExists(atPath: input.out.appendingPathComponent($0).path)
        }
        if unchanged && complete && input.previous == nil {
            let published = try input.publish.map { try TablePublisher.publish(run.table, to: $0) }
            return Result(run: run, written: [], diff: diff, unchanged: true, published: published)
        }
        let markdown = RatingsMarkdown.render(
            .init(
                run: run, appRatings: app, diff: diff,
                previousName: input.previousName ?? (existing == nil ? nil : "the previous \(existingName)"),
                pageSource: sourceDescription, chartFile: names.chart))
        let file = { (name: String) in input.out.appendingPathComponent(name) }
        try AtomicFileWriter.writeAll(
            [
                (file(names.legacyCSV), Data(LegacyShipDataCSV.render(run.scraped).utf8)),
                (file(names.table), try run.table.jsonData()),
                (file(names.csv), Data(RatingsCSV.render(run.table, style: input.csvStyle).utf8)),
                (file(names.chart), Data(RatingsChartSVG.render(run.table).utf8)),
                (file(names.markdown), Data(markdown.utf8)),
            ], locking: false)
        let published = try input.publish.map { try TablePublisher.publish(run.table, to: $0) }
        return Result(run: run, written: all, diff: diff, unchanged: unchanged, published: published)
    }

    /// `SOURCE_DATE_EPOCH` (reproducible builds), when set to a number of seconds.
    static func sourceDateEpoch() -> Date? {
        guard let text = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], let seconds = Int64(text),
            (0...4_102_444_800).contains(seconds)
        else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// The existing table in `out`, as the user named it.
    var existingName: String { (input.outName as NSString).appendingPathComponent(Self.outputs.table) }

    /// The table already in `out` (nil when there is none), after checking that `table` may
    /// replace it.
    private func checkedAgainstExisting(_ table: RatingTable, onEvent: (@Sendable (Event) -> Void)?) throws
        -> RatingTable?
    {
        let url = input.out.appendingPathComponent(Self.outputs.table)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let existing: RatingTable
        do { existing = try RatingTable.load(from: url) } catch {
            let reason: String
            if case RatingsError.invalidFile(_, let why) = error { reason = why } else { reason = "\(error)" }
            guard input.acceptRegression else {
                throw RatingsError.unreadableExisting(path: existingName, reason: reason)
            }
            onEvent?(.warning("\(existingName) cannot be read (\(reason)); replaced as --accept-regression asks"))
            return nil
        }
        if !input.acceptRegression {
            let problems = RatingDiff.regressions(previous: existing, current: table)
            if !problems.isEmpty { throw RatingsError.regression(previous: existingName, problems: problems) }
        }
        return existing
    }
}
