import ArgumentParser
import CivilTime
import FleetScraper
import Foundation
import ScheduleArchive

struct ArchiveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive",
        abstract: "Build and inspect schedule archives (stationboards, ship assignments, GTFS).",
        discussion: """
            An archive is a directory: stationboards/<date>/<uic>.json (transport.opendata.ch \
            bodies), deployments/<date>.json (ship assignments) and schedule.sqlite, the store \
            that indexes them and holds imported GTFS feeds. The transport API serves no history \
            and the operator's deployment page only today … +14 days: run `archive fetch` daily \
            to build the record.
            """,
        subcommands: [ArchiveFetchCommand.self, ArchiveImportGTFSCommand.self, ArchiveStatusCommand.self])
}

/// `--archive DIR` for commands that write: required, never the bundled one by default.
struct WritableArchiveOption: ParsableArguments {
    @Option(help: ArgumentHelp("Archive directory (created if missing).", valueName: "DIR"))
    var archive: String

    func url() throws -> URL {
        let url = URL(fileURLWithPath: archive, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

struct ArchiveFetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Add today's (and N further days') stationboards and ship assignments to an archive.",
        discussion: """
            One GET /v1/stationboard?id=<uic>&limit=<limit>&date=<day> per station and day, and \
            the operator's deployment page per day. Bodies are validated before they are written; \
            files are written atomically and keyed by day and station, so re-running replaces and \
            never duplicates. A failure leaves the earlier file in place, is reported, and makes \
            the exit status 1 after everything else has been fetched. Requests are spaced by \
            --delay, retried on timeouts, 429 (honouring Retry-After) and 5xx with backoff.

            Example:
              nextwave archive fetch --archive ~/nextwave-archive --stations 8503670,8503651 --days 2
            """)

    @OptionGroup var target: WritableArchiveOption

    @Option(help: ArgumentHelp("Comma-separated UIC station ids.", valueName: "UIC,…"))
    var stations: String

    @Option(help: ArgumentHelp("Further days after the first (0: the first day only).", valueName: "N"))
    var days = 0

    @Option(help: ArgumentHelp("First day (default: today in Europe/Zurich).", valueName: "YYYY-MM-DD"))
    var from: LocalDate?

    @Option(help: ArgumentHelp("Entries per stationboard (1…420; the API rejects more).", valueName: "N"))
    var limit = ArchiveFetcher.maxLimit

    @Option(help: ArgumentHelp("Transport API root.", valueName: "URL"))
    var apiURL = "https://transport.opendata.ch"

    @Option(help: ArgumentHelp("Operator's deployment page root.", valueName: "URL"))
    var deploymentURL = "https://einsatzderschiffe.zsg.ch"

    @Flag(help: "Do not fetch ship assignments.")
    var noDeployments = false

    @Option(help: ArgumentHelp("Seconds between requests to one host (politeness).", valueName: "S"))
    var delay = 1.0

    @Option(help: ArgumentHelp("Seconds before a request times out.", valueName: "S"))
    var timeout = 20.0

    @Option(help: ArgumentHelp("Attempts per request, including the first.", valueName: "N"))
    var attempts = 4

    @Flag(help: "No progress line on stderr.")
    var noProgress = false

    func parsedStations() throws -> [Int] {
        let ids = stations.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !ids.isEmpty else { throw ValidationError("--stations needs at least one UIC id") }
        return try ids.map { text in
            guard let id = Int(text), (1_000_000...9_999_999).contains(id) else {
                throw ValidationError("--stations: \"\(text)\" is not a 7-digit UIC id")
            }
            return id
        }
    }

    func validate() throws {
        _ = try parsedStations()
        guard (0...30).contains(days) else { throw ValidationError("--days must lie in 0…30") }
        guard (1...ArchiveFetcher.maxLimit).contains(limit) else {
            throw ValidationError("--limit must lie in 1…\(ArchiveFetcher.maxLimit) (the API answers 400 above)")
        }
        // FoundationNetworking on Linux times a sub-second timeout out at once (seen here).
        guard delay >= 0, timeout >= 1, (1...10).contains(attempts) else {
            throw ValidationError("--delay must be ≥ 0 s, --timeout ≥ 1 s and --attempts 1…10")
        }
        for (name, text) in [("--api-url", apiURL), ("--deployment-url", deploymentURL)] {
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw ValidationError("\(name): \"\(text)\" is not an http(s) URL")
            }
        }
    }

    func run() async throws {
        let terminal = Terminal(noProgress: noProgress)
        let directory = try target.url()
        let first = from ?? ZoneClock.zurich.localDate(at: Int64(Date().timeIntervalSince1970))
        let dates = (0...days).map { first.adding(days: $0) }
        var http = HTTPPageSource.Configuration()
        http.requestDelay = delay
        http.timeout = timeout
        http.maxAttempts = attempts
        let fetcher = ArchiveFetcher(
            apiRoot: URL(string: apiURL)!, deploymentRoot: noDeployments ? nil : URL(string: deploymentURL)!,
            limit: limit, http: http)
        let report = await fetcher.fetch(stations: try parsedStations(), dates: dates, into: directory) { event in
            switch event {
            case .fetch(.fetching(let url)): terminal.progress("fetching \(url)")
            case .fetch(.retrying(let url, let attempt, let after, let reason)):
                terminal.warn("\(url): \(reason); attempt \(attempt) in \(String(format: "%.1f", after)) s")
            case .stored: break
            }
        }
        terminal.endProgress()
        for failure in report.failed { terminal.error(failure) }
        terminal.info(
            "\(report.written.count) file(s) written, \(report.unchanged.count) unchanged, \(report.failed.count) failed (archive \(directory.path))"
        )
        if !report.failed.isEmpty { throw ExitCode.failure }
    }
}

struct ArchiveImportGTFSCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-gtfs",
        abstract: "Import the ship departures of a GTFS feed (ZIP or directory) into an archive's store.",
        discussion: """
            Streams the feed: stop_times.txt (about 30 million lines for Switzerland) is never held \
            in memory, only the ship trips of the chosen agencies. Every service day of the feed is \
            expanded (calendar.txt weekdays and ranges, calendar_dates.txt additions and removals). \
            Re-importing the same feed replaces its earlier import.

            Example:
              nextwave archive import-gtfs gtfs_fp2026.zip --archive ~/nextwave-archive --agency 194 --agency 196
            """)

    @Argument(help: ArgumentHelp("GTFS feed: a .zip file or a directory of .txt tables.", valueName: "FEED"))
    var feed: String

    @OptionGroup var target: WritableArchiveOption

    @Option(
        help: ArgumentHelp(
            "agency_id to import; repeat for several (ZSG 194; Horgen–Meilen ferry 196).", valueName: "ID"))
    var agency: [String] = ["194"]

    @Flag(help: "No progress line on stderr.")
    var noProgress = false

    func run() throws {
        let terminal = Terminal(noProgress: noProgress)
        do {
            let archive = try ScheduleArchive(directory: try target.url())
            var importer = GTFSImporter(agencies: Set(agency))
            importer.progress = { lines in terminal.progress("stop_times.txt: \(lines / 1_000_000) M lines read") }
            let report = try importer.run(feed: try GTFSFeed(url: URL(fileURLWithPath: feed)), into: archive.store)
            terminal.endProgress()
            for message in report.skipped { terminal.warn("skipped \(message)") }
            if report.skippedCount > report.skipped.count {
                terminal.warn("… and \(report.skippedCount - report.skipped.count) more rows skipped")
            }
            let span = report.firstDate.map { "\($0) … \(report.lastDate!)" } ?? "no service days"
            terminal.info(
                "imported \(report.departures) departures (\(report.trips) ship trips on \(report.routes) routes, \(report.serviceDays) service days: \(span)) from \(report.stopTimeLines) stop_times lines into \(archive.store.path)"
            )
        } catch {
            terminal.endProgress()
            terminal.error(String(describing: error))
            throw ExitCode.failure
        }
    }
}

struct ArchiveStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Index an archive's raw files and show what it holds.",
        discussion: """
            Example:
              nextwave archive status                       # the bundled archive
              nextwave archive status --archive ~/nextwave-archive
            """)

    @OptionGroup var source: ArchiveOptions

    func run() throws {
        let terminal = Terminal(noProgress: true)
        do {
            let (archive, refresh) = try source.open(terminal: terminal)
            let range = try archive.store.dateRange()
            var stations = Set<Int>()
            var departures = 0
            if let range {
                try archive.store.forEachDeparture(from: range.lowerBound, to: range.upperBound) {
                    stations.insert($0.station)
                    departures += 1
                }
            }
            let sources = try archive.store.sources().values
            print("archive      \(archive.directory.path)")
            print(
                "store        \(archive.store.path)\(archive.storeIsTemporary ? " (in memory: directory not writable)" : "")"
            )
            print("dates        \(range.map { "\($0.lowerBound) … \($0.upperBound)" } ?? "none")")
            print("departures   \(departures) at \(stations.count) stations")
            for kind in ["stationboard", "deployments", "gtfs"] {
                print(
                    "\(kind.padding(toLength: 12, withPad: " ", startingAt: 0)) \(sources.filter { $0.kind == kind }.count) source(s)"
                )
            }
            print("skipped      \(refresh.skipped.count) malformed file(s)")
        } catch {
            terminal.error(String(describing: error))
            throw ExitCode.failure
        }
    }
}

/// `--archive DIR` for commands that read (default: the bundled archive) and `--data`.
struct ArchiveOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Archive directory (default: the bundled Data/archive/zsg-2026-09).", valueName: "DIR"))
    var archive: String?

    @Option(help: ArgumentHelp("The bundled data folder (default: found automatically).", valueName: "DIR"))
    var data: String?

    static let bundledArchive = "archive/zsg-2026-09"

    func dataDirectory() throws -> URL { try DataLocator.dataDirectory(explicit: data) }

    /// Opens the archive and brings its store up to date, reporting skipped files on stderr.
    func open(terminal: Terminal) throws -> (ScheduleArchive, ScheduleArchive.RefreshReport) {
        let directory =
            try archive.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? dataDirectory().appendingPathComponent(Self.bundledArchive, isDirectory: true)
        let opened = try ScheduleArchive(directory: directory)
        let report = try opened.refresh { done, total in
            if done % 500 == 0 || done == total { terminal.progress("indexing archive files: \(done)/\(total)") }
        }
        terminal.endProgress()
        for message in report.skipped { terminal.warn("skipped \(message)") }
        return (opened, report)
    }
}
