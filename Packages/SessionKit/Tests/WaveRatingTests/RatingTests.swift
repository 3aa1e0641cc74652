import Foundation
import Testing
import WaveRating

/// The rating type and the legacy thresholds, by hand.
@Suite struct RatingTests {
    @Test func aRatingIsOneTwoOrThreeAndEncodesAsTheNumber() throws {
        #expect(Rating(UInt8(3)) == .three && Rating(0) == nil && Rating(4) == nil && Rating(-1) == nil)
        #expect(Rating.one < .two && Rating.two < .three && max(Rating.one, .three) == .three)
        #expect(String(decoding: try JSONEncoder().encode([Rating.one, .three]), as: UTF8.self) == "[1,3]")
        #expect(try JSONDecoder().decode([Rating?].self, from: Data("[2, null]".utf8)) == [.two, nil])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Rating].self, from: Data("[7]".utf8)) }
        #expect("\(Rating.two)" == "2")
    }

    @Test func theLegacyThresholdsAreStrict() {
        let t = RatingThresholds.legacy
        // E > 250 J/m² is 3, E > 150 is 2; F > 55 000 N/m² is 3, F > 45 000 is 2; the larger wins.
        #expect(t.energyRating(250) == .two && t.energyRating(250.0001) == .three && t.energyRating(150) == .one)
        #expect(t.forceRating(45_000) == .one && t.forceRating(45_000.1) == .two && t.forceRating(55_001) == .three)
        #expect(t.rating(energyJPerM2: 100, forceNPerM2: 56_000) == .three)
        #expect(Rating.classify(0.3, above: ThresholdPair(0.25, 0.45)) == .two)
    }

    /// A pair is two values by type: it reads and writes the two-element arrays the tables have
    /// always held, and refuses any other length in words instead of trapping later.
    @Test func aThresholdPairIsTheTwoElementArrayOfTheTables() throws {
        let decoder = JSONDecoder()
        let pair = try decoder.decode(ThresholdPair<Double>.self, from: Data("[150, 250]".utf8))
        #expect(pair == ThresholdPair(150, 250) && pair.isAscending && pair.values == [150, 250])
        #expect(String(decoding: try JSONEncoder().encode(pair), as: UTF8.self) == "[150,250]")
        let open = try decoder.decode(ThresholdPair<Double?>.self, from: Data("[0.046, null]".utf8))
        #expect(open.two == 0.046 && open.three == nil)
        #expect(String(decoding: try JSONEncoder().encode(open), as: UTF8.self) == "[0.046,null]")
        for wrong in ["[]", "[1]", "[1, 2, 3]", "{\"two\": 1, \"three\": 2}", "[\"a\", 2]"] {
            #expect(throws: DecodingError.self, "\(wrong)") {
                try decoder.decode(ThresholdPair<Double>.self, from: Data(wrong.utf8))
            }
        }
        #expect(!ThresholdPair(250, 150).isAscending && !ThresholdPair(.nan, 1).isAscending)
        // The legacy thresholds encode as before: {"energyJPerM2":[150,250],"forceNPerM2":[45000,55000]}.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(
            String(decoding: try encoder.encode(RatingThresholds.legacy), as: UTF8.self)
                == #"{"energyJPerM2":[150,250],"forceNPerM2":[45000,55000]}"#)
    }
}
