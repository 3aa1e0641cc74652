public import CivilTime
public import Foundation

/// The archive's schedule store: an SQLite index of every departure and ship assignment,
/// beside the raw files it was built from (`schedule.sqlite` in the archive directory).
///
/// Tables (all keyed so that a date range is one ordered index scan):
/// - `departures(day, station, time, course, category, source)`, primary key
///   `(day, station, time, course, source)`, WITHOUT ROWID. `day` is days since 1970-01-01 of
///   the local date, `time` Unix seconds. The same departure from two sources (two overlapping
///   stationboards, or a stationboard and a GTFS feed) is stored twice and merged when read, so
///   removing one source never loses the other's rows.
/// - `assignments(day, course, ship, filed, source)`: ship per course and day; `filed` is the
///   date of the deployment file that said so (see ``assignments(from:to:)``).
/// - `sources(id, kind, path, size, mtime)`: each raw file or GTFS feed, to re-index only what
///   changed.
/// - `station_names(uic, name)`: names as the timetable sources write them.
public final class ScheduleStore {
    let database: SQLiteDatabase
    public let path: String

    /// The number of ``StoreMigrations`` steps a current store has applied (2: rows outside
    /// ``CivilTime/SupportedDates`` are refused).
    static var schemaVersion: Int { StoreMigrations.latest }

    /// Whether the store was opened read-only (``init(readingOnly:)``).
    public let isReadOnly: Bool

    /// Opens an existing store without writing to it (a folder this user cannot write).
    /// - Throws: ``ArchiveError/store(path:reason:)`` when it cannot be read as it is (missing,
    ///   or of another schema version: a migration would have to write).
    public init(readingOnly url: URL) throws {
        path = url.path
        isReadOnly = true
        database = try SQLiteDatabase(path: path, readOnly: true)
        let version = try database.prepare("SELECT value FROM meta WHERE key = 'schemaVersion'")
        guard try version.step(), Int(version.string(0)) == Self.schemaVersion else {
            throw ArchiveError.store(path: path, reason: "not a store of schema version \(Self.schemaVersion)")
        }
    }

    /// Opens or creates the store, applying the schema steps it has not applied
    /// (``StoreMigrations``). `url == nil` opens a private in-memory store.
    public init(url: URL?) throws {
        path = url?.path ?? ":memory:"
        isReadOnly = false
        database = try SQLiteDatabase(path: path)
        try database.execute(
            """
            PRAGMA journal_mode=WAL;
            PRAGMA synchronous=NORMAL;
            PRAGMA cache_size=-65536;
            PRAGMA temp_store=MEMORY;
            """)
        try StoreMigrations.migrate(database, path: path)
    }

    /// What SQLite finds wrong with the file (`PRAGMA quick_check`): empty when it is sound. An
    /// error while checking is a problem too. SQLite 3.40 reports a NOT NULL column of a WITHOUT
    /// ROWID table as "NULL value in …" though it holds none: those lines are not damage.
    package func integrityProblems() -> [String] {
        do {
            let check = try database.prepare("PRAGMA quick_check")
            var problems: [String] = []
            while try check.step() {
                let line = check.string(0)
                if line != "ok" && !line.hasPrefix("NULL value in ") { problems.append(line) }
            }
            return problems
        } catch {
            return ["\(error)"]
        }
    }

    /// The supported range as the store keeps it: local days and Unix seconds.
    static let dayRange =
        SupportedDates.dates.lowerBound.daysSinceEpoch...SupportedDates.dates.upperBound.daysSinceEpoch
    static let timeRange = SupportedDates.unixTimes

    // MARK: Sources

    /// What a source of rows is.
    package enum SourceKind: String, Sendable, CaseIterable {
        /// A raw `/v1/stationboard` body (`stationboards/<date>/<uic>.json`).
        case stationboard
        /// A ship-assignment file (`deployments/<date>.json`).
        case deployments
        /// An imported GTFS feed (the feed file is its record).
        case gtfs
    }

    /// A raw file or feed the store holds rows of.
    package struct SourceRecord: Hashable, Sendable {
        package var id: Int64
        package var kind: SourceKind
        package var path: String
        package var size: Int64
        package var modified: Double
    }

    /// Every source, by path.
    package func sources() throws -> [String: SourceRecord] {
        let statement = try database.prepare("SELECT id, kind, path, size, mtime FROM sources")
        var result: [String: SourceRecord] = [:]
        while try statement.step() {
            guard let kind = SourceKind(rawValue: statement.string(1)) else {
                throw ArchiveError.store(
                    path: path, reason: "source \(statement.string(2)) has unknown kind \"\(statement.string(1))\"")
            }
            let record = SourceRecord(
                id: statement.int64(0), kind: kind, path: statement.string(2), size: statement.int64(3),
                modified: statement.double(4))
            result[record.path] = record
        }
        return result
    }

    /// Runs `body` in one transaction (all of a refresh or import lands, or none of it).
    package func transaction<T>(_ body: () throws -> T) throws -> T { try database.transaction(body) }

    /// Runs `body` with SQLite's page cache at `kibibytes` (64 MiB otherwise). A bulk load
    /// appends in key order and gains nothing from a large cache; the memory it would hold is
    /// better left to the rows being written.
    package func withPageCache<T>(kibibytes: Int, _ body: () throws -> T) throws -> T {
        try database.execute("PRAGMA cache_size=-\(max(1024, kibibytes))")
        defer { try? database.execute("PRAGMA cache_size=-65536") }
        return try body()
    }

    /// Runs `body` (one bulk write, a GTFS import) with a rollback journal instead of the
    /// write-ahead log, synced in full: in WAL mode every page of a million-row import is written
    /// twice, to the log and again when the log is copied back, and the copy took a tenth of a
    /// year's import. The caller holds the archive's exclusive lock, so no other connection is
    /// reading; the store is back in WAL mode afterwards, whatever `body` did. An in-memory store
    /// keeps its journal.
    package func withRollbackJournal<T>(_ body: () throws -> T) throws -> T {
        guard path != ":memory:" else { return try body() }
        try database.execute("PRAGMA journal_mode=DELETE; PRAGMA synchronous=FULL;")
        defer { try? database.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;") }
        return try body()
    }

    /// Copies the write-ahead log into the store's file and empties the log (`PRAGMA
    /// wal_checkpoint(TRUNCATE)`; the caller holds the archive's exclusive lock, so no other
    /// process reads it), so that the file alone holds every committed change. SQLite
    /// does this when the last connection closes; a process that ends while another thread still
    /// holds the store never closes it, and left the file at its first page with everything in
    /// `schedule.sqlite-wal` (safe for SQLite, but not for a copy of the file, and a log left
    /// full hides damage to the file from the next run's check). A no-op for an in-memory or
    /// read-only store.
    package func checkpoint() throws {
        guard path != ":memory:", !isReadOnly else { return }
        try database.execute("PRAGMA wal_checkpoint(TRUNCATE);")
    }

    /// The store's journal mode as SQLite names it (`wal` between bulk writes).
    package func journalMode() throws -> String {
        let statement = try database.prepare("PRAGMA journal_mode")
        return try statement.step() ? statement.string(0) : ""
    }

    /// How many departures the source at `path` holds (0 when there is none).
    package func departureCount(path: String) throws -> Int {
        let count = try database.cached(
            "SELECT COUNT(*) FROM departures WHERE source = (SELECT id FROM sources WHERE path = ?)")
        count.bind(1, path)
        defer { count.reset() }
        return try count.step() ? count.int(0) : 0
    }

    /// Removes a source and all its rows.
    package func removeSource(path: String) throws {
        let find = try database.cached("SELECT id FROM sources WHERE path = ?")
        find.bind(1, path)
        guard try find.step() else { return }
        let id = find.int64(0)
        find.reset()
        for table in ["departures", "assignments"] {
            let delete = try database.cached("DELETE FROM \(table) WHERE source = ?")
            delete.bind(1, id)
            try delete.run()
        }
        let delete = try database.cached("DELETE FROM sources WHERE id = ?")
        delete.bind(1, id)
        try delete.run()
    }

    /// Registers a source anew (dropping any earlier rows of the same path) and returns its id.
    package func beginSource(kind: SourceKind, path: String, size: Int64, modified: Double) throws -> Int64 {
        try removeSource(path: path)
        let insert = try database.cached("INSERT INTO sources(kind, path, size, mtime) VALUES (?, ?, ?, ?)")
        insert.bind(1, kind.rawValue)
        insert.bind(2, path)
        insert.bind(3, size)
        insert.bind(4, modified)
        try insert.run()
        return database.lastInsertRowID
    }

    /// A prepared bulk inserter for departures of one source.
    package final class DepartureWriter {
        let statement: SQLiteDatabase.Statement
        /// The same insert for ``groupSize`` rows at once (one statement step per group).
        let group: SQLiteDatabase.Statement
        let source: Int64
        package private(set) var count = 0
        /// Rows per grouped insert: 9 parameters each, well within SQLite's 32 766.
        static let groupSize = 100

        init(statement: SQLiteDatabase.Statement, group: SQLiteDatabase.Statement, source: Int64) {
            self.statement = statement
            self.group = group
            self.source = source
        }

        package func add(_ departure: Departure) throws {
            bind(departure, to: statement, at: 0)
            try statement.run()
            count += 1
        }

        /// Adds many departures, a group of rows per statement step: a year's import is about a
        /// million rows, and one step each cost more than everything else SQLite does for them.
        package func add(contentsOf departures: [Departure]) throws {
            var index = 0
            while departures.count - index >= Self.groupSize {
                for row in 0..<Self.groupSize { bind(departures[index + row], to: group, at: Int32(row * 9)) }
                try group.run()
                index += Self.groupSize
                count += Self.groupSize
            }
            for departure in departures[index...] { try add(departure) }
        }

        private func bind(_ departure: Departure, to statement: SQLiteDatabase.Statement, at offset: Int32) {
            statement.bind(offset + 1, departure.date.daysSinceEpoch)
            statement.bind(offset + 2, departure.station)
            statement.bind(offset + 3, departure.time)
            statement.bind(offset + 4, departure.course)
            statement.bind(offset + 5, departure.category)
            statement.bind(offset + 6, source)
            statement.bind(offset + 7, departure.destination)
            statement.bind(offset + 8, departure.arrival)
            statement.bind(offset + 9, departure.nextStation.map(Int64.init))
        }
    }

    package func departureWriter(source: Int64) throws -> DepartureWriter {
        let insert =
            "INSERT OR IGNORE INTO departures(day, station, time, course, category, source, destination, arrival, "
            + "next_station) VALUES "
        let row = "(?, ?, ?, ?, ?, ?, ?, ?, ?)"
        return DepartureWriter(
            statement: try database.cached(insert + row),
            group: try database.cached(
                insert + Array(repeating: row, count: DepartureWriter.groupSize).joined(separator: ", ")),
            source: source)
    }

    package func addAssignments(_ assignments: [ShipAssignment], filed: LocalDate, source: Int64) throws {
        let insert = try database.cached(
            "INSERT OR REPLACE INTO assignments(day, course, ship, filed, source) VALUES (?, ?, ?, ?, ?)")
        for assignment in assignments {
            insert.bind(1, assignment.date.daysSinceEpoch)
            insert.bind(2, assignment.course)
            insert.bind(3, assignment.ship)
            insert.bind(4, filed.daysSinceEpoch)
            insert.bind(5, source)
            try insert.run()
        }
    }

    package func setStationName(_ name: String, uic: Int) throws {
        let upsert = try database.cached("INSERT OR REPLACE INTO station_names(uic, name) VALUES (?, ?)")
        upsert.bind(1, uic)
        upsert.bind(2, name)
        try upsert.run()
    }

    // MARK: Reading

    /// Station names as the timetable sources wrote them, by UIC.
    package func stationNames() throws -> [Int: String] {
        let statement = try database.prepare("SELECT uic, name FROM station_names")
        var names: [Int: String] = [:]
        while try statement.step() { names[statement.int(0)] = statement.string(1) }
        return names
    }

    /// The days of `from…to` the archive knows for each station: those it holds a stationboard
    /// of (even one without departures) or a departure at (a GTFS import, an allocated cruise).
    /// The days a feed lists, with waves or without.
    package func knownDays(from: LocalDate, to: LocalDate) throws -> [Int: Set<LocalDate>] {
        var days: [Int: Set<LocalDate>] = [:]
        let boards = try database.prepare("SELECT path FROM sources WHERE kind = 'stationboard'")
        while try boards.step() {
            let parts = boards.string(0).split(separator: "/")
            guard parts.count >= 3, let date = LocalDate(iso: parts[parts.count - 2]), date >= from, date <= to,
                let uic = Int(parts[parts.count - 1].prefix { $0.isNumber })
            else { continue }
            days[uic, default: []].insert(date)
        }
        let departed = try database.prepare("SELECT DISTINCT day, station FROM departures WHERE day BETWEEN ? AND ?")
        departed.bind(1, from.daysSinceEpoch)
        departed.bind(2, to.daysSinceEpoch)
        while try departed.step() {
            days[departed.int(1), default: []].insert(LocalDate(daysSinceEpoch: departed.int(0)))
        }
        return days
    }

    /// First and last local date with departures.
    @_spi(Benchmarks) public func dateRange() throws -> ClosedRange<LocalDate>? {
        let statement = try database.prepare(
            "SELECT MIN(day), MAX(day) FROM departures WHERE day BETWEEN \(Self.dayRange.lowerBound) AND \(Self.dayRange.upperBound)"
        )
        guard try statement.step(), !statement.isNull(0) else { return nil }
        return LocalDate(daysSinceEpoch: statement.int(0))...LocalDate(daysSinceEpoch: statement.int(1))
    }

    /// Ship per (date, course) in a date range.
    ///
    /// When several deployment files name a ship for the same course and day, the one filed
    /// latest on or before that day wins (the operator updates its plan up to the day itself);
    /// files dated after the day count only when no earlier one exists.
    package func assignments(from: LocalDate, to: LocalDate) throws -> [LocalDate: [String: String]] {
        let statement = try database.prepare(
            "SELECT day, course, ship, filed FROM assignments WHERE day BETWEEN ? AND ? ORDER BY day, course, source")
        statement.bind(1, from.daysSinceEpoch)
        statement.bind(2, to.daysSinceEpoch)
        var best: [LocalDate: [String: (ship: String, filed: Int)]] = [:]
        while try statement.step() {
            let day = LocalDate(daysSinceEpoch: statement.int(0))
            let course = statement.string(1)
            let candidate = (ship: statement.string(2), filed: statement.int(3))
            if let current = best[day]?[course] {
                func rank(_ filed: Int) -> (Int, Int) {
                    filed <= day.daysSinceEpoch ? (1, filed) : (0, -filed)
                }
                if rank(candidate.filed) >= rank(current.filed) { best[day]![course] = candidate }
            } else {
                best[day, default: [:]][course] = candidate
            }
        }
        return best.mapValues { $0.mapValues(\.ship) }
    }

    /// The departures of `from…to` (local days), each (day, station, time, course) once, in that
    /// order, read from the store as they are pulled (``DepartureCursor``). Where a deployment
    /// file's special cruise and a timetable name the same course on a day, only the
    /// timetable's departures are kept.
    ///
    /// A departure several sources hold is merged as ``mergedQuery`` states it in SQL: the
    /// least category, the greatest destination, arrival and next station (byte order; a null
    /// only where every source has one). The cursor merges the rows of one ordered scan itself:
    /// SQLite's `GROUP BY` with four aggregates took four times as long as the scan.
    package func departures(from: LocalDate, to: LocalDate) throws -> DepartureCursor {
        let statement = try database.prepare(
            """
            WITH allocated AS (SELECT id FROM sources WHERE kind = 'deployments')
            SELECT day, station, time, course, category, destination, arrival, next_station
            FROM departures AS d
            WHERE day BETWEEN ? AND ? AND time BETWEEN \(Self.timeRange.lowerBound) AND \(Self.timeRange.upperBound)
              AND (source NOT IN allocated OR NOT EXISTS (
                SELECT 1 FROM departures AS t
                WHERE t.day = d.day AND t.course = d.course AND t.source NOT IN allocated))
            ORDER BY day, station, time, course
            """)
        statement.bind(1, from.daysSinceEpoch)
        statement.bind(2, to.daysSinceEpoch)
        return DepartureCursor(statement: statement)
    }

    /// What ``departures(from:to:)`` hands out, as one SQL query (the reference its tests
    /// compare the cursor with; `?1`, `?2`: the first and last day).
    package static let mergedQuery = """
        WITH allocated AS (SELECT id FROM sources WHERE kind = 'deployments')
        SELECT day, station, time, course, MIN(category), MAX(destination), MAX(arrival), MAX(next_station)
        FROM departures AS d
        WHERE day BETWEEN ?1 AND ?2 AND time BETWEEN \(timeRange.lowerBound) AND \(timeRange.upperBound)
          AND (source NOT IN allocated OR NOT EXISTS (
            SELECT 1 FROM departures AS t
            WHERE t.day = d.day AND t.course = d.course AND t.source NOT IN allocated))
        GROUP BY day, station, time, course ORDER BY day, station, time, course
        """

    /// Every departure of ``departures(from:to:)``, to `body`.
    package func forEachDeparture(
        from: LocalDate, to: LocalDate, _ body: (Departure) throws -> Void
    ) throws {
        var cursor = try departures(from: from, to: to)
        while let departure = try cursor.next() { try body(departure) }
    }

    /// Departures read one at a time from a prepared query; valid while its store is open.
    /// Consecutive rows of one (day, station, time, course), one per source, are merged.
    package struct DepartureCursor {
        let statement: SQLiteDatabase.Statement
        /// The row read past the last merged departure.
        private var ahead: Departure?
        /// Whether the statement has answered its last row (stepping it again would start over).
        private var finished = false

        init(statement: SQLiteDatabase.Statement) { self.statement = statement }

        /// The next departure, or nil after the last.
        package mutating func next() throws -> Departure? {
            guard var merged = try ahead ?? row() else { return nil }
            ahead = nil
            while let another = try row() {
                guard another.date == merged.date, another.station == merged.station, another.time == merged.time,
                    another.course.utf8.elementsEqual(merged.course.utf8)
                else {
                    ahead = another
                    break
                }
                Self.merge(another, into: &merged)
            }
            return merged
        }

        /// SQLite's MIN and MAX: text in byte order, nulls ignored.
        static func merge(_ other: Departure, into merged: inout Departure) {
            if other.category.utf8.lexicographicallyPrecedes(merged.category.utf8) { merged.category = other.category }
            if let destination = other.destination,
                merged.destination.map({ $0.utf8.lexicographicallyPrecedes(destination.utf8) }) ?? true
            {
                merged.destination = destination
            }
            if let arrival = other.arrival, merged.arrival.map({ $0 < arrival }) ?? true { merged.arrival = arrival }
            if let next = other.nextStation, merged.nextStation.map({ $0 < next }) ?? true {
                merged.nextStation = next
            }
        }

        private mutating func row() throws -> Departure? {
            guard !finished else { return nil }
            guard try statement.step() else {
                finished = true
                return nil
            }
            return Departure(
                station: statement.int(1), date: LocalDate(daysSinceEpoch: statement.int(0)),
                time: statement.int64(2), course: statement.string(3), category: statement.string(4),
                destination: statement.isNull(5) ? nil : statement.string(5),
                arrival: statement.isNull(6) ? nil : statement.int64(6),
                nextStation: statement.isNull(7) ? nil : statement.int(7))
        }
    }
}
