package import CSVText
package import CivilTime
package import SessionAnalytics
import SessionCore
import Solar
import TextFormats

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

    /// Appends the rows of one station-day (none when it has no session) in `style`.
    package static func append(
        _ day: StationDay, to text: ReportBytes, style: CSVStyle, clock: ZoneClock = .zurich
    ) {
        for (rank, s) in day.distinctSessions.enumerated() {
            let minutes = Double(s.end - s.start) / 60
            var start = text.beginField(first: true, style: style)
            text.int(day.station)
            text.endField(start: start, style: style)
            text.field(day.stationName, style: style)
            text.field(day.lake ?? "", style: style)
            start = text.beginField(first: false, style: style)
            text.date(day.date)
            text.endField(start: start, style: style)
            text.field(day.date.weekdayName, style: style)
            start = text.beginField(first: false, style: style)
            text.int(rank + 1)
            text.endField(start: start, style: style)
            for time in [s.start, s.end] {
                start = text.beginField(first: false, style: style)
                text.iso8601(time, clock: clock)
                text.endField(start: start, style: style)
            }
            for time in [s.start, s.end] {
                start = text.beginField(first: false, style: style)
                text.hourMinute(time, clock: clock)
                text.endField(start: start, style: style)
            }
            text.field(fixed(minutes, 0), style: style)
            start = text.beginField(first: false, style: style)
            text.int(s.waves)
            text.endField(start: start, style: style)
            text.field(fixed(Double(s.waves) / (minutes / 60), 2), style: style)
            points(s.quality, to: text, style: style)
            text.field(fixed(s.score, 2), style: style)
            text.field(s.ships.joined(separator: "; "), style: style)
            text.field(s.predictedShips.joined(separator: "; "), style: style)
            start = text.beginField(first: false, style: style)
            text.int(s.unknownWaves)
            text.endField(start: start, style: style)
            for (time, present) in [
                (day.sun.sunrise, day.sunTimes.sunrise != nil), (day.sun.sunset, day.sunTimes.sunset != nil),
            ] {
                start = text.beginField(first: false, style: style)
                if present { text.iso8601(time, clock: clock) }
                text.endField(start: start, style: style)
            }
            text.byte(0x0A)
        }
    }

    /// A points field: whole points as integers, expected points with two decimals.
    static func points(_ value: Double, to text: ReportBytes, style: CSVStyle) {
        let start = text.beginField(first: false, style: style)
        if value == value.rounded() && value.magnitude < 1e15 { text.int(Int(value)) } else { text.fixed(value, 2) }
        text.endField(start: start, style: style)
    }
}
