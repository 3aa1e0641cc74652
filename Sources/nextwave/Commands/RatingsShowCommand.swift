import ArgumentParser
import Foundation
import RatingsPipeline
import ShipRatingTable

/// `ratings show`: a rating table on stdout, as it is, without writing anything.
struct RatingsShowCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print a rating table (current, previous or published); writes nothing.",
        discussion: """
            TABLE is a ship-ratings.json, a folder holding one (the output of `ratings`),
            or a publishing folder (its manifest.json names the current table). Default:
            reports/ship-ratings.json.

            Examples:
              nextwave ratings show
              nextwave ratings show site/ratings --ship "Panta Rhei"
              nextwave ratings show Data/app-ratings.json --json
            """)

    @Argument(help: ArgumentHelp("The table, its folder, or a publishing folder.", valueName: "TABLE"))
    var table: String = "reports"

    @Option(help: ArgumentHelp("Only this ship (name or alias), with every figure and source.", valueName: "NAME"))
    var ship: String?

    @Flag(help: "Print JSON (the table, or the ship's entry) instead of text.")
    var json = false

    var showsProgress: Bool { false }

    func validate() throws { try checkPaths([("TABLE", table)]) }

    func execute(_ terminal: Terminal) async throws {
        let file = try TableFile.open(URL(fileURLWithPath: table), name: table)
        let (loaded, name) = (file.table, file.name)
        if let ship {
            let entry = try RatingLookup(loaded).ship(named: ship, inTable: name)
            print(
                json ? String(decoding: try entry.jsonData(), as: UTF8.self) : RatingTableText.details(entry) + "\n",
                terminator: "")
        } else if json {
            print(String(decoding: try loaded.jsonData(), as: UTF8.self), terminator: "")
        } else {
            print(RatingTableText.header(loaded, name: name))
            print(RatingTableText.summary(loaded))
        }
    }
}
