import ArgumentParser
import CivilTime
import Foundation
import SessionCore
import SessionsPipeline

struct SessionsCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "The best 1–2 h wake sessions at every station and day of a schedule archive.",
        usage: """
            nextwave sessions [--archive <DIR>] [--from <DATE>] [--to <DATE>]
                              [--station <STATION> ... | --lake <NAME>] [<options>]
            """,
        discussion: """
            Scores every window exactly as the Next Wave app does (a wave per ship
            departure; quality 10/5/2/1 for rating 3/2/other ship/unknown; a frequency
            bonus; a twilight penalty; darkness dropped) and writes to --out:
              sessions.json          every station-day: sessions, distinct sessions, waves
              sessions.csv           one row per distinct (non-overlapping) session
              waves.csv              every wave: time, course, next stop, ship, rating
              sessions.md            where and when: stations, hours, usual windows
              sessions-heatmap.svg   session quality by station × hour
            A wave without an assigned ship takes the ships that ran its course on archived
            days of the same timetable period (expected points); --predict off scores it
            as unknown, as the app does. Stations by name or UIC id. Ships are rated by
            each lake's current table (Data/ratings/<operator>.json: the one last
            reviewed or published) unless --ratings names another; stderr and the report
            name the table.

            Examples:
              nextwave sessions --lake Zürichsee
              nextwave sessions --station wadenswil --station "Stäfa" --from today
              nextwave sessions --station 8503670 --from 2026-09-22 --to 2026-09-22 \\
                  --ratings Data/app-ratings.json --sun app --predict off
            """)

    @OptionGroup var source: ArchiveOptions

    @Option(
        help: ArgumentHelp("First day, YYYY-MM-DD or today (default: the archive's first).", valueName: "DATE"),
        transform: DateArgument.parse)
    var from: LocalDate?

    @Option(
        help: ArgumentHelp(
            "Last day, inclusive, YYYY-MM-DD or today (default: the archive's last).", valueName: "DATE"),
        transform: DateArgument.parse)
    var to: LocalDate?

    @OptionGroup var stations: StationOptions

    @OptionGroup var scoring: ScoringOptions

    @OptionGroup var predict: PredictOption

    @Option(help: ArgumentHelp("Sessions kept per station and day.", valueName: "N"))
    var top = SessionRules.defaultTop

    @Option(help: ArgumentHelp("Output folder.", valueName: "DIR"))
    var out = ReportsLayout.folder

    @OptionGroup var csv: CSVStyleOption
    @OptionGroup var progress: ProgressOptions

    var showsProgress: Bool { !progress.noProgress }

    func validate() throws {
        try checkPaths([("--out", out)])
        // Each date is held to the years sun times are computed for as it is parsed
        // (DateArgument); their order is the job's to check (SessionsJob.validate).
    }

    static let inputFlags = ["top": "--top"]

    func execute(_ terminal: Terminal) async throws {
        let catalogue = try source.data.stationCatalogue()
        let (chosen, selection) = try stations.selection(in: catalogue)
        // --ratings, else the lakes' operators' current tables (the ones last reviewed or
        // published), said aloud: never silently whatever a what-if run left in a folder.
        let (schedule, tables) = try source.scheduleSource(
            catalogue: catalogue, stations: chosen, ratings: scoring.ratings, categories: scoring.categories.rule)
        var input = SessionsJob.Input(
            source: schedule, from: from, to: to, selection: selection, sun: scoring.sun, top: top,
            out: URL(fileURLWithPath: out, isDirectory: true))
        input.csvStyle = csv.csvStyle
        input.predict = predict.isOn
        let announce = { terminal.announce(tables, quiet: source.data.quietData) }
        let result = try await SessionsJob(input).run(onAccepted: announce) { event in
            switch event {
            case .indexing(let done, let total): terminal.progress("indexing archive files: \(done)/\(total)")
            case .scored(let days, let date): terminal.progress("scored \(days) station-days (\(date))")
            case .warning(let message): terminal.warn(message)
            case .coverage(let text): terminal.info("ships: \(text)")
            }
        }
        terminal.endProgress()
        if let today = result.todayNotInArchive {
            terminal.warn(
                "today (\(today)) is not in the archive \(try source.location().name): the sessions are those of "
                    + "\(result.settings.from) … \(result.settings.to). " + Advice.fetchAdvice(lakes: result.askedLakes)
            )
        }
        print(SessionSummaryText.table(result.summary))
        if !result.quietStations.isEmpty {
            print(
                "\n"
                    + PlanText.wrap(
                        "No departures in the archive from \(result.settings.from) to \(result.settings.to): "
                            + result.quietStations.joined(separator: ", ")))
        }
        terminal.info(
            "\(counted(result.survey.stationDays, "station-day")), \(counted(result.summary.sessionCount, "session")) from \(counted(result.survey.departures, "departure")); wrote \(result.written.joined(separator: ", ")) to \(out)"
        )
    }
}
