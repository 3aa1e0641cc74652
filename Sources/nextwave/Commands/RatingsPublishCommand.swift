import ArgumentParser
import Foundation
import RatingsPipeline

/// `ratings publish`: the reviewed table, byte for byte, for the apps.
struct RatingsPublishCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Publish a reviewed rating table for the apps, exactly as it is.",
        usage: """
            nextwave ratings publish [<TABLE>] --to <DIR> [--dry-run]
                                     [--accept-regression]
            """,
        discussion: """
            Publishes the bytes of TABLE (default reports/ship-ratings.json; a folder
            `ratings` wrote, or another publishing folder, will do) into DIR: the table as
            ship-ratings.<hash>.json and manifest.json naming it (docs/guides/
            maintaining.md, "Publishing for the app"). Nothing is computed again: the
            apps get the table that was reviewed.

            First the table is checked against the format's schema
            (schemas/ship-ratings.schema.json beside the data folder), then against what
            DIR publishes now: a table that loses a ship, a rating or a page is refused
            unless --accept-regression (a ship the fleet file retires may leave). A table
            that cites pages on this machine (a mirror run) is refused unless
            --allow-local-sources. --dry-run prints what would change and publishes
            nothing. Publishing the same table again writes nothing. The published table
            becomes the operator's current one (Data/ratings/ID.json), which feed, plan,
            today and sessions rate with. Nothing published in DIR yet: the first
            publication, every ship new.

            Examples:
              nextwave ratings publish --to site/ratings
              nextwave ratings publish reports/ship-ratings.json --to site/ratings --dry-run
            """)

    @Argument(help: ArgumentHelp("The reviewed table (file or folder).", valueName: "TABLE"))
    var table: String = ReportsLayout.table(in: ReportsLayout.folder)

    @Option(help: ArgumentHelp("The publishing folder the apps read.", valueName: "DIR"))
    var to: String

    @Option(
        help: ArgumentHelp("The schema to check against (default: schemas/ beside the data folder).", valueName: "FILE")
    )
    var schema: String?

    /// `--operator ID` is the parent's option (`nextwave ratings --operator`), which ArgumentParser
    /// also reads after the subcommand's name.
    @ParentCommand var ratings: RatingsCommand

    var operatorName: String? { ratings.fleet.operatorName }

    @OptionGroup var review: ReviewOptions

    @OptionGroup var data: DataOptions

    func validate() throws { try checkPaths([("TABLE", table), ("--to", to), ("--schema", schema)]) }

    func execute(_ terminal: Terminal) async throws {
        let folder = try data.layout
        let chosen = try operatorName.map { try OperatorCatalogue.named($0, data: data) }
        var input = PublishJob.Input(
            table: URL(fileURLWithPath: table), tableName: table,
            destination: URL(fileURLWithPath: to, isDirectory: true),
            schema: schema.map { URL(fileURLWithPath: $0) } ?? PublishJob.bundledSchema(besideData: folder),
            fleet: chosen?.fleetFile(in: folder).url ?? folder.fleet)
        input.acceptRegression = review.acceptRegression
        input.allowLocalSources = review.allowLocalSources
        input.dryRun = review.dryRun
        input.currentTables = folder
        input.operatorID = chosen?.id
        input.wording = CommandLineRemedies()
        let result = try await PublishJob(input).run { event in
            if case .warning(let message) = event { terminal.warn(message) }
        }
        if review.dryRun {
            print(result.dryRunReport(destination: to, wording: CommandLineRemedies()))
            return
        }
        guard let manifest = result.manifest else { return }
        if result.changed {
            terminal.info("published \(table) as \(to)/\(manifest.current), and \(to)/manifest.json naming it")
        } else {
            terminal.info("\(to)/manifest.json already names \(manifest.current) (these bytes); nothing published")
        }
        if let current = result.current {
            terminal.info(
                "\(current.name) \(current.changed ? "is now" : "was already") the current table: feed, plan, today "
                    + "and sessions rate with it")
        }
    }
}
