import Foundation
import ShipRatingReader
import Testing
import WaveRating

/// The app's reader of the published table: every schema version, names as the apps write them.
@Suite struct ShipRatingReaderTests {
    @Test func everySchemaVersionReads() throws {
        let v1 =
            #"{"schemaVersion": 1, "generatedAt": "2025-01-14T00:00:00Z", "ships": [{"name": "MS Linth", "aliases": ["Linth"], "rating": 2, "waveHeightM": 0.44}]}"#
        let t1 = try PublishedRatings(data: Data(v1.utf8))
        #expect(t1.schemaVersion == 1 && t1.ships[0].wakeHeightM == nil && t1.rating(for: "linth") == .two)
        let v2 =
            #"{"schemaVersion": 2, "generatedAt": "x", "ships": [{"name": "MS Linth", "aliases": [], "rating": null, "waveHeightM": null, "wake": null}, {"name": "DS Stadt Zürich", "aliases": ["Stadt Zürich"], "rating": 3, "waveHeightM": 0.63, "wake": {"waveHeightM": {"median": 0.38, "min": 0.1, "max": 0.9}}}]}"#
        let t2 = try PublishedRatings(data: Data(v2.utf8))
        #expect(t2.rating(for: "MS Linth") == nil && t2.ship(named: "MS Linth") != nil)
        #expect(t2.ship(named: "stadt zuerich")?.wakeHeightM == 0.38)
        // Version 4, with a riders' rating and lookup keys the reader needs not read; the app's own table.
        let v4 =
            #"{"schemaVersion": 4, "generatedAt": "x", "model": {}, "ships": [{"name": "MS Panta Rhei", "aliases": ["Panta Rhei"], "rating": 3, "ratingBasis": "riders", "riderRating": {"rating": 3, "source": "s", "reason": "r"}, "lookupKeys": ["ms panta rhei", "panta rhei"], "waveHeightM": 0.63, "wake": {"waveHeightM": {"median": 0.102, "min": 0.06, "max": 0.17}, "uncertainty": {"speed": {"low": 0.9, "high": 1.1}}}}]}"#
        let t4 = try PublishedRatings(data: Data(v4.utf8))
        #expect(t4.schemaVersion == 4 && t4.rating(for: "panta rhei") == .three)
        #expect(t4.ship(named: "MS Panta Rhei")?.wakeHeightM == 0.102)
        let app = try PublishedRatings(data: Data(contentsOf: RepositoryFiles.appRatings))
        #expect(app.rating(for: "EM Uetliberg") == .three && app.rating(for: "M/S «Säntis»") == .one)
        #expect(app.rating(for: "Motorschiff Saentis") == .one && app.rating(for: "MS Greif") == nil)
    }

    @Test func aNonTableIsAnError() {
        #expect(throws: (any Error).self) { try PublishedRatings(data: Data("[1, 2]".utf8)) }
        #expect(throws: (any Error).self) { try PublishedRatings(data: Data(#"{"ships": []}"#.utf8)) }
    }
}
