public import CivilTime
public import Foundation
@_spi(Benchmarks) public import ScheduleArchive
import ZIPFoundation
import _TestSupport

/// A GTFS feed at the scale of Switzerland's: `stopTimeLines` lines of stop_times (30 million
/// for the real 2026 feed), almost all of them trains and buses of other agencies, and a year of
/// ship trips of agency 194 serving `stations` in lines of eight piers.
///
/// Ship service: every line runs 20 trips a day in summer (May–September) and 7 otherwise, half
/// in each direction, 10 minutes between piers, from 07:00; calendar_dates removes the ships on
/// 25 December and adds a 1 August (national day) evening trip. A feed of `quarters` quarter
/// years (4: one year, the default; 8: two) spans that many from 1 January of `year`: each year
/// has its own ship services and trips, clipped to the span, as a feed covering two timetable
/// years has; the other agencies' services span it all. Tables are written to a folder,
/// then deflated into `feed.zip` (ZIPFoundation), as opentransportdata.swiss ships them.
public struct SyntheticGTFS {
    public var stations: [Station]
    public var year: Int
    public var stopTimeLines: Int
    public var seed: UInt64 = 194
    /// Quarter years spanned from 1 January of ``year`` (1 … 8).
    public var quarters = 4

    public init(stations: [Station], year: Int, stopTimeLines: Int, quarters: Int = 4) {
        self.stations = stations
        self.year = year
        self.stopTimeLines = stopTimeLines
        self.quarters = min(max(quarters, 1), 8)
    }

    /// The first and last day the feed spans.
    public var span: ClosedRange<LocalDate> {
        let first = LocalDate(year: year, month: 1, day: 1)!
        let years = quarters / 4
        let months = quarters % 4 * 3
        let end =
            months == 0
            ? LocalDate(year: year + years, month: 1, day: 1)!
            : LocalDate(year: year + years, month: months + 1, day: 1)!
        return first...end.adding(days: -1)
    }

    /// One year's ship services: id suffix, and each service's first and last day within the span.
    private func shipServices(yearIndex k: Int) -> [(service: String, id: String, first: LocalDate, last: LocalDate)] {
        let y = year + k
        let suffix = k == 0 ? "" : "-\(k + 1)"
        let ranges: [(String, (Int, Int), (Int, Int))] = [
            ("S", (5, 1), (9, 30)), ("X1", (1, 1), (4, 30)), ("X2", (10, 1), (12, 31)), ("N", (1, 1), (12, 31)),
        ]
        return ranges.compactMap { service, from, to in
            let first = max(LocalDate(year: y, month: from.0, day: from.1)!, span.lowerBound)
            let last = min(LocalDate(year: y, month: to.0, day: to.1)!, span.upperBound)
            return first <= last ? (service, service + suffix, first, last) : nil
        }
    }

    private var spannedYears: Int { (quarters + 3) / 4 }

    public struct Summary: Sendable {
        public var stopTimeLines = 0
        public var shipTrips = 0
        public var otherTrips = 0
        public var zipBytes: Int64 = 0
        public var tableBytes: Int64 = 0
    }

    /// Ship assignment files (`deployments/<date>.json`, the archive's format) for `days`: every
    /// ship course of the feed with a ship of the fleet, varying by day, so that the sessions of
    /// the other days take predicted ships.
    public func deployments(days: [LocalDate]) throws -> [(date: LocalDate, data: Data)] {
        let lines = (stations.count + 7) / 8
        return try days.enumerated().map { index, date in
            var assignments: [ShipAssignment] = []
            for l in 0..<lines {
                for t in 0..<20 {
                    let course = l * 100 + t + 1
                    // As on a real lake: a course has a usual ship and, one day in three, another.
                    let usual = course * 7 % syntheticShipNames.count
                    let ship = syntheticShipNames[(usual + (index % 3 == 2 ? 1 : 0)) % syntheticShipNames.count]
                    assignments.append(ShipAssignment(date: date, course: String(course), ship: ship))
                }
            }
            return (date, try DeploymentReader.encode(date: date, assignments: assignments))
        }
    }

    /// Writes the tables into `folder` and the zipped feed to `zip`.
    public func write(folder: URL, zip: URL, progress: ((String) -> Void)? = nil) throws -> Summary {
        let manager = FileManager.default
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        var summary = Summary()
        var rng = SplitMix64(seed: seed)

        try write(folder, "agency.txt") { out in
            out.line("agency_id,agency_name,agency_url,agency_timezone")
            out.line("\"194\",\"Zürichsee-Schifffahrtsgesellschaft\",\"https://www.zsg.ch\",\"Europe/Zurich\"")
            out.line("\"11\",\"Schweizerische Bundesbahnen SBB\",\"https://www.sbb.ch\",\"Europe/Zurich\"")
            out.line("\"801\",\"PostAuto AG\",\"https://www.postauto.ch\",\"Europe/Zurich\"")
        }
        func compact(_ date: LocalDate) -> String { date.description.replacingOccurrences(of: "-", with: "") }
        let (spanFirst, spanLast) = (compact(span.lowerBound), compact(span.upperBound))
        try write(folder, "calendar.txt") { out in
            out.line("service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date")
            out.line("\"D\",1,1,1,1,1,1,1,\(spanFirst),\(spanLast)")
            out.line("\"W\",1,1,1,1,1,0,0,\(spanFirst),\(spanLast)")
            out.line("\"E\",0,0,0,0,0,1,1,\(spanFirst),\(spanLast)")
            for k in 0..<spannedYears {
                for service in shipServices(yearIndex: k) {
                    let days = service.service == "N" ? "0,0,0,0,0,0,0" : "1,1,1,1,1,1,1"
                    out.line("\"\(service.id)\",\(days),\(compact(service.first)),\(compact(service.last))")
                }
            }
        }
        try write(folder, "calendar_dates.txt") { out in
            out.line("service_id,date,exception_type")
            for k in 0..<spannedYears {
                for service in shipServices(yearIndex: k) {
                    let exception: (month: Int, day: Int, type: Int)? =
                        service.service == "X2" ? (12, 25, 2) : service.service == "N" ? (8, 1, 1) : nil
                    if let exception, let date = LocalDate(year: year + k, month: exception.month, day: exception.day),
                        span.contains(date)
                    {
                        out.line("\"\(service.id)\",\(compact(date)),\(exception.type)")
                    }
                }
            }
        }

        // Stops: the ship piers (with parents, as the real feed has them) and 25 000 others.
        let others = 25_000
        try write(folder, "stops.txt") { out in
            out.line("stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station")
            for station in stations {
                out.line(
                    "\"Parent\(station.uic)\",\(csv(station.name)),\"\(station.latitude)\",\"\(station.longitude)\",\"1\",\"\""
                )
                out.line(
                    "\"\(station.uic):0:1\",\(csv(station.name)),\"\(station.latitude)\",\"\(station.longitude)\",\"\",\"Parent\(station.uic)\""
                )
            }
            for k in 0..<others {
                out.line("\"\(8_510_000 + k):0:1\",\"Stop \(k)\",\"46.9\",\"7.4\",\"\",\"\"")
            }
        }

        // Routes: one ship line per eight piers; trains and buses.
        let lines = (stations.count + 7) / 8
        try write(folder, "routes.txt") { out in
            out.line("route_id,agency_id,route_short_name,route_long_name,route_desc,route_type")
            for l in 0..<lines { out.line("\"ship-\(l)\",\"194\",\"\",\"\",\"BAT\",\"1000\"") }
            for r in 0..<2000 { out.line("\"train-\(r)\",\"11\",\"S\(r % 40)\",\"\",\"S\",\"109\"") }
            for r in 0..<8000 { out.line("\"bus-\(r)\",\"801\",\"\(r)\",\"\",\"B\",\"700\"") }
        }

        // Trips and stop_times: ship trips spread among the others, in trip order.
        struct ShipTrip {
            var id: String
            var route: Int
            var service: String
            var course: Int
            var departure: Int  // minutes after midnight at the first pier
            var reverse: Bool
        }
        var shipTrips: [ShipTrip] = []
        let trips = ["S": 20, "X1": 7, "X2": 7, "N": 1]
        for k in 0..<spannedYears {
            for l in 0..<lines {
                for service in shipServices(yearIndex: k) {
                    let count = trips[service.service]!
                    for t in 0..<count {
                        let start = service.service == "N" ? 20 * 60 + 30 : 7 * 60 + t * (12 * 60 / count)
                        shipTrips.append(
                            ShipTrip(
                                id: "ship-\(l)-\(service.id)-\(t)", route: l, service: service.id,
                                course: l * 100 + t + 1, departure: start + Int.random(in: 0...9, using: &rng),
                                reverse: t % 2 == 1))
                    }
                }
            }
        }
        let stopsPerOtherTrip = 20
        let otherTrips = max(0, (stopTimeLines - shipTrips.count * 8) / stopsPerOtherTrip)
        let every = max(1, otherTrips / max(shipTrips.count, 1))
        let tripsOut = try TableWriter(folder.appendingPathComponent("trips.txt"))
        let timesOut = try TableWriter(folder.appendingPathComponent("stop_times.txt"))
        tripsOut.line("route_id,service_id,trip_id,trip_headsign,trip_short_name,direction_id")
        timesOut.line("trip_id,arrival_time,departure_time,stop_id,stop_sequence,pickup_type,drop_off_type")
        var nextShip = 0
        for t in 0..<otherTrips {
            if t % every == 0, nextShip < shipTrips.count {
                let trip = shipTrips[nextShip]
                nextShip += 1
                writeShip(trip.id, trip.route, trip.service, trip.course, trip.departure, trip.reverse)
            }
            let isTrain = t % 5 == 0
            let route = isTrain ? "train-\(t % 2000)" : "bus-\(t % 8000)"
            let service = ["D", "W", "E"][t % 3]
            tripsOut.line("\"\(route)\",\"\(service)\",\"t\(t)\",\"Somewhere\",\"\(t % 100_000)\",\"\(t & 1)\"")
            var minute = 300 + (t * 7) % 1080
            let firstStop = (t * 131) % (others - stopsPerOtherTrip)
            for s in 0..<stopsPerOtherTrip {
                timesOut.stopTime(trip: "t\(t)", minute: minute, stop: 8_510_000 + firstStop + s, sequence: s + 1)
                minute += 2
            }
            summary.stopTimeLines += stopsPerOtherTrip
            if t % 200_000 == 0 { progress?("stop_times: \(summary.stopTimeLines / 1_000_000) M lines") }
        }
        while nextShip < shipTrips.count {
            let trip = shipTrips[nextShip]
            nextShip += 1
            writeShip(trip.id, trip.route, trip.service, trip.course, trip.departure, trip.reverse)
        }
        func writeShip(_ id: String, _ route: Int, _ service: String, _ course: Int, _ departure: Int, _ reverse: Bool)
        {
            let piers = Array(stations[(route * 8)..<min(stations.count, route * 8 + 8)])
            let order = reverse ? Array(piers.reversed()) : piers
            tripsOut.line(
                "\"ship-\(route)\",\"\(service)\",\"\(id)\",\"Pier\",\"\(String(format: "%05d", course))\",\"0\"")
            for (s, pier) in order.enumerated() {
                timesOut.stopTime(trip: id, minute: departure + 10 * s, stop: pier.uic, sequence: s + 1, pier: true)
            }
            summary.stopTimeLines += order.count
            summary.shipTrips += 1
        }
        try tripsOut.close()
        try timesOut.close()
        summary.otherTrips = otherTrips

        // Zip it, as published.
        progress?("deflating into \(zip.lastPathComponent)")
        try? manager.removeItem(at: zip)
        let archive = try Archive(url: zip, accessMode: .create, pathEncoding: nil)
        for name in try manager.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".txt") {
            try archive.addEntry(with: name, relativeTo: folder, compressionMethod: .deflate, bufferSize: 1 << 20)
            summary.tableBytes +=
                (try manager.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.size] as? NSNumber)?
                .int64Value ?? 0
        }
        summary.zipBytes = (try manager.attributesOfItem(atPath: zip.path)[.size] as? NSNumber)?.int64Value ?? 0
        return summary
    }

    private func write(_ folder: URL, _ name: String, _ body: (TableWriter) -> Void) throws {
        let writer = try TableWriter(folder.appendingPathComponent(name))
        body(writer)
        try writer.close()
    }
}

/// Buffered line writer for large tables.
final class TableWriter {
    let handle: FileHandle
    var buffer: [UInt8] = []

    init(_ url: URL) throws {
        // An empty file to open (a failure here shows as the open's error, which names the path).
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        handle = try FileHandle(forWritingTo: url)
        buffer.reserveCapacity(1 << 21)
    }

    func line(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(0x0A)
        if buffer.count >= 1 << 20 { flush() }
    }

    /// `"trip","HH:MM:00","HH:MM:00","<uic>:0:1","seq","0","0"` without String formatting.
    func stopTime(trip: String, minute: Int, stop: Int, sequence: Int, pier: Bool = false) {
        buffer.append(0x22)
        buffer.append(contentsOf: trip.utf8)
        buffer.append(contentsOf: "\",\"".utf8)
        let time = clock(minute)
        buffer.append(contentsOf: time)
        buffer.append(contentsOf: "\",\"".utf8)
        buffer.append(contentsOf: time)
        buffer.append(contentsOf: "\",\"".utf8)
        buffer.append(contentsOf: String(stop).utf8)
        buffer.append(contentsOf: ":0:1\",\"".utf8)
        buffer.append(contentsOf: String(sequence).utf8)
        buffer.append(contentsOf: "\",\"0\",\"0\"\n".utf8)
        if buffer.count >= 1 << 20 { flush() }
    }

    private func clock(_ minute: Int) -> [UInt8] {
        let h = minute / 60
        let m = minute % 60
        return [UInt8(48 + h / 10), UInt8(48 + h % 10), 0x3A, UInt8(48 + m / 10), UInt8(48 + m % 10), 0x3A, 0x30, 0x30]
    }

    func flush() {
        handle.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }

    func close() throws {
        flush()
        try handle.close()
    }
}

func csv(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
