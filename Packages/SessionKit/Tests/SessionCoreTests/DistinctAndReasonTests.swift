import CivilTime
import Foundation
import Testing

@testable import SessionCore

/// Distinct sessions and the reasons for a day without one (issue: sessions for riders).
@Suite struct DistinctAndReasonTests {
    static let clock = ZoneClock.zurich
    static let day = LocalDate(iso: "2026-07-01")!
    static let daylight = SunWindow(
        sunrise: at(300), sunset: at(1290), civilTwilightBegin: at(260), civilTwilightEnd: at(1330))

    static func at(_ minutes: Int) -> Int64 { clock.unixTime(of: day, secondsAfterMidnight: minutes * 60) }
    static func waves(_ minutes: [Int], points: Int = 5) -> [Wave] {
        minutes.map { Wave(time: at($0), quality: points) }
    }

    @Test func distinctSessionsShareNoTimeAndAgreeWithALiteralGreedyChoice() {
        let sun = EveryEveningDay.sun
        for trial in stride(from: 0, to: EveryEveningDay.count, by: 3) {
            let waves = EveryEveningDay.waves(trial)
            let distinct = SessionFinder.distinct(waves: waves, sun: sun, limit: 5)
            for (i, a) in distinct.enumerated() {
                for b in distinct[(i + 1)...] { #expect(!(a.start <= b.end && b.start <= a.end), "trial \(trial)") }
            }
            // Literal: every window of the app's rules, best first (ties in start order), taken
            // when it shares no time with those taken before.
            var literal: [LiteralSessionRules.Window] = []
            for w in LiteralSessionRules.sessions(waves: waves, sun: sun, top: waves.count) where literal.count < 5 {
                if !literal.contains(where: { $0.start <= w.end && w.start <= $0.end }) { literal.append(w) }
            }
            let fast = distinct.map {
                LiteralSessionRules.Window(
                    start: $0.start, end: $0.end, count: $0.count, quality: $0.quality, score: $0.score)
            }
            #expect(fast == literal, "trial \(trial)")
            // The survey's one search gives the same two lists.
            let both = SessionFinder.bestAndDistinct(waves: waves, sun: sun, top: 5)
            #expect(both.distinct == distinct && both.best == SessionFinder.best(waves: waves, sun: sun, top: 5))
        }
    }

    @Test func twoSeparateRunsGiveTwoDistinctSessions() {
        // 9:00–10:00 four waves; 14:00–15:00 three waves: the app's top 5 are all variants of the
        // first run, the distinct list holds both.
        let w = Self.waves([540, 560, 580, 600, 840, 870, 900])
        let distinct = SessionFinder.distinct(waves: w, sun: Self.daylight)
        #expect(distinct.map { Self.clock.hourMinute($0.start) } == ["09:00", "14:00"])
        #expect(distinct.map(\.count) == [4, 3])
    }

    @Test func reasonsSayWhyWithTheNumbers() {
        #expect(NoSessionReason.of(waves: Self.waves([600, 700]), sun: Self.daylight) == .fewerThanThreeWaves(2))
        #expect(
            NoSessionReason.of(waves: Self.waves([600, 620, 640]), sun: Self.daylight)
                == .spanTooShort(waves: 3, span: 2400))
        // 10:00, 10:50 then 12:10 (gap 80 min) and 12:40: no window of 3.
        let apart = NoSessionReason.of(waves: Self.waves([600, 650, 730, 760]), sun: Self.daylight)
        #expect(apart == .wavesTooFarApart(waves: 4, longestRun: 2, runSpan: 3000, longestGap: 4800))
        #expect(apart?.description.contains("best: 2 waves over 50 min; longest gap 80 min") == true)
        // 22:30–23:30 after civil dusk (22:10): a window, but in darkness.
        #expect(
            NoSessionReason.of(waves: Self.waves([1350, 1380, 1410]), sun: Self.daylight) == .onlyInDarkness(windows: 1)
        )
        // A day with a session has no reason.
        #expect(NoSessionReason.of(waves: Self.waves([600, 630, 660]), sun: Self.daylight) == nil)
    }
}
