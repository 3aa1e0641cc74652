/// The one range of dates the toolkit computes with: years 1901–2099.
///
/// It is the range of NOAA's sunrise and sunset method (Solar), so a date the toolkit accepts
/// anywhere — a `sun --date`, a `sessions --from/--to`, a stationboard departure, a GTFS service
/// day, a deployment file — can also be given sun times. Inputs outside it are refused with a
/// message naming the value; nothing outside it reaches date arithmetic.
public enum SupportedDates {
    /// Years 1901…2099.
    public static let years: ClosedRange<Int> = 1901...2099
    /// 1901-01-01 … 2099-12-31.
    public static let dates: ClosedRange<LocalDate> =
        LocalDate(year: 1901, month: 1, day: 1)!...LocalDate(year: 2099, month: 12, day: 31)!
    /// Unix seconds of those dates in any zone (UTC−14 … UTC+14 covered by a day's margin):
    /// 1900-12-31T00:00Z … 2100-01-01T23:59:59Z.
    public static let unixTimes: ClosedRange<Int64> = -2_177_539_200...4_102_531_199

    /// "1901–2099", for messages.
    public static let text = "1901–2099"

    public static func contains(_ date: LocalDate) -> Bool { dates.contains(date) }
    public static func contains(unix: Int64) -> Bool { unixTimes.contains(unix) }
}
