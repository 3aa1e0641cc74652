public import CivilTime
public import Foundation
import SafeFiles

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
@_spi(Benchmarks) public struct GTFSImporter {
    /// The most departures one import builds: 5 million (about 450 MB while they are sorted
    /// and written). A year of every Swiss ship line is about a tenth of it; a feed beyond it is
    /// refused before anything is built, naming the window options.
    package static let maximumDepartures = 5_000_000

    /// The most ship stop times one import keeps (16 bytes each).
    package static let maximumShipStopTimes = 5_000_000

    @_spi(Benchmarks) public typealias Report = GTFSImportReport

    public var agencies: Set<String>
    /// Only service days in this range are imported (nil: all of the feed's, which must then
    /// span at most ``maximumSpanDays``). Must lie within ``CivilTime/SupportedDates`` and span
    /// at most ``maximumSpanDays``.
    public var window: ClosedRange<LocalDate>?
    public var clock: ZoneClock = .zurich
    /// Called now and then with the number of `stop_times` lines read.
    public var progress: ((Int) -> Void)?
    /// When the import happens: the store records it as the feed source's time.
    public var importedAt: Date = Date(timeIntervalSince1970: 0)

    @_spi(Benchmarks) public init(agencies: Set<String>, window: ClosedRange<LocalDate>? = nil) {
        self.agencies = agencies
        self.window = window
    }

    /// The most service days one import covers: 1 096 (three years; a timetable year is about
    /// 13 months). A calendar spanning more is refused unless a window chooses part of it, so a
    /// tiny feed cannot expand into millions of departures.
    package static let maximumSpanDays = 1096

    /// Checks a window before an import.
    /// - Throws: ``ArchiveError/gtfs(file:line:reason:)`` when it is outside the supported dates
    ///   or too long.
    package static func check(window: ClosedRange<LocalDate>, feed: String) throws {
        guard SupportedDates.contains(window.lowerBound), SupportedDates.contains(window.upperBound) else {
            throw ArchiveError.gtfs(
                file: feed, line: nil,
                reason: "the dates \(window.lowerBound) … \(window.upperBound) must lie within \(SupportedDates.text)")
        }
        let days = window.lowerBound.days(to: window.upperBound) + 1
        guard days <= maximumSpanDays else {
            throw ArchiveError.gtfs(
                file: feed, line: nil,
                reason:
                    "\(window.lowerBound) … \(window.upperBound) is \(days) days; one import covers at most \(maximumSpanDays)"
            )
        }
    }

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
        /// The arrival, seconds after the service day's noon minus 12 h; -1 when not given.
        var arrival: Int32 = -1
    }

    /// The ship trips of the agencies, as read from `routes.txt` and `trips.txt`.
    struct ShipTrips {
        /// trip_id bytes → index into `trips`.
        var index: [[UInt8]: Int32] = [:]
        var trips: [Trip] = []
        /// service_id → dense service number.
        var services: [String: Int] = [:]
    }

    /// The stops of `stops.txt`: stop_id bytes → UIC, and a name per UIC.
    struct Stops {
        var station: [[UInt8]: Int32] = [:]
        var names: [Int: String] = [:]
    }

    /// Imports `feed` into `store`, replacing an earlier import of the same feed path.
    @_spi(Benchmarks) public func run(feed: GTFSFeed, into store: ScheduleStore) throws -> Report {
        if let window { try Self.check(window: window, feed: feed.url.path) }
        var report = Report()
        let routes = try shipRoutes(feed)
        report.routes = routes.count
        let shipTrips = try trips(feed, routes: routes)
        report.trips = shipTrips.trips.count
        let serviceDays = try serviceDays(feed, services: shipTrips.services, report: &report)
        let stops = try self.stops(feed, report: &report)
        let stopTimes = try self.stopTimes(feed, trips: shipTrips, stops: stops, report: &report)
        let feedPath = feed.url.standardizedFileURL.path
        let shape = try Self.shape(stopTimes, trips: shipTrips.trips, serviceDays: serviceDays, feed: feedPath)
        if shape.expanded == 0 {
            // An empty result never replaces a good import (a damaged or foreign feed, or one
            // whose line ends were not read, would otherwise wipe it).
            let earlier = try store.departureCount(path: feedPath)
            if earlier > 0 {
                throw ArchiveError.gtfs(
                    file: feedPath, line: nil,
                    reason: "no ship departures in this feed; the earlier import of it (\(earlier) departures) is kept")
            }
        }
        var days = Set<LocalDate>()
        try store.withRollbackJournal {
            try store.withPageCache(kibibytes: 8 << 10) {
                try store.transaction {
                    let source = try store.beginSource(
                        kind: .gtfs, path: feedPath, size: Self.size(of: feed.url),
                        modified: importedAt.timeIntervalSince1970)
                    let writer = try store.departureWriter(source: source)
                    // The rows are made a day at a time on a second thread while SQLite stores the
                    // days made before (the two took about as long as each other).
                    days = try BoundedPipe<[Departure]>.overlap(
                        producer: "GTFS departures", depth: 4,
                        produce: { put in
                            try departures(
                                stopTimes, shape: shape, trips: shipTrips.trips, serviceDays: serviceDays,
                                names: stops.names, put
                            ).days
                        },
                        consume: { try writer.add(contentsOf: $0) })
                    let served = Set(stopTimes.map { Int($0.station) })
                    for (uic, name) in stops.names where served.contains(uic) {
                        try store.setStationName(name, uic: uic)
                    }
                    report.departures = writer.count
                }
            }
        }
        report.serviceDays = days.count
        report.firstDate = days.min()
        report.lastDate = days.max()
        return report
    }

    static func size(of url: URL) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.int64Value ?? 0
    }
}
