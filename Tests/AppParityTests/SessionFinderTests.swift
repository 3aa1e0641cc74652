import CivilTime
import Foundation
import Testing
import WaveRating
import _AppAlgorithm
import _TestSupport

@testable import SessionCore

@Suite struct SessionFinderTests {
    static let days = ["2026-03-29", "2026-10-25", "2026-06-21", "2026-12-21", "2026-09-22"].map { LocalDate(iso: $0)! }

    /// A random day: waves on a coarse grid (so equal times, gaps of exactly 3600 s and spans of
    /// exactly 7200 s are common), random ratings and unknown ships, sun times anywhere from
    /// normal to polar, on ordinary and DST change days.
    static func randomDay(_ rng: inout SplitMix64) -> (waves: [Wave], sun: SunWindow) {
        let clock = ZoneClock.zurich
        let day = days[Int.random(in: 0..<days.count, using: &rng)]
        let grid = [60, 300, 600, 1200, 1800, 3600][Int.random(in: 0..<6, using: &rng)]
        let count = Int.random(in: 0...40, using: &rng)
        let burst = Int.random(in: 0...3, using: &rng)  // clusters of equal times
        var waves: [Wave] = []
        for _ in 0..<count {
            let wall = Int.random(in: 0...(86_399 / grid), using: &rng) * grid
            let time = clock.unixTime(of: day, secondsAfterMidnight: wall)
            let quality = [10, 5, 2, 1][Int.random(in: 0..<4, using: &rng)]
            waves.append(Wave(time: time, quality: quality))
            for _ in 0..<Int.random(in: 0...burst, using: &rng) where Bool.random(using: &rng) {
                waves.append(Wave(time: time, quality: [10, 5, 2, 1][Int.random(in: 0..<4, using: &rng)]))
            }
        }
        let at = { (minutes: Int) in clock.unixTime(of: day, secondsAfterMidnight: minutes * 60) }
        let sun: SunWindow
        switch Int.random(in: 0..<10, using: &rng) {
        case 0:  // polar day, never dark
            sun = SunWindow(
                sunrise: -(1 << 60), sunset: 1 << 60, civilTwilightBegin: -(1 << 60), civilTwilightEnd: 1 << 60)
        case 1:  // polar night with civil twilight around noon
            sun = SunWindow(sunrise: at(720), sunset: at(720), civilTwilightBegin: at(600), civilTwilightEnd: at(840))
        case 2:  // polar night, always dark
            sun = SunWindow(
                sunrise: at(720), sunset: at(720), civilTwilightBegin: 1 << 60, civilTwilightEnd: -(1 << 60))
        default:
            let rise = Int.random(in: 240...600, using: &rng) / (grid / 60) * (grid / 60)  // often on the grid
            let set = Int.random(in: 960...1320, using: &rng) / (grid / 60) * (grid / 60)
            sun = SunWindow(
                sunrise: at(rise), sunset: at(set), civilTwilightBegin: at(rise - Int.random(in: 0...45, using: &rng)),
                civilTwilightEnd: at(set + Int.random(in: 0...45, using: &rng)))
        }
        waves.sort { $0.time < $1.time }
        return (waves, sun)
    }

    @Test func boundariesAreInclusiveAsTheAppHasThem() {
        let t0: Int64 = 1_790_060_000
        let noon = SunWindow(
            sunrise: t0 - 20_000, sunset: t0 + 20_000, civilTwilightBegin: t0 - 22_000, civilTwilightEnd: t0 + 22_000)
        // Gap of exactly 3600 s is taken, 3601 s is not; span of exactly 7200 s is taken.
        let exact = [t0, t0 + 3600, t0 + 7200].map { Wave(time: $0, quality: 1) }
        let best = SessionFinder.best(waves: exact, sun: noon)
        #expect(best.first?.count == 3 && best.first?.end == t0 + 7200)
        let tooFar = [t0, t0 + 3600, t0 + 7201].map { Wave(time: $0, quality: 1) }
        #expect(SessionFinder.best(waves: tooFar, sun: noon).isEmpty)  // only two waves within reach
        // Exactly one hour with three waves qualifies; score = 3 × (1 + 3/10) = 3.9.
        let hour = [t0, t0 + 1800, t0 + 3600].map { Wave(time: $0, quality: 1) }
        #expect(SessionFinder.best(waves: hour, sun: noon).first?.score == 3 * (1 + 3.0 / 10))
    }

    @Test func twilightPenaltyAndDarknessByHand() {
        let t0: Int64 = 1_790_060_000
        let waves = [t0, t0 + 1800, t0 + 3600].map { Wave(time: $0, quality: 10) }
        // Sunset 15 min before the end: share 0.25 → × (1 − 0.2); base 30 × 1.3 = 39 → 31.2.
        let dusk = SunWindow(
            sunrise: t0 - 30_000, sunset: t0 + 2700, civilTwilightBegin: t0 - 32_000, civilTwilightEnd: t0 + 4000)
        let score = SessionFinder.best(waves: waves, sun: dusk).first?.score
        #expect(abs((score ?? 0) - 31.2) < 1e-12)
        // Starts at civil dusk: dropped.
        let dark = SunWindow(
            sunrise: t0 - 30_000, sunset: t0 - 2000, civilTwilightBegin: t0 - 32_000, civilTwilightEnd: t0)
        #expect(SessionFinder.best(waves: waves, sun: dark).isEmpty)
    }
}

/// The benchmarks' baseline, the port of the app's own algorithm, agrees with the finder.
@Suite struct AppWaveAnalyticsTests {
    @Test func theAppsAlgorithmGivesTheSameSessionsOnRandomDays() {
        var rng = SplitMix64(seed: 42)
        let lists = AppAnalytics37.ShipLists(
            threeWaveShips: ["MS Panta Rhei", "MS Albis"], twoWaveShips: ["MS Linth"])
        let names: [String?] = ["MS Panta Rhei", "MS Albis", "MS Linth", "MS Forch", nil]
        func quality(_ name: String?) -> Int {
            SessionRules.quality(
                rating: name.flatMap { ["MS Panta Rhei": Rating.three, "MS Albis": .three, "MS Linth": .two][$0] },
                named: name != nil)
        }
        var compared = 0
        for _ in 0..<1500 {
            let (waves, sun) = SessionFinderTests.randomDay(&rng)
            // Polar encodings lie outside Date's useful range: the app never sees them.
            guard abs(sun.sunrise) < 1 << 40, abs(sun.civilTwilightBegin) < 1 << 40, abs(sun.civilTwilightEnd) < 1 << 40
            else { continue }
            let ships = waves.map { _ in names[rng.index(names.count)] }
            let scored = zip(waves, ships).map { Wave(time: $0.time, quality: quality($1)) }
            let fast = SessionFinder.best(waves: scored, sun: sun)
            let date = { (t: Int64) in Date(timeIntervalSince1970: TimeInterval(t)) }
            let app = AppAnalytics37.bestSessions(
                waves: zip(waves, ships).map { .init(time: date($0.time), shipName: $1) },
                sun: .init(
                    sunrise: date(sun.sunrise), sunset: date(sun.sunset),
                    civilTwilightBegin: date(sun.civilTwilightBegin),
                    civilTwilightEnd: date(sun.civilTwilightEnd)), ships: lists)
            #expect(fast.map(\.start) == app.map { Int64($0.session.start.timeIntervalSince1970) })
            #expect(fast.map(\.end) == app.map { Int64($0.session.end.timeIntervalSince1970) })
            #expect(fast.map(\.count) == app.map(\.session.waves.count))
            #expect(fast.map(\.score) == app.map(\.score))
            compared += 1
        }
        #expect(compared > 1000)
    }
}

/// The current app's algorithm (scored once, its own name lists), at Linux's costs (trimmed
/// names, Foundation's UUID) and at a phone's, agrees with the finder on the app's fleet.
@Suite struct AppAnalyticsCurrentTests {
    @Test func theCurrentAppGivesTheSameSessionsOnRandomDays() {
        var rng = SplitMix64(seed: 2026)
        // The app's lists name these; "MS Forch" is any other ship; a name with spaces around
        // it is what the app's trimming is for.
        let names: [String?] = [
            "MS Panta Rhei", "EMS Uetliberg", "EM Pfannenstiel", "MS Linth", "DS Stadt Rapperswil", "MS Forch",
            " MS Albis ", nil,
        ]
        let ratings: [String: Rating] = [
            "MS Panta Rhei": .three, "EMS Uetliberg": .three, "EM Pfannenstiel": .three, "MS Albis": .three,
            "MS Linth": .two, "DS Stadt Rapperswil": .two,
        ]
        var compared = 0
        var withSessions = 0
        for _ in 0..<1500 {
            let (waves, sun) = SessionFinderTests.randomDay(&rng)
            guard abs(sun.sunrise) < 1 << 40, abs(sun.civilTwilightBegin) < 1 << 40, abs(sun.civilTwilightEnd) < 1 << 40
            else { continue }
            let ships = waves.map { _ in names[rng.index(names.count)] }
            let scored = zip(waves, ships).map { wave, ship in
                let trimmed = ship?.trimmingCharacters(in: .whitespaces)
                return Wave(
                    time: wave.time,
                    quality: SessionRules.quality(rating: trimmed.flatMap { ratings[$0] }, named: ship != nil))
            }
            let fast = SessionFinder.best(waves: scored, sun: sun)
            let date = { (t: Int64) in Date(timeIntervalSince1970: TimeInterval(t)) }
            let events = zip(waves, ships).enumerated().map { index, pair in
                AppAnalyticsCurrent.WaveEvent(
                    time: date(pair.0.time), routeNumber: String(2500 + index), routeName: "Schiff",
                    neighborStop: "Zürich Bürkliplatz (See)", period: "2026", shipName: pair.1)
            }
            let sunTimes = AppAnalyticsCurrent.SunTimes(
                sunrise: date(sun.sunrise), sunset: date(sun.sunset), civilTwilightBegin: date(sun.civilTwilightBegin),
                civilTwilightEnd: date(sun.civilTwilightEnd))
            let app = AppAnalyticsCurrent.analyzeWaves(events, sunTimes: sunTimes, platform: .linuxFoundation)
            #expect(fast.map(\.start) == app.map { Int64($0.slot.startTime.timeIntervalSince1970) })
            #expect(fast.map(\.end) == app.map { Int64($0.slot.endTime.timeIntervalSince1970) })
            #expect(fast.map(\.count) == app.map(\.slot.waveCount))
            #expect(fast.map(\.score) == app.map(\.score))
            // Without trimming, the padded name is "any other ship": the same as the finder
            // only where no padded name was taken.
            if !ships.contains(" MS Albis ") {
                let neutral = AppAnalyticsCurrent.analyzeWaves(events, sunTimes: sunTimes, platform: .neutral)
                #expect(neutral.map(\.score) == app.map(\.score))
                #expect(neutral.map(\.slot.startTime) == app.map(\.slot.startTime))
            }
            compared += 1
            if !fast.isEmpty { withSessions += 1 }
        }
        #expect(compared > 1000 && withSessions > 300, "\(compared) days, \(withSessions) with sessions")
    }
}
