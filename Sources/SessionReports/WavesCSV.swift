package import CivilTime
import NextWaveSupport
package import SessionAnalytics
import SessionCore
import Solar

/// `waves.csv`: every wave of every station-day, the app's main screen as a table; `waveId` is
/// the app's own key of the wave (``WaveFeed/WaveID``), so the rows join its check-ins.
package enum WavesCSV {
    package static let header = [
        "waveId", "stationId", "stationName", "date", "time", "timeLocal", "course", "category", "nextStopId",
        "nextStopName",
        "ship",
        "shipSource", "shipShare", "predictedShips", "rating", "points", "waveHeightM",
    ]

    package static func rows(_ day: StationDay, clock: ZoneClock = .zurich) -> [[String]] {
        day.waves.map { w in
            let (ship, share, all): (String, String, String) =
                switch w.ship {
                case .known(let name): (name, "1", "")
                case .predicted(let shares):
                    (
                        shares.first?.ship ?? "", shares.first.map { fixed($0.share, 3) } ?? "",
                        shares.map { "\($0.ship) \(fixed($0.share, 3))" }.joined(separator: "; ")
                    )
                case .none: ("", "", "")
                }
            return [
                FeedWaves.id(w, in: day), String(day.station), day.stationName, day.date.description,
                clock.iso8601(w.time),
                clock.hourMinute(w.time),
                w.course, w.category,
                w.nextStop.map(String.init) ?? "", w.nextStopName ?? "", ship, w.ship.source.rawValue, share, all,
                w.rating.map(String.init) ?? "", SessionsCSV.points(w.points), w.waveHeightM.map { fixed($0, 3) } ?? "",
            ]
        }
    }
}
