import CivilTime
import Foundation
import Testing

@Suite struct CivilTimeTests {
    @Test func datesRoundTripAndKnowTheirWeekday() throws {
        let date = try #require(LocalDate(iso: "2026-09-22"))
        #expect(date.description == "2026-09-22")
        #expect(date.weekdayName == "Tuesday")  // 22 Sep 2026 is a Tuesday
        #expect(LocalDate(iso: "1970-01-01")?.daysSinceEpoch == 0)
        #expect(LocalDate(iso: "2000-03-01")?.daysSinceEpoch == 11_017)  // 30 years + 8 leap days + 59
        #expect(LocalDate(iso: "2026-02-29") == nil)
        #expect(LocalDate(iso: "2024-02-29") != nil)
        #expect(LocalDate(compact: "20261001") == LocalDate(iso: "2026-10-01"))
        #expect(LocalDate(iso: "2026-9-22") == nil)
        for day in stride(from: -200_000, through: 200_000, by: 997) {
            let d = LocalDate(daysSinceEpoch: day)
            #expect(LocalDate(iso: d.description) == d)
        }
    }

    @Test func parsesTheTransportAPIsOffsetWithoutAColon() throws {
        let parsed = try #require(ZoneClock.parseISO8601("2026-09-22T14:45:00+0200"))
        #expect(parsed.unix == 1_790_081_100)  // 12:45:00 UTC
        #expect(parsed.date == LocalDate(iso: "2026-09-22"))
        #expect(ZoneClock.parseISO8601("2026-09-22T14:45:00+02:00")?.unix == 1_790_081_100)
        #expect(ZoneClock.parseISO8601("2026-09-22T12:45:00Z")?.unix == 1_790_081_100)
        #expect(ZoneClock.parseISO8601("2026-09-22T14:45:00") == nil)
        #expect(ZoneClock.parseISO8601("2026-09-22 garbage") == nil)
    }

    /// The offset table equals the time-zone database at every change 1900–2100 (including the
    /// Swiss wartime summer times of 1941–42 and every transition second) and at random instants.
    @Test func theOffsetTableEqualsTheTimeZoneDatabase() {
        let clock = ZoneClock.zurich
        let zone = TimeZone(identifier: "Europe/Zurich")!
        func database(_ t: Int64) -> Int { zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t))) }
        var date = Date(timeIntervalSince1970: -2_208_988_800)
        var transitions = 0
        while let next = zone.nextDaylightSavingTimeTransition(after: date), next.timeIntervalSince1970 < 4_102_444_800
        {
            let t = Int64(next.timeIntervalSince1970)
            for probe in [t - 1, t, t + 1] { #expect(clock.offset(at: probe) == database(probe), "at \(probe)") }
            transitions += 1
            date = next
        }
        #expect(transitions >= 240)  // two a year since 1981, two in 1941 and 1942
        var state: UInt64 = 1
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let t = Int64(state >> 33) % 6_311_433_600 - 2_208_988_800
            #expect(clock.offset(at: t) == database(t))
        }
    }

    /// The span an offset holds for: the offset is the database's at both of its ends, and a
    /// different one just outside them (each end is a change), for random times in and beyond
    /// the table.
    @Test func anOffsetsSpanEndsWhereTheOffsetChanges() {
        let zone = TimeZone(identifier: "Europe/Zurich")!
        let clock = ZoneClock(timeZone: zone)
        func database(_ t: Int64) -> Int { zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t))) }
        var state: UInt64 = 7
        for round in 0..<5_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let t = Int64(state >> 33) % 6_800_000_000 - 2_400_000_000  // 1893 … 2185
            let span = clock.offsetSpan(at: t)
            #expect(span.from <= t && t < span.until, "\(t)")
            #expect(span.offset == database(t) && span.offset == clock.offset(at: t), "\(t)")
            #expect(database(span.from) == span.offset && database(span.until - 1) == span.offset, "\(t)")
            if span.until - span.from > 1 && span.until <= 4_102_444_800 && span.from > -2_208_988_800 {
                #expect(database(span.from - 1) != span.offset && database(span.until) != span.offset, "\(t)")
            }
            if round == 0 { #expect(clock.offsetSpan(at: 1_774_746_000) == (7200, 1_774_746_000, 1_792_890_000)) }
        }
    }

    @Test func zurichOffsetsAcrossDaylightSavingChanges() {
        let clock = ZoneClock.zurich
        // 2026-03-29: clocks go 02:00 → 03:00; 2026-10-25: 03:00 → 02:00.
        let spring = LocalDate(iso: "2026-03-29")!
        let autumn = LocalDate(iso: "2026-10-25")!
        #expect(clock.startOfDay(spring) == 1_774_738_800)  // 2026-03-28T23:00Z
        #expect(clock.unixTime(of: spring, secondsAfterMidnight: 4 * 3600) - clock.startOfDay(spring) == 3 * 3600)
        #expect(clock.unixTime(of: autumn, secondsAfterMidnight: 4 * 3600) - clock.startOfDay(autumn) == 5 * 3600)
        #expect(clock.iso8601(1_790_081_100) == "2026-09-22T14:45:00+02:00")
        #expect(clock.iso8601(clock.startOfDay(LocalDate(iso: "2026-12-24")!)) == "2026-12-24T00:00:00+01:00")
        #expect(clock.localDate(at: 1_774_738_800) == spring)
        #expect(clock.localDate(at: 1_774_738_799) == LocalDate(iso: "2026-03-28"))
    }
}

/// No input time or date makes the civil-time arithmetic trap (issue: hardening).
@Suite struct CivilTimeBoundsTests {
    @Test func extremeUnixTimesDoNotTrap() {
        let clock = ZoneClock.zurich
        for unix in [Int64.max, Int64.min, Int64.max - 1, -(1 << 62)] {
            _ = clock.localDate(at: unix)
            _ = clock.secondOfDay(at: unix)
            _ = clock.iso8601(unix)
            _ = clock.hourMinute(unix)
        }
        _ = clock.unixTime(of: LocalDate(daysSinceEpoch: Int.max), secondsAfterMidnight: Int.max)
        _ = clock.unixTime(of: LocalDate(daysSinceEpoch: Int.min))
    }

    /// "Today" is Zurich's date, not UTC's: 22:30 UTC on 1 July 2026 is 00:30 on 2 July (+02:00);
    /// 22:59:59 UTC on New Year's Eve is still 31 December (+01:00), a second later it is 2027.
    /// Times no clock shows are no trap.
    @Test func todayIsZurichsDate() {
        let zurich = ZoneClock.zurich
        #expect(zurich.today(at: Date(timeIntervalSince1970: 1_782_945_000)).description == "2026-07-02")
        #expect(zurich.today(at: Date(timeIntervalSince1970: 1_798_757_999)).description == "2026-12-31")
        #expect(zurich.today(at: Date(timeIntervalSince1970: 1_798_758_000)).description == "2027-01-01")
        #expect(zurich.today(at: Date(timeIntervalSince1970: .nan)).description == "1970-01-01")
        #expect(zurich.today(at: Date(timeIntervalSince1970: 1e300)) == zurich.localDate(at: 1 << 40))
        #expect(zurich.today(at: Date(timeIntervalSince1970: -.infinity)).description == "1970-01-01")
    }

    @Test func dateArithmeticSaturates() {
        #expect(LocalDate(daysSinceEpoch: Int.max - 1).adding(days: 5).daysSinceEpoch == Int.max)
        #expect(LocalDate(daysSinceEpoch: Int.min + 1).adding(days: -5).daysSinceEpoch == Int.min)
        #expect(LocalDate(daysSinceEpoch: Int.min).days(to: LocalDate(daysSinceEpoch: Int.max)) == Int.max)
        _ = LocalDate(daysSinceEpoch: Int.max).description
    }

    @Test func theSupportedRangeIsTheSunsRange() {
        #expect(SupportedDates.years == 1901...2099)
        #expect(SupportedDates.contains(LocalDate(iso: "1901-01-01")!))
        #expect(!SupportedDates.contains(LocalDate(iso: "1900-12-31")!))
        #expect(SupportedDates.contains(LocalDate(iso: "2099-12-31")!))
        #expect(!SupportedDates.contains(LocalDate(iso: "2100-01-01")!))
        // The Unix range covers both ends' local days in any zone (±14 h).
        #expect(SupportedDates.contains(unix: ZoneClock.parseISO8601("1901-01-01T00:00:00+14:00")!.unix))
        #expect(SupportedDates.contains(unix: ZoneClock.parseISO8601("2099-12-31T23:59:59-12:00")!.unix))
        #expect(!SupportedDates.contains(unix: ZoneClock.parseISO8601("2100-01-02T00:00:00Z")!.unix))
    }
}
