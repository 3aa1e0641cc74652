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
/// 25 December and adds a 1 August (national day) evening trip. Tables are written to a folder,
/// then deflated into `feed.zip` (ZIPFoundation), as opentransportdata.swiss ships them.
public struct SyntheticGTFS {
    public var stations: [Station]
    public var year: Int
    public var stopTimeLines: Int
    public var seed: UInt64 = 194

    public init(stations: [Station], year: Int, stopTimeLines: Int) {
        self.stations = stations
        self.year = year
        self.stopTimeLines = stopTimeLines
    }

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
        let y = String(year)

        try write(folder, "agency.txt") { out in
            out.line("agency_id,agency_name,agency_url,agency_timezone")
            out.line("\"194\",\"Zürichsee-Schifffahrtsgesellschaft\",\"https://www.zsg.ch\",\"Europe/Zurich\"")
            out.line("\"11\",\"Schweizerische Bundesbahnen SBB\",\"https://www.sbb.ch\",\"Europe/Zurich\"")
            out.line("\"801\",\"PostAuto AG\",\"https://www.postauto.ch\",\"Europe/Zurich\"")
        }
        try write(folder, "calendar.txt") { out in
            out.line("service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date")
            out.line("\"D\",1,1,1,1,1,1,1,\(y)0101,\(y)1231")
            out.line("\"W\",1,1,1,1,1,0,0,\(y)0101,\(y)1231")
            out.line("\"E\",0,0,0,0,0,1,1,\(y)0101,\(y)1231")
            out.line("\"S\",1,1,1,1,1,1,1,\(y)0501,\(y)0930")
            out.line("\"X1\",1,1,1,1,1,1,1,\(y)0101,\(y)0430")
            out.line("\"X2\",1,1,1,1,1,1,1,\(y)1001,\(y)1231")
            out.line("\"N\",0,0,0,0,0,0,0,\(y)0101,\(y)1231")
        }
        try write(folder, "calendar_dates.txt") { out in
            out.line("service_id,date,exception_type")
            out.line("\"X2\",\(y)1225,2")
            out.line("\"N\",\(y)0801,1")
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
        for l in 0..<lines {
            for (service, count) in [("S", 20), ("X1", 7), ("X2", 7), ("N", 1)] {
                for t in 0..<count {
                    let start = service == "N" ? 20 * 60 + 30 : 7 * 60 + t * (12 * 60 / count)
                    shipTrips.append(
                        ShipTrip(
                            id: "ship-\(l)-\(service)-\(t)", route: l, service: service, course: l * 100 + t + 1,
                            departure: start + Int.random(in: 0...9, using: &rng), reverse: t % 2 == 1))
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
