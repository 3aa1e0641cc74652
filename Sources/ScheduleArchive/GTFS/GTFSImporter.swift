import CivilTime
import Foundation

/// Imports the ship departures of a GTFS feed into a schedule store, for every service day.
///
/// Streaming: `routes`, `trips`, `calendar`, `calendar_dates` and `stops` are read once and
/// only the agencies' ship trips are kept; `stop_times` (≈ 30 million lines for Switzerland)
/// is streamed chunk by chunk and only rows of those trips are kept. Memory is bounded by the
/// ferry schedule, not by the feed.
///
/// Rules (GTFS reference):
/// - A ship trip is a trip of a route of one of `agencies` whose `route_desc` is BAT, BAV or
///   FAE, or, when `route_desc` says nothing, whose `route_type` is 4 (ferry) or 1000–1299
///   (water transport), taken as BAT.
/// - Service days: `calendar.txt` weekday flags between start and end date, then
///   `calendar_dates.txt` exceptions (1 adds a date, 2 removes it).
/// - A departure is every stop of a trip but its last (the terminus is an arrival, as on a
///   departure board), at `departure_time`, which counts from noon minus 12 h of the service
///   day (local midnight except on DST change days) and may exceed 24:00:00.
/// - The station is the stop's UIC: the digits of `parent_station` (e.g. `Parent8503670`) or
///   else of `stop_id` up to its first `:` (`8503670:0:1`).
/// - The course is `trip_short_name` with leading zeros stripped.
public struct GTFSImporter {
    public struct Report: Sendable {
        public var routes = 0
        public var trips = 0
        public var serviceDays = 0
        public var stopTimeLines = 0
        public var departures = 0
        public var firstDate: LocalDate?
        public var lastDate: LocalDate?
        /// Rows left out, each with file and line.
        public var skipped: [String] = []
        public var skippedCount = 0
    }

    public var agencies: Set<String>
    public var clock: ZoneClock = .zurich
    /// Called now and then with the number of `stop_times` lines read.
    public var progress: ((Int) -> Void)?

    public init(agencies: Set<String>) { self.agencies = agencies }

    struct Trip {
        var service: Int
        var course: String
        var category: String
    }

    struct StopTime {
        var trip: Int32
        var sequence: Int32
        var seconds: Int32
        var station: Int32
    }

    /// Imports `feed` into `store`, replacing an earlier import of the same feed path.
    public func run(feed: GTFSFeed, into store: ScheduleStore) throws -> Report {
        var report = Report()
        func skip(_ message: String) {
            report.skippedCount += 1
            if report.skipped.count < 20 { report.skipped.append(message) }
        }

        // routes.txt: ship routes of the agencies.
        var routeCategory: [[UInt8]: String] = [:]
        try table(feed, "routes.txt") { columns, record in
            let agency = columns.optional("agency_id").map { record.string($0) } ?? ""
            guard agencies.contains(agency) else { return }
            let description = columns.optional("route_desc").map { record.string($0).uppercased() } ?? ""
            let type = columns.optional("route_type").flatMap { Int(record.string($0)) } ?? 0
            let category: String
            if ShipCategory.all.contains(description) {
                category = description
            } else if description.isEmpty, type == 4 || (1000...1299).contains(type) {
                category = "BAT"
            } else {
                return
            }
            routeCategory[record.key(try columns.required("route_id"))] = category
        }
        report.routes = routeCategory.count

        // trips.txt: trips of those routes.
        var tripIndex: [[UInt8]: Int32] = [:]
        var trips: [Trip] = []
        var serviceIndex: [String: Int] = [:]
        try table(feed, "trips.txt") { columns, record in
            guard let category = routeCategory[record.key(try columns.required("route_id"))] else { return }
            let service = record.string(try columns.required("service_id"))
            let serviceNumber =
                serviceIndex[service]
                ?? {
                    serviceIndex[service] = serviceIndex.count
                    return serviceIndex.count - 1
                }()
            let course = columns.optional("trip_short_name").map { Course.normalized(record.string($0)) } ?? ""
            tripIndex[record.key(try columns.required("trip_id"))] = Int32(trips.count)
            trips.append(Trip(service: serviceNumber, course: course, category: category))
        }
        report.trips = trips.count

        // calendar.txt and calendar_dates.txt: service days of those services.
        var serviceDays = [Set<LocalDate>](repeating: [], count: serviceIndex.count)
        if feed.has("calendar.txt") {
            let file = feed.location(of: "calendar.txt")
            try table(feed, "calendar.txt") { columns, record in
                guard let service = serviceIndex[record.string(try columns.required("service_id"))] else { return }
                let flags = try ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map {
                    record.string(try columns.required($0)) == "1"
                }
                guard let start = LocalDate(compact: record.string(try columns.required("start_date"))),
                    let end = LocalDate(compact: record.string(try columns.required("end_date"))), start <= end
                else {
                    skip("\(file), line \(record.line): bad start_date or end_date")
                    return
                }
                var day = start
                while day <= end {
                    if flags[day.isoWeekday - 1] { serviceDays[service].insert(day) }
                    day = day.adding(days: 1)
                }
            }
        }
        if feed.has("calendar_dates.txt") {
            let file = feed.location(of: "calendar_dates.txt")
            try table(feed, "calendar_dates.txt") { columns, record in
                guard let service = serviceIndex[record.string(try columns.required("service_id"))] else { return }
                guard let date = LocalDate(compact: record.string(try columns.required("date"))) else {
                    skip("\(file), line \(record.line): bad date \"\(record.string(try columns.required("date")))\"")
                    return
                }
                switch record.string(try columns.required("exception_type")) {
                case "1": serviceDays[service].insert(date)
                case "2": serviceDays[service].remove(date)
                default: skip("\(file), line \(record.line): exception_type is neither 1 nor 2")
                }
            }
        }
        guard feed.has("calendar.txt") || feed.has("calendar_dates.txt") else {
            throw ArchiveError.gtfs(
                file: feed.url.path, line: nil, reason: "neither calendar.txt nor calendar_dates.txt: no service days")
        }

        // stops.txt: UIC and name of every stop.
        var stopStation: [[UInt8]: Int32] = [:]
        var stationNames: [Int: String] = [:]
        try table(feed, "stops.txt") { columns, record in
            let id = record.string(try columns.required("stop_id"))
            let parent = columns.optional("parent_station").map { record.string($0) } ?? ""
            guard let uic = Self.uic(parent.isEmpty ? id : parent) ?? Self.uic(id) else { return }
            stopStation[Array(id.utf8)] = Int32(uic)
            if parent.isEmpty || stationNames[uic] == nil,
                let name = columns.optional("stop_name").map({ record.string($0) }), !name.isEmpty
            {
                stationNames[uic] = name
            }
        }

        // stop_times.txt, streamed: rows of ship trips only. Almost every line belongs to another
        // agency, so a hash of the trip_id bytes, computed in place, rejects it before any
        // allocation; a hit is confirmed by the exact key.
        let shipTripHashes = Set(tripIndex.keys.map { CSVRecord.fnv1a($0) })
        var stopTimes: [StopTime] = []
        let stopTimesFile = feed.location(of: "stop_times.txt")
        var columnsTrip = 0
        var columnsDeparture = 0
        var columnsStop = 0
        var columnsSequence = 0
        var header = true
        try feed.forEachRecord(in: "stop_times.txt") { record in
            if header {
                let columns = GTFSColumns(header: record, file: stopTimesFile)
                columnsTrip = try columns.required("trip_id")
                columnsDeparture = try columns.required("departure_time")
                columnsStop = try columns.required("stop_id")
                columnsSequence = try columns.required("stop_sequence")
                header = false
                return
            }
            report.stopTimeLines += 1
            if report.stopTimeLines & 0xFFFFF == 0 { progress?(report.stopTimeLines) }
            if let hash = record.valueHash(columnsTrip), !shipTripHashes.contains(hash) { return }
            guard let trip = tripIndex[record.key(columnsTrip)] else { return }
            guard let sequence = Int32(record.string(columnsSequence)) else {
                skip("\(stopTimesFile), line \(record.line): stop_sequence is not a number")
                return
            }
            guard let station = stopStation[record.key(columnsStop)] else {
                skip(
                    "\(stopTimesFile), line \(record.line): stop_id \"\(record.string(columnsStop))\" not in stops.txt")
                return
            }
            let text = record.string(columnsDeparture)
            let seconds: Int32
            if text.isEmpty {
                seconds = -1  // untimed stop: kept for the terminus rule, never a departure
            } else if let parsed = Self.seconds(text) {
                seconds = parsed
            } else {
                skip("\(stopTimesFile), line \(record.line): departure_time \"\(text)\" is not H:MM:SS")
                return
            }
            stopTimes.append(StopTime(trip: trip, sequence: sequence, seconds: seconds, station: station))
        }
        progress?(report.stopTimeLines)

        // Terminus of each trip: its highest stop_sequence.
        var lastSequence = [Int32](repeating: .min, count: trips.count)
        for stopTime in stopTimes where stopTime.sequence > lastSequence[Int(stopTime.trip)] {
            lastSequence[Int(stopTime.trip)] = stopTime.sequence
        }

        // Expand over service days, sort in the store's key order (so the B-tree is appended
        // to, not searched), and write in one transaction.
        var noonMinus12h: [LocalDate: Int64] = [:]
        var days = Set<LocalDate>()
        var rows: [Departure] = []
        let sortedDays = serviceDays.map { $0.sorted() }
        for stopTime in stopTimes
        where stopTime.seconds >= 0 && stopTime.sequence != lastSequence[Int(stopTime.trip)] {
            let trip = trips[Int(stopTime.trip)]
            for day in sortedDays[trip.service] {
                let base =
                    noonMinus12h[day]
                    ?? {
                        let value = clock.unixTime(of: day, secondsAfterMidnight: 43_200) - 43_200
                        noonMinus12h[day] = value
                        return value
                    }()
                let time = base + Int64(stopTime.seconds)
                // Away from midnight the service day is the local date; near it (and on DST
                // change days, where noon minus 12 h is not midnight) ask the zone.
                let date = (10_800..<79_200).contains(stopTime.seconds) ? day : clock.localDate(at: time)
                days.insert(day)
                rows.append(
                    Departure(
                        station: Int(stopTime.station), date: date, time: time, course: trip.course,
                        category: trip.category))
            }
        }
        rows.sort { ($0.date, $0.station, $0.time, $0.course) < ($1.date, $1.station, $1.time, $1.course) }
        try store.transaction {
            let source = try store.beginSource(
                kind: "gtfs", path: feed.url.standardizedFileURL.path, size: Self.size(of: feed.url),
                modified: Date().timeIntervalSince1970)
            let writer = try store.departureWriter(source: source)
            for row in rows { try writer.add(row) }
            let served = Set(stopTimes.map { Int($0.station) })
            for (uic, name) in stationNames where served.contains(uic) {
                try store.setStationName(name, uic: uic)
            }
            report.departures = writer.count
        }
        report.serviceDays = days.count
        report.firstDate = days.min()
        report.lastDate = days.max()
        return report
    }

    /// Streams a small table with its header resolved.
    private func table(
        _ feed: GTFSFeed, _ name: String, _ body: (GTFSColumns, CSVRecord) throws -> Void
    ) throws {
        var columns: GTFSColumns?
        try feed.forEachRecord(in: name) { record in
            guard let known = columns else {
                columns = GTFSColumns(header: record, file: feed.location(of: name))
                return
            }
            try body(known, record)
        }
    }

    /// `H:MM:SS` or `HH:MM:SS` (hours may exceed 23) as seconds.
    static func seconds(_ text: String) -> Int32? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":")
        guard parts.count == 3, let h = Int32(parts[0]), let m = Int32(parts[1]), let s = Int32(parts[2]),
            h >= 0, h < 48, (0..<60).contains(m), (0..<61).contains(s), parts[1].count == 2, parts[2].count == 2
        else { return nil }
        return h * 3600 + m * 60 + s
    }

    /// The UIC in a GTFS stop id: `8503670:0:1`, `Parent8503670`, `ch:1:sloid:3670` → digits.
    static func uic(_ id: String) -> Int? {
        var text = Substring(id)
        if text.hasPrefix("Parent") { text = text.dropFirst(6) }
        let head = text.prefix(while: { $0 != ":" })
        guard head.count >= 7, head.allSatisfy(\.isASCII), head.allSatisfy(\.isNumber) else { return nil }
        return Int(head)
    }

    static func size(of url: URL) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.int64Value ?? 0
    }
}
