public import DataFolderLayout
@_spi(Benchmarks) public import FleetScraper
public import Foundation
public import JobContract
@_spi(Benchmarks) import LegacyWakeModel
package import NextWaveSupport
@_spi(Benchmarks) import RatingsReports
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

    /// Saves what the run fetched as the snapshot it was asked for; nil when none was.
    private func saveSnapshot(_ scrape: FleetScrape, onEvent: @Sendable (Event) -> Void) async throws -> (
        directory: URL, isNew: Bool
    )? {
        guard let pending = scrape.pendingSnapshot else { return nil }
        let existed = FileManager.default.fileExists(atPath: pending.directory.path)
        let count = try await pending.save()
        onEvent(.pages(.saved(pages: count, directory: pending.directory)))
        return (pending.directory, !existed)
    }

    /// Stage 1 (reads, writes nothing): the new table from the curated fleet and the pages.
    struct Built {
        var run: RatingRun
        var app: RatingTable?
        var scrape: FleetScrape
        var sourceDescription: String
    }

    func build(onEvent: @escaping @Sendable (Event) -> Void) async throws -> Built {
        let fleet = try CuratedFleet.load(from: input.source.fleet)
        var app: RatingTable?
        do { app = try RatingTable.load(from: input.appRatings) } catch {
            onEvent(.warning("\(error); the report skips the comparison with the app's ratings"))
        }
        let courses = try input.courseSpeeds.map(CourseSpeedTable.load(from:))
        let (scrape, sourceDescription) = try await input.source.pages.on(input.clock).scrape { onEvent(.pages($0)) }
        var builder = RatingTableBuilder(fleet: fleet, fleetReference: input.source.fleetReference, point: input.point)
        builder.courseSpeeds = courses
        builder.courseSpeedsReference = input.courseSpeedsReference
        builder.model = input.model
        builder.wakeReference = input.wakeReference
        builder.heightThresholds = input.heightThresholds
        builder.appRatings = app
        let run = try builder.build(from: scrape.pages, generatedAt: input.clock.date)
        for warning in scrape.allWarnings + run.warnings { onEvent(.warning(warning)) }
        return Built(run: run, app: app, scrape: scrape, sourceDescription: sourceDescription)
    }

    /// Stage 2 (under the folder's lock): the table against the baseline. Carries vanished
    /// pages over, finds regressions (and stops on them unless accepted or a dry run), and keeps
    /// `generatedAt` when the content did not change.
    struct Checked {
        var result: Result
        var built: Built
        /// Whether every output is already in `out` and the table unchanged (nothing to write).
        var upToDate: Bool
    }

    func guardAgainstBaseline(
        _ built: Built, previous: Previous = .notGiven, onEvent: @escaping @Sendable (Event) -> Void
    ) throws -> Checked {
        var run = built.run
        let scrape = built.scrape
        let existing = try existingTable(onEvent: onEvent)
        let baseline = try baseline(existing: existing, previous: previous)
        run.table = Self.keepingVanished(
            scrape.vanished, previous: baseline?.table, in: run.table, retired: run.retired.map(\.name))
        run.table = RatingDiff.carryingPageMissing(
            previous: baseline?.table, into: run.table, date: String(run.table.generatedAt.prefix(10)))
        let renames = baseline.map { Self.renamedPages(previous: $0.table, current: run.table, held: run.held) } ?? []
        let regressions =
            (baseline.map {
                RatingDiff.regressions(previous: $0.table, current: run.table, retired: run.retired.map(\.name))
            } ?? [])
            + run.held + renames
        if !regressions.isEmpty && !input.acceptRegression && !input.dryRun {
            throw RatingsError.regression(
                previous: baseline?.name ?? "the previous table", problems: regressions,
                vanished: Self.vanishedShips(scrape.vanished, previous: baseline?.table))
        }
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
        let diff = baseline.map { RatingDiff(previous: $0.table, current: run.table) }
        let complete = outputNames.allSatisfy {
            FileManager.default.fileExists(atPath: input.out.appendingPathComponent($0).path)
        }
        var built = built
        built.run = run
        return Checked(
            result: Result(
                run: run, written: [], diff: diff, unchanged: unchanged, published: nil,
                baselineName: baseline?.name ?? previous.nothingPublishedName,
                regressions: regressions, vanished: scrape.vanished),
            built: built, upToDate: unchanged && complete && input.previous == nil)
    }

    /// The files this run writes into `out`, in order.
    var outputNames: [String] {
        let names = Self.outputs
        return (input.legacyCSV ? [names.legacyCSV] : []) + [names.table, names.csv, names.markdown, names.chart]
    }

    /// Stage 3: every output into `out` as one atomic set (the caller holds the folder's lock).
    /// When the table is unchanged and every output is there, the table and `ratings.md` (the
    /// record of the run that last changed the table, with its changes) stay; the outputs drawn
    /// from the table alone (the CSVs, the chart) are rewritten, as one set, only where this
    /// version renders them differently, so that a renderer's fix reaches them without a new
    /// table. Returns the names written.
    func write(_ checked: Checked) throws -> [String] {
        let run = checked.result.run
        let names = Self.outputs
        let file = { (name: String) in input.out.appendingPathComponent(name) }
        let legacy = input.legacyCSV ? [(names.legacyCSV, Data(LegacyShipDataCSV.render(run.scraped).utf8))] : []
        let csv = (names.csv, Data(RatingsCSV.render(run.table, style: input.csvStyle).utf8))
        let chart = (names.chart, Data(RatingsChartSVG.render(run.table).utf8))
        if checked.upToDate {
            // Read bounded and as regular files only: anything else there is stale, and replaced.
            let stale = (legacy + [csv, chart]).filter { name, data in (try? BoundedFile.read(file(name))) != data }
            if !stale.isEmpty { try AtomicFileWriter.writeAll(stale.map { (file($0.0), $0.1) }, locking: false) }
            return stale.map(\.0)
        }
        let markdown = RatingsMarkdown.render(
            .init(
                run: run, appRatings: checked.built.app, diff: checked.result.diff,
                previousName: checked.result.baselineName.map(portable), pageSource: checked.built.sourceDescription,
                chartFile: names.chart))
        let markdownText = FleetCommandText.naming(
            markdown, fleetArgument: FleetCommandText.forReport(input.fleetArgument))
        let all =
            legacy + [(names.table, try run.table.jsonData()), csv, chart, (names.markdown, Data(markdownText.utf8))]
        try AtomicFileWriter.writeAll(all.map { (file($0.0), $0.1) }, locking: false)
        return outputNames
    }

    /// Makes the table now in `out` the operator's current table, when ``Input/current`` asks:
    /// published when the run published it, else reviewed.
    private func makeCurrent(_ result: inout Result) throws {
        guard let target = input.current else { return }
        let data = try BoundedFile.read(
            input.out.appendingPathComponent(Self.outputs.table), limit: BoundedFile.tableLimit, what: "rating table")
        let changed = try CurrentRatingTables(data: target.data).record(
            data, for: target.operatorID, origin: input.publish == nil ? .reviewed : .published)
        result.current = (CurrentRatingTables.reference(for: target.operatorID), changed)
    }

    /// `name` (a table or folder as messages name it) as the report names it: the path the user
    /// gave for `--previous`, if it leads, without the folders of this machine.
    func portable(_ name: String) -> String {
        guard let given = input.previousName, name.hasPrefix(given) else { return name }
        return PortablePath.name(given) + name.dropFirst(given.count)
    }

    /// Stage 4: publishes the table now in `out` — the bytes that were reviewed, not a recomputation —
    /// when `publish` is set; nothing is written when it is already the published one.
    private func publishReviewed(into result: inout Result) throws {
        guard let publish = input.publish else { return }
        let data = try BoundedFile.read(
            input.out.appendingPathComponent(Self.outputs.table), limit: BoundedFile.tableLimit, what: "rating table")
        guard !input.lakePackages.isEmpty else {
            let (manifest, changed) = try TablePublisher.publish(tableData: data, to: publish)
            result.published = manifest
            result.publishedUnchanged = !changed
            return
        }
        // Every lake's package, or none: a folder that cannot be written leaves all as they were.
        var packages: [(data: Data, directory: URL)] = []
        for package in input.lakePackages {
            let table = try RatingTable.decode(data, path: input.out.appendingPathComponent(Self.outputs.table).path)
                .merging(package.others.map(RatingTable.load(from:)))
            packages.append((try table.jsonData(), package.folder))
        }
        let (manifests, anyChanged) = try TablePublisher.publishAll(packages, below: publish)
        result.published = manifests.last
        result.lakesPublished = input.lakePackages.map { $0.folder.lastPathComponent }
        result.publishedUnchanged = !anyChanged
    }

    /// The existing table in `out`, as the user named it.
    var existingName: String { (input.outName as NSString).appendingPathComponent(Self.outputs.table) }

    /// The table already in `out` (nil when there is none). An unreadable one stops the run
    /// unless ``Input/acceptRegression`` (it would be replaced unchecked).
    private func existingTable(onEvent: @Sendable (Event) -> Void) throws -> RatingTable? {
        let url = input.out.appendingPathComponent(Self.outputs.table)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do { return try RatingTable.load(from: url) } catch {
            let reason: String
            if case RatingsError.invalidFile(_, let why, _) = error { reason = why } else { reason = "\(error)" }
            guard input.acceptRegression else {
                throw RatingsError.unreadableExisting(path: existingName, reason: reason)
            }
            onEvent(.warning("\(existingName) cannot be read (\(reason)); replaced, as regressions are accepted"))
            return nil
        }
    }

    /// The table the new one is checked and compared against, wherever it comes from: the one
    /// given with `--previous`, else the one in `out`, else the last one published into
    /// `--publish`.
    private func baseline(existing: RatingTable?, previous: Previous) throws -> (table: RatingTable, name: String)? {
        switch previous {
        case .table(let file): return (file.table, file.name)
        case .nothingPublished: return nil
        case .notGiven: break
        }
        if let existing { return (existing, existingName) }
        if let publish = input.publish, let (table, name) = try TablePublisher.current(in: publish) {
            return (table, name)
        }
        return nil
    }

    /// The table `--previous` names, as the run compares against it.
    enum Previous {
        /// No `--previous`: the table in `out`, else the one published to `publish`.
        case notGiven
        case table(TableFile)
        /// A publishing folder with nothing published yet (a first publication): every ship is
        /// new; the name says so.
        case nothingPublished(String)

        var nothingPublishedName: String? {
            if case .nothingPublished(let name) = self { name } else { nil }
        }
    }

    /// ``Input/previous`` opened: a table, or a publishing folder that does not hold one yet (not
    /// there at all, or empty), which a first publication starts from.
    /// - Throws: `NextWaveSupport/FileProblem` for a table file that is not there, or a folder
    ///   with files but no table; `ShipRatingTable/RatingsError` for one that is not a table.
    func openPrevious() throws -> Previous {
        guard let previous = input.previous else { return .notGiven }
        let name = input.previousName ?? previous.lastPathComponent
        if TableFile.isUnpublishedFolder(previous) {
            return .nothingPublished("\(name) (nothing is published there yet: a first publication)")
        }
        return .table(try TableFile.open(previous, name: name))
    }

    /// Pages that described a ship of `previous` and now name a ship that table did not have: the
    /// ship was probably renamed. One finding each, with the command (unless the fleet file's
    /// own sources found it already, in `held`).
    static func renamedPages(previous: RatingTable, current: RatingTable, held: [String]) -> [String] {
        let before = RatingLookup(previous)
        var findings: [String] = []
        for ship in current.ships {
            guard let page = ship.source.page, before.ship(matching: ship) == nil,
                let old = previous.ships.first(where: { $0.source.page == page }),
                RatingLookup(current).ship(matching: old)?.source.page != page,
                !held.contains(where: { $0.hasPrefix(page) })
            else { continue }
            findings.append(
                "\(page) described \(old.name) in the previous table and now names \(ship.name). If the ship was "
                    + "renamed: `nextwave fleet rename \"\(old.name)\" \"\(ship.name)\"`; if the page now describes "
                    + "another ship: `nextwave fleet add --name \"\(ship.name)\" …` with its figures and a source")
        }
        return findings
    }

    /// `table` with every ship of `previous` whose page is now gone and that the new run no
    /// longer has (a ship known only from its page): kept as it was, without its page, so that
    /// the change is a flagged ship and not a silent loss. A ship the fleet file retires
    /// (`retired`, by name or alias) is not kept: its leaving is the change asked for.
    static func keepingVanished(
        _ vanished: [VanishedPage], previous: RatingTable?, in table: RatingTable, retired: [String] = []
    ) -> RatingTable {
        guard let previous, !vanished.isEmpty else { return table }
        let gone = Set(vanished.map(\.url))
        let lookup = RatingLookup(table)
        let retiredKeys = Set(retired.map(ShipNames.key))
        var kept = table
        for old in previous.ships {
            guard let page = old.source.page, gone.contains(page), lookup.ship(matching: old) == nil,
                !([old.name] + old.aliases).contains(where: { retiredKeys.contains(ShipNames.key($0)) })
            else { continue }
            var ship = old
            ship.source.page = nil
            kept.ships.append(ship)
        }
        return kept
    }

    /// Sources of the table the apps' users could not open: loopback hosts and files, "ship:
    /// URL" for each.
    static func localSources(in table: RatingTable) -> [String] {
        table.ships.flatMap { ship in
            [ship.source.page, ship.source.lengthM, ship.source.beamM, ship.source.displacementT].compactMap { $0 }
                .filter(isLocal).map { "\(ship.name): \($0)" }
        }
    }

    static func isLocal(_ source: String) -> Bool {
        guard let url = URL(string: source), let scheme = url.scheme?.lowercased() else { return false }
        if scheme == "file" { return true }
        let host = url.host?.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]")) ?? ""
        return host == "localhost" || host.hasPrefix("127.") || host == "::1" || host == "0.0.0.0"
    }

    /// The vanished pages of a held run with the ships the previous table rated from them.
    static func vanishedShips(_ vanished: [VanishedPage], previous: RatingTable?) -> [VanishedShipPage] {
        vanished.map { page in
            VanishedShipPage(
                url: page.url, status: page.status, redirectedTo: page.redirectedTo,
                ship: previous?.ships.first { $0.source.page == page.url }?.name)
        }
    }
}
