import CivilTime
import Foundation
import Testing
import WaveFeed
import WaveRating

/// The wave feed's portable half: the app's wave id, and the reader's bounds.
@Suite struct WaveFeedTests {
    /// The app's own examples (its WaveCheckinIdTest): 2026-06-18 14:32 UTC, course 38, station
    /// 8503671; without a UIC id, the station's name; a course that is not a number stays.
    @Test func waveIdsAreTheApps() throws {
        // 2026-06-18 = day 20 622 since 1970-01-01 (by hand: 56 years, 14 leap days, 168 days).
        let day: Int64 = 20_622
        let unix: Int64 = day * 86_400 + 14 * 3600 + 32 * 60
        #expect(LocalDate(year: 2026, month: 6, day: 18)?.daysSinceEpoch == 20_622)
        #expect(
            WaveID.make(stationUIC: 8_503_671, stationName: "Thalwil", departureUnix: unix, course: "38")
                == "8503671_2026-06-18T14:32:00Z_38")
        #expect(
            WaveID.make(stationUIC: nil, stationName: "Thalwil", departureUnix: unix, course: "38")
                == "Thalwil_2026-06-18T14:32:00Z_38")
        #expect(
            WaveID.make(stationUIC: 8_503_671, stationName: "Thalwil", departureUnix: unix, course: "ZSG-12")
                == "8503671_2026-06-18T14:32:00Z_ZSG-12")
        // The issue's example: 8503680 at 12:31 UTC on 2026-09-22, course 117 (timetable "0117").
        let september = ZoneClock.zurich.unixTime(
            of: LocalDate(year: 2026, month: 9, day: 22)!, secondsAfterMidnight: 14 * 3600 + 31 * 60)
        #expect(
            WaveID.make(
                stationUIC: 8_503_680, stationName: "Pfäffikon SZ (See)", departureUnix: september, course: "0117")
                == "8503680_2026-09-22T12:31:00Z_117")
        #expect(WaveID.withoutLeadingZeros("000") == "0" && WaveID.withoutLeadingZeros("2501") == "2501")
        #expect(ZoneClock.utcISO8601(-1) == "1969-12-31T23:59:59Z")
    }

    /// A feed index may name only files of its own folder.
    @Test func theReaderRefusesFilesOutsideTheFeed() throws {
        for bad in ["../etc/passwd", "/abs.json", "a/b/c.json", "", "a//b.json", "zurichsee/..", "x y.json"] {
            #expect(!FeedReader.isConfined(bad), "\(bad)")
        }
        #expect(FeedReader.isConfined("zurichsee/2026-09-22.0123456789abcdef.json"))
        let index =
            #"{"schemaVersion": 1, "generatedAt": "x", "timeZone": "Europe/Zurich", "archive": "a", "lakes": [{"name": "L", "operators": [], "stations": [], "ratings": [], "days": [{"date": "2026-09-22", "file": "../x.json", "sha256": "0", "waves": 1}]}]}"#
        #expect(throws: FeedReader.Problem.self) { try FeedReader.decodeIndex(Data(index.utf8)) }
        let later = index.replacingOccurrences(of: #""schemaVersion": 1"#, with: #""schemaVersion": 2"#)
        #expect(throws: FeedReader.Problem.self) { try FeedReader.decodeIndex(Data(later.utf8)) }
        #expect(throws: FeedReader.Problem.self) {
            try FeedReader.decodeIndex(Data(count: FeedReader.maximumIndexBytes + 1))
        }
    }

    /// A file that is not the feed's names the field in words, where the message was
    /// JSONDecoder's dump ("DecodingError.keyNotFound: Key 'schemaVersion' … CodingKeys(…)").
    @Test func aFileThatIsNotTheFeedNamesTheField() throws {
        let cases: [(String, String)] = [
            (#"{"lakes": []}"#, "index.json: not a feed index: missing field schemaVersion"),
            ("not json", "index.json: not a feed index: invalid JSON"),
            (
                #"{"schemaVersion": "one", "generatedAt": "x", "timeZone": "Europe/Zurich", "archive": "a", "lakes": []}"#,
                "index.json: not a feed index: schemaVersion: "
            ),
        ]
        for (text, expected) in cases {
            #expect {
                try FeedReader.decodeIndex(Data(text.utf8))
            } throws: { error in
                "\(error)".hasPrefix(expected) && !"\(error)".contains("CodingKeys")
            }
        }
        #expect {
            try FeedReader.decodeDay(Data(#"{"date": "2026-09-22"}"#.utf8), from: "d.json")
        } throws: { error in
            "\(error)".hasPrefix("d.json: not a day of waves: missing field ") && !"\(error)".contains("CodingKeys")
        }
    }

    /// A wave's rating is the closed set 1–3 (`Rating`), written as the schema's integer: 2 is
    /// written `"rating":2` and read back as `.two`; a 4 is refused, not carried as a number.
    @Test func aWavesRatingIsOneToThreeWrittenAsTheInteger() throws {
        let wave = Self.knownWave
        let text = String(decoding: try JSONEncoder().encode(wave), as: UTF8.self)
        #expect(text.contains(#""rating":2"#), "\(text)")
        #expect(try JSONDecoder().decode(FeedWave.self, from: Data(text.utf8)).rating == .two)
        let four = text.replacingOccurrences(of: #""rating":2"#, with: #""rating":4"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FeedWave.self, from: Data(four.utf8)) }
    }

    /// Version 3 says a wave's ship is `known`, as the session reports do; a version 2 feed's
    /// `published` is read as that, and a word that is neither is refused.
    @Test func aKnownShipIsWrittenKnownAndAVersionTwoPublishedOneReadsAsKnown() throws {
        let wave = Self.knownWave
        let text = String(decoding: try JSONEncoder().encode(wave), as: UTF8.self)
        #expect(text.contains(#""shipSource":"known""#), "\(text)")
        let old = text.replacingOccurrences(of: #""shipSource":"known""#, with: #""shipSource":"published""#)
        #expect(old != text)
        #expect(try JSONDecoder().decode(FeedWave.self, from: Data(old.utf8)).shipSource == .known)
        let other = text.replacingOccurrences(of: #""shipSource":"known""#, with: #""shipSource":"assigned""#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FeedWave.self, from: Data(other.utf8)) }
        #expect(FeedIndex.currentVersion == 3)
    }

    /// A wave of MS Panta Rhei at Thalwil, its ship assigned, rated 2.
    static let knownWave = FeedWave(
        waveId: "w", stationId: "8503651", stationName: "Thalwil (See)", time: "2026-09-22T10:00:00+02:00",
        timeUTC: "2026-09-22T08:00:00Z", course: "2501", category: "BAT", nextStopId: nil, nextStopName: nil,
        ship: "MS Panta Rhei", shipSource: .known, shipShare: 1, predictedShips: nil, rating: .two,
        ratingBasis: .energy, waveHeightM: nil)
}
