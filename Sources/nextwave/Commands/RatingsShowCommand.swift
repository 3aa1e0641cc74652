import ArgumentParser
import Foundation
import NextWaveSupport
import RatingsPipeline
import RatingsReports
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
                print(Self.details(entry))
            }
            return
        }
        if json {
            print(String(decoding: try loaded.jsonData(), as: UTF8.self), terminator: "")
            return
        }
        print(
            "\(name): schema \(loaded.schemaVersion), generated \(loaded.generatedAt), rating by \(loaded.model.name)")
        print(RatingTableText.summary(loaded))
    }

    /// The table at `path`: a file, a folder with `ship-ratings.json`, or a publishing folder.
    static func load(_ path: String) throws -> (RatingTable, String) {
        let file = try TableFile.open(URL(fileURLWithPath: path), name: path)
        return (file.table, file.name)
    }

    /// One ship's figures and where each comes from.
    static func details(_ ship: ShipRating) -> String {
        func value(_ x: Double?, _ unit: String) -> String { x.map { "\(plain($0)) \(unit)" } ?? "–" }
        var lines = [
            ship.name + (ship.aliases.isEmpty ? "" : " (also \(ship.aliases.joined(separator: ", ")))"),
            "  rating            \(ship.rating.map(String.init) ?? "unrated")"
                + (ship.unratedReason.map { " (\($0))" } ?? "")
                + (ship.ratingBasis.map { ", by \($0.rawValue)" } ?? ""),
            "  legacy / wake     \(ship.ratingsByModel?.legacy.map(String.init) ?? "–") / "
                + (ship.ratingsByModel?.wake.map(String.init) ?? "–"),
            "  length            \(value(ship.lengthM, "m"))  \(ship.source.lengthM ?? "")",
            "  beam              \(value(ship.beamM, "m"))  \(ship.source.beamM ?? "")",
            "  displacement      \(value(ship.displacementT, "t"))  \(ship.source.displacementT ?? "")",
            "  legacy H          \(value(ship.waveHeightM, "m"))",
        ]
        if let riders = ship.riderRating {
            lines.append("  riders            \(riders.rating)  \(riders.source)")
        }
        if let wake = ship.wake {
            lines.append(
                "  wake at rider     \(value(wake.waveHeightM?.median, "m")) at \(value(wake.speedKmh, "km/h"))"
                    + " (\(wake.speedBasis))")
        }
        if let page = ship.source.page { lines.append("  page              \(page)") }
        if let since = ship.source.pageMissingSince { lines.append("  no page since     \(since)") }
        return lines.joined(separator: "\n")
    }
}
