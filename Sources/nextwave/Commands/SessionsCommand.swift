import ArgumentParser
import CivilTime
import Foundation
import NextWaveSupport
import SessionAnalytics
import SessionCore
import SessionsPipeline

struct SessionsCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "The best 1–2 h wake sessions at every station and day of a schedule archive.",
        usage: """
            nextwave sessions [--archive <DIR>] [--from <YYYY-MM-DD>]
                              [--to <YYYY-MM-DD>]
                              [--station <UIC> ... | --lake <NAME>] [<options>]
            """,
        discussion: """
            Scores every window exactly as the Next Wave app does (a wave per ship
            departure; quality 10/5/2/1 for rating 3/2/other ship/unknown; a frequency
            bonus; a twilight penalty; darkness dropped) and writes to --out:
              sessions.json          every station-day with waves and its best sessions
              sessions.csv           one row per session
              sessions.md            best stations and hours, by period and weekday
              sessions-heatmap.svg   session quality by station × hour
            The archive's store is brought up to date first; malformed files are reported
            and left out. Without --ratings the table in --out is used if there is one,
            else the app's own ratings (app-ratings.json of the data folder).

            Examples:
              nextwave sessions
              nextwave sessions --station 8503670 --from 2026-09-22 --to 2026-09-22 \\
                  --ratings Data/app-ratings.json --sun app
              nextwave sessions --lake Zürichsee --top 3 --out /tmp/sessions
            """)

    @OptionGroup var source: ArchiveOptions

    @Option(help: ArgumentHelp("First day (default: the archive's first).", valueName: "YYYY-MM-DD"))
    var from: LocalDate?

    @Option(help: ArgumentHelp("Last day, inclusive (default: the archive's last).", valueName: "YYYY-MM-DD"))
    var to: LocalDate?

    @Option(help: ArgumentHelp("Only this UIC station; repeat for several.", valueName: "UIC"))
    var station: [Int] = []

    @Option(help: ArgumentHelp("Only the stations of this lake (e.g. Zürichsee).", valueName: "NAME"))
    var lake: String?

    @Option(help: ArgumentHelp("Rating table (ship-ratings.json format).", valueName: "FILE"))
    var ratings: String?

    @Option(
        help: ArgumentHelp("Sun times: each station's own coordinates, or the app's single point.", valueName: "SOURCE")
    )
    var sun: SunSource = .station

    @Option(help: ArgumentHelp("Sessions kept per station and day.", valueName: "N"))
    var top = SessionRules.defaultTop

    @Option(help: ArgumentHelp("Output folder.", valueName: "DIR"))
    var out = "reports"

    @OptionGroup var csv: CSVStyleOption
    @OptionGroup var progress: ProgressOptions

    var showsProgress: Bool { !progress.noProgress }

    func validate() throws {
        try checkPaths([("--out", out), ("--ratings", ratings)])
        guard (1...100).contains(top) else { throw ValidationError("--top must lie in 1…100") }
        if !station.isEmpty && lake != nil { throw ValidationError("give --station or --lake, not both") }
        try checkSupported(from, option: "--from")
        try checkSupported(to, option: "--to")
        if let from, let to, from > to { throw ValidationError("--from \(from) is after --to \(to)") }
    }

    /// The rating table: --ratings, else the last table written to --out, else the app's.
    func ratingTable(_ terminal: Terminal) throws -> (url: URL, name: String) {
        if let ratings {
            let url = URL(fileURLWithPath: ratings)
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw CLIError("\(ratings): no rating table; run `nextwave ratings` first or pass another --ratings")
            }
            return (url, ratings)
        }
        let last = URL(fileURLWithPath: out, isDirectory: true).appendingPathComponent("ship-ratings.json")
        if FileManager.default.fileExists(atPath: last.path) {
            let name = (out as NSString).appendingPathComponent("ship-ratings.json")
            terminal.info("ratings: \(name) (the last table written to --out)")
            return (last, name)
        }
        terminal.info("ratings: the app's own ratings (Data/app-ratings.json); no table in \(out)/ yet")
        return (try source.data.file("app-ratings.json"), "Data/app-ratings.json")
    }

    func execute(_ terminal: Terminal) async throws {
        let archive = try source.location()
        let table = try ratingTable(terminal)
        var input = SessionsJob.Input(
            archive: archive.url, archiveName: archive.name, stations: try source.data.file("stations.json"),
            periods: try source.data.file("schedule_periods.json"), ratings: table.url, ratingsName: table.name,
            from: from, to: to, selection: lake.map { .lake($0) } ?? (station.isEmpty ? .all : .stations(station)),
            sun: sun, top: top, out: URL(fileURLWithPath: out, isDirectory: true))
        input.csvStyle = csv.csvStyle
        let job = SessionsJob(input)
        let result = try job.run { event in
            switch event {
            case .indexing(let done, let total): terminal.progress("indexing archive files: \(done)/\(total)")
            case .scored(let days, let date): terminal.progress("scored \(days) station-days (\(date))")
            case .warning(let message):
                terminal.endProgress()
                terminal.warn(message)
            }
        }
        terminal.endProgress()
        print(Self.summary(result.summary))
        terminal.info(
            "\(result.survey.stationDays) station-days, \(result.summary.sessionCount) sessions from \(result.survey.departures) departures; wrote \(result.written.joined(separator: ", ")) to \(out)"
        )
    }

    static func summary(_ summary: SessionSummary) -> String {
        let clock = summary.clock
        let rows = summary.rankedStations.map { station -> [String] in
            let best = station.best
            return [
                station.name, String(station.days), fixed(station.meanBestScore, 1),
                best.map { "\($0.date) \(clock.hourMinute($0.session.start))–\(clock.hourMinute($0.session.end))" }
                    ?? "–",
                best.map { String($0.session.waves) } ?? "–", best.map { fixed($0.session.score, 1) } ?? "–",
            ]
        }
        return TextTable.render(
            header: ["Station", "Days", "Mean best", "Best session", "Waves", "Score"], rows: rows,
            rightAligned: [1, 2, 4, 5])
    }
}
