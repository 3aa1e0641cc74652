import Foundation
import ShipRatingReader
import TextFormats

/// Finds a ship's rating by any of its names (case, diacritics and spacing ignored).
public struct RatingLookup: Sendable {
    private var byKey: [String: ShipRating] = [:]
    private let names: [String]

    public init(_ table: RatingTable) {
        names = table.ships.map(\.name)
        // Full names first, so that an alias never shadows another ship's own name.
        for ship in table.ships { byKey[ShipNames.key(ship.name)] = ship }
        for ship in table.ships {
            for alias in ship.aliases where byKey[ShipNames.key(alias)] == nil {
                byKey[ShipNames.key(alias)] = ship
            }
        }
    }

    /// The ship a name refers to, if the table knows it.
    public func ship(named name: String) -> ShipRating? { byKey[ShipNames.key(name)] }

    /// The ship a person asked for by name in the table at `table` (a path, for the message).
    /// - Throws: ``RatingsError/unknownShip(table:name:closest:known:)`` (a usage error) with the
    ///   table's closest names, or all of them when none is close.
    public func ship(named name: String, inTable table: String) throws(RatingsError) -> ShipRating {
        if let ship = ship(named: name) { return ship }
        throw .unknownShip(
            table: table, name: name, closest: NameMatch.closest(to: name, in: names, limit: 3), known: names)
    }

    /// The entry for a ship of another table: by its name, else by any of its aliases.
    public func ship(matching other: ShipRating) -> ShipRating? {
        ship(named: other.name) ?? other.aliases.lazy.compactMap { ship(named: $0) }.first
    }
}
