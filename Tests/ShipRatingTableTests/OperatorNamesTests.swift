import Foundation
import ShipRatingTable
import Testing
import WaveRating
import _TestSupport

/// Names as each operator writes them find the ship in its table (issue: other lakes): CGN's
/// boards write `LA SUISSE`, `VILLE-DE-GENEVE`, `EVIAN-LES-BAINS` (upper case, no accents).
@Suite struct OperatorNamesTests {
    @Test func cgnsBoardNamesFindTheFleetsShips() throws {
        let table = try RatingTable.load(from: RepositoryPaths.data.appendingPathComponent("ratings/cgn.json"))
        let lookup = RatingLookup(table)
        #expect(lookup.ship(named: "LA SUISSE")?.name == "DS La Suisse")
        #expect(lookup.ship(named: "LA SUISSE")?.rating == .three)
        #expect(lookup.ship(named: "VILLE-DE-GENEVE")?.name == "MS Ville-de-Genève")
        #expect(lookup.ship(named: "EVIAN-LES-BAINS")?.name == "MS Évian-les-Bains")
        #expect(lookup.ship(named: "HELVETIA") == nil, "Lake Zurich's Helvetia is not CGN's Helvétie")
    }

    @Test func sgvsSteamersByTheirPageNames() throws {
        let lookup = RatingLookup(
            try RatingTable.load(from: RepositoryPaths.data.appendingPathComponent("ratings/sgv.json")))
        #expect(lookup.ship(named: "Dampfschiff Uri")?.rating == .three)
        #expect(lookup.ship(named: "DS Stadt Luzern")?.name == "DS Stadt Luzern")
        #expect(lookup.ship(named: "MS Saphir")?.rating == nil)
    }
}
