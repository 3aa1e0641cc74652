import Foundation
import JSONText
import Testing
import _TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A feed site keeps its good days and repairs what was damaged: a partly unreadable day never
/// replaces a complete one, and a feed file whose bytes changed is written again.
///
/// Through the built binary, as a user runs it. Each case failed before its fix (the hardening
/// round 4 in docs/RELIABILITY.md).
@Suite struct FeedSiteRepairTests: HostileProbe {
    /// One archived stationboard cut short: over a site with the complete day, `feed` keeps that
    /// day's file and says why (it replaced a 158-wave day with 152, silently); into a new site
    /// it publishes the day marked incomplete, naming the file.
    @Test func aPartlyUnreadableDayNeverReplacesACompleteOne() async throws {
        let archive = try RepositoryPaths.copyOfArchive()
        let site = RepositoryPaths.temporaryDirectory("partial").appendingPathComponent("site")
        let feed = ["feed", "--archive", archive.path, "--from", "2026-09-22", "--days", "1", "--lake", "Zürichsee"]
        #expect(try await runBounded(feed + ["--out", site.path, "--quiet"]).status == 0)
        let complete = try #require(try day(site, date: "2026-09-22"))
        let board = archive.appendingPathComponent("stationboards/2026-09-22/8503670.json")
        let bytes = try Data(contentsOf: board)
        try bytes.prefix(bytes.count / 2).write(to: board)
        let again = try await runBounded(feed + ["--out", site.path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(
            again.stderr.contains(
                "stationboards/2026-09-22/8503670.json could not be read; the earlier complete file (\(complete["waves"]!) waves) stays published"
            ), "\(again.stderr)")
        let kept = try #require(try day(site, date: "2026-09-22"))
        #expect(kept["file"] as? String == complete["file"] as? String && kept["incomplete"] == nil)
        #expect(try indexHolds(site).isEmpty)
        // A new site: the day is published with what could be read, and says what could not.
        let fresh = RepositoryPaths.temporaryDirectory("partial").appendingPathComponent("site")
        let first = try await runBounded(feed + ["--out", fresh.path])
        #expect(first.status == 0, "\(first.stderr)")
        let partial = try #require(try day(fresh, date: "2026-09-22"))
        #expect(partial["incomplete"] as? [String] == ["stationboards/2026-09-22/8503670.json"])
        #expect((partial["waves"] as! Int) < (complete["waves"] as! Int))
        #expect(first.stderr.contains("marked incomplete"), "\(first.stderr)")
        #expect(
            try FeedCommandTests.schema("feed-index.schema.json").violations(
                ofJSON: Data(contentsOf: fresh.appendingPathComponent("index.json"))) == [])
    }

    /// A day file of the site damaged after publication is written again on the next run, with
    /// a warning (a rerun said "nothing changed" and left the index's sha256 wrong): cut short,
    /// and with one byte changed in place (same size, as a bit flip on disk leaves it).
    @Test func aDamagedFeedFileIsRepaired() async throws {
        let site = RepositoryPaths.temporaryDirectory("repair").appendingPathComponent("site")
        let feed = ["feed", "--from", "2026-09-22", "--days", "1", "--lake", "Zürichsee", "--out", site.path]
        #expect(try await runBounded(feed + ["--quiet"]).status == 0)
        let file = try #require(try day(site, date: "2026-09-22")?["file"] as? String)
        let url = site.appendingPathComponent(file)
        let good = try Data(contentsOf: url)
        var flipped = good
        let digit = try #require(flipped.firstIndex(of: UInt8(ascii: "7")))
        flipped[digit] = UInt8(ascii: "8")
        for damaged in [good.prefix(100), flipped] {
            try damaged.write(to: url)
            let again = try await runBounded(feed)
            #expect(again.status == 0, "\(again.stderr)")
            #expect(try Data(contentsOf: url) == good)
            #expect(again.stderr.contains("\(file): its bytes were not those the index names"), "\(again.stderr)")
            #expect(!again.stdout.contains("nothing changed"), "\(again.stdout)")
            #expect(try indexHolds(site).isEmpty)
        }
    }
}
