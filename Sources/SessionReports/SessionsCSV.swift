import CivilTime
import NextWaveSupport
import SessionAnalytics
import SessionCore

/// `sessions.csv`: one row per session (rank 1 = the day's best), RFC 4180, UTF-8, LF; times
/// local (Europe/Zurich) in separate date and clock columns so that spreadsheets sort and
/// filter them without parsing offsets.
public enum SessionsCSV {
    /// Column names in the style of every CSV of the toolkit (the JSON keys, units in the name).
    public static let header = [
        "stationId", "stationName", "date", "weekday", "rank", "startLocal", "endLocal", "durationMin", "waves",
        "wavesPerHour", "qualityPoints", "score", "ships", "unknownShipWaves", "sunriseLocal", "sunsetLocal",
    ]

    /// The rows of one station-day (none when it has no session).
    public static func rows(_ day: StationDay, clock: ZoneClock = .zurich) -> [[String]] {
        day.sessions.enumerated().map { rank, s in
            let minutes = Double(s.end - s.start) / 60
            return [
                String(day.station), day.stationName, day.date.description, day.date.weekdayName, String(rank + 1),
                clock.hourMinute(s.start), clock.hourMinute(s.end), fixed(minutes, 0), String(s.waves),
                fixed(Double(s.waves) / (minutes / 60), 2), String(s.quality), fixed(s.score, 2),
                s.ships.joined(separator: "; "), String(s.unknownWaves),
                day.sunTimes.sunrise == nil ? "" : clock.hourMinute(day.sun.sunrise),
                day.sunTimes.sunset == nil ? "" : clock.hourMinute(day.sun.sunset),
            ]
        }
    }
}
