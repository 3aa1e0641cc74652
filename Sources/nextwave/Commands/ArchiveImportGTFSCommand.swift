import ArgumentParser
import CivilTime
import Foundation
import SessionsPipeline

struct ArchiveImportGTFSCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-gtfs",
        abstract: "Import the ship departures of a GTFS feed (ZIP or folder) into an archive.",
        usage: """
            nextwave archive import-gtfs <FEED> --archive <DIR> [--agency <ID> ...]
                                         [--from <DATE> --to <DATE>]
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

    @Option(
        help: ArgumentHelp(
            "First service day to import, YYYY-MM-DD or today (default: the feed's first).", valueName: "DATE"),
        transform: DateArgument.parse)
    var from: LocalDate?

    @Option(
        help: ArgumentHelp("Last service day to import, YYYY-MM-DD (default: the feed's last).", valueName: "DATE"),
        transform: DateArgument.parse)
    var to: LocalDate?

    @OptionGroup var progress: ProgressOptions

    var showsProgress: Bool { !progress.noProgress }

    static var inputFlags: [String: String] { ["agencies": "--agency", "window": "--from … --to"] }

    func validate() throws {
        try checkPaths([("FEED", feed)])
        guard (from == nil) == (to == nil) else { throw ValidationError("give --from and --to together") }
        if lake != nil && !agency.isEmpty { throw ValidationError("give --agency or --lake, not both") }
        if let from, let to, from > to { throw ValidationError("--from \(from) is after --to \(to)") }
    }

    func execute(_ terminal: Terminal) async throws {
        var input = GTFSImportJob.Input(feed: URL(fileURLWithPath: feed), archive: target.url())
        input.window = from.flatMap { from in to.map { from...$0 } }
        if let lake {
            input.agencies = .lake(lake)
            input.stations = try data.stationCatalogue()
            input.operators = try OperatorCatalogue.inDataFolder(data)
        } else if !agency.isEmpty {
            input.agencies = .ids(agency)
        }
        let (report, store) = try await GTFSImportJob(input).run { event in
            switch event {
            case .agencies(let lake, let ids): terminal.info("\(lake): agencies \(ids.joined(separator: ", "))")
            case .stopTimeLines(let lines): terminal.progress("stop_times.txt: \(lines / 1_000_000) M lines read")
            }
        }
        terminal.endProgress()
        for message in report.skipped { terminal.warn("skipped \(message)") }
        if report.skippedCount > report.skipped.count {
            terminal.warn("… and \(report.skippedCount - report.skipped.count) more rows skipped")
        }
        terminal.info(report.summary(store: store))
    }
}
