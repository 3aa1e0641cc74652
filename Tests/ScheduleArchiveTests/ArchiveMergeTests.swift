import ArchiveFetch
import CivilTime
import Foundation
import Testing
import WebFetch
import _TestSupport

@_spi(Benchmarks) @testable import ScheduleArchive

/// An archive only grows (issue: hardening, round 2: an answer with more departures of another
/// day, or a deployment page with as many courses but other ones, replaced the archived file).
@Suite struct ArchiveMergeTests {
    static let day = LocalDate(iso: "2026-09-22")!
    static let file = RepositoryPaths.archive.appendingPathComponent("stationboards/2026-09-22/8503670.json")

    /// The archived board with only the journeys `keep` selects (by index).
    func board(_ keep: (Int) -> Bool) throws -> Data {
        var object = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.file)) as! [String: Any]
        let journeys = object["stationboard"] as! [Any]
        object["stationboard"] = journeys.indices.filter(keep).map { journeys[$0] }
        return try JSONSerialization.data(withJSONObject: object)
    }

    func count(_ data: Data) throws -> Int {
        try StationboardReader.departures(from: data, path: "").departures.filter { $0.date == Self.day }.count
    }

    @Test func anAnswerForAnotherDayIsRefusedAndTheArchivedFileKept() async throws {
        // The probe's case: an "answer for 22 September" holding 7 departures of the 25th.
        let other = try Data(
            contentsOf: RepositoryPaths.archive.appendingPathComponent("stationboards/2026-09-25/8503670.json"))
        let archive = RepositoryPaths.temporaryDirectory("fetch")
        let target = archive.appendingPathComponent("stationboards/2026-09-22/8503670.json")
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        let archived = try board { $0 < 6 }
        try archived.write(to: target)
        let server = try LocalHTTPServer { _, _ in .init(headers: [("Content-Type", "application/json")], body: other) }
        defer { server.stop() }
        var http = HTTPClient.Configuration()
        http.requestDelay = 0
        let report = await ArchiveFetcher(apiRoot: server.baseURL, deploymentRoot: nil, http: http).fetch(
            stations: [8_503_670], dates: [Self.day], into: archive)
        #expect(report.written.isEmpty)
        #expect(report.failed.count == 1)
        #expect(report.failed.first?.contains("none of 2026-09-22; not archived") == true, "\(report.failed)")
        #expect(try Data(contentsOf: target) == archived)
    }

    @Test func boardsThatEachHoldOthersAreMergedNeverShrunk() throws {
        let archived = try board { $0 < 20 }
        let answer = try board { $0 >= 10 }
        let all = try count(board { _ in true })
        guard
            case .write(let merged, let note) = try ArchiveMerge.stationboard(
                archived: archived, answer: answer, station: 8_503_670, date: Self.day, path: "f")
        else {
            Issue.record("expected a merge")
            return
        }
        #expect(try count(merged) == all, "every departure of either")
        #expect(note?.contains("merged") == true)
        // An answer holding all of the archived ones replaces it; one adding nothing keeps it.
        let whole = try board { _ in true }
        #expect(
            try ArchiveMerge.stationboard(
                archived: archived, answer: whole, station: 8_503_670, date: Self.day, path: "f")
                == .write(whole, note: nil))
        guard
            case .kept = try ArchiveMerge.stationboard(
                archived: archived, answer: try board { $0 < 5 }, station: 8_503_670, date: Self.day, path: "f")
        else {
            Issue.record("expected the archived file kept")
            return
        }
    }

    @Test func aDeploymentPageWithOtherCoursesIsMerged() throws {
        let archived = try DeploymentReader.encode(
            date: Self.day,
            assignments: ["101", "102", "105"].map { ShipAssignment(date: Self.day, course: $0, ship: "MS Helvetia") })
        // As many courses, but others, and 102 now with another ship.
        let answer = [("102", "MS Linth"), ("201", "MS Linth"), ("202", "MS Linth")].map {
            ShipAssignment(date: Self.day, course: $0.0, ship: $0.1)
        }
        guard
            case .write(let merged, _) = try ArchiveMerge.deployment(
                archived: archived, answer: answer, date: Self.day, path: "f")
        else {
            Issue.record("expected a merge")
            return
        }
        let courses = Dictionary(
            uniqueKeysWithValues: try DeploymentReader.assignments(from: merged, path: "f").map { ($0.course, $0.ship) }
        )
        #expect(
            courses == [
                "101": "MS Helvetia", "105": "MS Helvetia", "102": "MS Linth", "201": "MS Linth", "202": "MS Linth",
            ])
    }
}
