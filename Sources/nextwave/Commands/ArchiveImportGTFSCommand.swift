import ArgumentParser
import CivilTime
import Foundation
import NextWaveSupport
@_spi(Benchmarks) import ScheduleArchive

extension ArchiveImportGTFSCommand {
    /// `--agency`, else the agencies of `--lake` (Data/operators.json), else ZSG's 194.
    func agencies(_ terminal: Terminal) throws -> [String] {
        if !agency.isEmpty { return agency }
        guard let lake else { return ["194"] }
        let stations = try StationCatalogue.load(from: try data.file("stations.json"))
        // The lake as the stations list names it (a unique prefix, case and accents ignored).
        guard let name = try stations.stations(ofLake: lake).first?.lake else {
            throw CLIError("no stations listed for the lake \"\(lake)\"", status: .usage)
        }
        let catalogue = try OperatorCatalogue.inDataFolder(data)
        let ids = catalogue.agencies(onLake: name)
        guard !ids.isEmpty else {
            throw CLIError(
                "no GTFS agency id is known for \(name) (Data/operators.json); give them with --agency (the feed's agency.txt lists them)",
                status: .usage)
        }
        terminal.info("\(name): agencies \(ids.joined(separator: ", "))")
        return ids
    }
}

struct ArchiveImportGTFSCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-gtfs",
        abstract: "Import the ship departures of a GTFS feed (ZIP or folder) into an archive.",
        usage: """
            nextwave archive import-gtfs <FEED> --archive <DIR> [--agency <ID> ...]
                                         [--from <YYYY-MM-DD> --to <YYYY-MM-DD>]
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

    @Option(help: ArgumentHelp("First service day to import (default: the feed's first).", valueName: "YYYY-MM-DD"))
    var from: LocalDate?

    @Option(help: ArgumentHelp("Last service day to import (default: the feed's last).", valueName: "YYYY-MM-DD"))
    var to: LocalDate?

    func validate() throws {
        try checkPaths([("FEED", feed)])
        try checkSupported(from, option: "--from")
        try checkSupported(to, option: "--to")
        guard (from == nil) == (to == nil) else { throw ValidationError("give --from and --to together") }
        if lake != nil && !agency.isEmpty { throw ValidationError("give --agency or --lake, not both") }
        if let from, let to {
            guard from <= to else { throw ValidationError("--from \(from) is after --to \(to)") }
            let days = from.days(to: to) + 1
            guard days <= GTFSImporter.maximumSpanDays else {
                throw ValidationError(
                    "--from … --to spans \(days) days; one import covers at most \(GTFSImporter.maximumSpanDays)")
            }
        }
    }

    @OptionGroup var progress: ProgressOptions

    var showsProgress: Bool { !progress.noProgress }

    func execute(_ terminal: Terminal) async throws {
        let archive = try ScheduleArchive(directory: try target.url())
        var importer = GTFSImporter(
            agencies: Set(try agencies(terminal)), window: from.flatMap { f in to.map { f...$0 } })
        importer.progress = { lines in terminal.progress("stop_times.txt: \(lines / 1_000_000) M lines read") }
        let gtfs = try GTFSFeed(url: URL(fileURLWithPath: feed))
        let report = try archive.withLock(exclusive: true) { try importer.run(feed: gtfs, into: archive.store) }
        terminal.endProgress()
        for message in report.skipped { terminal.warn("skipped \(message)") }
        if report.skippedCount > report.skipped.count {
            terminal.warn("… and \(report.skippedCount - report.skipped.count) more rows skipped")
        }
        let span = report.firstDate.map { "\($0) … \(report.lastDate!)" } ?? "no service days"
        terminal.info(
            "imported \(report.departures) departures (\(report.trips) ship trips on \(report.routes) routes, \(report.serviceDays) service days: \(span)) from \(report.stopTimeLines) stop_times lines into \(archive.store.path)"
        )
    }
}
