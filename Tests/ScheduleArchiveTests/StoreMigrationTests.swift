import Foundation
import Testing
import _TestSupport

@testable import ScheduleArchive

/// The store's migrations: recorded by name with the checksum of their SQL, each step's SQL
/// frozen, and stores of earlier toolkits (fixtures made by them) opened and brought forward.
@Suite struct StoreMigrationTests {
    /// The SHA-256 of each step's SQL, written here by hand when the step was added (computed
    /// from the literal with `sha256sum`). A failure here means a step that stores have applied
    /// was edited: append a new step instead.
    static let frozen: [(name: String, checksum: String)] = [
        ("create the tables", "9c2ac1a9b4c9cba16fc63ac2be6514d2f3e4478c99907d0e91c08cf35328942e"),
        ("refuse rows outside the supported dates", "763857177560735e3cf6917ffe1f181409cf80d65ef09f33d0882d0c08d11002"),
        (
            "keep destinations, arrivals and next stops",
            "af69bb65e6ca1246cd20cf27c5b86fffd36707ec485125dcb5dcd37f8f04d1b2"
        ),
    ]

    static let fixtures = RepositoryPaths.root.appendingPathComponent("Tests/ScheduleArchiveTests/Fixtures/stores")

    func copy(_ name: String) throws -> String {
        let target = RepositoryPaths.temporaryDirectory("store").appendingPathComponent("schedule.sqlite")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(name), to: target)
        return target.path
    }

    func recorded(_ database: SQLiteDatabase) throws -> [String: String] {
        let statement = try database.prepare("SELECT name, checksum FROM migrations")
        var out: [String: String] = [:]
        while try statement.step() { out[statement.string(0)] = statement.string(1) }
        return out
    }

    func count(_ database: SQLiteDatabase, _ sql: String) throws -> Int {
        let statement = try database.prepare(sql)
        _ = try statement.step()
        return Int(statement.string(0)) ?? -1
    }

    @Test func everyStepsSQLIsFrozen() {
        #expect(StoreMigrations.steps.map(\.name) == Self.frozen.map(\.name), "steps are only appended")
        for (step, frozen) in zip(StoreMigrations.steps, Self.frozen) {
            #expect(step.checksum == frozen.checksum, "the step '\(step.name)' was edited: append a step instead")
        }
        // The checksum is SHA-256 of the UTF-8 SQL: the empty string's is the standard one.
        #expect(
            StoreMigrations.Step(name: "", sql: "").checksum
                == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func aNewStoreRecordsEveryStepByName() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        #expect(try StoreMigrations.migrate(database, path: "m") == Self.frozen.map(\.name))
        #expect(try recorded(database) == Dictionary(uniqueKeysWithValues: Self.frozen.map { ($0.name, $0.checksum) }))
        #expect(try StoreMigrations.migrate(database, path: "m").isEmpty, "applied once")
    }

    @Test func aVersionOneStoreOfAnEarlierToolkitGetsTheLaterStepsAndTheirRecords() throws {
        let database = try SQLiteDatabase(path: try copy("store-v1.sqlite"))
        #expect(try count(database, "SELECT COUNT(*) FROM departures") == 4)
        #expect(
            try StoreMigrations.migrate(database, path: "v1")
                == ["refuse rows outside the supported dates", "keep destinations, arrivals and next stops"])
        // 2150 is outside 1901–2099: the stationboard row goes with its source; the GTFS source
        // keeps its other row. Then every stationboard is forgotten, to be read again with its
        // destinations, arrivals and next stops at the next refresh: the GTFS row alone stays.
        #expect(try count(database, "SELECT COUNT(*) FROM departures") == 1)
        #expect(try count(database, "SELECT COUNT(*) FROM sources") == 1)
        #expect(try count(database, "SELECT COUNT(*) FROM sources WHERE kind = 'gtfs'") == 1)
        #expect(try count(database, "SELECT COUNT(*) FROM departures WHERE day > 47481") == 0)
        #expect(try recorded(database).count == 3)
        #expect(try StoreMigrations.version(database, path: "v1") == 3)
    }

    @Test func aVersionTwoStoreOfAnEarlierToolkitGetsTheThirdStepOnly() throws {
        let database = try SQLiteDatabase(path: try copy("store-v2.sqlite"))
        #expect(try StoreMigrations.migrate(database, path: "v2") == ["keep destinations, arrivals and next stops"])
        #expect(try recorded(database) == Dictionary(uniqueKeysWithValues: Self.frozen.map { ($0.name, $0.checksum) }))
        #expect(try count(database, "SELECT COUNT(*) FROM departures") == 1)
        #expect(
            try count(database, "SELECT COUNT(*) FROM departures WHERE destination IS NULL AND arrival IS NULL") == 1)
    }

    @Test func aStoreThatAppliedOtherSQLUnderAStepsNameIsRefused() throws {
        let database = try SQLiteDatabase(path: try copy("store-v2.sqlite"))
        try database.execute("CREATE TABLE migrations(name TEXT PRIMARY KEY, checksum TEXT NOT NULL)")
        try database.execute("INSERT INTO migrations VALUES ('create the tables', 'abc')")
        let error = #expect(throws: ArchiveError.self) { try StoreMigrations.migrate(database, path: "edited") }
        #expect("\(error.map { "\($0)" } ?? "")".contains("its step 'create the tables' was applied with other SQL"))
    }
}
