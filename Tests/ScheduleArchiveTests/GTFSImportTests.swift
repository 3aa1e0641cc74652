import CivilTime
import Foundation
import Testing
import ZIPFoundation
import _TestSupport

@_spi(Benchmarks) @testable import ScheduleArchive

/// GTFS import on a small real-shaped feed (Swiss GTFS conventions: quoted fields, `Parent…`
/// stations, `route_desc` BAT/FAE, a BOM and CRLF in stop_times, times past 24:00).
@Suite struct GTFSImportTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/gtfs-mini")

    func departures(_ store: ScheduleStore) throws -> [Departure] {
        var all: [Departure] = []
        try store.forEachDeparture(from: LocalDate(iso: "2026-01-01")!, to: LocalDate(iso: "2026-12-31")!) {
            all.append($0)
        }
        return all
    }

    func utc(_ text: String) -> Int64 { ZoneClock.parseISO8601(text)!.unix }

    @Test func importsShipDeparturesOfTheAgencyForEveryServiceDay() throws {
        let store = try ScheduleStore(url: nil)
        let report = try GTFSImporter(agencies: ["194"]).run(feed: GTFSFeed(url: Self.fixture), into: store)
        let all = try departures(store)
        // T1 (course 2533): weekdays 21–25 Sep without Wed 23 (removed), plus Sat 26 (added):
        // 5 days × 2 departures (the third stop is the terminus). T2: 22 Sep only. T6: 29 Mar.
        #expect(all.count == 12)
        #expect(report.departures == 12)
        #expect(report.serviceDays == 6)
        #expect(report.firstDate == LocalDate(iso: "2026-03-29"))
        #expect(report.lastDate == LocalDate(iso: "2026-09-26"))
        // The summary counts in English: one route, not "1 routes". By hand from the fixture:
        // agency 194 has one ship route (91-BAT-Z, type 1000) with trips T1, T2, T6 and T7, and
        // stop_times.txt has 16 lines after its header.
        #expect(
            report.summary(store: "s.sqlite")
                == "imported 12 departures (4 ship trips on 1 route, 6 service days: 2026-03-29 … 2026-09-26) "
                + "from 16 stop_times lines into s.sqlite")
        let t1 = all.filter { $0.course == "2533" }
        #expect(
            Set(t1.map(\.date.description)) == ["2026-09-21", "2026-09-22", "2026-09-24", "2026-09-25", "2026-09-26"])
        #expect(t1.allSatisfy { [8_503_670, 8_503_665].contains($0.station) })
        #expect(t1.contains { $0.station == 8_503_670 && $0.time == utc("2026-09-22T14:31:00+02:00") })
        #expect(!all.contains { $0.time == utc("2026-09-22T14:57:00+02:00") }, "terminus is an arrival")
        // Course "000109" is stored as "109".
        #expect(all.filter { $0.course == "109" }.map(\.time) == [utc("2026-09-22T14:45:00+02:00")])
        // The spring DST day: 15:31 is summer time (+02:00).
        #expect(all.filter { $0.course == "2535" }.map(\.time) == [utc("2026-03-29T15:31:00+02:00")])
        // Trains and buses of the agency are not ships.
        #expect(!all.contains { $0.course == "18867" || $0.course == "1" })
        #expect(all.allSatisfy { $0.category == "BAT" })
        // Bad rows of a ship trip are reported with file and line, the rest imported.
        #expect(report.skippedCount == 2)
        #expect(report.skipped.contains { $0.contains("stop_times.txt, line 15") && $0.contains("25:61:00") })
        #expect(report.skipped.contains { $0.contains("line 16") && $0.contains("8599999:0:1") })
        #expect(try store.stationNames()[8_503_670] == "Wädenswil (See)")
    }

    @Test func timesPastMidnightBelongToTheNextLocalDate() throws {
        let store = try ScheduleStore(url: nil)
        _ = try GTFSImporter(agencies: ["196"]).run(feed: GTFSFeed(url: Self.fixture), into: store)
        let all = try departures(store)
        // Ferry T3 leaves Horgen at 24:50 on Saturdays 21 and 28 March: 00:50 CET next morning.
        #expect(all.map(\.time) == [utc("2026-03-22T00:50:00+01:00"), utc("2026-03-29T00:50:00+01:00")])
        #expect(all.map(\.date.description) == ["2026-03-22", "2026-03-29"])
        #expect(all.allSatisfy { $0.station == 8_503_672 && $0.category == "FAE" && $0.course == "70" })
    }

    @Test func aZippedFeedGivesTheSameDeparturesAndReimportingReplaces() throws {
        let directory = RepositoryPaths.temporaryDirectory("gtfs-zip")
        defer { try? FileManager.default.removeItem(at: directory) }
        let zip = directory.appendingPathComponent("feed.zip")
        let archive = try Archive(url: zip, accessMode: .create, pathEncoding: nil)
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.fixture.path).sorted() {
            try archive.addEntry(with: name, relativeTo: Self.fixture, compressionMethod: .deflate)
        }
        let store = try ScheduleStore(url: directory.appendingPathComponent("schedule.sqlite"))
        let importer = GTFSImporter(agencies: ["194", "196"])
        _ = try importer.run(feed: GTFSFeed(url: zip), into: store)
        _ = try importer.run(feed: GTFSFeed(url: zip), into: store)  // again: replaces, no duplicates
        #expect(try departures(store).count == 14)
        // The import writes with a rollback journal and leaves the store in WAL mode, with no
        // journal left behind.
        #expect(try store.journalMode() == "wal")
        #expect(
            !FileManager.default.fileExists(atPath: directory.appendingPathComponent("schedule.sqlite-journal").path))
        let fromDirectory = try ScheduleStore(url: nil)
        _ = try importer.run(feed: GTFSFeed(url: Self.fixture), into: fromDirectory)
        #expect(try departures(store) == departures(fromDirectory))
    }

    /// A file that is no ZIP archive, or one cut short, is named in words: the reader's message
    /// was its error case, "(missingEndOfCentralDirectoryRecord)".
    @Test func aFileThatIsNoZipOrIsCutShortIsSaidInWords() throws {
        let directory = RepositoryPaths.temporaryDirectory("gtfs-notzip")
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = directory.appendingPathComponent("feed.zip")
        try Data("<html>Service unavailable</html>\n".utf8).write(to: text)
        let zip = directory.appendingPathComponent("whole.zip")
        let archive = try Archive(url: zip, accessMode: .create, pathEncoding: nil)
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.fixture.path).sorted() {
            try archive.addEntry(with: name, relativeTo: Self.fixture, compressionMethod: .deflate)
        }
        let whole = try Data(contentsOf: zip)
        let cut = directory.appendingPathComponent("cut.zip")
        try whole.prefix(whole.count / 2).write(to: cut)
        for file in [text, cut] {
            #expect {
                _ = try GTFSFeed(url: file)
            } throws: { error in
                let words = "\(error)"
                return words.contains(file.path)
                    && words.contains("not a ZIP archive: it has no ZIP directory at its end")
                    && !words.contains("missingEndOfCentralDirectoryRecord")
            }
        }
    }

    @Test func aMissingColumnNamesTheFileAndColumn() throws {
        let directory = RepositoryPaths.temporaryDirectory("gtfs-bad")
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.fixture.path) {
            try FileManager.default.copyItem(
                at: Self.fixture.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        try Data("trip_id,arrival_time,stop_id,stop_sequence\n\"T1\",\"14:31:00\",\"8503665\",\"1\"\n".utf8)
            .write(to: directory.appendingPathComponent("stop_times.txt"))
        let error = #expect(throws: ArchiveError.self) {
            try GTFSImporter(agencies: ["194"]).run(feed: GTFSFeed(url: directory), into: ScheduleStore(url: nil))
        }
        #expect(error?.description.contains("stop_times.txt, line 1: no column \"departure_time\"") == true)
    }

    @Test func aDamagedZipIsReportedAsSuch() throws {
        let directory = RepositoryPaths.temporaryDirectory("gtfs-damaged")
        defer { try? FileManager.default.removeItem(at: directory) }
        let zip = directory.appendingPathComponent("feed.zip")
        try Data("PK\u{3}\u{4} this is not a zip".utf8).write(to: zip)
        let error = #expect(throws: ArchiveError.self) { try GTFSFeed(url: zip) }
        #expect(error?.description.contains("feed.zip") == true)
    }

    @Test func aTableWhoseBytesDoNotMatchItsCRCIsRejected() throws {
        let directory = RepositoryPaths.temporaryDirectory("gtfs-crc")
        defer { try? FileManager.default.removeItem(at: directory) }
        let zip = directory.appendingPathComponent("feed.zip")
        let archive = try Archive(url: zip, accessMode: .create, pathEncoding: nil)
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.fixture.path).sorted() {
            try archive.addEntry(with: name, relativeTo: Self.fixture, compressionMethod: .none)
        }
        // Stored, not deflated: change one departure time in place, keeping the recorded CRC.
        var bytes = try Data(contentsOf: zip)
        let needle = Data("\"14:44:00\",\"14:44:00\"".utf8)
        let range = try #require(bytes.range(of: needle))
        bytes[range.lowerBound + 4] = UInt8(ascii: "5")
        try bytes.write(to: zip)
        let error = #expect(throws: ArchiveError.self) {
            try GTFSImporter(agencies: ["194"]).run(feed: GTFSFeed(url: zip), into: ScheduleStore(url: nil))
        }
        #expect(error?.description == "\(zip.path):stop_times.txt: CRC-32 mismatch; the ZIP is damaged")
    }

    @Test func gtfsTimesAndStopIds() {
        #expect(GTFSImporter.seconds("25:10:00") == 90_600)
        #expect(GTFSImporter.seconds("7:05:09") == 25_509)
        #expect(GTFSImporter.seconds("14:61:00") == nil)
        #expect(GTFSImporter.seconds("14:00") == nil)
        #expect(GTFSImporter.uic("8503670:0:1") == 8_503_670)
        #expect(GTFSImporter.uic("Parent8503670") == 8_503_670)
        #expect(GTFSImporter.uic("ch:1:sloid:3670") == nil)
    }
}
