import Foundation
import ShipRatingReader
import Testing

/// The lookup rule's test vectors (schemas/lookup-keys.vectors.json), which a client in any
/// language checks its port against: the Swift reader must give every key, and find every ship
/// of the bundled Lake Zurich table by its spelling.
@Suite struct LookupKeyVectorTests {
    struct Vectors: Decodable {
        struct Key: Decodable {
            let spelling: String
            let key: String
        }
        struct Lookup: Decodable {
            let spelling: String
            let ship: String?
        }
        let keys: [Key]
        let lookups: [Lookup]
    }

    static func vectors() throws -> Vectors {
        try JSONDecoder().decode(
            Vectors.self,
            from: Data(contentsOf: RepositoryFiles.lookupVectors))
    }

    @Test func theReaderGivesEveryKey() throws {
        let vectors = try Self.vectors()
        #expect(vectors.keys.count >= 20)
        for v in vectors.keys { #expect(PublishedRatings.key(v.spelling) == v.key, "\(v.spelling)") }
    }

    /// Each spelling finds its ship by the reader, and a client using the table's lookupKeys
    /// alone finds the same ship.
    @Test func everySpellingFindsItsShipInTheBundledTable() throws {
        let data = try Data(contentsOf: RepositoryFiles.zurichRatings)
        let table = try PublishedRatings(data: data)
        let raw = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        let keys = (raw["ships"] as! [[String: Any]]).map { ($0["name"] as! String, $0["lookupKeys"] as! [String]) }
        for v in try Self.vectors().lookups {
            #expect(table.ship(named: v.spelling)?.name == v.ship, "\(v.spelling)")
            let key = PublishedRatings.key(v.spelling)
            #expect(keys.first { $0.1.contains(key) }?.0 == v.ship, "lookupKeys for \(v.spelling)")
        }
    }
}
