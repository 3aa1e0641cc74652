import ArgumentParser
import CivilTime
import Foundation
import NextWaveSupport
@_spi(Benchmarks) import ScheduleArchive
import WebFetch

struct ArchiveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive",
        abstract: "Build and inspect schedule archives (stationboards, ship assignments, GTFS).",
        discussion: """
            An archive is a directory: stationboards/<date>/<uic>.json (transport.opendata.ch
            bodies), deployments/<date>.json (ship assignments) and schedule.sqlite, the
            store that indexes them and holds imported GTFS feeds. The transport API serves
            no history and the operator's deployment page only a few days ahead: run
            `archive fetch` daily to build the record.
            """,
        subcommands: [ArchiveFetchCommand.self, ArchiveImportGTFSCommand.self, ArchiveStatusCommand.self])
}

struct ArchiveFetchCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Add stationboards and ship assignments of today (and further days) to an archive.",
        usage: """
            nextwave archive fetch --archive <DIR> --lake <NAME> [--days <N>]
                                   [--from <DATE>] [<options>]
            nextwave archive fetch --archive <DIR> --station <STATION> [<options>]
            """,
        discussion: """
            One GET /v1/stationboard?id=<uic>&limit=<limit>&date=<day> per station and
            day, and the ship assignments of the lake's operator: ZSG's deployment page
            per day, SGV's steamer allocation page, or CGN's pier boards (--operator
            chooses). Bodies are validated before they are written; files are written
            atomically and keyed by day and station. The archive never shrinks: an
            answer for another day is refused, one that adds nothing keeps the file,
            others are merged. A failure leaves the earlier file in place, is reported,
            and makes the exit status 1 after everything else has been fetched.
            Requests are spaced by --delay and retried on timeouts, 429 (honouring
            Retry-After) and 5xx with backoff; a host that does not resolve or refuses connections is not retried.

            Examples:
              nextwave archive fetch --archive ~/nextwave-archive --lake Zürichsee --days 5
              nextwave archive fetch --archive ~/nextwave-archive \\
                  --station wadenswil,8503651 --days 2
            """)

    @OptionGroup var target: WritableArchiveOption

    @OptionGroup var stations: StationOptions

    @Option(help: ArgumentHelp("How many days, starting with --from (1: that day only).", valueName: "N"))
    var days = 1

    @OptionGroup var data: DataOptions

    @Option(help: ArgumentHelp("First day, YYYY-MM-DD or today (default: today in Europe/Zurich).", valueName: "DATE"))
    var from: LocalDate?

    @Option(help: ArgumentHelp("Entries per stationboard (1…420; the API rejects more).", valueName: "N"))
    var limit = ArchiveFetcher.maxLimit

    @Option(help: ArgumentHelp("Transport API root.", valueName: "URL"))
    var apiURL = "https://transport.opendata.ch"

    @Option(
        help: ArgumentHelp(
            "Where the operator publishes ship assignments (default: its own; ZSG's page root, SGV's page, CGN's board).",
            valueName: "URL"))
    var deploymentURL: String?

    @Option(
        name: .customLong("operator"),
        help: ArgumentHelp(
            "Whose ship assignments: zsg, sgv or cgn (default: the one of the stations' lake).", valueName: "NAME"))
    var operatorName: String?

    @Flag(help: "Do not fetch ship assignments.")
    var noDeployments = false

    @OptionGroup var http: HTTPOptions
    @OptionGroup var progress: ProgressOptions

    var showsProgress: Bool { !progress.noProgress }

    func validate() throws {
        guard !stations.isEmpty else {
            throw ValidationError("give --lake NAME or --station NAME|UIC (repeat for several)")
        }
        guard (1...31).contains(days) else { throw ValidationError("--days must lie in 1…31") }
        try checkSupported(from, option: "--from")
        guard (1...ArchiveFetcher.maxLimit).contains(limit) else {
            throw ValidationError("--limit must lie in 1…\(ArchiveFetcher.maxLimit) (the API answers 400 above)")
        }
        for (name, text) in [("--api-url", apiURL), ("--deployment-url", deploymentURL ?? "https://x")] {
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw ValidationError("\(name): \"\(text)\" is not an http(s) URL")
            }
        }
    }

    func execute(_ terminal: Terminal) async throws {
        let directory = try target.url()
        let first = from ?? ZoneClock.zurich.localDate(at: Int64(Date().timeIntervalSince1970))
        let dates = (0..<days).map { first.adding(days: $0) }
        let catalogue = try StationCatalogue.load(from: try data.file("stations.json"))
        let chosen = try stations.resolve(in: catalogue) ?? []
        let source = noDeployments ? nil : try assignmentSource(for: chosen, terminal: terminal)
        var fetcher = ArchiveFetcher(
            apiRoot: URL(string: apiURL)!, assignments: source, limit: limit, http: http.configuration)
        fetcher.stations = catalogue
        fetcher.lakes = Set(chosen.map(\.lake))
        let names = Dictionary(chosen.map { ($0.uic, $0.name) }, uniquingKeysWith: { a, _ in a })
        let clock = ProgressClock()
        let report = await fetcher.fetch(stations: chosen.map(\.uic), dates: dates, into: directory) { event in
            switch event {
            case .request(let done, let total, let uic, let date):
                let what = uic.map { names[$0] ?? String($0) } ?? "ship assignments"
                terminal.progress("[\(done + 1)/\(total)] \(what) \(date)" + clock.remaining(done: done, total: total))
            case .fetch(.retrying(let url, let attempt, let after, let reason)):
                terminal.show(.retrying(url: url, attempt: attempt, after: after, reason: reason))
            case .fetch, .stored: break
            }
        }
        terminal.endProgress()
        for failure in report.failed { terminal.error(failure) }
        for kept in report.kept { terminal.warn(kept) }
        for merged in report.merged { terminal.info(merged) }
        for note in report.notes { terminal.info(note) }
        terminal.info(
            "\(report.written.count) file(s) written, \(report.unchanged.count) unchanged, \(report.failed.count) failed"
                + (report.merged.isEmpty ? "" : ", \(report.merged.count) merged with the archived file")
                + (report.kept.isEmpty ? "" : ", \(report.kept.count) kept (the new answer added nothing)")
                + " (archive \(directory.path))"
        )
        if !report.failed.isEmpty { throw ExitCode.failure }
    }
}

extension ArchiveFetchCommand {
    /// Where the assignments come from: `--operator`, else the operator of the stations' lake
    /// that publishes them (ZSG, SGV, CGN); nil when none does (sessions then predict ships).
    func assignmentSource(for stations: [Station], terminal: Terminal) throws -> ArchiveFetcher.AssignmentSource? {
        let chosen: OperatorCatalogue.Operator?
        if let operatorName {
            chosen = try OperatorCatalogue.named(operatorName, data: data)
        } else {
            let catalogue = try OperatorCatalogue.inDataFolder(data)
            let lakes = Set(stations.map(\.lake)).sorted()
            let publishing = Set(
                lakes.flatMap { catalogue.operators(onLake: $0) }.filter { $0.assignments != nil }.map(\.id))
            chosen = catalogue.operators.first { publishing.contains($0.id) }
            if chosen == nil {
                terminal.info(
                    "no operator publishes ship assignments for \(lakes.joined(separator: ", ")); sessions predict ships"
                )
            } else if publishing.count > 1 {
                terminal.warn("several operators publish assignments here; fetching \(chosen!.code)'s (--operator)")
            }
        }
        guard let chosen, let kind = chosen.assignments else {
            if let chosen { terminal.info("\(chosen.code) publishes no ship assignments; sessions predict ships") }
            return nil
        }
        let given = deploymentURL.flatMap(URL.init(string:))
        guard let source = ArchiveFetcher.AssignmentSource.Kind(rawValue: kind) else {
            let known = ArchiveFetcher.AssignmentSource.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw CLIError(
                "\(OperatorCatalogue.fileName): \(chosen.id) has an unknown assignments source \"\(kind)\" "
                    + "(known: \(known))",
                status: .dataError)
        }
        return ArchiveFetcher.AssignmentSource(source, url: given)
    }
}

extension ArchiveImportGTFSCommand {
    /// `--agency`, else the agencies of `--lake` (Data/operators.json), else ZSG's 194.
    func agencies(_ terminal: Terminal) throws -> [String] {
        if !agency.isEmpty { return agency }
        guard let lake else { return ["194"] }
        let stations = try StationCatalogue.load(from: try data.file("stations.json"))
        // The lake as the stations list names it (a unique prefix, case and accents ignored).
        guard let name = try stations.stations(ofLake: lake).first?.lake else {
            throw CLIError("no stations listed for the lake \"\(lake)\"", status: .usage)
        }
        let catalogue = try OperatorCatalogue.inDataFolder(data)
        let ids = catalogue.agencies(onLake: name)
        guard !ids.isEmpty else {
            throw CLIError(
                "no GTFS agency id is known for \(name) (Data/operators.json); give them with --agency (the feed's agency.txt lists them)",
                status: .usage)
        }
        terminal.info("\(name): agencies \(ids.joined(separator: ", "))")
        return ids
    }
}

struct ArchiveImportGTFSCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-gtfs",
        abstract: "Import the ship departures of a GTFS feed (ZIP or folder) into an archive.",
        usage: """
            nextwave archive import-gtfs <FEED> --archive <DIR> [--agency <ID> ...]
                                         [--from <YYYY-MM-DD> --to <YYYY-MM-DD>]
            """,
        discussion: """
            Streams the feed: stop_times.txt (about 30 million lines for Switzerland) is
            never held in memory, only the ship trips of the chosen agencies. Every service
            day of the feed is expanded (calendar.txt weekdays and ranges,
            calendar_dates.txt additions and removals). One import covers at most 1096
            service days (three years) and 5 million departures; a feed beyond either is
            refused unless --from and --to choose part of it. Re-importing the same feed
            replaces its earlier import, unless the new import finds no ship departures.

            Example:
              nextwave archive import-gtfs gtfs_fp2026.zip --archive ~/nextwave-archive \\
                  --agency 194 --agency 196
            """)

    @Argument(help: ArgumentHelp("GTFS feed: a .zip file or a folder of .txt tables.", valueName: "FEED"))
    var feed: String

    @OptionGroup var target: WritableArchiveOption

    @Option(help: ArgumentHelp("agency_id to import; repeat for several (ZSG 194, ferry 196).", valueName: "ID"))
    var agency: [String] = []

    @Option(
        help: ArgumentHelp(
            "Import the agencies of this lake (Vierwaldstättersee 185, Lac Léman 184, …; a unique prefix).",
            valueName: "NAME"))
    var lake: String?

    @OptionGroup var data: DataOptions

    @Option(help: ArgumentHelp("First service day to import (default: the feed's first).", valueName: "YYYY-MM-DD"))
    var from: LocalDate?

    @Option(help: ArgumentHelp("Last service day to import (default: the feed's last).", valueName: "YYYY-MM-DD"))
    var to: LocalDate?

    func validate() throws {
        try checkPaths([("FEED", feed)])
        try checkSupported(from, option: "--from")
        try checkSupported(to, option: "--to")
        guard (from == nil) == (to == nil) else { throw ValidationError("give --from and --to together") }
        if lake != nil && !agency.isEmpty { throw ValidationError("give --agency or --lake, not both") }
        if let from, let to {
            guard from <= to else { throw ValidationError("--from \(from) is after --to \(to)") }
            let days = from.days(to: to) + 1
            guard days <= GTFSImporter.maximumSpanDays else {
                throw ValidationError(
                    "--from … --to spans \(days) days; one import covers at most \(GTFSImporter.maximumSpanDays)")
            }
        }
    }

    @OptionGroup var progress: ProgressOptions

    var showsProgress: Bool { !progress.noProgress }

    func execute(_ terminal: Terminal) async throws {
        let archive = try ScheduleArchive(directory: try target.url())
        var importer = GTFSImporter(
            agencies: Set(try agencies(terminal)), window: from.flatMap { f in to.map { f...$0 } })
        importer.progress = { lines in terminal.progress("stop_times.txt: \(lines / 1_000_000) M lines read") }
        let gtfs = try GTFSFeed(url: URL(fileURLWithPath: feed))
        let report = try archive.withLock(exclusive: true) { try importer.run(feed: gtfs, into: archive.store) }
        terminal.endProgress()
        for message in report.skipped { terminal.warn("skipped \(message)") }
        if report.skippedCount > report.skipped.count {
            terminal.warn("… and \(report.skippedCount - report.skipped.count) more rows skipped")
        }
        let span = report.firstDate.map { "\($0) … \(report.lastDate!)" } ?? "no service days"
        terminal.info(
            "imported \(report.departures) departures (\(report.trips) ship trips on \(report.routes) routes, \(report.serviceDays) service days: \(span)) from \(report.stopTimeLines) stop_times lines into \(archive.store.path)"
        )
    }
}

struct ArchiveStatusCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Index an archive's raw files and show what it holds.",
        discussion: """
            Examples:
              nextwave archive status
              nextwave archive status --archive ~/nextwave-archive
            """)

    @OptionGroup var source: ArchiveOptions

    var showsProgress: Bool { false }

    func execute(_ terminal: Terminal) async throws {
        let (archive, refresh) = try ScheduleArchive.opened(at: try source.location().url)
        for message in refresh.skipped { terminal.warn("skipped \(message)") }
        let status = try archive.status()
        print("archive      \(archive.directory.path)")
        print(
            "store        \(archive.store.path)\(archive.storeIsTemporary ? " (in memory: directory not writable)" : archive.store.isReadOnly ? " (read-only)" : "")"
        )
        print("dates        \(status.dates.map { "\($0.lowerBound) … \($0.upperBound)" } ?? "none")")
        print("departures   \(status.departures) at \(status.stations) stations")
        for kind in ScheduleStore.SourceKind.allCases {
            print(
                "\(kind.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)) \(status.sources[kind, default: 0]) source(s)"
            )
        }
        print("skipped      \(refresh.skipped.count) malformed file(s)")
        let catalogue = try StationCatalogue.load(from: try source.data.file("stations.json"))
        let periods = try SchedulePeriods.load(from: try source.data.file("schedule_periods.json"))
        let coverage = try archive.assignmentCoverage(catalogue: catalogue, periods: periods)
        guard !coverage.isEmpty else { return }
        print("\nShip assignments by lake and timetable period (sessions predict the rest):")
        print(
            TextTable.render(
                header: ["Lake", "Period", "Days", "With ships", "Departures", "With a ship"],
                rows: coverage.map { row in
                    [
                        row.lake, row.period ?? "(none)", String(row.days), String(row.daysWithAssignments),
                        String(row.departures),
                        "\(row.departuresWithShip) (\(fixed(100 * Double(row.departuresWithShip) / Double(max(row.departures, 1)), 0)) %)",
                    ]
                }, rightAligned: [2, 3, 4, 5]))
    }
}
