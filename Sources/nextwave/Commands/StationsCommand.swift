import ArgumentParser
import Foundation
import SessionsPipeline

struct StationsCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "stations",
        abstract: "List the app's stations: names, UIC ids, lakes, coordinates.",
        usage: "nextwave stations [--lake <NAME>] [--search <TEXT>] [--json]",
        discussion: """
            Every command that asks for a station takes its name (case and accents
            ignored; a unique prefix will do) or its UIC id.

            Examples:
              nextwave stations --lake Zürichsee
              nextwave stations --search wad
            """)

    @Option(help: ArgumentHelp("Only the stations of this lake.", valueName: "NAME"))
    var lake: String?

    @Option(help: ArgumentHelp("Only stations whose name contains this (accents and case ignored).", valueName: "TEXT"))
    var search: String?

    @Flag(help: "Print JSON: [{stationId, name, lake, latitude, longitude}].")
    var json = false

    @OptionGroup var data: DataOptions

    var showsProgress: Bool { false }

    func execute(_ terminal: Terminal) async throws {
        let stations = try data.stationCatalogue().stations(ofLake: lake, containing: search)
        print(json ? StationListing.json(stations) : StationListing.text(stations))
        if !json { terminal.info(counted(stations.count, "station")) }
    }
}
