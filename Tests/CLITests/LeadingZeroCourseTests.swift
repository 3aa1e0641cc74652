import Foundation
import Testing
import _TestSupport

/// The wave id's course rule through the root package: the stationboard writes Lake Zurich's
/// course 117 as "000117", the operator's deployment page as "117" (MS Linth that day). The feed
/// and `plan --json` give the wave the app's id, course without leading zeros
/// (`WaveCheckin.makeWaveId`), written out here by hand, and the ship the operator assigned:
/// the two spellings are one course. Each run reads a
/// fresh copy of the archive's files, so the store is built by the code under test (a store
/// built earlier would hold the courses as that code read them).
@Suite struct LeadingZeroCourseTests {
    static let board = "stationboards/2026-09-22/8503670.json"
    /// Wädenswil (See), 18:48 CEST = 16:48 UTC, course 000117.
    static let waveId = "8503670_2026-09-22T16:48:00Z_117"

    /// The fixture still holds the course as the timetable writes it.
    @Test func theFixtureWritesTheCourseWithLeadingZeros() throws {
        let body = try Data(contentsOf: RepositoryPaths.archive.appendingPathComponent(Self.board))
        let journeys =
            (try JSONSerialization.jsonObject(with: body) as! [String: Any])["stationboard"] as! [[String: Any]]
        let course = try #require(journeys.first { $0["name"] as? String == "000117" })
        #expect((course["stop"] as! [String: Any])["departure"] as? String == "2026-09-22T18:48:00+0200")
    }

    @Test func theFeedGivesTheWaveTheAppsId() async throws {
        let site = RepositoryPaths.temporaryDirectory("leading-zero")
        let archive = try RepositoryPaths.copyOfArchive()
        let r = try await CLI.runOffPool([
            "feed", "--archive", archive.path, "--from", "2026-09-22", "--days", "1", "--lake", "Zürichsee", "--out",
            site.path, "--quiet",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let index = try JSONSerialization.jsonObject(with: Data(contentsOf: site.appendingPathComponent("index.json")))
        let lake = try #require(((index as! [String: Any])["lakes"] as! [[String: Any]]).first)
        let file = try #require((lake["days"] as! [[String: Any]]).first?["file"] as? String)
        let day = try JSONSerialization.jsonObject(with: Data(contentsOf: site.appendingPathComponent(file)))
        let waves = (day as! [String: Any])["waves"] as! [[String: Any]]
        let wave = try #require(waves.first { $0["waveId"] as? String == Self.waveId }, "no wave \(Self.waveId)")
        #expect(wave["course"] as? String == "117")
        #expect(wave["ship"] as? String == "MS Linth" && wave["shipSource"] as? String == "known", "\(wave)")
        #expect(wave["timeUTC"] as? String == "2026-09-22T16:48:00Z")
        #expect(
            !waves.contains { ($0["waveId"] as! String).hasSuffix("_000117") || $0["course"] as? String == "000117" })
    }

    @Test func planJSONGivesTheWaveTheAppsId() async throws {
        let archive = try RepositoryPaths.copyOfArchive()
        let r = try await CLI.runOffPool([
            "plan", "--archive", archive.path, "--station", "wadenswil", "--from", "2026-09-22", "--days", "1",
            "--json", "--quiet",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"waveId\" : \"\(Self.waveId)\""), "\(r.stdout.prefix(1500))")
        #expect(!r.stdout.contains("_000117\""))
    }
}
