import CivilTime
import Foundation
import Testing
import _TestSupport

@_spi(Benchmarks) @testable import ScheduleArchive

/// Stationboard, deployment, station and period files: the bundled real-shaped ones and broken ones.
@Suite struct ArchiveFilesTests {
    static let board = RepositoryPaths.archive.appendingPathComponent("stationboards/2026-09-22/8503670.json")

    @Test func readsTheBundledWädenswilStationboard() throws {
        let (station, name, departures) = try StationboardReader.departures(
            from: Data(contentsOf: Self.board), path: Self.board.path, expectedStation: 8_503_670)
        #expect(station == 8_503_670)
        #expect(name == "Wädenswil (See)")
        // zsg-courses-2026-09.json lists 36 courses leaving Wädenswil on 22 Sep 2026 (see the worked example).
        #expect(departures.count == 36)
        #expect(departures.first?.time == ZoneClock.parseISO8601("2026-09-22T06:28:00+02:00")!.unix)
        #expect(departures.first?.course == "2501")
        #expect(departures.allSatisfy { $0.date == LocalDate(iso: "2026-09-22") })
    }

    func board(_ journeys: String, station: String = "8503670") -> Data {
        Data(
            "{\"station\": {\"id\": \"\(station)\", \"name\": \"Wädenswil (See)\"}, \"stationboard\": [\(journeys)]}"
                .utf8)
    }

    @Test func keepsShipCategoriesOnlyAndStripsCourseZeros() throws {
        let data = board(
            """
            {"stop": {"departure": "2026-09-22T14:31:00+0200", "departureTimestamp": 1790080260}, "name": "002533", "category": "BAT"},
            {"stop": {"departure": "2026-09-22T14:35:00+0200", "departureTimestamp": 1790080500}, "name": "S8", "category": "S"},
            {"stop": {"departure": "2026-09-22T14:40:00+0200", "departureTimestamp": 1790080800}, "name": "000070", "category": "FAE"},
            {"stop": {"departure": "2026-09-22T14:45:00+0200", "departureTimestamp": 1790081100}, "name": "000109", "category": "BAV"}
            """)
        let result = try StationboardReader.departures(from: data, path: "x.json", expectedStation: 8_503_670)
        #expect(result.departures.map(\.course) == ["2533", "70", "109"])
        #expect(result.departures.map(\.category) == ["BAT", "FAE", "BAV"])
    }

    @Test func malformedBoardsNameTheFileAndTheField() {
        let cases: [(Data, String)] = [
            (Data("{not json".utf8), "invalid JSON"),
            (Data("{\"station\": {\"id\": \"8503670\"}}".utf8), "missing field stationboard"),
            (
                board("{\"stop\": {\"departure\": \"22.09.2026 14:31\"}, \"name\": \"1\", \"category\": \"BAT\"}"),
                "stationboard[0].stop.departure \"22.09.2026 14:31\" is not ISO-8601"
            ),
            (
                board(
                    "{\"stop\": {\"departure\": \"2026-09-22T14:31:00+0200\", \"departureTimestamp\": 1}, \"name\": \"1\", \"category\": \"BAT\"}"
                ),
                "stationboard[0]: departure and departureTimestamp disagree"
            ),
            (board("", station: "8503665"), "station.id 8503665 does not match the file name's 8503670"),
        ]
        for (data, message) in cases {
            let error = #expect(throws: ArchiveError.self) {
                try StationboardReader.departures(
                    from: data, path: "/a/stationboards/2026-09-22/8503670.json", expectedStation: 8_503_670)
            }
            #expect(error?.description.hasPrefix("/a/stationboards/2026-09-22/8503670.json: ") == true)
            #expect(error?.description.contains(message) == true, "\(error?.description ?? "") lacks \(message)")
        }
    }

    @Test func readsBothDeploymentShapes() throws {
        let simple = Data(
            """
            {"date": "2026-09-22", "routes": [{"shipName": " MS Forch ", "courseNumber": "02533"},
             {"shipName": "MS Albis", "courseNumber": null}, {"shipName": "MS Linth", "courseNumber": "106"}]}
            """.utf8)
        let a = try DeploymentReader.assignments(from: simple, path: "d.json")
        #expect(
            a == [
                ShipAssignment(date: LocalDate(iso: "2026-09-22")!, course: "2533", ship: "MS Forch"),
                ShipAssignment(date: LocalDate(iso: "2026-09-22")!, course: "106", ship: "MS Linth"),
            ])
        #expect(a[0].ship == "MS Forch")
        let api = Data(
            """
            {"dailyDeployments": [{"date": "2025-10-23", "routes": [{"shipName": "MS Panta Rhei", "courseNumber": "1"}]},
             {"date": "2025-10-24", "routes": [{"shipName": "MS Helvetia", "courseNumber": "0001"}]}],
             "lastUpdated": "2025-10-23T05:00:00Z"}
            """.utf8)
        let b = try DeploymentReader.assignments(from: api, path: "d.json")
        #expect(b.map(\.course) == ["1", "1"])
        #expect(b.map(\.date.description) == ["2025-10-23", "2025-10-24"])
        let bad = #expect(throws: ArchiveError.self) {
            try DeploymentReader.assignments(
                from: Data("{\"date\": \"22.9.2026\", \"routes\": []}".utf8), path: "/x/deployments/2026-09-22.json")
        }
        #expect(bad?.description == "/x/deployments/2026-09-22.json: date \"22.9.2026\" (day 0) is not YYYY-MM-DD")
    }

    @Test func theAppsStationListLoadsAndItsBareNameIsReported() throws {
        let catalogue = try StationCatalogue.load(from: RepositoryPaths.stations)
        // The app's list has 255 entries: one bare name, one with a name for a uic_ref
        // (Engelberg-Wingreis), and seven reusing an earlier entry's id (e.g. Altenrhein
        // Schifflände has Lindau's). Each is reported; the first holder of an id is kept. The
        // toolkit adds Lac de Joux (3 piers) and Greifensee (5), with their sources.
        #expect(catalogue.stations.count == 246 + 3 + 5)
        #expect(catalogue.warnings.count == 9)
        #expect(catalogue.warnings.contains { $0.contains("Brienzersee, station 0 (Interlaken Ost (See))") })
        #expect(catalogue.warnings.contains { $0.contains("\"Engelberg-Wingreis \": no numeric uic_ref") })
        #expect(
            catalogue.warnings.contains {
                $0.contains("\"Altenrhein Schifflände\": uic_ref 8506467 already used by \"Lindau (Bodensee)\"")
            })
        #expect(catalogue.station(uic: 8_503_660)?.name == "Herrliberg (See)")  // corrected id
        #expect(catalogue.station(uic: 8_503_661)?.name == "Meilen (See)")
        #expect(catalogue.stations(onLake: "zurichsee").count == 27)
        #expect(catalogue.lakes.count == 18)
        #expect(
            catalogue.stations(onLake: "Greifensee").map(\.uic).sorted() == [
                8_530_645, 8_530_646, 8_530_647, 8_530_648, 8_530_696,
            ])
        #expect(catalogue.operators["Greifensee"] == ["SGG"] && catalogue.operators["Lac de Joux"] == [])
        #expect(catalogue.operators["Zürichsee"] == ["ZSG"])
    }

    @Test func periodsAreFoundDirectlyOrByProjectingTheYear() throws {
        let periods = try SchedulePeriods.load(from: RepositoryPaths.schedulePeriods)
        let direct = try #require(periods.period(for: LocalDate(iso: "2025-07-01")!, lake: "Zürichsee"))
        #expect(direct.period.type == .summer && !direct.projected)
        let projected = try #require(periods.period(for: LocalDate(iso: "2026-09-22")!, lake: "Zürichsee"))
        #expect(projected.period.type == .summer && projected.projected)
        #expect(periods.period(for: LocalDate(iso: "2026-10-01")!, lake: "Zürichsee")?.period.type == .autumn)
        #expect(periods.period(for: LocalDate(iso: "2026-09-22")!, lake: "Atlantis") == nil)
    }
}

/// `ScheduleArchive.copyRecord`: the raw files copied, the store not, and the copy opens to the
/// same days as the bundled archive (ten September days, 22–29 Sep 2026 with stationboards).
@Suite struct ArchiveRecordCopyTests {
    @Test func theCopyHoldsTheRecordWithoutTheStoreAndOpensToTheSameDays() throws {
        let source = try RepositoryPaths.copyOfArchive()
        // A store with its write-ahead log beside the record, as while another run has it open.
        _ = try ScheduleArchive.opened(at: source)
        try Data("not copied".utf8).write(to: source.appendingPathComponent("schedule.sqlite-wal"))
        let copy = RepositoryPaths.temporaryDirectory("record-copy").appendingPathComponent("archive")
        try ScheduleArchive.copyRecord(from: source, to: copy)
        let names = try FileManager.default.contentsOfDirectory(atPath: copy.path).sorted()
        #expect(names == ["deployments", "stationboards"])
        let (archive, _) = try ScheduleArchive.opened(at: copy)
        #expect(try archive.store.dateRange()?.lowerBound == LocalDate(iso: "2026-09-22"))
        let original = try FileManager.default.subpathsOfDirectory(
            atPath: source.appendingPathComponent("stationboards").path)
        let copied = try FileManager.default.subpathsOfDirectory(
            atPath: copy.appendingPathComponent("stationboards").path)
        #expect(original.sorted() == copied.sorted() && !copied.isEmpty)
    }

    @Test func aFolderWithoutARecordIsRefusedByName() throws {
        let empty = RepositoryPaths.temporaryDirectory("no-record")
        #expect {
            try ScheduleArchive.copyRecord(from: empty, to: empty.appendingPathComponent("copy"))
        } throws: { error in
            "\(error)".contains(empty.path) && "\(error)".contains("no stationboards or deployments folder")
        }
    }
}
