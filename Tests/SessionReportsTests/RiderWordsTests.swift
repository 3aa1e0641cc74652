import CivilTime
import Foundation
import SessionCore
import Solar
import Testing
import WaveRating

@testable import SessionAnalytics
@testable import SessionReports

/// What a rider reads: predicted ships as ships, the four languages, the calendar's stability.
@Suite struct RiderWordsTests {
    static let date = LocalDate(iso: "2026-09-23")!
    static let clock = ZoneClock.zurich

    static func at(_ hour: Int, _ minute: Int) -> Int64 {
        clock.unixTime(of: date, secondsAfterMidnight: hour * 3600 + minute * 60)
    }

    static func wave(_ hour: Int, _ minute: Int, _ ship: WaveShip, rating: Rating? = nil) -> WaveDetail {
        WaveDetail(
            time: at(hour, minute), course: "109", category: "BAT", nextStop: nil, nextStopName: nil, ship: ship,
            rating: rating, points: 5, waveHeightM: 0.094)
    }

    /// A day at Wädenswil with a known, a predicted and an unknown ship in one window.
    static func day() throws -> StationDay {
        let sunTimes = try SunTimes(latitude: 47.23, longitude: 8.675, date: date)
        var day = StationDay(
            station: 8_503_670, stationName: "Wädenswil (See)", lake: "Zürichsee", date: date,
            sun: SunWindow(sunTimes, precision: .seconds), sunTimes: sunTimes, waveCount: 3, unknownShipWaves: 1,
            sessions: [])
        day.waves = [
            wave(14, 0, .known("MS Linth"), rating: .two),
            wave(
                14, 30,
                .predicted([
                    ShipShare(ship: "MS Panta Rhei", share: 0.6, rating: .three),
                    ShipShare(ship: "MS Helvetia", share: 0.4, rating: .two),
                ])),
            wave(15, 10, .none),
        ]
        let session = SessionResult(
            start: at(14, 0), end: at(15, 10), waves: 3, quality: 16, score: 20.8, ships: ["MS Linth"], unknownWaves: 1)
        day.sessions = [session]
        day.distinctSessions = [session]
        return day
    }

    static func plan(_ days: [StationDay], lake: String? = nil) -> RiderPlan {
        var plan = RiderPlan(
            from: date, to: date, stationDays: days, quietStations: [], daysPastArchive: [],
            archiveRange: LocalDate(iso: "2026-09-22")!...LocalDate(iso: "2026-10-01")!,
            places: [8_503_670: .init(uic: 8_503_670, name: "Wädenswil (See)", latitude: 47.23, longitude: 8.675)],
            ratingsName: "t", ratingsPoint: nil)
        plan.lake = lake
        return plan
    }

    /// "MS Panta Rhei? 60 % ★★★?": the most likely ship with its share and its stars, marked;
    /// "–" only for the wave nobody knows; the star column stays aligned.
    @Test func predictedShipsLookLikeShips() throws {
        let text = PlanText.render(Self.plan([try Self.day()]))
        let lines = text.split(separator: "\n").map(String.init)
        let predicted = try #require(lines.first { $0.contains("14:30") })
        #expect(predicted.contains("★★★?") && predicted.contains("MS Panta Rhei? 60 %"), "\(predicted)")
        let unknown = try #require(lines.first { $0.contains("15:10  course") })
        #expect(unknown.contains("–") && unknown.contains("ship unknown"), "\(unknown)")
        // The ship column starts at one place on every wave line.
        let waveLines = lines.filter { $0.contains("  course 109") }
        #expect(waveLines.count == 3)
        let starts = waveLines.map { line in
            [line.distance(of: "MS "), line.distance(of: "ship unknown")].filter { $0 >= 0 }.min() ?? -1
        }
        #expect(Set(starts).count == 1, "\(waveLines)")
        #expect(PlanWords.mix(try Self.day().waves) == "1 × ★★☆, 1 × ★★★?, 1 unknown")
        #expect(PlanWords.summary(try Self.day().waves) == "3 waves, 1 × ★★☆")
    }

    /// Each language: the day, the words, the decimal mark, the reasons.
    @Test func theFourLanguages() throws {
        let day = try Self.day()
        let expected: [(RiderLanguage, String, String, String)] = [
            (.en, "Wed 23 Sep 2026", "course 109", "0.09 m"),
            (.de, "Mi 23. Sept. 2026", "Kurs 109", "0,09 m"),
            (.fr, "mer. 23 sept. 2026", "course 109", "0,09 m"),
            (.it, "mer 23 set 2026", "corsa 109", "0,09 m"),
        ]
        for (language, heading, course, height) in expected {
            let text = PlanText.render(Self.plan([day]), words: RiderWords(language))
            #expect(text.hasPrefix(heading) && text.contains(course) && text.contains(height), "\(language): \(text)")
            #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 })
        }
        let reason = NoSessionReason.fewerThanThreeWaves(2)
        #expect(RiderWords(.de).reason(reason) == "2 Waves den ganzen Tag (eine Session braucht 3)")
        #expect(RiderWords(.fr).reason(reason) == "2 Waves de toute la journée (une session en demande 3)")
        #expect(RiderWords(.it).reason(reason) == "2 Wave in tutto il giorno (una sessione ne richiede 3)")
        #expect(RiderWords(.en).reason(reason) == reason.description)
        #expect(RiderLanguage.fromEnvironment(["LANG": "de_CH.UTF-8"]) == .de)
        #expect(RiderLanguage.fromEnvironment(["LC_ALL": "fr_CH.UTF-8", "LANG": "de_CH.UTF-8"]) == .fr)
        #expect(RiderLanguage.fromEnvironment(["LANG": "C"]) == .en && RiderLanguage.fromEnvironment([:]) == .en)
    }

    /// The same plan gives the same calendar; an event that changed gets SEQUENCE + 1 and the
    /// new stamp, an unchanged one keeps both.
    @Test func calendarEventsKeepTheirStampUntilTheyChange() throws {
        let plan = Self.plan([try Self.day()])
        let first = PlanCalendar.render(plan, stamp: 1_000_000_000)
        #expect(PlanCalendar.render(plan, stamp: 2_000_000_000, previous: first) == first)
        #expect(first.contains("SEQUENCE:0") && first.contains("DTSTAMP:20010909T014640Z"))
        #expect(first.contains("BEGIN:VALARM") && first.contains("TRIGGER:-PT10M"))
        let german = PlanCalendar.render(
            plan, stamp: 2_000_000_000, options: .init(words: RiderWords(.de)), previous: first)
        #expect(german.contains("SEQUENCE:1") && german.contains("DTSTAMP:20330518T033320Z"), "\(german)")
        let quiet = PlanCalendar.render(plan, stamp: 1, options: .init(alarmMinutes: nil, waveEvents: true))
        #expect(
            !quiet.contains("VALARM") && quiet.contains("UID:nextwave-wave-8503670_2026-09-23T12:30:00Z_109@nextwave"))
    }
}

extension String {
    fileprivate func distance(of text: String) -> Int {
        guard let range = range(of: text) else { return -1 }
        return self.distance(from: startIndex, to: range.lowerBound)
    }
}
