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
        let catalogue = try data.stationCatalogue()
        var stations = try lake.map { try catalogue.stations(ofLake: $0) } ?? catalogue.stations
        if let search {
            let key = TextKey.fold(search)
            stations = stations.filter { TextKey.fold($0.name).contains(key) }
        }
        if json {
            let rows = stations.map { s in
                "  {\"stationId\": \"\(s.uic)\", \"name\": \(PrettyJSON.quoted(s.name)), \"lake\": \(PrettyJSON.quoted(s.lake)), "
                    + "\"latitude\": \(s.latitude), \"longitude\": \(s.longitude)}"
            }
            print("[\n" + rows.joined(separator: ",\n") + (rows.isEmpty ? "]" : "\n]"))
            return
        }
        print(
            TextTable.render(
                header: ["UIC", "Station", "Lake", "Lat", "Lon"],
                rows: stations.map {
                    [String($0.uic), $0.name, $0.lake, fixed($0.latitude, 4), fixed($0.longitude, 4)]
                }))
        terminal.info("\(stations.count) station(s)")
    }
}
