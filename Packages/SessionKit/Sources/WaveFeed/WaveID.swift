import CivilTime

/// The app's identity of one wave (its `WaveCheckin.makeWaveId`): the station's UIC id (its name
/// when it has none), the departure instant in UTC to the second, and the course number without
/// leading zeros, joined by `_`:
///
/// ```
/// 8503680_2026-09-22T12:31:00Z_117
/// ```
///
/// Check-ins, wave history and verified rides are keyed by it, so the feed's waves join the
/// app's data exactly. The rule is the app's; this is a transcription, checked by tests against
/// the app's own examples.
public enum WaveID {
    /// The id of a departure at `departureUnix` (Unix seconds) from `stationUIC` (or, without
    /// one, the station's name) on course `course`.
    public static func make(stationUIC: Int?, stationName: String, departureUnix: Int64, course: String) -> String {
        let station = stationUIC.map(String.init) ?? stationName
        return "\(station)_\(ZoneClock.utcISO8601(departureUnix))_\(withoutLeadingZeros(course))"
    }

    /// "0117" → "117", "0" → "0", "ZSG-12" unchanged: the timetable writes course numbers with
    /// leading zeros, the app's ids do not.
    public static func withoutLeadingZeros(_ course: String) -> String {
        guard course.first == "0", course.allSatisfy(\.isNumber) else { return course }
        let trimmed = course.drop { $0 == "0" }
        return trimmed.isEmpty ? "0" : String(trimmed)
    }
}
