import CivilTime
import Foundation
import Testing
import _TestSupport

@_spi(Benchmarks) @testable import ScheduleArchive

/// The store as an index of the raw files: incremental, tolerant of bad files, no duplicates.
@Suite struct ArchiveIndexTests {
    /// A copy of three days of the bundled archive in a temporary directory.
    func copyOfBundledArchive(days: [String] = ["2026-09-22", "2026-09-23", "2026-09-24"]) throws -> URL {
        let directory = RepositoryPaths.temporaryDirectory("archive")
        let manager = FileManager.default
        try manager.createDirectory(
            at: directory.appendingPathComponent("stationboards"), withIntermediateDirectories: true)
        try manager.createDirectory(
            at: directory.appendingPathComponent("deployments"), withIntermediateDirectories: true)
        for day in days {
            try manager.copyItem(
                at: RepositoryPaths.archive.appendingPathComponent("stationboards/\(day)"),
                to: directory.appendingPathComponent("stationboards/\(day)"))
            try manager.copyItem(
                at: RepositoryPaths.archive.appendingPathComponent("deployments/\(day).json"),
                to: directory.appendingPathComponent("deployments/\(day).json"))
        }
        return directory
    }

    func count(_ archive: ScheduleArchive) throws -> Int {
        var n = 0
        try archive.store.forEachDeparture(from: LocalDate(iso: "2026-01-01")!, to: LocalDate(iso: "2026-12-31")!) {
            _ in n += 1
        }
        return n
    }

    /// A refresh leaves what it wrote in the store's file itself, while the archive is still
    /// open: a process that ends before its store is closed (another thread holding it) left the
    /// file at its first page with everything in the write-ahead log (a repair test found a
    /// 4096-byte store after one run in sixteen). The file is read here on its own
    /// (`immutable`, which ignores the log).
    @Test func aRefreshLeavesItsChangesInTheStoresFile() throws {
        let directory = try copyOfBundledArchive()
        let archive = try ScheduleArchive(directory: directory)
        let report = try archive.refresh()
        #expect(report.indexed > 0)
        let fileAlone = try ScheduleStore(
            readingOnly: directory.appendingPathComponent(ScheduleArchive.storeFileName))
        #expect(try fileAlone.sources().count == report.indexed)
        withExtendedLifetime(archive) {}
    }

    @Test func indexesTheBundledArchiveCompletely() throws {
        let directory = try copyOfBundledArchive(days: [
            "2026-09-22", "2026-09-23", "2026-09-24", "2026-09-25", "2026-09-26", "2026-09-27", "2026-09-28",
            "2026-09-29", "2026-09-30", "2026-10-01",
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let archive = try ScheduleArchive(directory: directory)
        let report = try archive.refresh()
        #expect(report.skipped.isEmpty)
        // zsg-courses-2026-09.json: every stop of every course but its last, over ten days.
        #expect(report.departures == 1428)
        #expect(try count(archive) == 1428)
        #expect(try archive.store.dateRange() == LocalDate(iso: "2026-09-22")!...LocalDate(iso: "2026-10-01")!)
        let ships = try archive.store.assignments(
            from: LocalDate(iso: "2026-09-22")!, to: LocalDate(iso: "2026-09-22")!)
        #expect(ships[LocalDate(iso: "2026-09-22")!]?["2533"] == "MS Forch")
        #expect(ships[LocalDate(iso: "2026-09-22")!]?["109"] == "MS Panta Rhei")
    }

    @Test func aMalformedFileIsSkippedAndNamedWhileTheOthersAreIndexed() throws {
        let directory = try copyOfBundledArchive()
        defer { try? FileManager.default.removeItem(at: directory) }
        let broken = directory.appendingPathComponent("stationboards/2026-09-23/8503670.json")
        let brokenCount = try StationboardReader.departures(from: Data(contentsOf: broken), path: "").departures.count
        try Data("{\"station\": {\"id\": \"8503670\"}, \"stationboard\": [{\"stop\": 5}]}".utf8).write(to: broken)
        try Data("[]".utf8).write(to: directory.appendingPathComponent("deployments/2026-09-24.json"))
        let archive = try ScheduleArchive(directory: directory)
        let report = try archive.refresh()
        #expect(report.skipped.count == 2)
        #expect(report.skipped.contains { $0.hasPrefix(broken.path + ": not a stationboard body") })
        #expect(report.skipped.contains { $0.contains("deployments/2026-09-24.json: not a deployment file") })
        let full = try ScheduleArchive(directory: try copyOfBundledArchive())
        _ = try full.refresh()
        #expect(try count(archive) == count(full) - brokenCount)
    }

    @Test func refreshIsIncrementalAndFollowsChangesAndRemovals() throws {
        let directory = try copyOfBundledArchive()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try ScheduleArchive(directory: directory).refresh()
        #expect(first.indexed == 45 + 3)  // 15 stationboards a day, one deployment file a day
        let archive = try ScheduleArchive(directory: directory)
        let again = try archive.refresh()
        #expect(again.indexed == 0 && again.unchanged == 48)
        let total = try count(archive)
        // Overlapping boards (the same journey in two files) are stored per source, read once.
        let copy = directory.appendingPathComponent("stationboards/2026-09-24/8503670.json")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("stationboards/2026-09-25"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: copy, to: directory.appendingPathComponent("stationboards/2026-09-25/8503670.json"))
        let overlap = try archive.refresh()
        #expect(overlap.indexed == 1)
        #expect(try count(archive) == total)
        try FileManager.default.removeItem(at: copy)
        let removal = try archive.refresh()
        #expect(removal.removed == 1)
        #expect(try count(archive) == total, "the other file still holds those departures")
        try FileManager.default.removeItem(
            at: directory.appendingPathComponent("stationboards/2026-09-25/8503670.json"))
        _ = try archive.refresh()
        #expect(try count(archive) < total)
    }

    @Test func theSchemaStepsAreAppliedOnceInOrderAndRecordedAsTheVersion() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        #expect(
            try StoreMigrations.migrate(database, path: "m")
                == [
                    "create the tables", "refuse rows outside the supported dates",
                    "keep destinations, arrivals and next stops",
                ])
        #expect(try StoreMigrations.version(database, path: "m") == 3)
        #expect(try StoreMigrations.migrate(database, path: "m").isEmpty)
        // A store that recorded version 2 (without the third step's columns) gets the third step only.
        try database.execute(
            """
            ALTER TABLE departures DROP COLUMN destination; ALTER TABLE departures DROP COLUMN arrival;
            ALTER TABLE departures DROP COLUMN next_station; UPDATE meta SET value = '2' WHERE key = 'schemaVersion';
            """)
        #expect(try StoreMigrations.migrate(database, path: "m") == ["keep destinations, arrivals and next stops"])
    }

    @Test func aStoreOfAnotherSchemaVersionIsAnErrorNotSilentlyReplaced() throws {
        let directory = RepositoryPaths.temporaryDirectory("schema")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent(ScheduleArchive.storeFileName)
        _ = try ScheduleStore(url: url)
        let database = try SQLiteDatabase(path: url.path)
        try database.execute("UPDATE meta SET value = '99' WHERE key = 'schemaVersion'")
        let error = #expect(throws: ArchiveError.self) { try ScheduleArchive(directory: directory) }
        #expect(
            error?.description
                == "schedule store \(url.path): schema version 99, expected 3; delete the file to rebuild")
    }

    @Test func laterDeploymentFilesWinUpToTheDayItself() throws {
        let directory = RepositoryPaths.temporaryDirectory("deployments")
        defer { try? FileManager.default.removeItem(at: directory) }
        let deployments = directory.appendingPathComponent("deployments")
        try FileManager.default.createDirectory(at: deployments, withIntermediateDirectories: true)
        func file(_ name: String, _ days: [(String, String)]) throws {
            let body = days.map {
                "{\"date\": \"\($0.0)\", \"routes\": [{\"shipName\": \"\($0.1)\", \"courseNumber\": \"7\"}]}"
            }
            try Data("{\"dailyDeployments\": [\(body.joined(separator: ","))], \"lastUpdated\": \"x\"}".utf8)
                .write(to: deployments.appendingPathComponent("\(name).json"))
        }
        try file("2026-09-20", [("2026-09-22", "MS Linth"), ("2026-09-25", "MS Albis")])
        try file("2026-09-22", [("2026-09-22", "MS Helvetia")])
        try file("2026-09-23", [("2026-09-22", "MS Bachtel")])  // filed after the day: ignored
        let archive = try ScheduleArchive(directory: directory)
        _ = try archive.refresh()
        let ships = try archive.store.assignments(
            from: LocalDate(iso: "2026-09-01")!, to: LocalDate(iso: "2026-09-30")!)
        #expect(ships[LocalDate(iso: "2026-09-22")!]?["7"] == "MS Helvetia")
        #expect(ships[LocalDate(iso: "2026-09-25")!]?["7"] == "MS Albis")
    }
}
