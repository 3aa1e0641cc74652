package import CivilTime
package import NextWaveSupport
package import SessionAnalytics
import SessionCore
import Solar
import WaveFeed
import WaveRating

/// `waves.csv`: every wave of every station-day, the app's main screen as a table; `waveId` is
/// the app's own key of the wave (``WaveFeed/WaveID``), so the rows join its check-ins.
package enum WavesCSV {
    package static let header = [
        "waveId", "stationId", "stationName", "date", "time", "timeLocal", "course", "category", "nextStopId",
        "nextStopName",
        "ship",
        "shipSource", "shipShare", "predictedShips", "rating", "points", "waveHeightM",
    ]

    /// Appends the rows of one station-day (one per wave) in `style`.
    package static func append(
        _ day: StationDay, to text: ReportBytes, style: CSVStyle, clock: ZoneClock = .zurich
    ) {
        for w in day.waves {
            var start = text.beginField(first: true, style: style)
            // The app's wave id (WaveFeed's WaveID.make): station, UTC departure, course.
            text.int(day.station)
            text.byte(0x5F)
            text.utcISO8601(w.time)
            text.byte(0x5F)
            text.text(WaveID.withoutLeadingZeros(w.course))
            text.endField(start: start, style: style)
            start = text.beginField(first: false, style: style)
            text.int(day.station)
            text.endField(start: start, style: style)
            text.field(day.stationName, style: style)
            start = text.beginField(first: false, style: style)
            text.date(day.date)
            text.endField(start: start, style: style)
            start = text.beginField(first: false, style: style)
            text.iso8601(w.time, clock: clock)
            text.endField(start: start, style: style)
            start = text.beginField(first: false, style: style)
            text.hourMinute(w.time, clock: clock)
            text.endField(start: start, style: style)
            text.field(w.course, style: style)
            text.field(w.category, style: style)
            start = text.beginField(first: false, style: style)
            if let next = w.nextStop { text.int(next) }
            text.endField(start: start, style: style)
            text.field(w.nextStopName ?? "", style: style)
            switch w.ship {
            case .known(let name):
                text.field(name, style: style)
                text.field(w.ship.source.rawValue, style: style)
                text.field("1", style: style)
                text.field("", style: style)
            case .predicted(let shares):
                text.field(shares.first?.ship ?? "", style: style)
                text.field(w.ship.source.rawValue, style: style)
                text.field(shares.first.map { fixed($0.share, 3) } ?? "", style: style)
                text.field(shares.map { "\($0.ship) \(fixed($0.share, 3))" }.joined(separator: "; "), style: style)
            case .none:
                text.field("", style: style)
                text.field(w.ship.source.rawValue, style: style)
                text.field("", style: style)
                text.field("", style: style)
            }
            start = text.beginField(first: false, style: style)
            if let rating = w.rating { text.int(rating.rawValue) }
            text.endField(start: start, style: style)
            text.field(SessionsCSV.points(w.points), style: style)
            text.field(w.waveHeightM.map { fixed($0, 3) } ?? "", style: style)
            text.byte(0x0A)
        }
    }
}
