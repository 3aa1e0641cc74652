import ArgumentParser
import CivilTime
import Foundation
import SessionsPipeline

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
            and makes the exit status 1 after everything else has been fetched (69 when
            no request reached its site).
            Requests are spaced by --delay and retried on timeouts, 429 (honouring
            Retry-After) and 5xx with backoff; a host that does not resolve or refuses
            connections is not retried.

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

    @Option(
        help: ArgumentHelp("First day, YYYY-MM-DD or today (default: today in Europe/Zurich).", valueName: "DATE"),
        transform: DateArgument.parse)
    var from: LocalDate?

    @Option(help: ArgumentHelp("Entries per stationboard (1…420; the API rejects more).", valueName: "N"))
    var limit = ArchiveFetchJob.maximumLimit

    @OptionGroup var sources: SourceURLOptions

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

    static var inputFlags: [String: String] {
        [
            "days": "--days", "from": "--from", "limit": "--limit", "apiRoot": "--api-url",
            "deploymentURL": "--deployment-url",
        ]
    }

    func validate() throws {
        guard !stations.isEmpty else {
            throw ValidationError("give --lake NAME or --station NAME|UIC (repeat for several)")
        }
    }

    func execute(_ terminal: Terminal) async throws {
        let catalogue = try data.stationCatalogue()
        var input = ArchiveFetchJob.Input(
            archive: target.url(), stations: try stations.resolve(in: catalogue) ?? [], catalogue: catalogue,
            operators: try OperatorCatalogue.inDataFolder(data),
            from: from ?? ZoneClock.zurich.today())
        if let api = try sources.apiRoot() { input.apiRoot = api }
        input.days = days
        input.limit = limit
        input.deploymentURL = try sources.deploymentRoot()
        input.assignments = noDeployments ? .none : operatorName.map { .named($0) } ?? .automatic
        input.http = http.configuration
        let names = Dictionary(input.stations.map { ($0.uic, $0.name) }, uniquingKeysWith: { a, _ in a })
        let clock = ProgressClock()
        let report = try await ArchiveFetchJob(input).run { event in
            switch event {
            case .fetcher(.request(let done, let total, let uic, let date)):
                let what = uic.map { names[$0] ?? String($0) } ?? "ship assignments"
                terminal.progress("[\(done + 1)/\(total)] \(what) \(date)" + clock.remaining(done: done, total: total))
            case .fetcher(.fetch(.retrying(let url, let attempt, let after, let reason))):
                terminal.show(.retrying(url: url, attempt: attempt, after: after, reason: reason))
            case .fetcher: break
            case .note(let text): terminal.info(text)
            case .warning(let text): terminal.warn(text)
            }
        }
        terminal.endProgress()
        for failure in report.failed { terminal.error(failure) }
        if report.outOfTime > 0 { terminal.info(Advice.outOfTime(report.outOfTime)) }
        for kept in report.kept { terminal.warn(kept) }
        for line in report.merged + report.notes { terminal.info(line) }
        // A new folder where nothing was written is not left behind (ArchiveFetchJob): say so.
        let made = Paths.exists(input.archive)
        terminal.info(report.summary(archive: input.archive.path + (made ? "" : " not made: nothing was written")))
        // Nothing reached (offline, a wrong address): "unavailable", as every other command says it.
        if report.nothingReached { throw ExitCode(ExitStatus.unavailable.rawValue) }
        if report.failures > 0 { throw ExitCode.failure }
    }
}
