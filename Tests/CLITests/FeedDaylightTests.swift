import Foundation
import Testing
import _TestSupport

/// Each wave's daylight phase in the feed, at Wädenswil (See) on 2026-09-22, where civil
/// twilight begins about 06:41, the sun rises about 07:11, sets about 19:23 and civil twilight
/// ends about 19:53 (CEST; the package's SunReferenceTests hold the sun times to JPL's
/// ephemeris). Every departure below is at least nine minutes from a boundary, so the phases
/// are fixed by the definitions alone: night before civil dawn, twilight between it and
/// sunrise, day, twilight from sunset to civil dusk, night after.
@Suite struct FeedDaylightTests {
    @Test func eachWaveHasThePhaseOfItsTime() async throws {
        let site = RepositoryPaths.temporaryDirectory("daylight")
        let r = try await CLI.runOffPool([
            "feed", "--from", "2026-09-22", "--days", "1", "--lake", "Zürichsee", "--out", site.path, "--quiet",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let index = try JSONSerialization.jsonObject(with: Data(contentsOf: site.appendingPathComponent("index.json")))
        let lake = try #require(((index as! [String: Any])["lakes"] as! [[String: Any]]).first)
        let file = try #require((lake["days"] as! [[String: Any]]).first?["file"] as? String)
        let day = try JSONSerialization.jsonObject(with: Data(contentsOf: site.appendingPathComponent(file)))
        let waves = ((day as! [String: Any])["waves"] as! [[String: Any]]).filter {
            $0["stationId"] as? String == "8503670"
        }
        let phases = Dictionary(
            waves.map { (($0["time"] as! String).dropFirst(11).prefix(5), $0["daylight"] as! String) },
            uniquingKeysWith: { first, _ in first })
        for (time, phase) in [
            ("06:28", "night"), ("07:02", "twilight"), ("12:31", "day"), ("19:04", "day"), ("19:31", "twilight"),
            ("20:37", "night"),
        ] {
            #expect(phases[Substring(time)] == phase, "\(time): \(phases[Substring(time)] ?? "no wave")")
        }
    }
}
