public import CivilTime
public import Foundation
@_spi(Benchmarks) public import ScheduleArchive
import _TestSupport

/// A schedule archive at scale: `stations` real stations (the first of the app's list) ×
/// `days` days of stationboards in the transport API's shape, with ship assignments.
///
/// Each station gets a busyness (3–40 departures on a summer day, a third of that in winter),
/// departures between 06:00 and 22:30 in bursts (ships meeting at a pier give equal times), and
/// each course a ship of the fleet, except 5 % left unassigned (unknown ships). Categories BAT,
/// BAV (steamers) and FAE (every tenth station is a ferry pier).
public struct SyntheticArchive {
    public var stations: [Station]
    public var first: LocalDate
    public var days: Int
    public var seed: UInt64 = 2026

    public init(stations: [Station], first: LocalDate, days: Int) {
        self.stations = stations
        self.first = first
        self.days = days
    }

    public struct Summary: Sendable {
        public var files = 0
        public var departures = 0
        public var bytes = 0
    }

    /// Writes `stationboards/` and `deployments/` under `directory`.
    public func write(to directory: URL, progress: ((Int) -> Void)? = nil) throws -> Summary {
        var summary = Summary()
        let clock = ZoneClock.zurich
        var rng = SplitMix64(seed: seed)
        let busyness = stations.map { _ in Int.random(in: 3...40, using: &rng) }
        for dayIndex in 0..<days {
            let date = first.adding(days: dayIndex)
            let season = (5...9).contains(date.month) ? 1.0 : 0.35
            let folder = directory.appendingPathComponent("stationboards/\(date)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var routes: [String] = []
            for (s, station) in stations.enumerated() {
                let count = max(1, Int(Double(busyness[s]) * season * Double.random(in: 0.8...1.2, using: &rng)))
                var minutes: [Int] = []
                while minutes.count < count {
                    let t = Int.random(in: 360...1350, using: &rng)
                    minutes.append(t)
                    if Bool.random(using: &rng), minutes.count < count { minutes.append(t) }  // ships meeting
                    if Int.random(in: 0..<4, using: &rng) == 0, minutes.count < count { minutes.append(t + 60) }
                }
                minutes.sort()
                let category = s % 10 == 9 ? "FAE" : "BAT"
                var journeys: [String] = []
                for (k, minute) in minutes.enumerated() {
                    let course = s * 100 + k + 1
                    let unix = clock.unixTime(of: date, secondsAfterMidnight: min(minute, 1439) * 60)
                    let offset = clock.offset(at: unix)
                    let text = String(clock.iso8601(unix).prefix(19)) + (offset == 7200 ? "+0200" : "+0100")
                    let ship = syntheticShipNames[Int.random(in: 0..<syntheticShipNames.count, using: &rng)]
                    let journeyCategory = category == "BAT" && ship.hasPrefix("DS ") ? "BAV" : category
                    journeys.append(
                        "{\"stop\":{\"station\":{\"id\":\"\(station.uic)\"},\"arrival\":null,\"departure\":\"\(text)\",\"departureTimestamp\":\(unix),\"platform\":null},\"name\":\"\(String(format: "%06d", course))\",\"category\":\"\(journeyCategory)\",\"number\":\"\(course)\",\"operator\":\"ZSG\",\"to\":\"Synthetic\"}"
                    )
                    if Int.random(in: 0..<20, using: &rng) != 0 {
                        routes.append("{\"shipName\":\"\(ship)\",\"courseNumber\":\"\(course)\"}")
                    }
                }
                let body =
                    "{\"station\":{\"id\":\"\(station.uic)\",\"name\":\(jsonString(station.name))},\"stationboard\":[\(journeys.joined(separator: ","))]}"
                let data = Data(body.utf8)
                try data.write(to: folder.appendingPathComponent("\(station.uic).json"))
                summary.files += 1
                summary.departures += journeys.count
                summary.bytes += data.count
            }
            let deployments = Data("{\"date\":\"\(date)\",\"routes\":[\(routes.joined(separator: ","))]}".utf8)
            let deploymentFolder = directory.appendingPathComponent("deployments")
            try FileManager.default.createDirectory(at: deploymentFolder, withIntermediateDirectories: true)
            try deployments.write(to: deploymentFolder.appendingPathComponent("\(date).json"))
            summary.files += 1
            summary.bytes += deployments.count
            progress?(dayIndex + 1)
        }
        return summary
    }
}

func jsonString(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}
