/// A calendar date without time or zone (proleptic Gregorian), e.g. a timetable's service day.
///
/// Stored as days since 1970-01-01 so that ranges, differences and hashing are integer work.
/// Valid for years 1…9999.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before).
    public let daysSinceEpoch: Int

    public init(daysSinceEpoch: Int) { self.daysSinceEpoch = daysSinceEpoch }

    /// The date `year-month-day`; `nil` when it does not exist (e.g. 2026-02-30).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysInMonth(year: year, month: month)).contains(day)
        else { return nil }
        daysSinceEpoch = Self.days(year: year, month: month, day: day)
    }

    /// Parses `YYYY-MM-DD` (exactly that shape).
    public init?(iso text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// Parses GTFS's `YYYYMMDD`.
    public init?(compact text: some StringProtocol) {
        guard text.utf8.count == 8, text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        let s = String(text)
        let y = Int(s.prefix(4))!
        let m = Int(s.dropFirst(4).prefix(2))!
        let d = Int(s.suffix(2))!
        self.init(year: y, month: m, day: d)
    }

    public var components: (year: Int, month: Int, day: Int) { Self.civil(fromDays: daysSinceEpoch) }
    public var year: Int { components.year }
    public var month: Int { components.month }
    public var day: Int { components.day }

    /// ISO weekday: 1 = Monday … 7 = Sunday.
    public var isoWeekday: Int {
        let w = (daysSinceEpoch % 7 + 3) % 7  // 1970-01-01 was a Thursday (ISO 4); no overflow at Int.max
        return (w < 0 ? w + 7 : w) + 1
    }

    /// English weekday name, Monday … Sunday.
    public var weekdayName: String {
        ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][isoWeekday - 1]
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let (y, m, d) = components
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))"
    }

    /// The date `days` later (earlier when negative); saturates instead of overflowing.
    public func adding(days: Int) -> LocalDate {
        let (sum, overflow) = daysSinceEpoch.addingReportingOverflow(days)
        return LocalDate(daysSinceEpoch: overflow ? (days > 0 ? Int.max : Int.min) : sum)
    }

    /// Days from `self` to `other` (positive when `other` is later); saturates instead of
    /// overflowing.
    public func days(to other: LocalDate) -> Int {
        let (difference, overflow) = other.daysSinceEpoch.subtractingReportingOverflow(daysSinceEpoch)
        return overflow ? (other.daysSinceEpoch > daysSinceEpoch ? Int.max : Int.min) : difference
    }

    /// The same month and day in `year` (29 Feb maps to 28 Feb in common years). A year outside
    /// 1…9999, where dates are valid, is taken as the nearest valid one.
    public func inYear(_ year: Int) -> LocalDate {
        let (_, m, d) = components
        let year = min(max(year, 1), 9999)
        return LocalDate(
            daysSinceEpoch: Self.days(year: year, month: m, day: min(d, Self.daysInMonth(year: year, month: m))))
    }

    public static func < (a: LocalDate, b: LocalDate) -> Bool { a.daysSinceEpoch < b.daysSinceEpoch }

    public static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // Howard Hinnant's days_from_civil / civil_from_days.
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    static func civil(fromDays z0: Int) -> (Int, Int, Int) {
        // Beyond ±2^40 days the result is meaningless anyway; bounding keeps it from overflowing.
        let z = min(max(z0, -(1 << 40)), 1 << 40) + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}

func pad(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
}
