import ArgumentParser
import CivilTime
import Foundation
import NextWaveSupport
@_spi(Benchmarks) import ScheduleArchive
@_spi(Benchmarks) import SessionAnalytics
import SessionCore
import SessionReports
import SessionsPipeline

/// `nextwave plan`: what a rider opens — the coming days, day by day, with the best windows.
struct PlanCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "The best sessions day by day, with their waves, for a few days.",
        usage: """
            nextwave plan (--station <STATION> ... | --lake <NAME>) [--from <DATE>]
                   [--days <N>] [--windows <N>] [--json] [--ics <FILE>] [<options>]
            """,
        discussion: """
            For each day from --from (default: the archive's first day) for --days days, the
            best non-overlapping windows at each chosen station, scored as the app scores
            them, each with its waves: time, course, ship (known, or predicted from the
            courses' archived ships) and its rating. A day without a session says why.
            Ships are rated by the app's own ratings unless --ratings names a table.
            --ics writes the windows as a calendar to subscribe to (events keep their
            identity when the file is written again).

            Examples:
              nextwave plan --station wadenswil --from 2026-09-22 --days 3
              nextwave plan --lake Zürichsee --from today --archive ~/nextwave-archive
              nextwave plan --station Stäfa --days 7 --ics ~/sessions.ics
            """)

    @OptionGroup var source: ArchiveOptions

    @OptionGroup var stations: StationOptions

    @Option(
        help: ArgumentHelp(
            "First day, YYYY-MM-DD, today or tomorrow (default: the archive's first).", valueName: "DATE"))
    var from: LocalDate?

    @Option(help: ArgumentHelp("How many days (1…31).", valueName: "N"))
    var days = 7

    @Option(help: ArgumentHelp("Rating table (default: the app's own ratings).", valueName: "FILE"))
    var ratings: String?

    @Option(help: ArgumentHelp("Predict ships for waves without an assignment: on or off.", valueName: "ON|OFF"))
    var predict: Switch = .on

    @Option(
        help: ArgumentHelp("Sun times: each station's own coordinates, or the app's single point.", valueName: "SOURCE")
    )
    var sun: SunSource = .station

    @Option(help: ArgumentHelp("Windows shown per station and day, best first (1…5).", valueName: "N"))
    var windows = 2

    @Flag(help: "Print the plan as JSON (every window).")
    var json = false

    @Option(help: ArgumentHelp("Also write the windows as an iCalendar file (RFC 5545).", valueName: "FILE"))
    var ics: String?

    var showsProgress: Bool { false }

    func validate() throws {
        try checkPaths([("--ratings", ratings), ("--ics", ics)])
        if stations.isEmpty { throw ValidationError("choose --station NAME (repeatable) or --lake NAME") }
        guard (1...SessionRules.defaultTop).contains(windows) else {
            throw ValidationError("--windows must lie in 1…\(SessionRules.defaultTop), got \(windows)")
        }
        try checkSupported(from, option: "--from")
    }

    func execute(_ terminal: Terminal) async throws {
        let plan = try await Self.plan(
            source: source, stations: stations, ratings: ratings, sun: sun, predict: predict == .on, from: from,
            days: days)
        if let ics {
            let url = URL(fileURLWithPath: ics)
            let stamp =
                ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(Int64.init)
                ?? Int64(Date().timeIntervalSince1970)
            try AtomicFileWriter.write(Data(PlanCalendar.render(plan, stamp: stamp, windows: windows).utf8), to: url)
            let events = plan.stationDays.reduce(0) { $0 + min(windows, $1.distinctSessions.count) }
            terminal.info("wrote \(events) session\(events == 1 ? "" : "s") to \(ics)")
        }
        print(json ? try PlanJSON.render(plan) : PlanText.render(plan, windows: windows), terminator: json ? "" : "\n")
    }

    /// The plan of `days` days from `from` at the chosen stations.
    static func plan(
        source: ArchiveOptions, stations: StationOptions, ratings: String?, sun: SunSource, predict: Bool,
        from: LocalDate?, days: Int
    ) async throws -> RiderPlan {
        let catalogue = try StationCatalogue.load(from: try source.data.file("stations.json"))
        let chosen = try stations.resolve(in: catalogue)
        let selection: SessionsJob.StationSelection = chosen.map { .stations($0.map(\.uic)) } ?? .all
        let table: (url: URL, name: String)
        var more: [URL] = []
        if let ratings {
            table = (URL(fileURLWithPath: ratings), ratings)
        } else {
            let lakes = Array(Set((chosen ?? catalogue.stations).map(\.lake))).sorted()
            let choice = try DefaultRatingTables.choose(lakes: lakes, data: source.data)
            table = choice.main
            more = choice.more.map(\.url)
        }
        var input = PlanJob.Input(
            source: try source.scheduleSource(
                catalogue: catalogue, ratings: table.url, ratingsName: table.name, moreRatings: more),
            from: from, days: days, selection: selection)
        input.sun = sun
        input.predict = predict
        return try await PlanJob(input).run()
    }
}
