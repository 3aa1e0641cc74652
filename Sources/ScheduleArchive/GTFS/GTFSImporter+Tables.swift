import CSVText
import CivilTime
import Foundation

/// The stages of ``GTFSImporter/run(feed:into:)``, one table each.
extension GTFSImporter {
    /// Throws the error a run would meet first for a table the feed lacks, before anything is
    /// made: an import into a new archive that cannot succeed leaves no empty store behind.
    package static func checkTables(of feed: GTFSFeed) throws {
        for table in ["routes.txt", "trips.txt"] where !feed.has(table) {
            throw ArchiveError.gtfs(file: feed.location(of: table), line: nil, reason: "table missing from the feed")
        }
        guard feed.has("calendar.txt") || feed.has("calendar_dates.txt") else {
            throw ArchiveError.gtfs(
                file: feed.url.path, line: nil, reason: "neither calendar.txt nor calendar_dates.txt: no service days")
        }
        for table in ["stops.txt", "stop_times.txt"] where !feed.has(table) {
            throw ArchiveError.gtfs(file: feed.location(of: table), line: nil, reason: "table missing from the feed")
        }
    }

    /// `routes.txt`: route_id bytes → category of the agencies' ship routes.
    func shipRoutes(_ feed: GTFSFeed) throws -> [[UInt8]: String] {
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
        return routeCategory
    }

    /// `trips.txt`: the trips of the ship routes.
    func trips(_ feed: GTFSFeed, routes: [[UInt8]: String]) throws -> ShipTrips {
        var result = ShipTrips()
        // Most trips are not the agencies' ships: skipped at their route_id.
        let routeHashes = HashSet64(routes.keys.map { CSVRecord.fnv1a($0) })
        try table(feed, "trips.txt", keeping: ("route_id", routeHashes)) { columns, record in
            guard let category = routes[record.key(try columns.required("route_id"))] else { return }
            let service = record.string(try columns.required("service_id"))
            let serviceNumber: Int
            if let known = result.services[service] {
                serviceNumber = known
            } else {
                serviceNumber = result.services.count
                result.services[service] = serviceNumber
            }
            let course = columns.optional("trip_short_name").map { Course.normalized(record.string($0)) } ?? ""
            result.index[record.key(try columns.required("trip_id"))] = Int32(result.trips.count)
            result.trips.append(Trip(service: serviceNumber, course: course, category: category))
        }
        return result
    }

    /// `calendar.txt` and `calendar_dates.txt`: the service days of each service number.
    func serviceDays(_ feed: GTFSFeed, services: [String: Int], report: inout Report) throws -> [Set<LocalDate>] {
        guard feed.has("calendar.txt") || feed.has("calendar_dates.txt") else {
            throw ArchiveError.gtfs(
                file: feed.url.path, line: nil, reason: "neither calendar.txt nor calendar_dates.txt: no service days")
        }
        var serviceDays = [Set<LocalDate>](repeating: [], count: services.count)
        if feed.has("calendar.txt") {
            let file = feed.location(of: "calendar.txt")
            try table(feed, "calendar.txt") { columns, record in
                guard let service = services[record.string(try columns.required("service_id"))] else { return }
                let flags = try ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map {
                    record.string(try columns.required($0)) == "1"
                }
                guard let first = LocalDate(compact: record.string(try columns.required("start_date"))),
                    let last = LocalDate(compact: record.string(try columns.required("end_date"))), first <= last
                else {
                    report.skip("\(file), line \(record.line): bad start_date or end_date")
                    return
                }
                guard let (start, end) = try serviceRange(first, last, file: file, line: record.line, report: &report)
                else { return }
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
                guard let service = services[record.string(try columns.required("service_id"))] else { return }
                guard let date = LocalDate(compact: record.string(try columns.required("date"))) else {
                    report.skip(
                        "\(file), line \(record.line): bad date \"\(record.string(try columns.required("date")))\"")
                    return
                }
                guard SupportedDates.contains(date) else {
                    report.skip("\(file), line \(record.line): date \(date) lies outside \(SupportedDates.text)")
                    return
                }
                if let window, !window.contains(date) { return }
                switch record.string(try columns.required("exception_type")) {
                case "1": serviceDays[service].insert(date)
                case "2": serviceDays[service].remove(date)
                default: report.skip("\(file), line \(record.line): exception_type is neither 1 nor 2")
                }
            }
        }
        if window == nil {
            let all = serviceDays.lazy.flatMap { $0 }
            if let first = all.min(), let last = all.max(), first.days(to: last) + 1 > Self.maximumSpanDays {
                throw ArchiveError.gtfsNeedsWindow(
                    file: feed.url.path, line: nil,
                    reason: "service days run from \(first) to \(last) (\(first.days(to: last) + 1) days); one import "
                        + "covers at most \(Self.maximumSpanDays)")
            }
        }
        return serviceDays
    }

    /// The part of a calendar row's `first … last` to expand: clipped to the window, or the whole
    /// row when there is none (which must then be within the supported dates and span at most
    /// ``maximumSpanDays``). Nil when nothing of it is imported.
    func serviceRange(
        _ first: LocalDate, _ last: LocalDate, file: String, line: Int, report: inout Report
    ) throws -> (LocalDate, LocalDate)? {
        if let window {
            let start = max(first, window.lowerBound)
            let end = min(last, window.upperBound)
            return start <= end ? (start, end) : nil
        }
        let days = first.days(to: last) + 1
        guard days <= Self.maximumSpanDays else {
            throw ArchiveError.gtfsNeedsWindow(
                file: file, line: line,
                reason: "the service runs from \(first) to \(last) (\(days) days); one import covers at most "
                    + "\(Self.maximumSpanDays)")
        }
        guard SupportedDates.contains(first), SupportedDates.contains(last) else {
            report.skip("\(file), line \(line): \(first) … \(last) lies outside \(SupportedDates.text)")
            return nil
        }
        return (first, last)
    }

    /// `stops.txt`: UIC and name of every stop.
    func stops(_ feed: GTFSFeed, report: inout Report) throws -> Stops {
        var stops = Stops()
        let file = feed.location(of: "stops.txt")
        try table(feed, "stops.txt") { columns, record in
            let id = record.string(try columns.required("stop_id"))
            let parent = columns.optional("parent_station").map { record.string($0) } ?? ""
            guard let uic = Self.uic(parent.isEmpty ? id : parent) ?? Self.uic(id) else { return }
            // GTFS ids are text; a station number is stored in 32 bits (UICs have 7 digits).
            guard let station = Int32(exactly: uic) else {
                report.skip(
                    "\(file), line \(record.line): stop \"\(id)\" has the station number \(uic), too large for one")
                return
            }
            stops.station[Array(id.utf8)] = station
            if parent.isEmpty || stops.names[uic] == nil,
                let name = columns.optional("stop_name").map({ record.string($0) }), !name.isEmpty
            {
                stops.names[uic] = name
            }
        }
        return stops
    }

    /// `stop_times.txt`, streamed: the rows of ship trips only. Almost every line belongs to
    /// another agency: a filter reads each line only up to its trip_id, hashes the value in place
    /// and rejects it there, before anything else of the line is read; a hit is confirmed by the
    /// exact key.
    func stopTimes(_ feed: GTFSFeed, trips: ShipTrips, stops: Stops, report: inout Report) throws -> [StopTime] {
        let shipTripHashes = HashSet64(trips.index.keys.map { CSVRecord.fnv1a($0) })
        var stopTimes: [StopTime] = []
        let file = feed.location(of: "stop_times.txt")
        var columns: (trip: Int, departure: Int, stop: Int, sequence: Int, arrival: Int?)?
        let filter = CSVFilter()
        let lines = LineCount(progress: progress)
        try feed.forEachRecord(in: "stop_times.txt", filter: filter) { record in
            guard let c = columns else {
                let header = GTFSColumns(header: record, file: file)
                columns = (
                    try header.required("trip_id"), try header.required("departure_time"),
                    try header.required("stop_id"), try header.required("stop_sequence"),
                    header.optional("arrival_time")
                )
                let trip = try header.required("trip_id")
                filter.activate(column: trip) { record in
                    lines.add()
                    guard let hash = record.valueHash(trip) else { return true }
                    return shipTripHashes.contains(hash)
                }
                return
            }
            guard let trip = trips.index[record.key(c.trip)] else { return }
            guard let sequence = Int32(record.string(c.sequence)) else {
                report.skip("\(file), line \(record.line): stop_sequence is not a number")
                return
            }
            guard let station = stops.station[record.key(c.stop)] else {
                report.skip("\(file), line \(record.line): stop_id \"\(record.string(c.stop))\" not in stops.txt")
                return
            }
            let text = record.string(c.departure)
            let seconds: Int32
            if text.isEmpty {
                seconds = -1  // untimed stop: kept for the terminus rule, never a departure
            } else if let parsed = Self.seconds(text) {
                seconds = parsed
            } else {
                report.skip("\(file), line \(record.line): departure_time \"\(text)\" is not H:MM:SS")
                return
            }
            guard stopTimes.count < Self.maximumShipStopTimes else {
                throw ArchiveError.gtfs(
                    file: file, line: record.line,
                    reason: "more than \(Self.maximumShipStopTimes) stop times of ship trips; not a ship schedule")
            }
            // An arrival that is not a time is no arrival: the departure is what a wave needs.
            let arrival = c.arrival.flatMap { Self.seconds(record.string($0)) } ?? -1
            stopTimes.append(
                StopTime(trip: trip, sequence: sequence, seconds: seconds, station: station, arrival: arrival))
        }
        report.stopTimeLines = lines.count
        progress?(report.stopTimeLines)
        return stopTimes
    }

    /// Every timed stop but each trip's terminus, on every service day of its trip, handed to
    /// `body` a local date at a time in the store's key order (date, station, time, course), so
    /// that the B-tree is appended to and memory holds a day, not the year; returns how many and
    /// the service days.
    ///
    /// Service days are taken in order. A departure's date is the local date of its time, which
    /// may be the next day (times past 24:00) or, on the spring DST change day, the day before
    /// (noon minus 12 h is 23:00 of it): a date is complete, and handed on, once the service day
    /// after it is done. Equal keys keep the order of the stop times (then of the days).
    /// - Throws: what `body` throws.
    /// - Parameters:
    ///   - shape: the trips' ``Shape`` (made, and the count checked, before the store is touched).
    ///   - names: station names by UIC: a departure's destination is its trip's terminus.
    @discardableResult
    func departures(
        _ stopTimes: [StopTime], shape: Shape, trips: [Trip], serviceDays: [Set<LocalDate>],
        names: [Int: String] = [:], _ body: ([Departure]) throws -> Void
    ) throws -> (count: Int, days: Set<LocalDate>) {
        // The departing stop times of each trip, in stop-time order; the trips of each day.
        var positions = [[Int]](repeating: [], count: trips.count)
        for (position, stopTime) in stopTimes.enumerated()
        where stopTime.seconds >= 0 && stopTime.sequence != shape.lastSequence[Int(stopTime.trip)] {
            positions[Int(stopTime.trip)].append(position)
        }
        var tripsOn: [LocalDate: [Int]] = [:]
        for (index, trip) in trips.enumerated() where !positions[index].isEmpty {
            for day in serviceDays[trip.service] { tripsOn[day, default: []].append(index) }
        }
        // A row with its tie-breakers: the stop time's position, then the service day.
        typealias Keyed = (row: Departure, position: Int, day: Int)
        var pending: [LocalDate: [Keyed]] = [:]
        var count = 0
        func flush(before limit: LocalDate?) throws {
            for date in pending.keys.sorted() where limit.map({ date < $0 }) ?? true {
                let rows = pending.removeValue(forKey: date)!.sorted {
                    ($0.row.station, $0.row.time, $0.row.course, $0.position, $0.day)
                        < ($1.row.station, $1.row.time, $1.row.course, $1.position, $1.day)
                }
                count += rows.count
                try body(rows.map(\.row))
            }
        }
        for day in tripsOn.keys.sorted() {
            let base = clock.unixTime(of: day, secondsAfterMidnight: 43_200) - 43_200
            let dayTrips = tripsOn[day]!
            let dayPositions = dayTrips.flatMap { positions[$0] }.sorted()
            for position in dayPositions {
                let stopTime = stopTimes[position]
                let tripIndex = Int(stopTime.trip)
                let trip = trips[tripIndex]
                let time = base + Int64(stopTime.seconds)
                // Away from midnight the service day is the local date; near it (and on DST
                // change days, where noon minus 12 h is not midnight) ask the zone.
                let date = (10_800..<79_200).contains(stopTime.seconds) ? day : clock.localDate(at: time)
                let through = stopTime.sequence != shape.firstSequence[tripIndex] && stopTime.arrival >= 0
                let arrival = through ? base + Int64(stopTime.arrival) : nil
                let next = shape.next[position]
                let row = Departure(
                    station: Int(stopTime.station), date: date, time: time, course: trip.course,
                    category: trip.category, destination: names[Int(shape.terminus[tripIndex])],
                    arrival: arrival.flatMap { $0 <= time ? $0 : nil }, nextStation: next >= 0 ? Int(next) : nil)
                pending[date, default: []].append((row, position, day.daysSinceEpoch))
            }
            try flush(before: day)
        }
        try flush(before: nil)
        return (count, Set(tripsOn.keys))
    }

    /// What the departures are made from: each trip's first and last stop sequence and its
    /// terminus, each stop time's next station on its trip, and how many departures there are.
    struct Shape {
        var lastSequence: [Int32]
        var firstSequence: [Int32]
        var terminus: [Int32]
        /// Per stop time, the next station of its trip (the terminus included); -1 at the end.
        var next: [Int32]
        /// Departures the feed expands to.
        var expanded: Int
    }

    /// The trips' shape and the number of departures, counted before any is built: a small feed
    /// with a long calendar can expand to tens of millions.
    /// - Throws: ``ArchiveError/gtfsNeedsWindow(file:line:reason:)`` beyond
    ///   ``GTFSImporter/maximumDepartures``.
    static func shape(_ stopTimes: [StopTime], trips: [Trip], serviceDays: [Set<LocalDate>], feed: String) throws
        -> Shape
    {
        // Terminus of each trip: its highest stop_sequence; its first stop: the lowest (no arrival).
        var lastSequence = [Int32](repeating: .min, count: trips.count)
        var firstSequence = [Int32](repeating: .max, count: trips.count)
        var terminus = [Int32](repeating: -1, count: trips.count)
        for stopTime in stopTimes {
            let trip = Int(stopTime.trip)
            if stopTime.sequence > lastSequence[trip] {
                lastSequence[trip] = stopTime.sequence
                terminus[trip] = stopTime.station
            }
            firstSequence[trip] = min(firstSequence[trip], stopTime.sequence)
        }
        var expanded = 0
        for stopTime in stopTimes where stopTime.seconds >= 0 && stopTime.sequence != lastSequence[Int(stopTime.trip)] {
            expanded += serviceDays[trips[Int(stopTime.trip)].service].count
            if expanded > Self.maximumDepartures {
                throw ArchiveError.gtfsNeedsWindow(
                    file: feed, line: nil,
                    reason: "the feed expands to more than \(Self.maximumDepartures) ship departures, more than one "
                        + "import takes")
            }
        }
        // Each stop's next station on its trip (the terminus included): indices by trip and sequence.
        var next = [Int32](repeating: -1, count: stopTimes.count)
        let order = stopTimes.indices.sorted {
            (stopTimes[$0].trip, stopTimes[$0].sequence) < (stopTimes[$1].trip, stopTimes[$1].sequence)
        }
        for (a, b) in zip(order, order.dropFirst()) where stopTimes[a].trip == stopTimes[b].trip {
            next[a] = stopTimes[b].station
        }
        return Shape(
            lastSequence: lastSequence, firstSequence: firstSequence, terminus: terminus, next: next,
            expanded: expanded)
    }

    /// Streams a small table with its header resolved.
    /// - Parameter keeping: when given, only the records whose value in that column hashes
    ///   (``CSVRecord/fnv1a(_:)``) to one of the hashes reach `body` (others may too: `body`
    ///   confirms by the exact key); the rest are skipped unread (`CSVFilter`).
    func table(
        _ feed: GTFSFeed, _ name: String, keeping: (column: String, hashes: HashSet64)? = nil,
        _ body: (GTFSColumns, CSVRecord) throws -> Void
    ) throws {
        var columns: GTFSColumns?
        let filter = CSVFilter()
        try feed.forEachRecord(in: name, filter: filter) { record in
            guard let known = columns else {
                let header = GTFSColumns(header: record, file: feed.location(of: name))
                columns = header
                if let keeping {
                    let column = try header.required(keeping.column)
                    filter.activate(column: column) { record in
                        record.valueHash(column).map(keeping.hashes.contains) ?? true
                    }
                }
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
        guard head.count >= 7, head.count <= 18, head.allSatisfy(\.isASCII), head.allSatisfy(\.isNumber) else {
            return nil
        }
        return Int(head)
    }
}
