import SafeFiles

/// The store's schema as named steps of frozen SQL, applied in order, each once and in its own
/// transaction (after GRDB's `DatabaseMigrator`). The store records each applied step by name
/// with the SHA-256 of its SQL (table `migrations`) and, for the toolkits before names were
/// recorded, the count as `meta.schemaVersion`; a store of version 1 or 2 without the table
/// continues where it stands.
///
/// To change the schema, append a step: never edit one that stores may have applied. Each
/// step's SQL is a literal (no value computed at run time), and `StoreMigrationTests` holds its
/// checksum, so an edit fails the tests instead of leaving stores that differ by when they were
/// made.
struct StoreMigrations {
    struct Step: Sendable {
        var name: String
        var sql: String

        /// The SHA-256 of the step's SQL, lowercase hex: what the store records.
        var checksum: String { SHA256.digest(Array(sql.utf8)).map { hex($0) }.joined() }

        private func hex(_ byte: UInt8) -> String {
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
        }
    }

    static let steps: [Step] = [
        // Version 1: sources, departures, assignments and station names.
        Step(
            name: "create the tables",
            sql: """
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
                """),
        // Version 2: version 1 stored departures with any time. Drops the rows outside the
        // supported dates (local days −25202…47481 = 1901-01-01…2099-12-31, Unix seconds
        // −2177539200…4102531199, `SupportedDates`); the raw files they came from are forgotten,
        // so the next refresh reads them again and reports them by name (a GTFS import keeps its
        // other rows).
        Step(
            name: "refuse rows outside the supported dates",
            sql: """
                CREATE TEMP TABLE bad_sources AS
                    SELECT DISTINCT source AS id FROM departures
                        WHERE (day NOT BETWEEN -25202 AND 47481 OR time NOT BETWEEN -2177539200 AND 4102531199)
                    UNION SELECT DISTINCT source FROM assignments WHERE day NOT BETWEEN -25202 AND 47481;
                DELETE FROM departures
                    WHERE (day NOT BETWEEN -25202 AND 47481 OR time NOT BETWEEN -2177539200 AND 4102531199);
                DELETE FROM assignments WHERE day NOT BETWEEN -25202 AND 47481;
                DELETE FROM departures WHERE source IN
                    (SELECT id FROM bad_sources WHERE id IN (SELECT id FROM sources WHERE kind != 'gtfs'));
                DELETE FROM assignments WHERE source IN
                    (SELECT id FROM bad_sources WHERE id IN (SELECT id FROM sources WHERE kind != 'gtfs'));
                DELETE FROM sources WHERE kind != 'gtfs' AND id IN (SELECT id FROM bad_sources);
                DROP TABLE bad_sources;
                """),
        // Version 3: each departure's destination, arrival and next stop (the feed's
        // `destination`, `arrival` and `nextStopId`). The stationboard files are forgotten so that
        // the next refresh reads them again with all three; a GTFS import keeps its rows (without
        // them) until imported again.
        Step(
            name: "keep destinations, arrivals and next stops",
            sql: """
                ALTER TABLE departures ADD COLUMN destination TEXT;
                ALTER TABLE departures ADD COLUMN arrival INTEGER;
                ALTER TABLE departures ADD COLUMN next_station INTEGER;
                DELETE FROM departures WHERE source IN (SELECT id FROM sources WHERE kind = 'stationboard');
                DELETE FROM sources WHERE kind = 'stationboard';
                """),
    ]

    /// The schema version of a store with every step applied.
    static var latest: Int { steps.count }

    /// Applies the steps `database` has not applied yet; returns the names of those applied.
    /// - Throws: ``ArchiveError/store(path:reason:)`` for a store of a later version (made by a
    ///   newer toolkit), one whose version is not a number, or one that applied a step whose
    ///   SQL differs from this toolkit's.
    @discardableResult
    static func migrate(_ database: SQLiteDatabase, path: String) throws -> [String] {
        try database.execute(
            """
            CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE IF NOT EXISTS migrations(name TEXT PRIMARY KEY, checksum TEXT NOT NULL);
            """)
        var applied: [String] = []
        for (index, step) in steps.enumerated() {
            // Read inside the transaction (BEGIN IMMEDIATE): a second process opening the same
            // new store waits, then finds the step applied.
            try database.transaction {
                let version = try self.version(database, path: path)
                if version > index {
                    try record(step, in: database, path: path)
                    return
                }
                try database.execute(step.sql)
                try database.execute("INSERT OR REPLACE INTO meta VALUES ('schemaVersion', '\(index + 1)')")
                try database.execute(
                    "INSERT OR REPLACE INTO migrations VALUES ('\(step.name)', '\(step.checksum)')")
                applied.append(step.name)
            }
        }
        return applied
    }

    /// Records an applied step by name when the store has only its version (made before names
    /// were recorded), and refuses a store whose record of the step has another checksum.
    private static func record(_ step: Step, in database: SQLiteDatabase, path: String) throws {
        let statement = try database.prepare("SELECT checksum FROM migrations WHERE name = '\(step.name)'")
        if try statement.step() {
            let recorded = statement.string(0)
            guard recorded == step.checksum else {
                throw ArchiveError.store(
                    path: path,
                    reason: "its step '\(step.name)' was applied with other SQL (\(recorded.prefix(12))…); "
                        + "delete the file to rebuild")
            }
        } else {
            try database.execute("INSERT INTO migrations VALUES ('\(step.name)', '\(step.checksum)')")
        }
    }

    /// The version a store records (0 for a new one).
    static func version(_ database: SQLiteDatabase, path: String) throws -> Int {
        let statement = try database.prepare("SELECT value FROM meta WHERE key = 'schemaVersion'")
        guard try statement.step() else { return 0 }
        let text = statement.string(0)
        guard let version = Int(text), (0...latest).contains(version) else {
            throw ArchiveError.otherSchema(path: path, found: text, expected: latest)
        }
        return version
    }
}
