package import CivilTime
import NextWaveSupport
package import SessionAnalytics
import SessionCore
import Solar

/// `sessions.csv`: one row per distinct session (non-overlapping windows, rank 1 = the day's
/// best); times ISO-8601 with the Europe/Zurich offset, as in the JSON, and as local HH:MM
/// beside them for spreadsheets (with the local `date`).
package enum SessionsCSV {
    /// Column names in the style of every CSV of the toolkit (the JSON keys, units in the name).
    package static let header = [
        "stationId", "stationName", "lake", "date", "weekday", "rank", "start", "end", "startLocal", "endLocal",
        "durationMin", "waves",
        "wavesPerHour", "qualityPoints", "score", "ships", "predictedShips", "unknownShipWaves", "sunrise", "sunset",
    ]

    /// The rows of one station-day (none when it has no session).
    package static func rows(_ day: StationDay, clock: ZoneClock = .zurich) -> [[String]] {
        day.distinctSessions.enumerated().map { rank, s in
            let minutes = Double(s.end - s.start) / 60
            return [
                String(day.station), day.stationName, day.lake ?? "", day.date.description, day.date.weekdayName,
                String(rank + 1), clock.iso8601(s.start), clock.iso8601(s.end), clock.hourMinute(s.start),
                clock.hourMinute(s.end), fixed(minutes, 0), String(s.waves),
                fixed(Double(s.waves) / (minutes / 60), 2), points(s.quality), fixed(s.score, 2),
                s.ships.joined(separator: "; "), s.predictedShips.joined(separator: "; "), String(s.unknownWaves),
                day.sunTimes.sunrise == nil ? "" : clock.iso8601(day.sun.sunrise),
                day.sunTimes.sunset == nil ? "" : clock.iso8601(day.sun.sunset),
            ]
        }
    }

    /// Whole points as integers, expected points with two decimals.
    static func points(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : fixed(value, 2)
    }
}
