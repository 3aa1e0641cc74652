import ArgumentParser
import Foundation
import RatingsPipeline
import ShipRatingTable

/// `ratings show`: a rating table on stdout, as it is, without writing anything.
struct RatingsShowCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print a rating table (current, previous or published); writes nothing.",
        usage: """
            nextwave ratings show [<TABLE> | --operator <ID>] [--ship <NAME>]
                                  [--json]
            """,
        discussion: """
            TABLE is a ship-ratings.json, a folder holding one (the output of `ratings`),
            or a publishing folder (its manifest.json names the current table). Default:
            the operator's current table, the one every command rates with
            (Data/ratings/zsg.json, or --operator ID's: last reviewed or published).

            Examples:
              nextwave ratings show
              nextwave ratings show --operator sgv
              nextwave ratings show site/ratings --ship "Panta Rhei"
              nextwave ratings show Data/app-ratings.json --json
            """)

    @Argument(help: ArgumentHelp("The table, its folder, or a publishing folder.", valueName: "TABLE"))
    var table: String?

    /// `--operator ID` is the parent's option (`nextwave ratings --operator`), which ArgumentParser
    /// also reads after the subcommand's name.
    @ParentCommand var ratings: RatingsCommand

    var operatorName: String? { ratings.fleet.operatorName }

    @OptionGroup var data: DataOptions

    @Option(help: ArgumentHelp("Only this ship (name or alias), with every figure and source.", valueName: "NAME"))
    var ship: String?

    @Flag(help: "Print JSON (the table, or the ship's entry) instead of text.")
    var json = false

    func validate() throws {
        try checkPaths([("TABLE", table)])
        if table != nil && operatorName != nil { throw ValidationError("give a TABLE or --operator, not both") }
    }

    func execute(_ terminal: Terminal) async throws {
        let file: TableFile
        if let table {
            file = try TableFile.open(URL(fileURLWithPath: table), name: table)
        } else {
            let id = try operatorName.map { try OperatorCatalogue.named($0, data: data).id } ?? OperatorCatalogue.homeID
            let current = CurrentRatingTables(data: try data.layout)
            file = try TableFile.open(current.file(for: id), name: CurrentRatingTables.reference(for: id))
            if !data.quietData { terminal.info("ratings: the current table, \(try current.describe(id))") }
        }
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
