package import CSVText
package import CivilTime
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
        // Each wave read in place (an index, not a copy of the wave per row).
        for index in day.waves.indices { row(day.waves[index], of: day, to: text, style: style, clock: clock) }
    }

    /// One wave's row.
    private static func row(
        _ w: WaveDetail, of day: StationDay, to text: ReportBytes, style: CSVStyle, clock: ZoneClock
    ) {
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
            start = text.beginField(first: false, style: style)
            if let first = shares.first { text.fixed(first.share, 3) }
            text.endField(start: start, style: style)
            // "ship share; ship share", as `ShipShare`'s list is written everywhere.
            start = text.beginField(first: false, style: style)
            for index in shares.indices {
                if index > 0 { text.ascii("; ") }
                text.text(shares[index].ship)
                text.byte(0x20)
                text.fixed(shares[index].share, 3)
            }
            text.endField(start: start, style: style)
        case .none:
            text.field("", style: style)
            text.field(w.ship.source.rawValue, style: style)
            text.field("", style: style)
            text.field("", style: style)
        }
        start = text.beginField(first: false, style: style)
        if let rating = w.rating { text.int(rating.rawValue) }
        text.endField(start: start, style: style)
        SessionsCSV.points(w.points, to: text, style: style)
        start = text.beginField(first: false, style: style)
        if let height = w.waveHeightM { text.fixed(height, 3) }
        text.endField(start: start, style: style)
        text.byte(0x0A)
    }
}
