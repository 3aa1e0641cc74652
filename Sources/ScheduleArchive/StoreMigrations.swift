import CivilTime

/// The store's schema as named steps, applied in order, each once and in its own transaction
/// (after GRDB's `DatabaseMigrator`). The store records how many it has applied as
/// `meta.schemaVersion`, so a version is the count of steps, and a store made before the steps
/// had names (versions 1 and 2) continues where it stands.
///
/// To change the schema, append a step: never edit one that stores may have applied.
struct StoreMigrations {
    struct Step: Sendable {
        var name: String
        var apply: @Sendable (SQLiteDatabase) throws -> Void
    }

    static let steps: [Step] = [
        Step(name: "create the tables", apply: createTables),
        Step(name: "refuse rows outside the supported dates", apply: dropRowsOutsideSupportedDates),
    ]

    /// The schema version of a store with every step applied.
    static var latest: Int { steps.count }

    /// Applies the steps `database` has not applied yet; returns the names of those applied.
    /// - Throws: ``ArchiveError/store(path:reason:)`` for a store of a later version (made by a
    ///   newer toolkit) or one whose version is not a number.
    @discardableResult
    static func migrate(_ database: SQLiteDatabase, path: String) throws -> [String] {
        try database.execute("CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        var applied: [String] = []
        for (index, step) in steps.enumerated() {
            // Read inside the transaction (BEGIN IMMEDIATE): a second process opening the same
            // new store waits, then finds the step applied.
            try database.transaction {
                let version = try self.version(database, path: path)
                guard version == index else { return }
                try step.apply(database)
                try database.execute(
                    "INSERT OR REPLACE INTO meta VALUES ('schemaVersion', '\(index + 1)')")
                applied.append(step.name)
            }
        }
        return applied
    }

    /// The version a store records (0 for a new one).
    static func version(_ database: SQLiteDatabase, path: String) throws -> Int {
        let statement = try database.prepare("SELECT value FROM meta WHERE key = 'schemaVersion'")
        guard try statement.step() else { return 0 }
        let text = statement.string(0)
        guard let version = Int(text), (0...latest).contains(version) else {
            throw ArchiveError.store(
                path: path, reason: "schema version \(text), expected \(latest); delete the file to rebuild")
        }
        return version
    }

    /// Version 1: sources, departures, assignments and station names.
    private static func createTables(_ database: SQLiteDatabase) throws {
        try database.execute(
            """
            CREATE TABLE IF NOT EXISTS sources(
                id INTEGER PRIMARY KEY, kind TEXT NOT NULL, path TEXT NOT NULL UNIQUE,
                size INTEGER NOT NULL, mtime REAL NOT NULL);
            CREATE TABLE IF NOT EXISTS departures(
                day INTEGER NOT NULL, station INTEGER NOT NULL, time INTEGER NOT NULL,
                course TEXT NOT NULL, category TEXT NOT NULL, source INTEGER NOT NULL,
                PRIMARY KEY(day, station, time, course, source)) WITHOUT ROWID;
            CREATE INDEX IF NOT EXISTS departures_by_source ON departures(source);
            CREATE TABLE IF NOT EXISTS assignments(
                day INTEGER NOT NULL, course TEXT NOT NULL, ship TEXT NOT NULL,
                filed INTEGER NOT NULL, source INTEGER NOT NULL,
                PRIMARY KEY(day, course, source)) WITHOUT ROWID;
            CREATE INDEX IF NOT EXISTS assignments_by_source ON assignments(source);
            CREATE TABLE IF NOT EXISTS station_names(uic INTEGER PRIMARY KEY, name TEXT NOT NULL);
            """)
    }

    /// Version 2: version 1 stored departures with any time. Drops the rows outside the
    /// supported dates; the raw files they came from are forgotten, so the next refresh reads
    /// them again and reports them by name (a GTFS import keeps its other rows).
    private static func dropRowsOutsideSupportedDates(_ database: SQLiteDatabase) throws {
        let (d0, d1) = (ScheduleStore.dayRange.lowerBound, ScheduleStore.dayRange.upperBound)
        let (t0, t1) = (ScheduleStore.timeRange.lowerBound, ScheduleStore.timeRange.upperBound)
        let outside = "(day NOT BETWEEN \(d0) AND \(d1) OR time NOT BETWEEN \(t0) AND \(t1))"
        try database.execute(
            """
            CREATE TEMP TABLE bad_sources AS
                SELECT DISTINCT source AS id FROM departures WHERE \(outside)
                UNION SELECT DISTINCT source FROM assignments WHERE day NOT BETWEEN \(d0) AND \(d1);
            DELETE FROM departures WHERE \(outside);
            DELETE FROM assignments WHERE day NOT BETWEEN \(d0) AND \(d1);
            DELETE FROM departures WHERE source IN
                (SELECT id FROM bad_sources WHERE id IN (SELECT id FROM sources WHERE kind != 'gtfs'));
            DELETE FROM assignments WHERE source IN
                (SELECT id FROM bad_sources WHERE id IN (SELECT id FROM sources WHERE kind != 'gtfs'));
            DELETE FROM sources WHERE kind != 'gtfs' AND id IN (SELECT id FROM bad_sources);
            DROP TABLE bad_sources;
            """)
    }
}
