public import Foundation
import JSONText
import SafeFiles
import WaveRating

extension ShipRating {
    /// The entry as the table writes it: pretty-printed JSON with sorted keys, newline-terminated.
    public func jsonData() throws -> Data { try StableJSON.encode(self) }
}

extension RatingTable {
    /// Pretty-printed JSON with sorted keys (stable diffs), newline-terminated.
    /// - Throws: `RatingsError/invalidFile(path:reason:)` when the JSON is larger than every
    ///   reader of a table accepts (`SafeFiles/BoundedFile/tableLimit`): a writer never
    ///   makes a file its own readers refuse.
    public func jsonData() throws -> Data {
        let data = try StableJSON.encode(self)
        guard data.count <= BoundedFile.tableLimit else {
            throw RatingsError.invalidFile(
                path: "the rating table to write",
                reason:
                    "its \(ships.count) ships take \(data.count) bytes, more than the \(BoundedFile.tableLimit >> 20) "
                    + "MiB every reader of a table accepts; not written")
        }
        return data
    }

    /// Reads a rating table (`ship-ratings.json` or the app's `app-ratings.json`).
    /// - Throws: `RatingsError/invalidFile(path:reason:)` naming the file and the place.
    public static func load(from url: URL) throws -> RatingTable {
        let data: Data
        do { data = try BoundedFile.read(url, limit: BoundedFile.tableLimit, what: "rating table") } catch let problem
            as FileProblem
        {
            throw RatingsError.invalidFile(problem)
        }
        return try decode(data, path: url.path)
    }

    /// A rating table from bytes that came from `path` (for messages), validated as ``load(from:)``.
    public static func decode(_ data: Data, path: String) throws -> RatingTable {
        let url = URL(fileURLWithPath: path)
        // A hand-made table hears of every missing field at once, not one per attempt.
        if let object = try? JSONSerialization.jsonObject(with: data) {
            let missing = missingFields(in: object)
            if !missing.isEmpty {
                throw RatingsError.invalidFile(
                    path: path, reason: "not a rating table: missing \(missing.joined(separator: ", "))")
            }
        }
        let table = try JSONFile.decode(
            RatingTable.self, from: data, path: path, what: "rating table", makeError: RatingsError.invalidFile(_:))
        guard readableSchemaVersions.contains(table.schemaVersion) else {
            throw RatingsError.invalidFile(
                path: url.path,
                reason:
                    "schemaVersion \(table.schemaVersion), expected \(readableSchemaVersions.lowerBound)…\(readableSchemaVersions.upperBound)"
            )
        }
        for (name, values) in [
            ("energyJPerM2", table.model.thresholds.energyJPerM2), ("forceNPerM2", table.model.thresholds.forceNPerM2),
        ] where !values.isAscending {
            throw RatingsError.invalidFile(
                path: url.path,
                reason: "model.thresholds.\(name): expected two finite ascending numbers, got \(values.values)")
        }
        // A rating outside 1…3 fails the decoding itself (`Rating`), naming the ship's index.
        return table
    }

    /// The fields a table must have that `object` lacks, as paths (`ships[2].aliases`).
    static func missingFields(in object: Any) -> [String] {
        guard let root = object as? [String: Any] else { return [] }
        var missing = ["schemaVersion", "generatedAt", "model", "ships"].filter { root[$0] == nil }
        if let model = root["model"] as? [String: Any] {
            missing += ["name", "thresholds"].filter { model[$0] == nil }.map { "model.\($0)" }
            if let thresholds = model["thresholds"] as? [String: Any] {
                missing += ["energyJPerM2", "forceNPerM2"].filter { thresholds[$0] == nil }.map {
                    "model.thresholds.\($0)"
                }
            }
        }
        for (index, ship) in ((root["ships"] as? [Any]) ?? []).enumerated() {
            guard let ship = ship as? [String: Any] else { continue }
            missing += ["name", "aliases", "source"].filter { ship[$0] == nil }.map { "ships[\(index)].\($0)" }
        }
        return missing
    }
}

extension RatingTable {
    /// The table at `url` with the ships of the tables at `others` that it does not name (by
    /// ``ShipNames/key(_:)``): one lookup over several operators' fleets. The first table's
    /// model and settings stand for the whole.
    public static func merged(_ url: URL, with others: [URL]) throws -> RatingTable {
        try load(from: url).merging(others.map(load(from:)))
    }

    /// This table with the ships of `others` it does not name.
    public func merging(_ others: [RatingTable]) -> RatingTable {
        var table = self
        for other in others {
            let known = Set(table.ships.map { ShipNames.key($0.name) })
            table.ships += other.ships.filter { !known.contains(ShipNames.key($0.name)) }
        }
        return table
    }
}
