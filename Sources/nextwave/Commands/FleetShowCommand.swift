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

    /// A ship's name where the file goes (`fleet show panta`) is answered with where one ship is
    /// shown, not "cannot read the fleet file".
    func validate() throws {
        guard let file = target.file, !file.contains("/"), !file.contains("."),
            !Paths.exists(file)
        else { return }
        throw ValidationError(
            "no fleet file \"\(file)\": fleet show takes a fleet file (default: the data folder's); for one "
                + "ship, nextwave ratings show --ship \"\(file)\" or nextwave fleet show --sources | grep -i \"\(file)\""
        )
    }

    func execute(_ terminal: Terminal) async throws {
        let (url, data) = try target.bytes()
        let fleet = try CuratedFleet.decode(data, path: url.path)
        print(sources ? FleetText.sources(fleet) : FleetText.summary(fleet))
        if !sources {
            print("\n\(counted(fleet.ships.count, "ship")) in \(url.path); --sources lists each value with its source")
        }
    }
}
