import ArgumentParser
import Foundation
import NextWaveSupport
import RatingsPipeline
import RatingsReports

/// `ratings publish`: the reviewed table, byte for byte, for the apps.
struct RatingsPublishCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Publish a reviewed rating table for the apps, exactly as it is.",
        usage: "nextwave ratings publish [TABLE] --to <DIR> [--dry-run] [--accept-regression]",
        discussion: """
            Publishes the bytes of TABLE (default reports/ship-ratings.json; a folder
            `ratings` wrote, or another publishing folder, will do) into DIR: the table as
            ship-ratings.<hash>.json and manifest.json naming it (README, "Publishing for
            the app"). Nothing is computed again: the apps get the table that was reviewed.

            First the table is checked against the format's schema
            (schemas/ship-ratings.schema.json beside the data folder), then against what
            DIR publishes now: a table that loses a ship, a rating or a page is refused
            unless --accept-regression (a ship the fleet file retires may leave). A table
            that cites pages on this machine (a mirror run) is refused unless
            --allow-local-sources. --dry-run prints what would change and publishes
            nothing. Publishing the same table again writes nothing.

            Examples:
              nextwave ratings publish --to site/ratings
              nextwave ratings publish reports/ship-ratings.json --to site/ratings --dry-run
            """)

    @Argument(help: ArgumentHelp("The reviewed table (file or folder).", valueName: "TABLE"))
    var table: String = "reports/ship-ratings.json"

    @Option(help: ArgumentHelp("The publishing folder the apps read.", valueName: "DIR"))
    var to: String

    @Option(
        help: ArgumentHelp("The schema to check against (default: schemas/ beside the data folder).", valueName: "FILE")
    )
    var schema: String?

    @Flag(help: "Publish although the table loses ships, ratings or pages against the published one.")
    var acceptRegression = false

    @Flag(help: "Publish although the table cites loopback or file sources (a mirror run).")
    var allowLocalSources = false

    @Flag(help: "Print what would change; publish nothing.")
    var dryRun = false

    @OptionGroup var data: DataOptions

    var showsProgress: Bool { false }

    func validate() throws { try checkPaths([("TABLE", table), ("--to", to), ("--schema", schema)]) }

    func execute(_ terminal: Terminal) async throws {
        let folder = try data.directory
        let besideData = folder.deletingLastPathComponent().appendingPathComponent("schemas/ship-ratings.schema.json")
        let schemaURL =
            schema.map { URL(fileURLWithPath: $0) }
            ?? (FileManager.default.fileExists(atPath: besideData.path) ? besideData : nil)
        var input = PublishJob.Input(
            table: URL(fileURLWithPath: table), tableName: table,
            destination: URL(fileURLWithPath: to, isDirectory: true),
            schema: schemaURL, fleet: folder.appendingPathComponent("fleet.json"))
        input.acceptRegression = acceptRegression
        input.allowLocalSources = allowLocalSources
        input.dryRun = dryRun
        let result = try await PublishJob(input).run { event in
            if case .warning(let message) = event { terminal.warn(message) }
        }
        let changes = result.diff.map { ChangesText.lines($0, table: result.table, retired: []) }
        if dryRun {
            var lines = ["Dry run: nothing published. Against \(result.baselineName ?? "nothing published in \(to)"):"]
            lines += (changes ?? ["every ship is new to the apps"]).map { "  \($0)" }
            if result.regressions.isEmpty {
                lines.append("Publishing would go ahead.")
            } else {
                lines.append("Publishing would stop without --accept-regression:")
                lines += result.regressions.map { "  - \($0)" }
            }
            print(lines.joined(separator: "\n"))
            return
        }
        guard let manifest = result.manifest else { return }
        if result.changed {
            terminal.info("published \(table) as \(to)/\(manifest.current), and \(to)/manifest.json naming it")
        } else {
            terminal.info("\(to)/manifest.json already names \(manifest.current) (these bytes); nothing published")
        }
    }
}
