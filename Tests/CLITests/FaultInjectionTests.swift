import Foundation
import Testing
import _TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Kill -9 at random points of every long operation (issue: hardening): after each kill the
/// outputs and the archive are whole (every file parses, a set is never half one run and half
/// another unless its commit record is there to complete it), and the next run succeeds and
/// gives what an undisturbed run gives. The kill times come from a fixed seed, so a failure
/// can be replayed.
@Suite(.serialized) struct FaultInjectionTests {
    static let seed: UInt64 = 0x5EED_2026
    static let kills = 24

    /// Starts `arguments` `kills` times, killing each run with SIGKILL after a random delay in
    /// `0 ..< maxDelay` seconds (or letting it finish first), and calls `check` after each.
    /// Waits without holding a thread of the shared pool (the suite's HTTP tests need them: a
    /// blocked pool once delayed an HTTP client's watchdog past its server's answer).
    func killRepeatedly(
        _ arguments: (Int) throws -> [String], maxDelay: Double, rng: inout SplitMix64,
        check: (Int) async throws -> Void
    ) async throws -> Int {
        var interrupted = 0
        for round in 0..<Self.kills {
            let process = try CLI.start(arguments(round))
            try await Task.sleep(for: .seconds(rng.uniform(0, maxDelay)))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                interrupted += 1
            }
            while process.isRunning { try await Task.sleep(for: .milliseconds(5)) }
            process.waitUntilExit()
            try await check(round)
        }
        // For docs/RELIABILITY.md: how many of the runs the kills actually interrupted.
        print(
            "fault injection: \(try arguments(0).prefix(2).joined(separator: " ")): \(interrupted) of \(Self.kills) runs killed"
        )
        return interrupted
    }

    func names(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    func leftovers(_ folder: URL) -> [String] {
        names(folder).filter { $0.contains(".nwtmp-") || $0.hasPrefix(".nextwave-commit-") }
    }

    @Test func ratingsKilledAnywhereNeverLeavesAPartialOrMixedTable() async throws {
        var rng = SplitMix64(seed: Self.seed)
        let out = RepositoryPaths.temporaryDirectory("faults")
        #expect(try await CLI.runOffPool(["ratings", "--out", out.path]).status == 0)
        let speeds = ["18", "25"]
        let interrupted = try await killRepeatedly(
            { ["ratings", "--out", out.path, "--speed", speeds[$0 % 2], "--accept-regression", "--no-progress"] },
            maxDelay: 0.25, rng: &rng,
            check: { round in
                // Every output is a whole file.
                let table =
                    try JSONSerialization.jsonObject(
                        with: Data(contentsOf: out.appendingPathComponent("ship-ratings.json")))
                    as! [String: Any]
                let markdown = try String(contentsOf: out.appendingPathComponent("ratings.md"), encoding: .utf8)
                let svg = try String(contentsOf: out.appendingPathComponent("ratings-chart.svg"), encoding: .utf8)
                let csv = try String(contentsOf: out.appendingPathComponent("ship-ratings.csv"), encoding: .utf8)
                #expect(svg.hasSuffix("</svg>\n") && csv.hasSuffix("\n") && csv.split(separator: "\n").count == 18)
                // One run's set, unless a commit record says the next write will complete it.
                if !names(out).contains(where: { $0.hasPrefix(".nextwave-commit-") }) {
                    let speed = (table["model"] as! [String: Any])["speedKmh"] as! Double
                    #expect(markdown.contains("formulas at v = \(speed) km/h"), "round \(round): a mixed set")
                }
            })
        let final = try await CLI.runOffPool(["ratings", "--out", out.path, "--accept-regression"])
        #expect(final.status == 0, "\(final.stderr)")
        #expect(leftovers(out).isEmpty, "\(leftovers(out))")
        #expect(interrupted > 0, "some runs must have been killed")
    }

    /// A run whose table comes out unchanged writes nothing; it must still clear what a killed
    /// run left in the folder (CI found a stale temporary file after the kills above when the
    /// final run had nothing to write).
    @Test func aRunWithNothingToWriteStillClearsWhatAKilledRunLeft() async throws {
        let out = RepositoryPaths.temporaryDirectory("faults")
        #expect(try await CLI.runOffPool(["ratings", "--out", out.path]).status == 0)
        let stale = out.appendingPathComponent(".schiffsdaten.csv.nwtmp-\(try RepositoryPaths.endedProcessID())")
        try Data("half a table".utf8).write(to: stale)
        let again = try await CLI.runOffPool(["ratings", "--out", out.path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("unchanged"), "\(again.stderr)")
        #expect(leftovers(out).isEmpty, "\(leftovers(out))")
    }

    @Test func sessionsKilledWhileIndexingOrWritingRecover() async throws {
        var rng = SplitMix64(seed: Self.seed + 1)
        let reference = RepositoryPaths.temporaryDirectory()
        #expect(
            try await CLI.runOffPool([
                "sessions", "--archive", try RepositoryPaths.copyOfArchive().path, "--out", reference.path,
            ]).status == 0)
        let expected = try Data(contentsOf: reference.appendingPathComponent("sessions.csv"))

        let archive = try RepositoryPaths.copyOfArchive()
        let out = RepositoryPaths.temporaryDirectory("faults")
        let interrupted = try await killRepeatedly(
            { round in
                // Now and then start from no store, so that kills land in the first indexing.
                if round % 3 == 0 {
                    for name in self.names(archive) where name.hasPrefix("schedule.sqlite") {
                        try? FileManager.default.removeItem(at: archive.appendingPathComponent(name))
                    }
                }
                return ["sessions", "--archive", archive.path, "--out", out.path, "--no-progress"]
            }, maxDelay: 0.3, rng: &rng,
            check: { (_: Int) throws in
                for name in ["sessions.csv", "sessions.json", "sessions.md", "sessions-heatmap.svg"]
                where names(out).contains(name) {
                    let data = try Data(contentsOf: out.appendingPathComponent(name))
                    #expect(!data.isEmpty)
                }
                if names(out).contains("sessions.csv") {
                    let csv = try Data(contentsOf: out.appendingPathComponent("sessions.csv"))
                    #expect(csv == expected)
                }
            })
        let final = try await CLI.runOffPool(["sessions", "--archive", archive.path, "--out", out.path])
        #expect(final.status == 0, "\(final.stderr)")
        #expect(try Data(contentsOf: out.appendingPathComponent("sessions.csv")) == expected)
        #expect(leftovers(out).isEmpty)
        #expect(interrupted > 0)
    }

    /// A GTFS feed folder with the mini fixture's ship trips and `padding` lines of other trips.
    func largerFeed(padding: Int) throws -> URL {
        let fixture = RepositoryPaths.root.appendingPathComponent("Tests/ScheduleArchiveTests/Fixtures/gtfs-mini")
        let feed = RepositoryPaths.temporaryDirectory("gtfs")
        for name in ["agency.txt", "routes.txt", "trips.txt", "stops.txt", "calendar.txt", "calendar_dates.txt"] {
            try FileManager.default.copyItem(
                at: fixture.appendingPathComponent(name), to: feed.appendingPathComponent(name))
        }
        var stopTimes = try String(contentsOf: fixture.appendingPathComponent("stop_times.txt"), encoding: .utf8)
        stopTimes += (0..<padding).map {
            "\"X\($0 / 20)\",\"08:00:00\",\"08:00:00\",\"8503000\",\"\($0 % 20)\",\"0\",\"0\"\n"
        }
        .joined()
        try Data(stopTimes.utf8).write(to: feed.appendingPathComponent("stop_times.txt"))
        return feed
    }

    /// The status's departures line; for a run killed before it wrote anything, "departures   0 "
    /// (status refuses a folder that holds no archive yet, 66, and creates nothing in it).
    func departures(_ archive: URL) async throws -> String {
        let status = try await CLI.runOffPool(["archive", "status", "--archive", archive.path])
        if status.status == 66 && status.stderr.contains("not a schedule archive") { return "departures   0 " }
        #expect(status.status == 0, "\(status.stderr)")
        return status.stdout.split(separator: "\n").first { $0.hasPrefix("departures") }.map(String.init) ?? ""
    }

    @Test func aGTFSImportKilledAnywhereLeavesAWorkingStore() async throws {
        var rng = SplitMix64(seed: Self.seed + 2)
        let feed = try largerFeed(padding: 200_000)
        let reference = RepositoryPaths.temporaryDirectory("archive")
        #expect(
            try await CLI.runOffPool(["archive", "import-gtfs", feed.path, "--archive", reference.path]).status == 0)
        let expected = try await departures(reference)
        #expect(expected.contains("departures   12 at"), "\(expected)")

        let archive = RepositoryPaths.temporaryDirectory("archive")
        let interrupted = try await killRepeatedly(
            { _ in ["archive", "import-gtfs", feed.path, "--archive", archive.path, "--no-progress"] }, maxDelay: 0.6,
            rng: &rng,
            check: { _ in
                // The store opens and holds either nothing of the feed or all of it.
                let now = try await departures(archive)
                #expect(now == expected || now.hasPrefix("departures   0 "), "\(now)")
            })
        #expect(try await CLI.runOffPool(["archive", "import-gtfs", feed.path, "--archive", archive.path]).status == 0)
        #expect(try await departures(archive) == expected)
        #expect(interrupted > 0)
    }

    @Test func aFetchKilledAnywhereLeavesOnlyWholeFiles() async throws {
        var rng = SplitMix64(seed: Self.seed + 3)
        let boards = RepositoryPaths.archive.appendingPathComponent("stationboards")
        let server = try LocalHTTPServer { path, _ in
            // /v1/stationboard?id=<uic>&limit=420&date=<day>: the bundled board of that day.
            guard let query = URLComponents(string: path)?.queryItems,
                let id = query.first(where: { $0.name == "id" })?.value,
                let date = query.first(where: { $0.name == "date" })?.value,
                let body = try? Data(contentsOf: boards.appendingPathComponent("\(date)/\(id).json"))
            else { return .status(404) }
            return .init(headers: [("Content-Type", "application/json")], body: body, delay: 0.01)
        }
        defer { server.stop() }
        let archive = RepositoryPaths.temporaryDirectory("archive")
        let arguments = [
            "archive", "fetch", "--archive", archive.path, "--stations", "8503670,8503665,8503651,8503660",
            "--from", "2026-09-22", "--days", "2", "--api-url", server.baseURL.absoluteString, "--no-deployments",
            "--delay", "0", "--no-progress",
        ]
        let interrupted = try await killRepeatedly(
            { _ in arguments }, maxDelay: 0.4, rng: &rng,
            check: { _ in
                // Every board in the archive is whole: indexing it reports nothing malformed.
                // (Killed before its first file, the folder is no archive yet: refused, 66.)
                let status = try await CLI.runOffPool(["archive", "status", "--archive", archive.path])
                if status.status == 66 && status.stderr.contains("not a schedule archive") { return }
                #expect(status.status == 0)
                #expect(status.stdout.contains("skipped      0 malformed files"), "\(status.stdout)")
            })
        let final = try await CLI.runOffPool(arguments)
        #expect(final.status == 0, "\(final.stderr)")
        for day in ["2026-09-22", "2026-09-23", "2026-09-24"] {
            let folder = archive.appendingPathComponent("stationboards/\(day)")
            #expect(leftovers(folder).isEmpty)
            for name in names(folder) {
                #expect(
                    try Data(contentsOf: folder.appendingPathComponent(name))
                        == Data(contentsOf: boards.appendingPathComponent("\(day)/\(name)")))
            }
        }
        #expect(interrupted > 0)
    }
}
