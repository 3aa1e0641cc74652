import ArchiveFetch
import ArgumentParser
import CivilTime
import Foundation
import NextWaveSupport
@_spi(Benchmarks) import ScheduleArchive
import WebFetch

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

    @Option(
        name: .customLong("api-url"),
        help: ArgumentHelp(
            "Transport API root (default: $NEXTWAVE_API_URL, else https://transport.opendata.ch).", valueName: "URL"))
    var apiURLOption: String?

    @Option(
        name: .customLong("deployment-url"),
        help: ArgumentHelp(
            "Where the operator publishes ship assignments (default: $NEXTWAVE_DEPLOYMENT_URL, else its own).",
            valueName: "URL"))
    var deploymentURLOption: String?

    /// `--api-url`, else `$NEXTWAVE_API_URL` (a mirror, or a test's server, for a command line
    /// that must stay as written, like a crontab's), else the public API.
    var apiURL: String {
        apiURLOption ?? ProcessInfo.processInfo.environment["NEXTWAVE_API_URL"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "https://transport.opendata.ch"
    }

    /// `--deployment-url`, else `$NEXTWAVE_DEPLOYMENT_URL`, else nil (the operator's own).
    var deploymentURL: String? {
        deploymentURLOption
            ?? ProcessInfo.processInfo.environment["NEXTWAVE_DEPLOYMENT_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

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
