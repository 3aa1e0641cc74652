import CivilTime
import Foundation
import SafeFiles
import Testing
import _TestSupport

/// `nextwave site update` end to end (issue: one chain, "a site that keeps itself current"),
/// against replays of the transport API and the operator's deployment page on 127.0.0.1
/// (``TransportReplay``): the bundled archive's boards and ships of 22 September 2026, served for
/// whatever day is asked. Lake Zurich has the real boards; Lake Zug one pier with two
/// departures a day, which the tests make fail.
@Suite(.serialized) struct SiteUpdateTests {
    /// Cham (Zugersee), a pier the bundled archive has no board for.
    static let cham = 8_502_251
    static var zugStations: Set<Int> { stations(of: "Zugersee") }

    /// The UIC ids of a lake's piers in the app's station list.
    static func stations(of lake: String) -> Set<Int> {
        let catalogue = try? JSONSerialization.jsonObject(with: Data(contentsOf: RepositoryPaths.stations))
        let lakes = (catalogue as? [String: Any])?["lakes"] as? [[String: Any]] ?? []
        let piers = lakes.first { $0["name"] as? String == lake }?["stations"] as? [[String: Any]] ?? []
        return Set(piers.compactMap { ($0["uic_ref"] as? String).flatMap(Int.init) })
    }

    struct Site {
        let replay = TransportReplay()
        let server: LocalHTTPServer
        let folder = RepositoryPaths.temporaryDirectory("site-update")
        var archive: URL { folder.appendingPathComponent("archive") }
        var site: URL { folder.appendingPathComponent("site") }

        init() throws {
            let replay = replay
            replay.extraBoards = [SiteUpdateTests.cham: [("09:15", "000301", "Zug"), ("16:40", "000308", "Zug")]]
            server = try LocalHTTPServer { path, _ in replay.answer(path) }
        }

        func arguments(_ extra: [String] = [], lakes: [String] = ["Zürichsee", "Zugersee"]) -> [String] {
            ["site", "update", "--archive", archive.path, "--out", site.path] + lakes.flatMap { ["--lake", $0] }
                + [
                    "--api-url", server.baseURL.absoluteString, "--deployment-url", server.baseURL.absoluteString,
                    "--delay", "0", "--attempts", "1", "--no-progress",
                ] + extra
        }

        func update(_ extra: [String] = ["--from", "2026-09-22", "--days", "2"]) async throws -> CLI.Result {
            try await CLI.runOffPool(arguments(extra))
        }

        func index() throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: Data(contentsOf: site.appendingPathComponent("index.json")))
                as! [String: Any]
        }

        func lake(_ name: String) throws -> [String: Any]? {
            (try index()["lakes"] as? [[String: Any]])?.first { $0["name"] as? String == name }
        }

        /// Every file of the site, by path, with its bytes.
        func files() throws -> [String: Data] {
            var out: [String: Data] = [:]
            let enumerator = FileManager.default.enumerator(atPath: site.path)
            while let path = enumerator?.nextObject() as? String {
                var isFolder: ObjCBool = false
                let url = site.appendingPathComponent(path)
                if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                    out[path] = try Data(contentsOf: url)
                }
            }
            return out
        }
    }

    /// Every file the index names is there and holds the bytes its SHA-256 names; nil when so,
    /// else what is wrong.
    static func inconsistency(of site: URL) -> String? {
        let indexURL = site.appendingPathComponent("index.json")
        guard FileManager.default.fileExists(atPath: indexURL.path) else { return nil }
        guard let data = try? Data(contentsOf: indexURL),
            let index = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else { return "index.json is not JSON" }
        for lake in index["lakes"] as? [[String: Any]] ?? [] {
            let entries = (lake["days"] as? [[String: Any]] ?? []) + (lake["ratings"] as? [[String: Any]] ?? [])
            for entry in entries {
                guard let file = entry["file"] as? String, let sha = entry["sha256"] as? String else {
                    return "an entry without file or sha256"
                }
                guard let bytes = try? Data(contentsOf: site.appendingPathComponent(file)) else {
                    return "\(file) is named but missing"
                }
                if SHA256.hex(bytes) != sha { return "\(file) does not hold the bytes the index names" }
            }
        }
        return nil
    }

    @Test func anUpdatePublishesEveryLakesDaysAndASecondRunChangesNothing() async throws {
        let s = try Site()
        defer { s.server.stop() }
        let first = try await s.update()
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("ratings: Zürichsee by Data/ratings/zsg.json"), "\(first.stderr)")
        #expect(Self.inconsistency(of: s.site) == nil)
        let zurich = try #require(try s.lake("Zürichsee"))
        let days = try #require(zurich["days"] as? [[String: Any]])
        #expect(days.map { $0["date"] as? String } == ["2026-09-22", "2026-09-23"])
        #expect(days.allSatisfy { ($0["waves"] as? Int ?? 0) > 100 }, "\(days)")
        #expect((zurich["fetch"] as? [String: Any])?["status"] as? String == "fetched")
        let zug = try #require(try s.lake("Zugersee"))
        #expect((zug["days"] as? [[String: Any]])?.map { $0["waves"] as? Int } == [2, 2])
        // Only the lakes asked for; the others were never published here.
        #expect((try s.index()["lakes"] as? [[String: Any]])?.count == 2)
        // The day's first wave at Wädenswil as the bundled archive has it (course 2501, 06:28 on
        // the 22nd is not in the September boards: the first Wädenswil departure there is 2501).
        let dayFile = try #require(days.first?["file"] as? String)
        let day =
            try JSONSerialization.jsonObject(with: Data(contentsOf: s.site.appendingPathComponent(dayFile)))
            as! [String: Any]
        let waves = day["waves"] as! [[String: Any]]
        let wadenswil = waves.filter { $0["stationId"] as? String == "8503670" }
        #expect(
            wadenswil.contains {
                $0["ship"] as? String == "MS Panta Rhei" && $0["shipSource"] as? String == "known"
            })
        #expect(waves.allSatisfy { ["day", "twilight", "night"].contains($0["daylight"] as? String ?? "") })

        let before = try s.files()
        let second = try await s.update()
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("nothing changed, nothing written"), "\(second.stderr)")
        #expect(try s.files() == before)
    }

    @Test func aLakeWhoseSourcesFailKeepsItsDaysAndTheIndexSaysSo() async throws {
        let s = try Site()
        defer { s.server.stop() }
        #expect(try await s.update().status == 0)
        let zugDays = try #require(try s.lake("Zugersee")?["days"] as? [[String: Any]])
        s.replay.failing = Self.zugStations
        let failed = try await s.update(["--from", "2026-09-22", "--days", "3"])
        #expect(failed.status == 1, "\(failed.stderr)")
        #expect(failed.stderr.contains("Zugersee: sources failed; their earlier days stay"), "\(failed.stderr)")
        #expect(Self.inconsistency(of: s.site) == nil)
        let zug = try #require(try s.lake("Zugersee"))
        let fetch = try #require(zug["fetch"] as? [String: Any])
        #expect(fetch["status"] as? String == "failed")
        #expect((fetch["problem"] as? String)?.contains("HTTP 503") == true, "\(fetch)")
        #expect((fetch["failingSince"] as? String)?.hasSuffix("Z") == true)
        // The two days it had stay as they were; the third, never fetched, is not listed.
        let days = try #require(zug["days"] as? [[String: Any]])
        #expect(days.map { $0["file"] as? String } == zugDays.map { $0["file"] as? String })
        // Lake Zurich was updated: the third day is there.
        let zurich = try #require(try s.lake("Zürichsee")?["days"] as? [[String: Any]])
        #expect(zurich.map { $0["date"] as? String } == ["2026-09-22", "2026-09-23", "2026-09-24"])
        #expect((try s.lake("Zürichsee")?["fetch"] as? [String: Any])?["status"] as? String == "fetched")
        // Failing again keeps the day it began to fail.
        let since = fetch["failingSince"] as? String
        #expect(try await s.update(["--from", "2026-09-22", "--days", "3"]).status == 1)
        #expect(((try s.lake("Zugersee"))?["fetch"] as? [String: Any])?["failingSince"] as? String == since)
    }

    @Test func nothingReachedAndABusySiteLeaveTheSiteAsItWas() async throws {
        let s = try Site()
        defer { s.server.stop() }
        #expect(try await s.update().status == 0)
        let before = try s.files()
        // Every pier of both lakes fails, and the deployment page is on a port nobody listens on.
        s.replay.failing = Self.zugStations.union(Self.stations(of: "Zürichsee"))
        let probe = try LocalHTTPServer { _, _ in .status(404) }
        let closed = probe.baseURL.absoluteString
        probe.stop()
        let none = try await CLI.runOffPool(
            s.arguments(["--from", "2026-09-22", "--days", "2"]).map {
                $0 == s.server.baseURL.absoluteString ? closed : $0
            })
        #expect(none.status == 69, "\(none.status): \(none.stderr)")
        #expect(none.stderr.contains("reached its site") && none.stderr.contains("the site was left as it was"))
        #expect(try s.files() == before)
        // Another update holds the site: refused at once with 75, the site untouched.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = [s.site.path, "sleep", "30"]
        try holder.run()
        defer { holder.terminate() }
        try await Task.sleep(for: .milliseconds(300))
        let busy = try await s.update()
        #expect(busy.status == 75, "\(busy.status): \(busy.stderr)")
        #expect(
            busy.stderr.contains("another nextwave run is using this folder; nothing was changed"), "\(busy.stderr)")
        #expect(try s.files() == before)
    }

    @Test func aRunForTodayPublishesTodaysWaves() async throws {
        let s = try Site()
        defer { s.server.stop() }
        let r = try await CLI.runOffPool(s.arguments(lakes: ["Zürichsee"]))
        #expect(r.status == 0, "\(r.stderr)")
        let today = ZoneClock.zurich.today()
        let days = try #require(try s.lake("Zürichsee")?["days"] as? [[String: Any]])
        #expect(
            days.map { $0["date"] as? String }
                == (0..<3).map { today.adding(days: $0).description }, "today and the next two days")
        #expect(days.allSatisfy { ($0["waves"] as? Int ?? 0) > 100 }, "\(days)")
    }

    /// The README's crontab line and the systemd service's `ExecStart`, as written: under `env -i`
    /// with cron's PATH and HOME (the service's `%h` is HOME), the binary installed in
    /// ~/.local, every lake of the station list fetched from the replays on 127.0.0.1 (the only
    /// variables added). The first run publishes every lake; the second, the service's, finds
    /// nothing new and writes nothing.
    @Test func theReadmesCronLineAndTimerRunUnderTheirEnvironments() async throws {
        let readme = try RepositoryPaths.userDocumentsText()
        func block(_ marker: String, _ fence: String) throws -> Substring {
            let start = try #require(readme.range(of: "<!-- \(marker) -->\n```\(fence)\n"))
            let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
            return readme[start.upperBound..<end.lowerBound]
        }
        let entry = try #require(
            try block("site crontab line", "sh").split(separator: "\n").first { !$0.hasPrefix("#") })
        let cron = String(entry.split(separator: " ", maxSplits: 5)[5])
        let unit = try block("site systemd timer", "ini")
        let execStart = try #require(unit.split(separator: "\n").first { $0.hasPrefix("ExecStart=") })
        let home = RepositoryPaths.temporaryDirectory("home")
        let service = execStart.dropFirst("ExecStart=".count).replacingOccurrences(of: "%h", with: home.path)
        let install = try await CLI.runOffPool(
            [
                RepositoryPaths.root.appendingPathComponent("scripts/install").path,
                home.appendingPathComponent(".local").path,
            ],
            executable: URL(fileURLWithPath: "/usr/bin/env"), environment: ["NEXTWAVE_BIN": CLI.binary.path])
        try #require(install.status == 0, "\(install.stderr)")
        let replay = TransportReplay()
        let server = try LocalHTTPServer { path, _ in replay.answer(path) }
        defer { server.stop() }
        func underCron(_ command: String) async throws -> CLI.Result {
            try await CLI.runOffPool(
                [
                    "-i", "HOME=\(home.path)", "PATH=/usr/bin:/bin", "LOGNAME=cron", "SHELL=/bin/sh",
                    "NEXTWAVE_API_URL=\(server.baseURL.absoluteString)",
                    "NEXTWAVE_DEPLOYMENT_URL=\(server.baseURL.absoluteString)/", "/bin/sh", "-c", command,
                ], in: home, executable: URL(fileURLWithPath: "/usr/bin/env"))
        }
        let first = try await underCron(cron)
        let log = (try? String(contentsOf: home.appendingPathComponent("nextwave-site.log"), encoding: .utf8)) ?? ""
        #expect(first.status == 0, "\(first.stderr)\n\(log.suffix(3000))")
        let site = home.appendingPathComponent("public_html/waves")
        #expect(Self.inconsistency(of: site) == nil)
        let index =
            try JSONSerialization.jsonObject(with: Data(contentsOf: site.appendingPathComponent("index.json")))
            as! [String: Any]
        let lakes = index["lakes"] as! [[String: Any]]
        // Every lake the station list names an operator for: 17 of its 18 (Lac de Joux has none).
        #expect(lakes.count == 17, "\(lakes.map { $0["name"] ?? "" })")
        #expect(lakes.allSatisfy { ($0["fetch"] as? [String: Any])?["status"] as? String == "fetched" })
        let zurich = try #require(lakes.first { $0["name"] as? String == "Zürichsee" })
        #expect((zurich["days"] as? [[String: Any]])?.count == 3)
        let before = try Data(contentsOf: site.appendingPathComponent("index.json"))
        let second = try await underCron(String(service) + " >> $HOME/nextwave-site.log 2>&1")
        let log2 = (try? String(contentsOf: home.appendingPathComponent("nextwave-site.log"), encoding: .utf8)) ?? ""
        #expect(second.status == 0, "\(log2.suffix(2000))")
        #expect(
            log2.dropFirst(log.count).contains("fetched 17 lakes of 17; nothing changed, nothing written\n"),
            "\(log2.suffix(600))")
        #expect(try Data(contentsOf: site.appendingPathComponent("index.json")) == before)
    }
}
