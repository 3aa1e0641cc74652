import ArchiveFetch
import CivilTime
import Foundation
import Testing
import WebFetch
import _TestSupport

@_spi(Benchmarks) @testable import ScheduleArchive

/// Schedules from hostile or broken sources (issue: hardening): times outside the supported
/// years, a store written by an earlier version with such rows, absurd GTFS calendars, and a
/// fetch that answers with less than the archive holds.
@Suite struct HostileSchedulesTests {
    static func board(timestamp: Int64) -> Data {
        Data(
            #"{"station": {"id": "8503670", "name": "Wädenswil (See)"}, "stationboard": [{"stop": {"departureTimestamp": \#(timestamp)}, "name": "002533", "category": "BAT"}]}"#
                .utf8)
    }

    @Test(arguments: [Int64.max, Int64.min, -62_135_596_800, 4_200_000_000])
    func aDepartureOutsideTheSupportedYearsIsNamed(_ timestamp: Int64) {
        #expect(
            throws: ArchiveError.malformed(
                path: "b.json",
                reason: "stationboard[0].stop: departure time \(timestamp) (Unix seconds) lies outside 1901–2099")
        ) {
            try StationboardReader.departures(from: Self.board(timestamp: timestamp), path: "b.json")
        }
    }

    @Test func aDeploymentDateOutsideTheSupportedYearsIsNamed() {
        let file = Data(#"{"date": "0001-01-01", "routes": [{"shipName": "MS Forch", "courseNumber": "2533"}]}"#.utf8)
        #expect(
            throws: ArchiveError.malformed(path: "d.json", reason: "date 0001-01-01 (day 0) lies outside 1901–2099")
        ) {
            try DeploymentReader.assignments(from: file, path: "d.json")
        }
    }

    /// One bundled day in a temporary archive.
    func oneDay() throws -> URL {
        let directory = RepositoryPaths.temporaryDirectory("archive")
        let manager = FileManager.default
        try manager.createDirectory(
            at: directory.appendingPathComponent("deployments"), withIntermediateDirectories: true)
        try manager.createDirectory(
            at: directory.appendingPathComponent("stationboards"), withIntermediateDirectories: true)
        try manager.copyItem(
            at: RepositoryPaths.archive.appendingPathComponent("stationboards/2026-09-22"),
            to: directory.appendingPathComponent("stationboards/2026-09-22"))
        try manager.copyItem(
            at: RepositoryPaths.archive.appendingPathComponent("deployments/2026-09-22.json"),
            to: directory.appendingPathComponent("deployments/2026-09-22.json"))
        return directory
    }

    @Test func aBoardWithAnExtremeTimeIsSkippedAndTheRestIndexed() throws {
        let directory = try oneDay()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.board(timestamp: Int64.max).write(
            to: directory.appendingPathComponent("stationboards/2026-09-22/8503670.json"))
        let archive = try ScheduleArchive(directory: directory)
        let report = try archive.refresh()
        #expect(report.skipped.count == 1)
        #expect(report.skipped[0].contains("8503670.json: stationboard[0].stop: departure time 9223372036854775807"))
        #expect(try archive.store.dateRange() == LocalDate(iso: "2026-09-22")!...LocalDate(iso: "2026-09-22")!)
    }

    @Test func aVersion1StoreWithABadRowIsRepairedOnOpening() throws {
        let directory = try oneDay()
        defer { try? FileManager.default.removeItem(at: directory) }
        var goodCount = 0
        do {
            let archive = try ScheduleArchive(directory: directory)
            goodCount = try archive.refresh().departures
            // What version 1 let in: a row far outside any date, under a real file's source.
            let source = try #require(try archive.store.sources()["stationboards/2026-09-22/8503670.json"]).id
            try archive.store.database.execute(
                """
                INSERT INTO departures(day, station, time, course, category, source)
                    VALUES (106751991167300, 8503670, 9223372036854775807, '2533', 'BAT', \(source));
                ALTER TABLE departures DROP COLUMN destination; ALTER TABLE departures DROP COLUMN arrival;
                ALTER TABLE departures DROP COLUMN next_station;
                UPDATE meta SET value = '1' WHERE key = 'schemaVersion';
                """)
            #expect(try archive.store.dateRange() != nil)
        }
        let reopened = try ScheduleArchive(directory: directory)
        // The bad row is gone, and the file it came from is read again (and is fine), with every
        // other stationboard of the day (the third step forgets them all, to read their
        // destinations, arrivals and next stops).
        let report = try reopened.refresh()
        let boards = try FileManager.default.contentsOfDirectory(
            atPath: directory.appendingPathComponent("stationboards/2026-09-22").path)
        #expect(report.indexed == boards.count && report.skipped.isEmpty, "\(report.indexed) of \(boards.count)")
        #expect(try reopened.store.dateRange() == LocalDate(iso: "2026-09-22")!...LocalDate(iso: "2026-09-22")!)
        var n = 0
        try reopened.store.forEachDeparture(from: SupportedDates.dates.lowerBound, to: SupportedDates.dates.upperBound)
        {
            _ in n += 1
        }
        #expect(n == goodCount)
    }

    // MARK: GTFS calendars

    /// The mini feed with `calendar` as calendar.txt (and no calendar_dates.txt).
    func feed(calendar: String) throws -> URL {
        let directory = RepositoryPaths.temporaryDirectory("gtfs")
        for name in ["agency.txt", "routes.txt", "trips.txt", "stops.txt", "stop_times.txt"] {
            try FileManager.default.copyItem(
                at: GTFSImportTests.fixture.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        try Data(calendar.utf8).write(to: directory.appendingPathComponent("calendar.txt"))
        return directory
    }

    static let header = "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\n"

    @Test func aCalendarSpanningMillenniaIsRefusedWithWhatToDo() throws {
        let feed = try feed(calendar: Self.header + #""S1","1","1","1","1","1","1","1","00010101","99991231""# + "\n")
        do {
            _ = try GTFSImporter(agencies: ["194"]).run(feed: GTFSFeed(url: feed), into: ScheduleStore(url: nil))
            Issue.record("a 10 000-year calendar was imported")
        } catch let error as ArchiveError {
            #expect(error.description.contains("calendar.txt, line 2"), "\(error)")
            #expect(error.description.contains("0001-01-01") && error.description.contains("9999-12-31"))
            // The remedy (a window: --from/--to) is the CLI's to name; the library's case says one is needed.
            guard case .gtfsNeedsWindow = error else {
                Issue.record("not a window-needed error: \(error)")
                return
            }
        }
    }

    @Test func aWindowImportsOnlyItsDays() throws {
        let feed = try feed(calendar: Self.header + #""S1","1","1","1","1","1","1","1","19010101","20991231""# + "\n")
        let store = try ScheduleStore(url: nil)
        let window = LocalDate(iso: "2026-09-21")!...LocalDate(iso: "2026-09-27")!
        let report = try GTFSImporter(agencies: ["194"], window: window).run(feed: GTFSFeed(url: feed), into: store)
        #expect(report.serviceDays == 7)
        #expect(report.firstDate == window.lowerBound && report.lastDate == window.upperBound)
        // T1 has two departures (its third stop is the terminus) on each of the 7 days.
        #expect(report.departures == 14)
    }

    @Test func rowsTogetherSpanningTooLongAreRefused() throws {
        let feed = try feed(
            calendar: Self.header + #""S1","1","1","1","1","1","1","1","19010101","19010131""# + "\n"
                + #""S1","1","1","1","1","1","1","1","20990101","20990131""# + "\n")
        #expect(throws: ArchiveError.self) {
            try GTFSImporter(agencies: ["194"]).run(feed: GTFSFeed(url: feed), into: ScheduleStore(url: nil))
        }
    }

    @Test func aWindowLongerThanOneImportIsRefused() throws {
        let window = LocalDate(iso: "2020-01-01")!...LocalDate(iso: "2026-01-01")!
        #expect(throws: ArchiveError.self) { try GTFSImporter.check(window: window, feed: "f") }
    }

    // MARK: Fetching less

    @Test func anAnswerWithFewerDeparturesNeverReplacesTheArchivedFile() async throws {
        let full = try Data(
            contentsOf: RepositoryPaths.archive.appendingPathComponent("stationboards/2026-09-22/8503670.json"))
        var object = try JSONSerialization.jsonObject(with: full) as! [String: Any]
        let journeys = object["stationboard"] as! [Any]
        object["stationboard"] = Array(journeys.prefix(2))
        let fewer = try JSONSerialization.data(withJSONObject: object)
        object["stationboard"] = [Any]()
        let empty = try JSONSerialization.data(withJSONObject: object)

        let archive = RepositoryPaths.temporaryDirectory("fetch")
        defer { try? FileManager.default.removeItem(at: archive) }
        let target = archive.appendingPathComponent("stationboards/2026-09-22/8503670.json")
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try full.write(to: target)
        let fullCount = try StationboardReader.departures(from: full, path: "").departures.count
        let fewerCount = try StationboardReader.departures(from: fewer, path: "").departures.count
        #expect(fewerCount < fullCount)

        for (answer, count) in [(fewer, fewerCount), (empty, 0)] {
            let server = try LocalHTTPServer { _, _ in
                .init(headers: [("Content-Type", "application/json")], body: answer)
            }
            defer { server.stop() }
            var http = HTTPClient.Configuration()
            http.requestDelay = 0
            let report = await ArchiveFetcher(apiRoot: server.baseURL, deploymentRoot: nil, http: http).fetch(
                stations: [8_503_670], dates: [LocalDate(iso: "2026-09-22")!], into: archive)
            #expect(report.written.isEmpty && report.failed.isEmpty)
            #expect(
                report.kept == [
                    "stationboards/2026-09-22/8503670.json: kept; the new answer holds \(count) departures of 2026-09-22, "
                        + "all archived already (the archived file holds \(fullCount))"
                ])
            #expect(try Data(contentsOf: target) == full)
        }
        // An answer with as many or more departures does replace it.
        try fewer.write(to: target)
        let server = try LocalHTTPServer { _, _ in .init(headers: [("Content-Type", "application/json")], body: full) }
        defer { server.stop() }
        var http = HTTPClient.Configuration()
        http.requestDelay = 0
        let report = await ArchiveFetcher(apiRoot: server.baseURL, deploymentRoot: nil, http: http).fetch(
            stations: [8_503_670], dates: [LocalDate(iso: "2026-09-22")!], into: archive)
        #expect(report.written == ["stationboards/2026-09-22/8503670.json"])
        #expect(try Data(contentsOf: target) == full)
    }
}
