public import CivilTime
package import DataFolderLayout
public import Foundation
import JSONText
public import JobContract
import SafeFiles
@_spi(Benchmarks) import ScheduleArchive
@_spi(Benchmarks) import SessionAnalytics
import SessionCore
import SessionReports
import ShipRatingTable
import TextFormats
public import WaveFeed

/// One run of `nextwave feed`: a schedule archive and the operators' rating tables in, a static
/// wave feed out (docs/guides/app.md; schemas/feed-index.schema.json and
/// feed-day.schema.json):
///
/// ```
/// SITE/index.json                          what is published, lake by lake
/// SITE/ratings/<operator>.<hash>.json      each operator's rating table, as given
/// SITE/<lake>/<date>.<hash>.json           every departure of the lake that day
/// ```
///
/// Files other than the index are content-addressed (the first 16 hex digits of their SHA-256):
/// a file that exists is never rewritten, and the index is rewritten only when what it lists
/// changed (its `generatedAt` moves only then), so a second run over the same inputs writes
/// nothing. The index is written last, atomically, after every file it names. A lake-day that
/// has no departures now, but had a file before, keeps its earlier file (a failed or empty
/// fetch never replaces a good day). Files neither the new nor the previous index names are
/// removed, so a client holding the previous index can still fetch its files.
public struct FeedJob: Job {
    public struct Input: Sendable {
        /// The archive, station list and periods; its `ratings` and `moreRatings` are the
        /// tables below (merged, for the ships' ratings).
        public var source: ScheduleSource
        /// Each operator's rating table, by the operator's code as the station list gives it
        /// ("ZSG"), with its id for the file name ("zsg").
        public var tables: [OperatorTable]
        /// The first day.
        public var from: LocalDate
        /// How many days (1 … ``maximumDays``).
        public var days: Int
        /// The lakes (as the station list names them, or a unique prefix); empty: every lake.
        public var lakes: [String]
        /// The site folder.
        public var out: URL
        /// Departures without an assigned ship take the ships predicted from archived days.
        public var predict = true
        /// The run's clock: the index's `generatedAt` when it changes is its date (the CLI gives
        /// a `FixedDateClock` at `SOURCE_DATE_EPOCH` when that is set).
        public var clock: any JobClock = SystemClock()
        /// How each lake's days were fetched just before (`site update`), by lake name; a lake
        /// not named keeps what the previous index said, or says nothing (a feed from an archive).
        public var fetch: [String: FeedIndex.Fetch] = [:]
        /// Keep the lakes not chosen as the previous index lists them (`site update --lake`);
        /// false: the index lists the chosen lakes only (`feed --lake`).
        public var keepOtherLakes = false
        /// The largest day file written (default: what the app's `FeedReader` reads,
        /// ``WaveFeed/FeedReader/maximumDayBytes``): a writer never makes a file its readers refuse.
        package var maximumDayBytes = FeedReader.maximumDayBytes

        public init(
            source: ScheduleSource, tables: [OperatorTable], from: LocalDate, days: Int, lakes: [String], out: URL
        ) {
            self.source = source
            self.tables = tables
            self.from = from
            self.days = days
            self.lakes = lakes
            self.out = out
        }
    }

    /// One operator's table.
    public struct OperatorTable: Sendable {
        /// As the station list names the operator ("ZSG").
        public var code: String
        /// For file names ("zsg").
        public var id: String
        public var url: URL

        public init(code: String, id: String, url: URL) {
            self.code = code
            self.id = id
            self.url = url
        }
    }

    /// The longest feed, days.
    public static let maximumDays = 31

    public enum Event: Sendable {
        case indexing(done: Int, total: Int)
        case scored(stationDays: Int, date: LocalDate)
        case warning(String)
    }

    public struct Result: Sendable {
        public var index: FeedIndex
        /// Files written, relative to the site (index last); empty when nothing changed.
        public var written: [String]
        /// Files removed (named by neither the new nor the previous index).
        public var removed: [String]
        /// Lake-days that kept their earlier file because they have no departures now.
        public var kept: [String]

        /// The index in words: lakes, waves, the days of each lake with waves, and how many lakes
        /// have days without any.
        public var summary: String {
            let waves = index.lakes.flatMap(\.days).map(\.waves).reduce(0, +)
            let withWaves = index.lakes.filter { $0.days.contains { $0.waves > 0 } }
            let days = withWaves.map { "\($0.name) (\(counted($0.days.count, "day")))" }
            let quiet = index.lakes.filter { !$0.days.isEmpty && !$0.days.contains { $0.waves > 0 } }.count
            return "\(counted(index.lakes.count, "lake")), \(counted(waves, "wave")) on "
                + (days.isEmpty ? "no lake" : days.joined(separator: ", "))
                + (quiet == 0 ? "" : "; \(counted(quiet, "lake")) with days but no departure")
        }

        /// What the run did to the site `out` (as the person named it): the files it wrote and
        /// removed, or that nothing changed.
        public func outcome(out: String) -> String {
            written.isEmpty
                ? "nothing changed; nothing written"
                : "wrote \(counted(written.count, "file")) to \(out)"
                    + (removed.isEmpty ? "" : "; removed \(removed.count) no index names")
        }
    }

    /// Each operator's table: its current one (``ShipRatingTable/CurrentRatingTables``:
    /// `Data/ratings/<id>.json`, the one last reviewed or published, else bundled), Lake
    /// Zurich's from `lakeZurich` when given; an operator without one is left out (its lakes'
    /// waves are unrated, and the index says why).
    /// - Throws: ``DefaultRatingTables/NoTable`` (missing input) when Lake Zurich has no table.
    package static func operatorTables(
        data: DataLayout, operators: OperatorCatalogue, lakeZurich: URL?
    ) throws -> [OperatorTable] {
        let current = CurrentRatingTables(data: data)
        var tables: [OperatorTable] = []
        for op in operators.operators {
            var url = current.file(for: op.id)
            if op.isHome, let lakeZurich { url = lakeZurich }
            guard FileManager.default.fileExists(atPath: url.path) else {
                guard !op.isHome else {
                    throw DefaultRatingTables.NoTable(
                        path: url.path, scope: .lakeZurich(current: CurrentRatingTables.reference(for: op.id)))
                }
                continue
            }
            tables.append(OperatorTable(code: op.code, id: op.id, url: url))
        }
        return tables
    }

    public let input: Input
    public init(_ input: Input) { self.input = input }

    public func validate() throws {
        guard (1...Self.maximumDays).contains(input.days) else {
            throw InvalidInput(field: "days", value: "\(input.days)", accepted: "1…\(Self.maximumDays) days")
        }
        let last = input.from.adding(days: input.days - 1)
        for date in [input.from, last] where !SupportedDates.contains(date) {
            throw SessionsJobError.unsupportedDate(date)
        }
    }

    public func work(_: Validated, onEvent: @escaping @Sendable (Event) -> Void) async throws -> Result {
        let opened = try input.source.open { onEvent(.indexing(done: $0, total: $1)) }
        for message in opened.refresh.skipped { onEvent(.warning("skipped \(message)")) }
        let catalogue = opened.catalogue
        let lakes = try chosenLakes(catalogue)
        let to = input.from.adding(days: input.days - 1)
        let stations = Set(catalogue.stations.filter { lakes.contains($0.lake) }.map(\.uic))
        let lookup = RatingLookup(opened.table)
        var settings = SurveySettings(from: input.from, to: to, stations: stations)
        settings.categories = input.source.categories
        var survey = SessionSurvey(catalogue: catalogue, ratings: lookup, settings: settings)
        // Waves by lake and date.
        var waves: [String: [LocalDate: [FeedWave]]] = [:]
        var known: [String: Set<LocalDate>] = [:]
        try opened.archive.withLock(exclusive: false) {
            let byStation = try opened.archive.store.knownDays(from: input.from, to: to)
            for station in catalogue.stations where lakes.contains(station.lake) {
                known[station.lake, default: []].formUnion(byStation[station.uic] ?? [])
            }
            if input.predict {
                survey.predictions = try ShipPredictions.learn(
                    from: opened.archive.store, catalogue: catalogue, periods: opened.periods)
            }
            var days = try survey.stationDays(store: opened.archive.store)
            var count = 0
            while let day = try days.next() {
                guard let lake = catalogue.station(uic: day.station)?.lake else { continue }
                waves[lake, default: [:]][day.date, default: []] += FeedWaves.waves(day, ratings: lookup)
                count += 1
                if count % 50 == 0 { onEvent(.scored(stationDays: count, date: day.date)) }
            }
        }
        // One lock on the site from reading its index to the last removal: a second run into the
        // same site waits, so that neither removes the files the other's index names.
        let siteLock = try DirectoryLock(input.out)
        defer { withExtendedLifetime(siteLock) {} }
        var site = FeedSite(folder: input.out)
        let previous = try site.previousIndex()
        // The archive's stationboards the index could not read, by lake and day: such a day
        // lists fewer waves than it has.
        var unreadable: [String: [LocalDate: [String]]] = [:]
        for text in opened.refresh.skipped {
            guard let match = text.firstMatch(of: /stationboards\/(\d{4}-\d{2}-\d{2})\/(\d+)\.json/),
                let date = LocalDate(iso: match.1), let uic = Int(match.2),
                let lake = catalogue.station(uic: uic)?.lake
            else { continue }
            unreadable[lake, default: [:]][date, default: []].append("stationboards/\(date)/\(uic).json")
        }
        var plannedLakes: [FeedIndex.Lake] = []
        var kept: [String] = []
        let tables = Dictionary(input.tables.map { ($0.code.lowercased(), $0) }, uniquingKeysWith: { a, _ in a })
        for lake in lakes {
            let operators = catalogue.operators[lake] ?? []
            var ratings: [FeedIndex.RatingsFile] = []
            var references: [FeedDay.HeightReference] = []
            var rated = 0
            for code in operators {
                guard let table = tables[code.lowercased()] else { continue }
                let data = try BoundedFile.read(table.url, limit: BoundedFile.tableLimit, what: "rating table")
                let decoded = try? JSONDecoder().decode(RatingTable.self, from: data)
                rated += decoded?.ships.filter { $0.rating != nil }.count ?? 0
                if let wake = decoded?.model.wake {
                    references.append(
                        FeedDay.HeightReference(
                            operator: code, distanceM: wake.distanceM, riderDepthM: wake.riderDepthM,
                            trackDepthM: wake.trackDepthM, speedKmh: wake.speedKmh))
                }
                ratings.append(
                    FeedIndex.RatingsFile(
                        operator: code, file: try site.stage(data, as: "ratings/\(table.id)"), sha256: SHA256.hex(data))
                )
            }
            var days: [FeedIndex.DayFile] = []
            var date = input.from
            while date <= to {
                let list = (waves[lake]?[date] ?? []).sorted {
                    ($0.timeUTC, $0.stationName, $0.course) < ($1.timeUTC, $1.stationName, $1.course)
                }
                let earlier = previous?.lake(named: lake)?.days.first(where: { $0.date == date.description })
                let missing = unreadable[lake]?[date]?.sorted() ?? []
                if !missing.isEmpty, let earlier, earlier.incomplete == nil,
                    site.intact(earlier.file, sha256: earlier.sha256)
                {
                    // Part of the day could not be read: the complete day published before stays,
                    // as `archive fetch` keeps an archived day a short answer would shrink.
                    days.append(earlier)
                    kept.append("\(lake) \(date)")
                    onEvent(
                        .warning(
                            "\(lake), \(date): \(missing.joined(separator: ", ")) could not be read; the earlier "
                                + "complete file (\(earlier.waves) waves) stays published"))
                } else if list.isEmpty, let earlier, earlier.waves > 0,
                    site.intact(earlier.file, sha256: earlier.sha256)
                {
                    // A day with waves before and none now keeps its file: an empty or failed
                    // fetch never replaces a good day.
                    days.append(earlier)
                    kept.append("\(lake) \(date)")
                    onEvent(.warning("\(lake), \(date): no departures now; the earlier file stays published"))
                } else if !list.isEmpty || known[lake]?.contains(date) == true {
                    // A day fetched without departures is listed with no waves; one not fetched is not.
                    let day = FeedDay(
                        schemaVersion: FeedIndex.currentVersion, lake: lake, date: date.description,
                        timeZone: Self.timeZone, waveHeightReference: references, waves: list)
                    let data = try StableJSON.encode(day)
                    // Never a file the feed's readers refuse (the app's FeedReader: 16 MiB).
                    guard data.count <= input.maximumDayBytes else {
                        throw FeedJobError.tooLarge(
                            what: "\(lake), \(date): the day file", bytes: data.count, limit: input.maximumDayBytes)
                    }
                    days.append(
                        FeedIndex.DayFile(
                            date: date.description, file: try site.stage(data, as: "\(FeedSite.slug(lake))/\(date)"),
                            sha256: SHA256.hex(data), waves: list.count, incomplete: missing.isEmpty ? nil : missing))
                    if !missing.isEmpty {
                        onEvent(
                            .warning(
                                "\(lake), \(date): \(missing.joined(separator: ", ")) could not be read; the day is "
                                    + "published with \(list.count) waves and marked incomplete"))
                    }
                }
                date = date.adding(days: 1)
            }
            let stationList = catalogue.stations.filter { $0.lake == lake }.map {
                FeedIndex.Station(id: String($0.uic), name: $0.name, latitude: $0.latitude, longitude: $0.longitude)
            }
            let unrated: String? =
                operators.isEmpty
                ? "the station list names no operator for this lake: every wave here is unrated"
                : ratings.isEmpty
                    ? "no rating table for \(operators.joined(separator: ", ")): every wave here is unrated"
                    : rated == 0
                        ? "\(operators.joined(separator: ", "))'s table rates no ship yet: every wave here is unrated"
                        : nil
            plannedLakes.append(
                FeedIndex.Lake(
                    name: lake, operators: operators, stations: stationList, ratings: ratings, days: days,
                    unrated: unrated, fetch: input.fetch[lake] ?? previous?.lake(named: lake)?.fetch))
        }
        // Not one day of the chosen lakes known (fetched, with waves or without) nor kept: a feed
        // of nothing would replace a feed of something, or publish an empty one. The site stays.
        if plannedLakes.allSatisfy(\.days.isEmpty) {
            throw FeedJobError.noDays(
                from: input.from, to: to, archive: input.source.archiveName, range: opened.range, lakes: lakes)
        }
        if input.keepOtherLakes, let previous {
            let planned = Dictionary(plannedLakes.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            plannedLakes = catalogue.lakes.compactMap { name in
                if let lake = planned[name] { return lake }
                // A lake kept as it was lists only files still there.
                guard var lake = previous.lake(named: name) else { return nil }
                lake.days = lake.days.filter { site.intact($0.file, sha256: $0.sha256) }
                lake.ratings = lake.ratings.filter { site.intact($0.file, sha256: $0.sha256) }
                return lake
            }
        }
        var index = FeedIndex(
            schemaVersion: FeedIndex.currentVersion, generatedAt: "", timeZone: Self.timeZone,
            archive: input.source.archiveName, lakes: plannedLakes)
        let indexBytes = try StableJSON.encode(index).count
        guard indexBytes <= FeedReader.maximumIndexBytes else {
            throw FeedJobError.tooLarge(what: "the index", bytes: indexBytes, limit: FeedReader.maximumIndexBytes)
        }
        let lakeNames = Dictionary(uniqueKeysWithValues: catalogue.lakes.map { ($0, LakeNames.names(of: $0)) })
        let published = try site.publish(&index, previous: previous, now: input.clock.date) { [site] index in
            var days: [String: FeedDay] = [:]
            for file in index.lakes.flatMap(\.days).map(\.file) {
                guard let data = site.contents(of: file) else { continue }
                days[file] = try? FeedReader.decodeDay(data, from: file)
            }
            var pages = SitePages.Input(index: index, days: days)
            pages.lakeNames = lakeNames
            let folder = input.out
            pages.previousCalendar = { path in
                (try? BoundedFile.read(folder.appendingPathComponent(path), limit: 16 << 20, what: "calendar"))
                    .map { String(decoding: $0, as: UTF8.self) }
            }
            return SitePages.render(pages)
        }
        for file in published.repaired {
            onEvent(.warning("\(file): its bytes were not those the index names (damaged or edited); written again"))
        }
        return Result(index: index, written: published.written, removed: published.removed, kept: kept)
    }

    static let timeZone = "Europe/Zurich"

    /// The lakes to publish, in the station list's order.
    func chosenLakes(_ catalogue: StationCatalogue) throws -> [String] {
        input.lakes.isEmpty ? catalogue.lakes : try Self.lakes(named: input.lakes, in: catalogue)
    }

    /// The lakes `names` name (any of a lake's names, or a unique prefix), in the station list's
    /// order.
    /// - Throws: ``FeedJobError/unknownLake(_:known:)`` for a name that names none.
    package static func lakes(named names: [String], in catalogue: StationCatalogue) throws -> [String] {
        var chosen = Set<String>()
        for name in names {
            guard let lake = catalogue.lake(named: name) else {
                throw FeedJobError.unknownLake(name, known: catalogue.lakes)
            }
            chosen.insert(lake)
        }
        return catalogue.lakes.filter(chosen.contains)
    }
}

/// Why a feed run stopped before writing anything.
public enum FeedJobError: KindedError, Equatable {
    /// A lake the station list lacks is a usage error (a feed of too many days is refused by
    /// ``FeedJob/validate()``); days the archive does not hold for any chosen lake are a refusal.
    public var kind: ProblemKind {
        switch self {
        case .unknownLake: .usage
        case .noDays: .refused
        case .tooLarge: .badData
        }
    }

    case unknownLake(String, known: [String])
    /// The archive holds none of the days asked for any chosen lake (it holds `range`): nothing
    /// was written.
    case noDays(from: LocalDate, to: LocalDate, archive: String, range: ClosedRange<LocalDate>, lakes: [String])
    /// A file of the feed larger than its readers accept: nothing was written.
    case tooLarge(what: String, bytes: Int, limit: Int)

    public var description: String {
        switch self {
        case .unknownLake(let name, let known):
            "no lake \"\(name)\" in the station list; lakes: \(known.joined(separator: ", "))"
        case .noDays(let from, let to, let archive, let range, let lakes):
            "the archive \(archive) holds no day from \(from) to \(to) of "
                + (lakes.count == 1 ? lakes[0] : "the \(lakes.count) lakes chosen")
                + " (it holds \(range.lowerBound) … \(range.upperBound)); nothing was written"
        case .tooLarge(let what, let bytes, let limit):
            "\(what) would take \(bytes) bytes, more than the "
                + (limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit) bytes") + " the feed's readers accept (the "
                + "app's FeedReader); nothing was written: the archive holds more departures that day than a lake has"
        }
    }

    /// The lakes a fetch of the coming days should name.
    public var askedLakes: [String] {
        if case .noDays(_, _, _, _, let lakes) = self { return lakes }
        return []
    }
}
