import ArgumentParser
import CivilTime
import Foundation
import SessionsPipeline

/// `nextwave site`: the published site, kept current.
struct SiteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "site",
        abstract: "Keep a published site of every lake's coming waves current (for cron).",
        discussion: """
            A site is a folder any static host serves as it is: the wave feed (index.json,
            a file per lake and day, the operators' rating tables), its pages for people
            in any browser (a page per lake and station in four languages, each
            station's calendar), and beside them, when the maintainer publishes there,
            the app's table (`ratings publish --to SITE/ratings`). `site update`
            refreshes it in one step.
            """,
        subcommands: [SiteUpdateCommand.self])
}

/// `nextwave site update`: fetch the coming days, rate them, publish the feed.
struct SiteUpdateCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Fetch the coming days of every lake, rate them and publish the feed.",
        usage: """
            nextwave site update --archive <DIR> --out <DIR> [--lake <NAME> ...]
                                 [--from <DATE>] [--days <N>] [<options>]
            """,
        discussion: """
            For every lake the station list names an operator for (or each --lake): fetches
            --days days from --from (default today and the next two, what the app shows)
            into the archive, stationboards and the operator's ship assignments as `archive
            fetch` does; predicts ships where none is assigned; rates them with each
            operator's current table (the one last reviewed or published); and writes the
            feed into --out as `feed` does: named by content, the index last, atomically,
            older generations removed. A lake whose sources fail keeps its earlier days
            and the index says so (exit status 1 after the others are written). Nothing
            is written when no request reached its site (69), nor when another update
            holds the site (75). A second run with nothing new writes nothing.

            Examples:
              nextwave site update --archive ~/nextwave-archive --out ~/public_html/waves
              nextwave site update --archive ~/nextwave-archive --out site \\
                  --lake Zürichsee --days 5
            """)

    @OptionGroup var target: WritableArchiveOption

    @Option(help: ArgumentHelp("The site folder.", valueName: "DIR"))
    var out: String

    @Option(
        help: ArgumentHelp(
            "A lake, by any of its names; repeat for several (default: every lake with an operator).",
            valueName: "NAME"))
    var lake: [String] = []

    @Option(
        help: ArgumentHelp("First day, YYYY-MM-DD, today or tomorrow (default: today).", valueName: "DATE"),
        transform: DateArgument.parse)
    var from: LocalDate?

    @Option(help: ArgumentHelp("How many days (1…14).", valueName: "N"))
    var days = 3

    @OptionGroup var sources: SourceURLOptions

    @OptionGroup var predict: PredictOption
    @OptionGroup var categories: CategoriesOption
    @OptionGroup var data: DataOptions
    @OptionGroup var http: HTTPOptions
    @OptionGroup var progress: ProgressOptions

    var showsProgress: Bool { !progress.noProgress }

    static var inputFlags: [String: String] { ["days": "--days", "from": "--from"] }

    func validate() throws {
        try checkPaths([("--out", out)])
    }

    func execute(_ terminal: Terminal) async throws {
        let catalogue = try data.stationCatalogue()
        let operators = try OperatorCatalogue.inDataFolder(data)
        let folder = try data.layout
        let tables = try FeedJob.operatorTables(data: folder, operators: operators, lakeZurich: nil)
        terminal.announce(
            try DefaultRatingTables.choose(
                given: nil, stations: nil, catalogue: catalogue, data: folder, operators: operators,
                visible: DefaultRatingTables.Candidate.published(inSite: out)),
            quiet: data.quietData)
        let input = try input(catalogue: catalogue, operators: operators, tables: tables)
        let clock = ProgressClock()
        let result = try await SiteUpdateJob(input).run { Self.show($0, clock, terminal) }
        terminal.endProgress()
        print("\(out)/index.json: \(result.feed.summary)")
        terminal.info(result.summary(out: out))
        if let failure = result.failure {
            terminal.error(failure)
            throw ExitCode.failure
        }
    }

    /// The job's input from the options and what the data folder holds.
    private func input(catalogue: StationCatalogue, operators: OperatorCatalogue, tables: [FeedJob.OperatorTable])
        throws
        -> SiteUpdateJob.Input
    {
        var input = SiteUpdateJob.Input(
            archive: target.url(), archiveName: target.archive, out: URL(fileURLWithPath: out, isDirectory: true),
            catalogue: catalogue, data: try data.layout, operators: operators, tables: tables,
            from: from ?? ZoneClock.zurich.today())
        input.lakes = lake
        input.days = days
        if let api = try sources.apiRoot() { input.apiRoot = api }
        input.deploymentURL = try sources.deploymentRoot()
        input.http = http.configuration
        input.predict = predict.isOn
        input.categories = categories.rule
        input.clock = SourceDateEpoch.clock()
        return input
    }

    /// The job's progress, retries and warnings on the terminal.
    private static func show(_ event: SiteUpdateJob.Event, _ clock: ProgressClock, _ terminal: Terminal) {
        switch event {
        case .lake(let name, let done, let total):
            terminal.progress("[\(done + 1)/\(total)] \(name)" + clock.remaining(done: done, total: total))
        case .fetch(.fetcher(.fetch(.retrying(let url, let attempt, let after, let reason)))):
            terminal.show(.retrying(url: url, attempt: attempt, after: after, reason: reason))
        case .fetch(.warning(let text)), .feed(.warning(let text)), .warning(let text): terminal.warn(text)
        case .fetch, .feed: break
        }
    }
}
