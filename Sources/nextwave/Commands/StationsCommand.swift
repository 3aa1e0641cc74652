import ArgumentParser
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

    func validate() throws {
        if let search, search.allSatisfy(\.isWhitespace) {
            throw ValidationError(
                "--search needs part of a name, e.g. --search wad; without it every station is listed")
        }
    }

    func execute(_ terminal: Terminal) async throws {
        let catalogue = try data.stationCatalogue()
        let stations = try catalogue.stations(ofLake: lake, containing: search)
        if json {
            print(StationListing.json(stations))
        } else if stations.isEmpty, let search {
            // An empty table says less than words: which search, where, and what to try.
            terminal.info(
                StationListing.noMatch(search, lake: lake.map { catalogue.lake(named: $0) ?? $0 }, in: catalogue))
        } else {
            print(StationListing.text(stations))
            terminal.info(counted(stations.count, "station"))
        }
    }
}
