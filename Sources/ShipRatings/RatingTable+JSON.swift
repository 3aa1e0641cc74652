import FleetScraper
import Foundation

extension RatingTable {
    /// Pretty-printed JSON with sorted keys (stable diffs), newline-terminated.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }

    /// Reads a rating table (`ship-ratings.json` or the app's `app-ratings.json`).
    /// - Throws: ``RatingsError/invalidFile(path:reason:)`` naming the file and the place.
    public static func load(from url: URL) throws -> RatingTable {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw RatingsError.invalidFile(path: url.path, reason: "cannot read (\(error.localizedDescription))")
        }
        let table: RatingTable
        do { table = try JSONDecoder().decode(RatingTable.self, from: data) } catch {
            throw RatingsError.invalidFile(
                path: url.path, reason: "not a rating table: \(describeDecodingError(error))")
        }
        guard table.schemaVersion == currentSchemaVersion else {
            throw RatingsError.invalidFile(
                path: url.path, reason: "schemaVersion \(table.schemaVersion), expected \(currentSchemaVersion)")
        }
        for (index, ship) in table.ships.enumerated() {
            if let r = ship.rating, !(1...3).contains(r) {
                throw RatingsError.invalidFile(
                    path: url.path, reason: "ships[\(index)] (\(ship.name)): rating \(r) is not 1–3")
            }
        }
        return table
    }
}
