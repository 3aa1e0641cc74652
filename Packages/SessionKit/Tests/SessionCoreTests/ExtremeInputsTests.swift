import CivilTime
import SessionCore
import Testing

/// SessionKit's public API never traps, whatever a caller passes (issue: a codebase to carry on,
/// round 2): over thousands of days of random times, extremes included (Int64.min and max, the
/// edges of SessionRules.timeRange), the finder, the rules and the reasons return, and keep
/// their contract: a day with a wave outside the rules' range has no window and says why.
@Suite struct ExtremeInputsTests {
    /// SplitMix64: a small, seeded generator (the tests must be repeatable).
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_CE4E_5B9B
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        /// A time: ordinary, at an edge, or anything.
        mutating func time(near base: Int64) -> Int64 {
            switch next() % 6 {
            case 0: return .min
            case 1: return .max
            case 2: return SessionRules.timeRange.upperBound &- Int64(next() % 7200)
            case 3: return SessionRules.timeRange.lowerBound &+ Int64(next() % 7200)
            case 4: return Int64(bitPattern: next())
            default: return base &+ Int64(next() % 36_000)
            }
        }
    }

    @Test func theFinderAndTheRulesReturnOnAnyTimes() {
        var random = Random(state: 42)
        var outsideDays = 0
        for _ in 0..<5_000 {
            let base = Int64(bitPattern: random.next()) >> Int64(random.next() % 64)
            let count = Int(random.next() % 12)
            let waves = (0..<count).map { _ in random.time(near: base) }.sorted().map {
                Wave(time: $0, quality: Double(random.next() % 11))
            }
            let sun = SunWindow(
                sunrise: random.time(near: base), sunset: random.time(near: base),
                civilTwilightBegin: random.time(near: base), civilTwilightEnd: random.time(near: base))
            let best = SessionFinder.best(waves: waves, sun: sun)
            let (top, distinct) = SessionFinder.bestAndDistinct(waves: waves, sun: sun)
            #expect(top.count == best.count && distinct.count <= best.count + 5)
            _ = SessionFinder.distinct(waves: waves, sun: sun)
            let outside = waves.count { !SessionRules.timeRange.contains($0.time) }
            if outside > 0 {
                outsideDays += 1
                #expect(best.isEmpty)
                if count >= 1 {
                    #expect(NoSessionReason.of(waves: waves, sun: sun) == .timesOutOfRange(waves: outside))
                }
            } else {
                _ = NoSessionReason.of(waves: waves, sun: sun)
            }
            for window in best { #expect(window.score.isFinite && window.score > 0) }
            if let first = waves.first, let last = waves.last {
                let score = SessionRules.score(quality: 10, count: count, start: first.time, end: last.time, sun: sun)
                #expect(score.isFinite || first.time == last.time)
            }
        }
        #expect(outsideDays > 1_000, "the extremes were drawn")
    }

    @Test func datesReturnOnAnyDayNumberAndYear() {
        var random = Random(state: 7)
        let extremes = [Int.min, Int.max, Int.min + 1, Int.max - 1, 0, -1, 1 << 40, -(1 << 40)]
        for i in 0..<5_000 {
            let days = i < extremes.count ? extremes[i] : Int(bitPattern: UInt(random.next()))
            let date = LocalDate(daysSinceEpoch: days)
            #expect((1...7).contains(date.isoWeekday))
            _ = (date.components, date.weekdayName, date.description)
            let year = i < extremes.count ? extremes[i] : Int(bitPattern: UInt(random.next())) >> (random.next() % 64)
            let moved = date.inYear(year)
            #expect((1...9999).contains(moved.year) || !(1...9999).contains(date.year))
            _ = date.adding(days: days)
            _ = date.days(to: LocalDate(daysSinceEpoch: Int(bitPattern: UInt(random.next()))))
            let clock = ZoneClock.zurich
            _ = clock.unixTime(of: date, secondsAfterMidnight: Int(bitPattern: UInt(random.next())))
            let time = Int64(bitPattern: random.next())
            _ = (clock.localDate(at: time), clock.iso8601(time), ZoneClock.utcISO8601(time), clock.hourMinute(time))
        }
        // Worked examples: 29 Feb into a common year, and a year beyond the calendar's range.
        let leap = LocalDate(year: 2024, month: 2, day: 29)!
        #expect(leap.inYear(2026) == LocalDate(year: 2026, month: 2, day: 28))
        #expect(leap.inYear(0) == LocalDate(year: 1, month: 2, day: 28))
        #expect(leap.inYear(Int.max) == LocalDate(year: 9999, month: 2, day: 28))
        #expect(LocalDate(daysSinceEpoch: Int.max).isoWeekday == (Int.max % 7 + 3) % 7 + 1)
    }
}
