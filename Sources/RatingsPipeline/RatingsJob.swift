package import CSVText
public import DataFolderLayout
@_spi(Benchmarks) public import FleetScraper
public import Foundation
public import JobContract
@_spi(Benchmarks) import LegacyWakeModel
@_spi(Benchmarks) import RatingsReports
import SafeFiles
public import ShipRatingTable
@_spi(Benchmarks) public import ShipRatings

/// One run of `nextwave ratings`: the fleet pages and the curated fleet in, the rating table and
/// its reports out, written together and only when the run succeeds and the new table is not
/// worse than the one it replaces.
public struct RatingsJob: Job {
    /// What a ratings run reads, how it rates, and where it writes.
    public struct Input: Sendable {
        /// The vessel pages and the curated fleet file.
        public var source: FleetSource
        /// The legacy model's operating point (speed and depth).
        public var point: OperatingPoint
        /// The output folder, and its name as the user wrote it (reports never show machine paths).
        public var out: URL
        /// The output folder as the user wrote it.
        public var outName: String
        /// A previous table to list changes against (default: the one in `out`): a file, the folder
        /// a run wrote, or a publishing folder (what the apps have now).
        public var previous: URL?
        /// The previous table as the user named it.
        public var previousName: String?
        /// The app's hard-coded ratings, for the comparison in `ratings.md`.
        public var appRatings: URL
        /// Write the legacy script's `schiffsdaten.csv` (scraped pages only: not for an operator
        /// whose table rests on the curated file alone).
        public var legacyCSV = true
        /// Cruising speeds from archived courses (`operating-speeds.json`), and how reports cite
        /// them; nil: none (operating speeds then rest on published speeds and the Admiralty
        /// relation alone).
        public var courseSpeeds: URL?
        /// How the reports cite ``courseSpeeds``.
        public var courseSpeedsReference = DataLayout.Name.courseSpeeds
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
        /// Let `publish` go ahead although the table cites loopback or file sources (a mirror).
        public var allowLocalSources = false
        /// With `publish`: a package per lake instead of one at `publish` itself, each the table
        /// merged with the tables of the lake's other operators (``LakePackage``).
        public var lakePackages: [LakePackage] = []
        /// How `ship-ratings.csv` is written.
        package var csvStyle: CSVStyle = .standard
        /// The run's clock: the table is stamped with its date (`generatedAt`) when it changed,
        /// and live pages are fetched on it. (The CLI gives a `FixedDateClock` at
        /// `SOURCE_DATE_EPOCH` for reproducible tables; the library reads no environment.)
        public var clock: any JobClock = SystemClock()
        /// How the run's findings word their remedies: plain words by default; the command line
        /// gives its commands (`FleetRemedy` (ShipRatingTable)).
        public var wording: any RemedyWording = PlainRemedyWording()
        /// The data folder and operator whose current table (`ShipRatingTable/CurrentRatingTables`)
        /// this run's table becomes once written: set for a run into the operator's default
        /// reports folder (reviewed) or one that publishes (published); nil for a what-if run
        /// into a folder of its own, which every other command leaves alone.
        public var current: CurrentTarget?
        /// How a command line names this run's fleet file after a `nextwave fleet` subcommand
        /// (`--operator sgv`, a path); the commands `ratings.md` suggests get it. Nil: the data
        /// folder's `fleet.json`, which those commands edit by default.
        public var fleetArgument: String?

        /// An input with the legacy model and the app-fitted wake thresholds by default.
        public init(
            source: FleetSource, point: OperatingPoint = .legacy, out: URL,
            outName: String, previous: URL? = nil, previousName: String? = nil, appRatings: URL,
            acceptRegression: Bool = false, model: RatingModel = .legacy, wakeReference: WakeReference = .standard,
            heightThresholds: HeightThresholdChoice = .fittedToApp
        ) {
            self.model = model
            self.wakeReference = wakeReference
            self.heightThresholds = heightThresholds
            self.source = source
            self.point = point
            self.out = out
            self.outName = outName
            self.previous = previous
            self.previousName = previousName
            self.appRatings = appRatings
            self.acceptRegression = acceptRegression
        }
    }

    /// Whose current table a run's table becomes: the data folder's `ratings/<operatorID>.json`.
    public struct CurrentTarget: Sendable {
        public var data: DataLayout
        public var operatorID: String

        public init(data: DataLayout, operatorID: String) {
            self.data = data
            self.operatorID = operatorID
        }
    }

    /// One lake's published package: the run's table with the ships of `others` (the lake's
    /// other operators' tables) that it does not name, published into `folder`.
    public struct LakePackage: Sendable {
        /// The lake's publishing folder.
        public var folder: URL
        /// The lake's other operators' tables.
        public var others: [URL]
        /// A package for `folder` with `others`.
        public init(folder: URL, others: [URL]) {
            self.folder = folder
            self.others = others
        }
    }

    /// What a run made, wrote and published.
    public struct Result: Sendable {
        /// The new table, the scraped figures and the run's warnings.
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
        /// The table in `out` was already the published one: nothing was published.
        public var publishedUnchanged = false
        /// The table the run was checked against, as the user knows it (`--previous`, the table
        /// in `--out`, or the last published one); nil without any.
        public var baselineName: String?
        /// What makes the new table worse than the baseline. A real run stops on any of these
        /// unless ``Input/acceptRegression``; a dry run reports them.
        public var regressions: [String] = []
        /// Listed ship pages the site says are gone.
        public var vanished: [VanishedPage] = []
        /// The lake packages published (folder names), with ``Input/lakePackages``.
        public var lakesPublished: [String] = []
        /// With ``Input/current``: how the current table is named (`Data/ratings/zsg.json`), and
        /// whether this run changed it (false: it held this table already).
        public var current: (name: String, changed: Bool)?
    }

    /// What a ratings run reports while it works: page progress and warnings.
    public enum Event: Sendable {
        case pages(FleetPages.Event)
        case warning(String)
    }

    /// The files a run writes, in the order they are written.
    public static let outputs = (
        legacyCSV: "schiffsdaten.csv", table: "ship-ratings.json", csv: "ship-ratings.csv", markdown: "ratings.md",
        chart: "ratings-chart.svg"
    )

    /// The job's input.
    public let input: Input

    /// A job for `input`.
    public init(_ input: Input) { self.input = input }

    /// Refuses an operating point or wake reference outside ``OperatingRanges``
    /// (`InvalidInput`, naming the field, e.g. `wakeReference.riderDepthM`). Height thresholds
    /// are checked when they are made (`ShipRatings/HeightThresholds/init(_:_:)`).
    public func validate() throws {
        let r = OperatingRanges.self
        try r.check([input.point.speedKmh], field: "point.speedKmh", in: r.speedKmh, unit: "km/h")
        try r.check([input.point.trackDepthM], field: "point.trackDepthM", in: r.depthM, unit: "m")
        let wake = input.wakeReference
        if case .fixed(let speed) = wake.speed {
            try r.check([speed], field: "wakeReference.speed", in: r.speedKmh, unit: "km/h")
        }
        try r.check([wake.trackDepthM], field: "wakeReference.trackDepthM", in: r.depthM, unit: "m")
        try r.check([wake.riderDepthM], field: "wakeReference.riderDepthM", in: r.depthM, unit: "m")
        try r.check([wake.distanceM], field: "wakeReference.distanceM", in: r.distanceM, unit: "m")
    }

    /// The run in four named stages (after ``validate()``): `build(onEvent:)` (the fleet, the
    /// pages and the new table), `guardAgainstBaseline(_:previous:onEvent:)` (the existing table, the
    /// baseline, the regression guard; the output folder stays locked from here to the write),
    /// `write(_:)` (every output as one atomic set, or nothing when unchanged) and
    /// `publishReviewed(into:)` (the bytes in `out`, not a recomputation).
    /// - Throws: the first failure (fleet file, page, regression, write); nothing is written then.
    public func work(_: Validated, onEvent: @escaping @Sendable (Event) -> Void) async throws -> Result {
        // A previous table named but not there fails before anything is fetched.
        let previous = try openPrevious()
        let built = try await build(onEvent: onEvent)
        // The folder stays locked from reading the existing table to writing the new one, so a
        // second run cannot slip in between (it waits).
        let lock = try input.dryRun ? nil : DirectoryLock(input.out)
        defer { withExtendedLifetime(lock) {} }
        // A run that finds its table unchanged writes nothing, so it settles what a killed run
        // left here itself (an interrupted commit, stale temporary files) before reading.
        if lock != nil { AtomicFileWriter.settle(input.out) }
        let checked = try guardAgainstBaseline(built, previous: previous, onEvent: onEvent)
        var result = checked.result
        if input.publish != nil && !input.allowLocalSources && !input.dryRun {
            let local = Self.localSources(in: result.run.table)
            if let example = local.first { throw RatingsError.localSources(example: example, count: local.count) }
        }
        // The snapshot is kept only by a run that got this far (a dry run included): a run that
        // fails, or that the gate holds, leaves none, so that running it again is not refused.
        let snapshot = try await saveSnapshot(built.scrape, onEvent: onEvent)
        if input.dryRun { return result }
        do {
            result.written = try write(checked)
            try publishReviewed(into: &result)
            try makeCurrent(&result)
        } catch {
            if let snapshot, snapshot.isNew { try? FileManager.default.removeItem(at: snapshot.directory) }
            throw error
        }
        return result
    }
}
