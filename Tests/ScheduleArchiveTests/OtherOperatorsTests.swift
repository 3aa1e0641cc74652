import ArchiveFetch
import CivilTime
import DataFolderLayout
import Foundation
import Testing
import WebFetch
import _TestSupport

@_spi(Benchmarks) @testable import ScheduleArchive

/// Ship assignments beyond Lake Zurich (issue: other lakes): SGV's steamer allocation page and
/// CGN's pier boards, read from fixtures written from the public description of their requests
/// (chamberneezy/boats), served by a real HTTP server on 127.0.0.1.
@Suite struct OtherOperatorsTests {
    /// Every source the operators' file can name is one the fetcher knows (one closed set, the
    /// catalogue's), and the bundled file names each of them.
    @Test func theCataloguesSourcesAreTheFetchersOwn() throws {
        let catalogue = try OperatorCatalogue.load(from: RepositoryPaths.layout)
        let named = catalogue.operators.compactMap(\.assignments)
        #expect(Set(named) == Set(ArchiveFetcher.AssignmentSource.Kind.allCases))
        #expect(ArchiveFetcher.AssignmentSource(.sgvAllocationPage) == .sgvAllocationPage(SGVAllocationPage.url))
        let mirror = URL(string: "http://127.0.0.1:1/cgn")!
        #expect(ArchiveFetcher.AssignmentSource(.cgnDepartureBoard, url: mirror) == .cgnDepartureBoard(mirror))
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let allocation = try! Data(contentsOf: fixtures.appendingPathComponent("sgv/allocation.html"))

    func day(_ text: String) -> LocalDate { LocalDate(iso: text)! }

    func http() -> HTTPClient.Configuration {
        var http = HTTPClient.Configuration()
        http.requestDelay = 0
        http.initialBackoff = 0.05
        http.maxAttempts = 3
        http.timeout = 5
        return http
    }

    @Test func theSGVPageGivesEveryCourseOfEverySteamerDay() throws {
        let reading = try SGVAllocationPage.read(html: Self.allocation, url: "sgv")
        // By hand from the fixture: Uri on 22 and 23 September, courses 2123 and 2124 (4);
        // Gallia 21–23 September, 2201, 2202, 2205, 2206 (12). Schiller's season holds only on
        // Sundays and holidays "bei schönem Wetter": not expanded. Unterwalden stands under the
        // FAQ and the script's "Dampfschiff Uri" is no text: neither counts.
        #expect(reading.assignments.count == 16)
        let uri = reading.assignments.filter { $0.ship == "DS Uri" }
        #expect(Set(uri.map(\.date)) == [day("2026-09-22"), day("2026-09-23")])
        #expect(Set(uri.map(\.course)) == ["2123", "2124"])
        let gallia = reading.assignments.filter { $0.ship == "DS Gallia" }
        #expect(Set(gallia.map(\.date)) == [day("2026-09-21"), day("2026-09-22"), day("2026-09-23")])
        #expect(Set(gallia.map(\.course)) == ["2201", "2202", "2205", "2206"])
        #expect(!reading.assignments.contains { $0.ship == "DS Schiller" || $0.ship == "DS Unterwalden" })
        #expect(reading.notes.contains { $0.contains("DS Schiller") && $0.contains("not expanded") })
    }

    /// Found by the `sgv-allocation` fuzzer: a deployments heading that also begins the questions'
    /// heading ended the blocks before they began, and the range trapped. The blocks run to the
    /// next questions' heading after it.
    @Test func aHeadingThatIsAlsoTheQuestionsHeadingIsRead() throws {
        let html = """
            <html><body><h2>Häufig gestellte Fragen und Dampfschiff-Einsätze</h2>
            <h3>Dampfschiff Uri</h3><p>Dienstag, 22. September 2026</p><p>Kurs 2123_2124</p>
            <h2>Häufig gestellte Fragen</h2><p>Dampfschiff Unterwalden</p><p>Montag, 21. September 2026</p>
            <p>Kurs 2401_2402</p></body></html>
            """
        let reading = try SGVAllocationPage.read(html: Data(html.utf8), url: "sgv")
        #expect(
            Set(reading.assignments.map { "\($0.ship) \($0.date) \($0.course)" }) == [
                "DS Uri 2026-09-22 2123", "DS Uri 2026-09-22 2124",
            ])
    }

    @Test func aChangedSGVPageIsRefusedNotReadAsEmpty() {
        #expect(throws: ArchiveError.self) {
            try SGVAllocationPage.read(html: Data("<html><body><h2>Fahrplan</h2></body></html>".utf8), url: "sgv")
        }
    }

    @Test func fetchingSGVWritesTheRequestedDaysAndNeverEmptiesOne() async throws {
        let server = try LocalHTTPServer { path, _ in
            path.hasPrefix("/de/informationen/fahrplan-schiffseinsaetze")
                ? .html(String(decoding: Self.allocation, as: UTF8.self)) : .status(404)
        }
        defer { server.stop() }
        let archive = RepositoryPaths.temporaryDirectory("sgv")
        // An earlier day the page no longer lists stays as it was.
        let kept = archive.appendingPathComponent("deployments/2026-09-24.json")
        try FileManager.default.createDirectory(at: kept.deletingLastPathComponent(), withIntermediateDirectories: true)
        let earlier = try DeploymentReader.encode(
            date: day("2026-09-24"),
            assignments: [ShipAssignment(date: day("2026-09-24"), course: "2123", ship: "DS Uri")])
        try earlier.write(to: kept)
        let fetcher = ArchiveFetcher(
            apiRoot: server.baseURL,
            assignments: .sgvAllocationPage(
                server.baseURL.appendingPathComponent("de/informationen/fahrplan-schiffseinsaetze/")),
            http: http())
        let report = await fetcher.fetch(
            stations: [], dates: [day("2026-09-22"), day("2026-09-23"), day("2026-09-24")], into: archive)
        #expect(report.failed.isEmpty, "\(report.failed)")
        #expect(report.written.sorted() == ["deployments/2026-09-22.json", "deployments/2026-09-23.json"])
        #expect(try Data(contentsOf: kept) == earlier)
        let day22 = try DeploymentReader.assignments(
            from: Data(contentsOf: archive.appendingPathComponent("deployments/2026-09-22.json")), path: "f")
        #expect(
            Set(day22.map { "\($0.course) \($0.ship)" }) == [
                "2123 DS Uri", "2124 DS Uri", "2201 DS Gallia", "2202 DS Gallia", "2205 DS Gallia", "2206 DS Gallia",
            ])
    }

    /// CGN's board service: two piers, a burst limit (the first request of each path answers 429
    /// without Retry-After), a charter, and a departure of the next day.
    static func cgnServer() throws -> LocalHTTPServer {
        try LocalHTTPServer { path, hit in
            if hit == 1 { return .status(429) }
            let json: String
            if path == "/api/qr/availableLocations" {
                json = #"[{"code":"LSN","name":"Lausanne-Ouchy"},{"code":"GEN","name":"Genève Jardin Anglais"}]"#
            } else if path.hasPrefix("/api/qr/nextDepartures/LSN?datetime=2026-09-27T00:00:01") {
                json = """
                    {"departures":[
                     {"vehicle":{"name":"VILLE-DE-GENEVE"},"stops":[
                       {"name":"Lausanne-Ouchy","serviceNumber":"000902","departureTime":"2026-09-27T10:05:00"},
                       {"name":"Évian-les-Bains","serviceNumber":"000902","arrivalTime":"2026-09-27T10:40:00"}]},
                     {"vehicle":{"name":"HENRY-DUNANT"},"stops":[
                       {"name":"Lausanne-Ouchy","departureTime":"2026-09-27T19:00:00"}]}]}
                    """
            } else if path.hasPrefix("/api/qr/nextDepartures/GEN?datetime=2026-09-27T00:00:01") {
                json = """
                    {"departures":[
                     {"vehicle":{"name":"LAUSANNE"},"stops":[
                       {"name":"Genève Jardin Anglais","serviceNumber":"1153","departureTime":"2026-09-27T11:15:00"}]},
                     {"vehicle":{"name":"SAVOIE"},"stops":[
                       {"name":"Genève Jardin Anglais","serviceNumber":"1201","departureTime":"2026-09-28T09:00:00"}]}]}
                    """
            } else {
                return .status(404)
            }
            return .init(headers: [("Content-Type", "application/json")], body: Data(json.utf8))
        }
    }

    @Test func cgnBoardsGiveTheDaysBoatsBackingOffOn429() async throws {
        let server = try Self.cgnServer()
        defer { server.stop() }
        let archive = RepositoryPaths.temporaryDirectory("cgn")
        var fetcher = ArchiveFetcher(
            apiRoot: server.baseURL, assignments: .cgnDepartureBoard(server.baseURL), http: http())
        fetcher.stations = try StationCatalogue.load(from: RepositoryPaths.data.appendingPathComponent("stations.json"))
        fetcher.lakes = ["Lac Léman"]
        let report = await fetcher.fetch(stations: [], dates: [day("2026-09-27")], into: archive)
        #expect(report.failed.isEmpty, "\(report.failed)")
        #expect(report.written == ["deployments/2026-09-27.json"])
        // Course 902's stops are kept with their times; Lausanne-Ouchy is matched to its station.
        let stops =
            try DeploymentReader.assignments(
                from: Data(contentsOf: archive.appendingPathComponent("deployments/2026-09-27.json")), path: "f"
            ).first { $0.course == "902" }?.stops ?? []
        #expect(stops.first == .init(name: "Lausanne-Ouchy", time: "10:05", uic: 8_501_075), "\(stops)")
        let assignments = try DeploymentReader.assignments(
            from: Data(contentsOf: archive.appendingPathComponent("deployments/2026-09-27.json")), path: "f")
        // The charter (no service number) is skipped; Savoie's course runs the next day.
        #expect(Set(assignments.map { "\($0.course) \($0.ship)" }) == ["902 VILLE-DE-GENEVE", "1153 LAUSANNE"])
        #expect(report.notes.contains { $0.contains("1 charter departure without a course skipped") })
        // Each path was asked twice: once answered 429, once with the board.
        #expect(server.requestLog.count == 6, "\(server.requestLog)")
    }

    @Test func aCGNDayWithoutBoatsWritesNothingAndKeepsTheArchivedDay() async throws {
        let server = try LocalHTTPServer { path, _ in
            if path == "/api/qr/availableLocations" { return .init(body: Data(#"[{"code":"LSN"}]"#.utf8)) }
            return .init(body: Data(#"{"departures":[]}"#.utf8))
        }
        defer { server.stop() }
        let archive = RepositoryPaths.temporaryDirectory("cgn")
        let file = archive.appendingPathComponent("deployments/2026-09-27.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let earlier = try DeploymentReader.encode(
            date: day("2026-09-27"),
            assignments: [ShipAssignment(date: day("2026-09-27"), course: "902", ship: "LAUSANNE")])
        try earlier.write(to: file)
        let fetcher = ArchiveFetcher(
            apiRoot: server.baseURL, assignments: .cgnDepartureBoard(server.baseURL), http: http())
        let report = await fetcher.fetch(stations: [], dates: [day("2026-09-27"), day("2026-09-28")], into: archive)
        #expect(report.written.isEmpty && report.failed.isEmpty)
        #expect(try Data(contentsOf: file) == earlier)
        #expect(
            !FileManager.default.fileExists(atPath: archive.appendingPathComponent("deployments/2026-09-28.json").path))
    }
}

/// Special cruises: an allocated course the timetable lacks becomes waves of its own at its
/// stops; a timetabled course is never doubled by its allocation (issue: other lakes).
@Suite struct SpecialCruiseTests {
    @Test func anAllocatedCourseWithoutATimetableEntryBecomesWaves() throws {
        let directory = RepositoryPaths.temporaryDirectory("cruise")
        let day = LocalDate(iso: "2026-09-22")!
        // The timetable: Wädenswil's real board of the day (course 2533 at 14:31 among others).
        let board = RepositoryPaths.archive.appendingPathComponent("stationboards/2026-09-22/8503670.json")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("stationboards/2026-09-22"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: board, to: directory.appendingPathComponent("stationboards/2026-09-22/8503670.json"))
        // The allocation: a special cruise 9001 (Wädenswil 19:05, Stäfa 19:25, back at Wädenswil
        // 19:50), and the timetabled 2533 with stop times a minute off the timetable's.
        let assignments = [
            ShipAssignment(
                date: day, course: "9001", ship: "MS Panta Rhei",
                stops: [
                    .init(name: "Wädenswil", time: "19:05", uic: 8_503_670),
                    .init(name: "Stäfa", time: "19:25", uic: 8_503_665),
                    .init(name: "Wädenswil", time: "19:50", uic: 8_503_670),
                ]),
            ShipAssignment(
                date: day, course: "2533", ship: "MS Forch",
                stops: [
                    .init(name: "Wädenswil", time: "14:32", uic: 8_503_670),
                    .init(name: "Stäfa", time: "14:45", uic: 8_503_665),
                ]),
        ]
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("deployments"), withIntermediateDirectories: true)
        try DeploymentReader.encode(date: day, assignments: assignments)
            .write(to: directory.appendingPathComponent("deployments/2026-09-22.json"))
        let archive = try ScheduleArchive(directory: directory)
        _ = try archive.refresh()
        var departures: [Departure] = []
        try archive.store.forEachDeparture(from: day, to: day) { departures.append($0) }
        let timetable = try StationboardReader.departures(from: Data(contentsOf: board), path: "").departures
        // Every timetable departure, plus the cruise's two departures (its last stop is an
        // arrival), and nothing of 2533's allocation at 14:32.
        #expect(departures.count == timetable.count + 2)
        let cruise = departures.filter { $0.course == "9001" }
        #expect(cruise.map(\.station) == [8_503_670, 8_503_665].sorted())
        #expect(cruise.allSatisfy { $0.category == "BAT" && $0.date == day })
        #expect(departures.filter { $0.course == "2533" }.count == timetable.filter { $0.course == "2533" }.count)
        #expect(try archive.store.assignments(from: day, to: day)[day]?["9001"] == "MS Panta Rhei")
    }

    @Test func stopNamesAreMatchedToTheLakesStations() throws {
        let catalogue = try StationCatalogue.load(from: RepositoryPaths.data.appendingPathComponent("stations.json"))
        let leman: Set<String> = ["Lac Léman"]
        #expect(catalogue.station(matchingStopName: "Genève Jardin Anglais", onLakes: leman)?.uic == 8_501_236)
        #expect(catalogue.station(matchingStopName: "LAUSANNE-OUCHY", onLakes: leman)?.uic == 8_501_075)
        #expect(catalogue.station(matchingStopName: "Wädenswil")?.uic == 8_503_670)
        #expect(catalogue.station(matchingStopName: "Nowhere") == nil)
    }
}
