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
        let (loaded, name) = try Self.load(table)
        if let ship {
            guard let entry = RatingLookup(loaded).ship(named: ship) else {
                throw CLIError(
                    "\(name) has no ship \"\(VisibleText.excerpt(ship))\"; it has \(loaded.ships.map(\.name).joined(separator: ", "))",
                    status: .usage)
            }
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                print(String(decoding: try encoder.encode(entry), as: UTF8.self))
            } else {
                print(RatingTableText.details(entry))
            }
            return
        }
        if json {
            print(String(decoding: try loaded.jsonData(), as: UTF8.self), terminator: "")
            return
        }
        print(RatingTableText.header(loaded, name: name))
        print(RatingTableText.summary(loaded))
    }

    /// The table at `path`: a file, a folder with `ship-ratings.json`, or a publishing folder.
    static func load(_ path: String) throws -> (RatingTable, String) {
        let file = try TableFile.open(URL(fileURLWithPath: path), name: path)
        return (file.table, file.name)
    }
}
