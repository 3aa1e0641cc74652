import Foundation
import ShipRatingTable
@_spi(Benchmarks) import ShipRatings
import TextFormats
import WakeKernelSupport

/// What a table must be to be published, beyond its format: every name a ship's name (the fleet
/// file's rules: length, no invisible, control or markup character, Latin letters), every ship
/// once, its figures physically possible, and `generatedAt` a time. A table edited by hand (a
/// negative length, an empty or 10 kB name, `generatedAt: "yesterday"`) is refused naming each
/// problem, before the apps can read it.
enum TablePlausibility {
    static func problems(_ table: RatingTable) -> [String] {
        var problems: [String] = []
        if ISO8601DateFormatter().date(from: table.generatedAt) == nil {
            problems.append("generatedAt \"\(VisibleText.excerpt(table.generatedAt))\" is not an ISO 8601 time")
        }
        var seen: [String: Int] = [:]
        for (i, ship) in table.ships.enumerated() {
            let label = "ships[\(i)] \"\(VisibleText.excerpt(ship.name))\""
            if ship.name.isEmpty {
                problems.append("ships[\(i)]: the name is empty")
            } else if let problem = ShipNameRules.problem(ship.name) {
                problems.append("\(label): the name \(problem)")
            }
            for alias in ship.aliases {
                if let problem = ShipNameRules.problem(alias), !alias.isEmpty {
                    problems.append("\(label), alias \"\(VisibleText.excerpt(alias))\": \(problem)")
                }
            }
            let key = ShipNames.key(ship.name)
            if let first = seen[key] {
                problems.append("\(label): the same ship as ships[\(first)]")
            } else {
                seen[key] = i
            }
            for (field, value, range) in [
                ("lengthM", ship.lengthM, PlausibleValues.lengthM), ("beamM", ship.beamM, PlausibleValues.beamM),
                ("displacementT", ship.displacementT, PlausibleValues.displacementT),
            ] {
                if let value, !PlausibleValues.accepts(value, in: range) {
                    problems.append(
                        "\(label): \(field) \(value) is outside \(plain(range.lowerBound))…\(plain(range.upperBound))")
                }
            }
        }
        return problems
    }
}
