import Foundation
import ShipRatingTable
import Testing
import WaveRating

/// Schema 5 names `model.wake`'s rider depth `riderDepthM` and its thresholds
/// `thresholdHeightsM`; a version 2–4 table, which called them `depthM` and `waveHeightM`, is
/// still read, and every table is written with the current names and number.
@Suite struct SchemaFiveNamesTests {
    /// A version 4 table as the toolkit wrote it before schema 5 (shortened to one ship).
    static func table(version: Int, wake: String) -> Data {
        Data(
            """
            {"schemaVersion": \(version), "generatedAt": "2026-11-27T01:32:47Z",
             "model": {"name": "wake-ensemble", "speedKmh": 18, "depthM": 10,
                       "thresholds": {"energyJPerM2": [150, 250], "forceNPerM2": [45000, 55000]},
                       "wake": {\(wake), "distanceM": 50, "trackDepthM": 10, "speedMode": "operating",
                                "speedKmh": null, "thresholdsFitted": true, "agreementWithApp": null}},
             "ships": [{"name": "MS Panta Rhei", "aliases": ["Panta Rhei"], "rating": 3,
                        "source": {"page": "https://www.zsg.ch/de/motorschiff-panta-rhei.html"}}]}
            """.utf8)
    }

    @Test func aVersionFourTableIsReadUnderItsOldNames() throws {
        let old = try RatingTable.decode(
            Self.table(version: 4, wake: #""depthM": 3, "waveHeightM": [0.046, null]"#), path: "v4.json")
        #expect(old.schemaVersion == 4)
        #expect(old.model.trackDepthM == 10)
        #expect(old.model.wake?.riderDepthM == 3 && old.model.wake?.trackDepthM == 10)
        #expect(old.model.wake?.thresholdHeightsM == ThresholdPair(0.046, nil))
    }

    @Test func aVersionFiveTableIsReadUnderItsNewNames() throws {
        let new = try RatingTable.decode(
            Self.table(version: 5, wake: #""riderDepthM": 2.5, "thresholdHeightsM": [0.05, 0.2]"#), path: "v5.json")
        #expect(new.model.wake?.riderDepthM == 2.5)
        #expect(new.model.wake?.thresholdHeightsM == ThresholdPair(0.05, 0.2))
    }

    @Test func aTableWithoutTheRidersDepthIsRefused() {
        #expect(throws: (any Error).self) {
            try RatingTable.decode(Self.table(version: 4, wake: #""waveHeightM": null"#), path: "broken.json")
        }
    }

    @Test func everyTableIsWrittenAsVersionFiveWithTheNewNamesOnly() throws {
        let old = try RatingTable.decode(
            Self.table(version: 4, wake: #""depthM": 3, "waveHeightM": [0.046, null]"#), path: "v4.json")
        let written = try JSONSerialization.jsonObject(with: try old.jsonData()) as? [String: Any]
        #expect(written?["schemaVersion"] as? Int == 5)
        let wake = (written?["model"] as? [String: Any])?["wake"] as? [String: Any]
        #expect(wake?["riderDepthM"] as? Double == 3)
        #expect((wake?["thresholdHeightsM"] as? [Any])?.first as? Double == 0.046)
        #expect(wake?["depthM"] == nil && wake?["waveHeightM"] == nil)
        // The legacy model's depth keeps its name one level up: it is the track's.
        #expect((written?["model"] as? [String: Any])?["depthM"] as? Double == 10)
    }
}
