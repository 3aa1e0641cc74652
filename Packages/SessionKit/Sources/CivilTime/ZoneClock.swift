public import Foundation

/// Civil time in one IANA zone (Europe/Zurich for everything the toolkit writes): local dates
/// and midnights of Unix times, and ISO-8601 text with the zone's offset.
///
/// Times are Unix seconds (`Int64`), the unit of the schedule store and of session scoring.
public struct ZoneClock: Sendable {
    public let timeZone: TimeZone
    /// The zone's offset changes from 1900 to 2100, read from `timeZone` once: `offsets[i]` is
    /// in effect from `transitions[i]` on. Looking an offset up is then a binary search, not a
    /// call into the time-zone database (which takes a lock); schedules ask millions of times.
    private let transitions: [Int64]
    private let offsets: [Int]
    private static let tableRange: ClosedRange<Int64> = -2_208_988_800...4_102_444_800  // 1900 … 2100

    /// The zone every timetable, sun time and report of the toolkit uses.
    public static let zurich = ZoneClock(timeZone: TimeZone(identifier: "Europe/Zurich")!)

    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
        var transitions: [Int64] = [Self.tableRange.lowerBound]
        var offsets = [
            timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(Self.tableRange.lowerBound)))
        ]
        var date = Date(timeIntervalSince1970: TimeInterval(Self.tableRange.lowerBound))
        while let next = timeZone.nextDaylightSavingTimeTransition(after: date),
            next.timeIntervalSince1970 <= TimeInterval(Self.tableRange.upperBound)
        {
            let offset = timeZone.secondsFromGMT(for: next)
            if offset != offsets.last {
                transitions.append(Int64(next.timeIntervalSince1970))
                offsets.append(offset)
            }
            date = next
        }
        self.transitions = transitions
        self.offsets = offsets
    }

    /// Offset from UTC in seconds at a Unix time (+7200 in Swiss summer time).
    public func offset(at unix: Int64) -> Int {
        guard Self.tableRange.contains(unix) else {
            return timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(unix)))
        }
        return offsets[transition(at: unix)]
    }

    /// The index of the last transition at or before `unix` (within ``tableRange``).
    private func transition(at unix: Int64) -> Int {
        var low = 0
        var high = transitions.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if transitions[middle] <= unix { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The offset at a Unix time and the Unix times `from..<until` over which it holds, so that
    /// a writer of many nearby times can look the zone up once per change instead of per time.
    /// Outside 1900…2100 the span is the one second `unix..<unix + 1`.
    public func offsetSpan(at unix: Int64) -> (offset: Int, from: Int64, until: Int64) {
        guard Self.tableRange.contains(unix) else { return (offset(at: unix), unix, unix + 1) }
        let low = transition(at: unix)
        let until = low + 1 < transitions.count ? transitions[low + 1] : Self.tableRange.upperBound + 1
        return (offsets[low], transitions[low], until)
    }

    /// Unix times beyond ±2^40 s (about 35 000 years) are taken as that bound, so that no input
    /// makes the arithmetic below overflow. Readers refuse times outside ``SupportedDates`` long
    /// before; this only keeps a bad value from trapping.
    static func bounded(_ unix: Int64) -> Int64 { min(max(unix, -(1 << 40)), 1 << 40) }

    /// The local calendar date at a Unix time.
    public func localDate(at unix: Int64) -> LocalDate {
        let unix = Self.bounded(unix)
        let local = unix + Int64(offset(at: unix))
        return LocalDate(daysSinceEpoch: Int(floorDiv(local, 86_400)))
    }

    /// The local calendar date at `now` (default: the system clock's current time), the clock a
    /// command means by "today". A time that is not finite counts as the Unix epoch.
    public func today(at now: Date = Date()) -> LocalDate {
        let seconds = now.timeIntervalSince1970
        return localDate(at: seconds.isFinite ? Int64(min(max(seconds, -0x1p40), 0x1p40)) : 0)
    }

    /// Seconds since local midnight at a Unix time (0 ..< 86 400).
    public func secondOfDay(at unix: Int64) -> Int {
        let unix = Self.bounded(unix)
        let local = unix + Int64(offset(at: unix))
        return Int(local - floorDiv(local, 86_400) * 86_400)
    }

    /// Unix time of local wall-clock `seconds` after midnight of `date`. A wall time that does
    /// not exist (the hour skipped in spring) is taken with the offset before the change.
    public func unixTime(of date: LocalDate, secondsAfterMidnight seconds: Int = 0) -> Int64 {
        let days = Int64(min(max(date.daysSinceEpoch, -(1 << 30)), 1 << 30))
        let wall = days * 86_400 + Int64(min(max(seconds, -(1 << 30)), 1 << 30))
        let guess = wall - Int64(offset(at: wall))
        let corrected = wall - Int64(offset(at: guess))
        return offset(at: corrected) == offset(at: guess) ? corrected : guess
    }

    /// Unix time of local midnight starting `date`.
    public func startOfDay(_ date: LocalDate) -> Int64 { unixTime(of: date) }

    /// `2026-09-22T14:31:00+02:00`.
    public func iso8601(_ unix: Int64) -> String {
        let unix = Self.bounded(unix)
        let off = offset(at: unix)
        let local = unix + Int64(off)
        let date = LocalDate(daysSinceEpoch: Int(floorDiv(local, 86_400)))
        let s = Int(local - floorDiv(local, 86_400) * 86_400)
        let sign = off < 0 ? "-" : "+"
        let a = abs(off)
        return
            "\(date)T\(pad(s / 3600, 2)):\(pad(s / 60 % 60, 2)):\(pad(s % 60, 2))\(sign)\(pad(a / 3600, 2)):\(pad(a / 60 % 60, 2))"
    }

    /// `2026-09-22T12:31:00Z`: the instant in UTC, to the second, as the app's wave ids and
    /// check-ins write it (whatever the clock's own zone).
    public static func utcISO8601(_ unix: Int64) -> String {
        let unix = bounded(unix)
        let date = LocalDate(daysSinceEpoch: Int(floorDiv(unix, 86_400)))
        let s = Int(unix - floorDiv(unix, 86_400) * 86_400)
        return "\(date)T\(pad(s / 3600, 2)):\(pad(s / 60 % 60, 2)):\(pad(s % 60, 2))Z"
    }

    /// `14:31` (local wall clock).
    public func hourMinute(_ unix: Int64) -> String {
        let s = secondOfDay(at: unix)
        return "\(pad(s / 3600, 2)):\(pad(s / 60 % 60, 2))"
    }

    /// Parses ISO-8601 with an offset, with or without a colon in it
    /// (`2026-09-22T14:45:00+0200`, as transport.opendata.ch writes it, or `+02:00`, or `Z`).
    /// Returns the Unix time and the local date written in the text.
    public static func parseISO8601(_ text: String) -> (unix: Int64, date: LocalDate)? {
        let b = Array(text.utf8)
        guard b.count >= 20, let date = LocalDate(iso: String(decoding: b[0..<10], as: UTF8.self)),
            b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: " ")
        else { return nil }
        func two(_ i: Int) -> Int? {
            guard i + 1 < b.count, (48...57).contains(b[i]), (48...57).contains(b[i + 1]) else { return nil }
            return Int(b[i] - 48) * 10 + Int(b[i + 1] - 48)
        }
        guard let h = two(11), b[13] == UInt8(ascii: ":"), let mi = two(14), b[16] == UInt8(ascii: ":"),
            let s = two(17), h < 24, mi < 60, s < 61
        else { return nil }
        var i = 19
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            while i < b.count, (48...57).contains(b[i]) { i += 1 }
        }
        guard i < b.count else { return nil }
        var offset = 0
        if b[i] == UInt8(ascii: "Z") {
            guard i + 1 == b.count else { return nil }
        } else {
            guard b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-"), let oh = two(i + 1) else { return nil }
            var j = i + 3
            if j < b.count, b[j] == UInt8(ascii: ":") { j += 1 }
            guard let om = two(j), j + 2 == b.count else { return nil }
            offset = (oh * 3600 + om * 60) * (b[i] == UInt8(ascii: "-") ? -1 : 1)
        }
        let wall = Int64(date.daysSinceEpoch) * 86_400 + Int64(h * 3600 + mi * 60 + s)
        return (wall - Int64(offset), date)
    }
}

/// Floor division (rounds towards −∞).
@inline(__always) func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}
