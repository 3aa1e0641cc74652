import ArgumentParser
import CivilTime
import SessionsPipeline

struct ArchiveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive",
        abstract: "Build and inspect schedule archives (stationboards, ship assignments, GTFS).",
        discussion: """
            An archive is a directory: stationboards/<date>/<uic>.json (bodies of
            transport.opendata.ch), deployments/<date>.json (ship assignments) and
            schedule.sqlite, the store that indexes them and holds imported GTFS feeds.
            The transport API serves no history and the operator's deployment page only
            a few days ahead: run `archive fetch` daily to build the record.
            """,
        subcommands: [ArchiveFetchCommand.self, ArchiveImportGTFSCommand.self, ArchiveStatusCommand.self])
}
