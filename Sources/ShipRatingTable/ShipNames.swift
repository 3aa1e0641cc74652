import Foundation
import NextWaveSupport

/// Ship-name rules shared by the rating table and the schedule side.
public enum ShipNames {
    /// Words that open a page title or a name as a type, with the prefix they stand for.
    static let typeWords: [(word: String, prefix: String)] = [
        ("motorschiffe", "MS"), ("motorschiff", "MS"), ("dampfschiffe", "DS"), ("dampfschiff", "DS"),
        ("elektroschiffe", "EMS"), ("elektroschiff", "EMS"), ("m/s", "MS"), ("e-ms", "EMS"),
        ("ems", "EMS"), ("em", "EMS"), ("ms", "MS"), ("ds", "DS"),
    ]

    /// A page title split into the ships it describes, with the prefix its type word implies:
    /// "Motorschiffe Albis, Pfannenstiel & Uetliberg" → (MS, [Albis, Pfannenstiel, Uetliberg]).
    public static func shipsInTitle(_ title: String) -> (prefix: String?, names: [String]) {
        var rest = title.trimmingCharacters(in: .whitespacesAndNewlines)
        var prefix: String?
        let lower = rest.lowercased()
        for (word, p) in typeWords where lower.hasPrefix(word + " ") {
            prefix = p
            rest = String(rest.dropFirst(word.count)).trimmingCharacters(in: .whitespaces)
            break
        }
        let names =
            rest
            .replacingOccurrences(of: " & ", with: ",")
            .replacingOccurrences(of: " und ", with: ",")
            .split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        return (prefix, names)
    }

    /// The key names are compared by: trimmed, white space folded, case and diacritics ignored.
    public static func key(_ name: String) -> String { TextKey.fold(name) }
}

/// Finds a ship's rating by any of its names (case, diacritics and spacing ignored).
public struct RatingLookup: Sendable {
    private var byKey: [String: ShipRating] = [:]

    public init(_ table: RatingTable) {
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

    /// The entry for a ship of another table: by its name, else by any of its aliases.
    public func ship(matching other: ShipRating) -> ShipRating? {
        ship(named: other.name) ?? other.aliases.lazy.compactMap { ship(named: $0) }.first
    }
}
