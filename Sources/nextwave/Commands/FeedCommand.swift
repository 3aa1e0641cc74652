import ArgumentParser
import CivilTime
import Foundation
import RatingsPipeline
import SessionsPipeline
import WaveFeed

/// `nextwave feed`: the app's feed of coming waves, as a static folder.
struct FeedCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "Publish every lake's coming waves for the app, as a static folder.",
        usage: """
            nextwave feed [--from <DATE>] [--days <N>] [--lake <NAME> ...]
                          [--out <DIR>] [<options>]
            """,
        discussion: """
            Writes a folder any web server can host as it is (docs/guides/app.md):
              index.json                       per lake: operators, stations, rating
                                               tables and one file per day
              ratings/<operator>.<hash>.json   each operator's rating table
              <lake>/<date>.<hash>.json        every departure of the lake that day:
                                               the app's waveId, station, local and UTC
                                               time, course, next stop, ship (published or
                                               predicted, with its share), rating and
                                               basis, height at the rider
              <lang>/…, index.html             pages for people in any browser (de, fr,
                                               it, en): each lake and station, and each
                                               station's calendar (.ics)
            Files are named by their content; a second run over the same inputs writes
            nothing, and a day with no departures now keeps its earlier file. Lake
            Zurich's ships are rated by --ratings (default Data/ratings/zsg.json), the
            other lakes' by their operators' tables in Data/ratings/.

            Examples:
              nextwave feed --from 2026-09-22 --days 2 --out site
              nextwave feed --from today --days 5 --archive ~/nextwave-archive \\
                  --out /var/www/feed
              nextwave feed --lake Zürichsee --lake Zugersee --from tomorrow --out site
            """)

    @OptionGroup var source: ArchiveOptions

    @Option(
        help: ArgumentHelp("First day, YYYY-MM-DD, today or tomorrow (default: today).", valueName: "DATE"),
        transform: DateArgument.parse)
    var from: LocalDate?

    @Option(help: ArgumentHelp("How many days (1…31).", valueName: "N"))
    var days = 3

    @Option(
        help: ArgumentHelp(
            "A lake, by any of its names (Zürichsee, \"Lake Zurich\"); repeat for several (default: all).",
            valueName: "NAME"))
    var lake: [String] = []

    @Option(
        help: ArgumentHelp(
            "Lake Zurich's rating table: a file or a publishing folder (default: Data/ratings/zsg.json).",
            valueName: "FILE|DIR"))
    var ratings: String?

    @OptionGroup var predict: PredictOption

    @OptionGroup var categories: CategoriesOption

    @Option(help: ArgumentHelp("The site folder.", valueName: "DIR"))
    var out = "site"

    @OptionGroup var progress: ProgressOptions

    var showsProgress: Bool { !progress.noProgress }

    func validate() throws {
        try checkPaths([("--out", out), ("--ratings", ratings)])
    }

    static let inputFlags = ["days": "--days"]

    func execute(_ terminal: Terminal) async throws {
        let operators = try OperatorCatalogue.inDataFolder(source.data)
        let given = try ratings.map { try TableFile.open(URL(fileURLWithPath: $0), name: $0) }
        let tables = try FeedJob.operatorTables(
            data: try source.data.layout, operators: operators, lakeZurich: given?.url)
        guard let main = tables.first else { throw CLIError("no rating table in Data/ratings/", status: .noInput) }
        let catalogue = try source.data.stationCatalogue()
        let lakes = try FeedJob.lakes(named: lake, in: catalogue)
        terminal.announce(
            try DefaultRatingTables.choose(
                given: try ratings.map(TableFile.path(named:)), homeOnly: true,
                stations: lakes.isEmpty ? nil : catalogue.stations.filter { lakes.contains($0.lake) },
                catalogue: catalogue, data: try source.data.layout, operators: operators,
                visible: DefaultRatingTables.Candidate.reviewed(by: operators)
                    + DefaultRatingTables.Candidate.published(inSite: out)),
            quiet: source.data.quietData)
        let start = from ?? ZoneClock.zurich.today()
        var schedule = try source.scheduleSource(
            catalogue: catalogue, ratings: main.url, ratingsName: main.url.lastPathComponent,
            moreRatings: tables.dropFirst().map(\.url))
        schedule.categories = categories.rule
        var input = FeedJob.Input(
            source: schedule,
            tables: tables, from: start, days: days, lakes: lake, out: URL(fileURLWithPath: out, isDirectory: true))
        input.predict = predict.isOn
        input.clock = SourceDateEpoch.clock()
        let result = try await FeedJob(input).run { Self.show($0, terminal) }
        terminal.endProgress()
        print("\(out)/index.json: \(result.summary)")
        terminal.info(result.outcome(out: out))
    }

    /// The job's progress and warnings on the terminal.
    private static func show(_ event: FeedJob.Event, _ terminal: Terminal) {
        switch event {
        case .indexing(let done, let total): terminal.progress("indexing archive files: \(done)/\(total)")
        case .scored(let count, let date): terminal.progress("read \(count) station-days (\(date))")
        case .warning(let message): terminal.warn(message)
        }
    }
}
