import ArgumentParser
import Foundation
import NextWaveSupport
import ShipRatings

struct FleetShowCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "List the fleet file's ships, their figures and sources.",
        usage: "nextwave fleet show [--sources] [<FILE>]",
        discussion: """
            Examples:
              nextwave fleet show
              nextwave fleet show --sources | grep Helvetia
            """)

    @Flag(help: "List every value with its source instead of the overview.")
    var sources = false

    @OptionGroup var target: FleetFileArgument

    var showsProgress: Bool { false }

    func execute(_ terminal: Terminal) async throws {
        let (url, data) = try target.bytes()
        let fleet = try CuratedFleet.decode(data, path: url.path)
        if sources {
            var rows: [[String]] = []
            for ship in fleet.ships {
                for (field, value) in Self.values(ship) {
                    rows.append([
                        ship.fullName, field, plain(value.value), value.overridesPage == nil ? "" : "yes", value.source,
                    ])
                }
            }
            print(TextTable.render(header: ["Ship", "Field", "Value", "Overrides page", "Source"], rows: rows))
            return
        }
        let rows = fleet.ships.map { ship -> [String] in
            func figure(_ value: CuratedFleet.Sourced<Double>?) -> String { value.map { plain($0.value) } ?? "–" }
            let hosts = Set(
                Self.values(ship).compactMap {
                    URL(string: $0.1.source)?.host?.replacingOccurrences(of: "www.", with: "")
                })
            return [
                ship.fullName, figure(ship.lengthM), figure(ship.beamM), figure(ship.displacementT),
                figure(ship.draftM),
                figure(ship.serviceSpeedKmh ?? ship.topSpeedKmh), hosts.sorted().joined(separator: ", "),
            ]
        }
        print(
            TextTable.render(
                header: ["Ship", "L (m)", "B (m)", "D (t)", "T (m)", "V (km/h)", "Sources"], rows: rows,
                rightAligned: [1, 2, 3, 4, 5]))
        print("\n\(fleet.ships.count) ships in \(url.path); --sources lists each value with its source")
    }

    static func values(_ ship: CuratedFleet.Ship) -> [(String, CuratedFleet.Sourced<Double>)] {
        [
            ("lengthM", ship.lengthM), ("beamM", ship.beamM), ("displacementT", ship.displacementT),
            ("draftM", ship.draftM), ("blockCoefficient", ship.blockCoefficient),
            ("entranceLengthM", ship.entranceLengthM), ("serviceSpeedKmh", ship.serviceSpeedKmh),
            ("topSpeedKmh", ship.topSpeedKmh), ("powerKW", ship.powerKW),
        ].compactMap { name, value in value.map { (name, $0) } }
    }
}
