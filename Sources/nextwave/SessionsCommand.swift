import ArgumentParser
import CivilTime
import Foundation
import NextWaveReports
import ScheduleArchive
import SessionScoring
import ShipRatings

extension SunSource: ExpressibleByArgument {
    public init?(argument: String) {
        switch argument {
        case "station": self = .station
        case "app": self = .app
        default: return nil
        }
    }
    public static var allValueStrings: [String] { ["station", "app"] }
}

struct SessionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "The best 1–2 h wake sessions at every station and day of a schedule archive.",
        discussion: """
            Scores every window exactly as the Next Wave app does (a wave per ship departure; \
            quality 10/5/2/1 for rating 3/2/other ship/unknown; frequency bonus; twilight penalty; \
            darkness dropped) and writes, to --out:
              sessions.json          every station-day with waves and its best sessions
              sessions.csv           one row per session
              sessions.md            best stations and hours, per timetable period and weekday
              sessions-heatmap.svg   session quality by station × hour
            The archive's store is brought up to date first; malformed files are reported and \
            left out. A short summary goes to stdout.

            Examples:
              nextwave sessions            # the bundled September 2026 archive
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

    @Option(
        help: ArgumentHelp("Only the stations of this lake (as in stations.json, e.g. Zürichsee).", valueName: "NAME"))
    var lake: String?

    @Option(help: ArgumentHelp("Rating table (ship-ratings.json format).", valueName: "FILE"))
    var ratings = "reports/ship-ratings.json"

    @Option(help: "Sun times: each station's own coordinates, or the app's single point with seconds dropped.")
    var sun: SunSource = .station

    @Option(help: ArgumentHelp("Sessions kept per station and day.", valueName: "N"))
    var top = SessionRules.defaultTop

    @Option(help: ArgumentHelp("Output directory.", valueName: "DIR"))
    var out = "reports"

    @Flag(help: "No progress line on stderr.")
    var noProgress = false

    func validate() throws {
        guard (1...100).contains(top) else { throw ValidationError("--top must lie in 1…100") }
        if !station.isEmpty && lake != nil { throw ValidationError("give --station or --lake, not both") }
        if let from, let to, from > to { throw ValidationError("--from \(from) is after --to \(to)") }
    }

    func run() throws {
        let terminal = Terminal(noProgress: noProgress)
        do {
            let data = try source.dataDirectory()
            let catalogue = try StationCatalogue.load(from: data.appendingPathComponent("stations.json"))
            let periods = try SchedulePeriods.load(from: data.appendingPathComponent("schedule_periods.json"))
            let ratingsURL = URL(fileURLWithPath: ratings)
            guard FileManager.default.fileExists(atPath: ratingsURL.path) else {
                throw CLIError(
                    "\(ratings): no rating table; run `nextwave ratings` first or pass --ratings Data/app-ratings.json")
            }
            let table = try RatingTable.load(from: ratingsURL)
            let (archive, refresh) = try source.open(terminal: terminal)
            guard let range = try archive.store.dateRange() else {
                throw CLIError("\(archive.directory.path): the archive holds no departures")
            }
            var stations: Set<Int>?
            if let lake {
                let onLake = catalogue.stations(onLake: lake)
                guard !onLake.isEmpty else {
                    throw CLIError(
                        "--lake \"\(lake)\": no such lake in stations.json (lakes: \(catalogue.lakes.joined(separator: ", ")))"
                    )
                }
                stations = Set(onLake.map(\.uic))
            } else if !station.isEmpty {
                stations = Set(station)
            }
            let settings = SurveySettings(
                from: from ?? range.lowerBound, to: to ?? range.upperBound, stations: stations, sun: sun, top: top)
            let echo = SessionsJSON.Settings(
                archive: source.archive ?? "Data/\(ArchiveOptions.bundledArchive)", from: settings.from,
                to: settings.to,
                stations: station.isEmpty ? nil : station.sorted(), lake: lake, ratings: ratings,
                ratingsModel: table.model.name, sun: sun, top: top)

            let outDirectory = URL(fileURLWithPath: out, isDirectory: true)
            let names = (json: "sessions.json", csv: "sessions.csv", md: "sessions.md", svg: "sessions-heatmap.svg")
            var summary = SessionSummary(periods: periods, catalogue: catalogue)
            var csv = CSVFormat.row(SessionsCSV.header)
            var report = SessionSurvey.Report()
            let survey = SessionSurvey(catalogue: catalogue, ratings: RatingLookup(table), settings: settings)
            let file = { (name: String) in outDirectory.appendingPathComponent(name) }
            // The survey runs while sessions.json is streamed; the other files are made from what
            // it gathered. All four are renamed into place together, or none is.
            try AtomicFileWriter.writeAll([
                (
                    file(names.json),
                    .stream { handle in
                        var buffer = ""
                        var json = SessionsJSON(settings: echo) { buffer += $0 }
                        var done = 0
                        report = try survey.run(store: archive.store) { day in
                            json.add(day)
                            summary.add(day)
                            for row in SessionsCSV.rows(day) { csv += CSVFormat.row(row) }
                            done += 1
                            if buffer.utf8.count > 1 << 20 {
                                handle.write(Data(buffer.utf8))
                                buffer.removeAll(keepingCapacity: true)
                            }
                            if done % 1000 == 0 { terminal.progress("scored \(done) station-days (\(day.date))") }
                        }
                        json.finish()
                        handle.write(Data(buffer.utf8))
                        terminal.endProgress()
                        guard report.stationDays > 0 else {
                            throw CLIError(
                                "no departures between \(settings.from) and \(settings.to) for the chosen stations; nothing written"
                            )
                        }
                    }
                ),
                (file(names.csv), .stream { $0.write(Data(csv.utf8)) }),
                (
                    file(names.md),
                    .stream { handle in
                        var context = SessionsMarkdown.Context(
                            settings: echo, heatmapFile: names.svg, skipped: refresh.skipped,
                            departures: report.departures, unratedShips: report.unratedShips.sorted(),
                            unknownShips: report.unknownShips.sorted())
                        context.catalogueWarnings = catalogue.warnings
                        handle.write(Data(SessionsMarkdown.render(summary, context: context).utf8))
                    }
                ),
                (
                    file(names.svg),
                    .stream {
                        let title = "Session quality by station and hour, \(settings.from) … \(settings.to)"
                        $0.write(Data(SessionHeatmapSVG.render(summary, title: title).utf8))
                    }
                ),
            ])
            if !report.unknownShips.isEmpty {
                terminal.warn(
                    "ships not in \(ratings), scored as other named ships: \(report.unknownShips.sorted().joined(separator: ", "))"
                )
            }
            if !report.stationsWithoutCoordinates.isEmpty {
                terminal.warn(
                    "stations without coordinates in stations.json, scored with the app's sun point: \(report.stationsWithoutCoordinates.sorted().map(String.init).joined(separator: ", "))"
                )
            }
            printSummary(summary)
            terminal.info(
                "\(report.stationDays) station-days, \(summary.sessionCount) sessions from \(report.departures) departures; wrote \(names.json), \(names.csv), \(names.md), \(names.svg) to \(out)"
            )
        } catch {
            terminal.endProgress()
            terminal.error(String(describing: error))
            throw ExitCode.failure
        }
    }

    func printSummary(_ summary: SessionSummary) {
        let clock = summary.clock
        let rows = summary.rankedStations.map { station -> [String] in
            let best = station.best
            return [
                station.name, String(station.days), fmt1(station.meanBestScore),
                best.map { "\($0.date) \(clock.hourMinute($0.session.start))–\(clock.hourMinute($0.session.end))" }
                    ?? "–",
                best.map { String($0.session.waves) } ?? "–", best.map { fmt1($0.session.score) } ?? "–",
            ]
        }
        print(
            TextTable.render(
                header: ["Station", "Days", "Mean best", "Best session", "Waves", "Score"], rows: rows,
                rightAligned: [1, 2, 4, 5]))
    }

    func fmt1(_ value: Double) -> String { String(format: "%.1f", value) }
}
