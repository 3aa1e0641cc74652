import Foundation
import ShipRatingTable
import Testing
import _TestSupport

/// `ratings show --ship NAME --json` prints one entry: the same object the table file holds
/// for that ship, read here from Data/ratings/zsg.json with JSONSerialization.
@Suite struct ShipEntryJSONTests {
    @Test func eachEntryIsTheFilesObjectForThatShip() throws {
        let url = RepositoryPaths.data.appendingPathComponent("ratings/zsg.json")
        let file = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        let objects = file["ships"] as! [[String: Any]]
        let table = try RatingTable.load(from: url)
        #expect(table.ships.count == objects.count && !objects.isEmpty)
        for (ship, object) in zip(table.ships, objects) {
            let data = try ship.jsonData()
            #expect(data.last == 0x0A)
            let entry = try JSONSerialization.jsonObject(with: data) as! [String: Any]
            #expect(NSDictionary(dictionary: entry).isEqual(to: object), "\(ship.name)")
        }
    }
}
