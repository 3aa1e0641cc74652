import ArgumentParser
import Foundation
import RatingsPipeline

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
        print(sources ? FleetText.sources(fleet) : FleetText.summary(fleet))
        if !sources {
            print("\n\(counted(fleet.ships.count, "ship")) in \(url.path); --sources lists each value with its source")
        }
    }
}
