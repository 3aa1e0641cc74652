import Foundation
import Testing
import _TestSupport

/// `nextwave sessions`, `sun` and `archive` end to end, through the built binary.
@Suite struct SessionsCommandTests {
    func json(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    @Test func theWorkedExampleThroughTheCLI() async throws {
        let out = RepositoryPaths.temporaryDirectory()
        let archive = try RepositoryPaths.copyOfArchive()
        let r = try await CLI.runOffPool([
            "sessions", "--archive", archive.path, "--station", "8503670", "--from", "2026-09-22", "--to", "2026-09-22",
            "--ratings", RepositoryPaths.appRatings.path, "--sun", "app", "--out", out.path,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let document = try json(out.appendingPathComponent("sessions.json"))
        #expect(document["schemaVersion"] as? Int == 2)
        let settings = try #require(document["settings"] as? [String: Any])
        #expect(settings["sun"] as? String == "app")
        #expect(settings["top"] as? Int == 5)
        let days = try #require(document["days"] as? [[String: Any]])
        #expect(days.count == 1)
        let day = days[0]
        #expect(day["stationId"] as? String == "8503670")
        #expect(day["stationName"] as? String == "Wädenswil (See)")
        #expect(day["date"] as? String == "2026-09-22")
        let sun = try #require(day["sun"] as? [String: Any])
        #expect(sun["sunrise"] as? String == "2026-09-22T07:12:00+02:00")
        #expect(Set(sun.keys) == ["sunrise", "sunset", "civilTwilightBegin", "civilTwilightEnd"])
        let sessions = try #require(day["sessions"] as? [[String: Any]])
        #expect(sessions.first?["start"] as? String == "2026-09-22T14:31:00+02:00")
        #expect(sessions.first?["end"] as? String == "2026-09-22T16:31:00+02:00")
        #expect(sessions.first?["waves"] as? Int == 8)
        #expect(abs((sessions.first?["score"] as? Double ?? 0) - 53.2) < 1e-9)
        let csv = try String(contentsOf: out.appendingPathComponent("sessions.csv"), encoding: .utf8)
            .split(separator: "\n")
        // One row per distinct session: the best, then windows sharing no time with it.
        let distinct = try #require(day["distinctSessions"] as? [[String: Any]])
        #expect(csv.count == 1 + distinct.count)
        #expect(
            csv[1].hasPrefix(
                "8503670,Wädenswil (See),Zürichsee,2026-09-22,Tuesday,1,2026-09-22T14:31:00+02:00,2026-09-22T16:31:00+02:00,14:31,16:31,120,8,4.00,38,53.20,"
            ))
        let md = try String(contentsOf: out.appendingPathComponent("sessions.md"), encoding: .utf8)
        #expect(md.contains("# Wake sessions 2026-09-22 … 2026-09-22"))
        #expect(md.contains("| Wädenswil (See) | Zürichsee | 1 | 1 | 53.2 | 14:31–16:31 | 1 of 1 days | 53.2 |"))
        let svg = try String(contentsOf: out.appendingPathComponent("sessions-heatmap.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<svg") && svg.contains("Wädenswil (See) 14:00"))
        #expect(r.stdout.contains("Wädenswil (See)") && r.stdout.contains("14:31–16:31"))
    }

    @Test func theDefaultRunCoversEveryStationDayOfTheBundledArchive() async throws {
        let out = RepositoryPaths.temporaryDirectory()
        let r = try await CLI.runOffPool(["sessions", "--ratings", RepositoryPaths.appRatings.path, "--out", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        let days = try #require(try json(out.appendingPathComponent("sessions.json"))["days"] as? [[String: Any]])
        // One stationboard file per station-day with departures in the bundled archive.
        var files = 0
        let boards = RepositoryPaths.archive.appendingPathComponent("stationboards")
        for day in try FileManager.default.contentsOfDirectory(atPath: boards.path) {
            files += try FileManager.default.contentsOfDirectory(atPath: boards.appendingPathComponent(day).path).count
        }
        #expect(days.count == files)
        #expect(days.reduce(0) { $0 + ($1["waves"] as? Int ?? 0) } == 1428)
        #expect(days.allSatisfy { ($0["sessions"] as? [Any])?.count ?? 99 <= 5 })
        let md = try String(contentsOf: out.appendingPathComponent("sessions.md"), encoding: .utf8)
        #expect(md.contains("## By timetable period") && md.contains("Sommerfahrplan (summer)"))
        #expect(md.contains("Herbstfahrplan (autumn)"))  // 1 October 2026
        // Today lies after the bundled archive (September 2026): the notice names the lake a fetch
        // of the coming days would refresh, the archive's, where it wrote `--lake NAME`.
        #expect(
            r.stderr.contains("nextwave archive fetch --archive DIR --lake \"Zürichsee\" --from today --days 5"),
            "\(r.stderr)")
        // So does the error for a first day past it, where it listed all 18 lakes of the station list.
        let past = try await CLI.runOffPool(["sessions", "--from", "2026-12-01", "--out", out.path])
        #expect(past.status == 1 && past.stderr.contains("--lake \"Zürichsee\" --from today"), "\(past.stderr)")
        let error = try #require(past.stderr.split(separator: "\n").first { $0.hasPrefix("error: ") })
        #expect(!error.contains("Ägerisee"), "\(error)")
    }

    @Test func aMalformedArchiveFileIsReportedAndTheRestScored() async throws {
        let archive = try RepositoryPaths.copyOfArchive()
        let broken = archive.appendingPathComponent("stationboards/2026-09-23/8503670.json")
        try Data("{\"station\": ".utf8).write(to: broken)
        let out = RepositoryPaths.temporaryDirectory()
        let r = try await CLI.runOffPool([
            "sessions", "--archive", archive.path, "--ratings", RepositoryPaths.appRatings.path, "--out", out.path,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("skipped \(broken.path): not a stationboard body"))
        let md = try String(contentsOf: out.appendingPathComponent("sessions.md"), encoding: .utf8)
        #expect(md.contains("Skipped 1 malformed archive file:"))
        let days = try #require(try json(out.appendingPathComponent("sessions.json"))["days"] as? [[String: Any]])
        #expect(!days.contains { $0["stationId"] as? String == "8503670" && $0["date"] as? String == "2026-09-23" })
        #expect(days.contains { $0["stationId"] as? String == "8503670" && $0["date"] as? String == "2026-09-24" })
    }

    /// `--lake` with `--station` narrows the stations to that lake's; it does not widen the run
    /// to the whole lake (it did: 15 stations were scored for one asked).
    @Test func aLakeWithAStationScoresThatStationOnly() async throws {
        let asked = ["--lake", "Zürichsee", "--station", "wadenswil", "--from", "2026-09-23"]
        let out = RepositoryPaths.temporaryDirectory()
        let sessions = try await CLI.runOffPool(["sessions", "--out", out.path] + asked)
        #expect(sessions.status == 0, "\(sessions.stderr)")
        let days = try #require(try json(out.appendingPathComponent("sessions.json"))["days"] as? [[String: Any]])
        #expect(Set(days.compactMap { $0["stationId"] as? String }) == ["8503670"])
        let plan = try await CLI.runOffPool(["plan", "--json"] + asked)
        #expect(plan.status == 0, "\(plan.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as? [String: Any])
        let planned = try #require(document["days"] as? [[String: Any]]).flatMap {
            ($0["stations"] as? [[String: Any]] ?? []).compactMap { $0["stationId"] as? String }
        }
        #expect(!planned.isEmpty && Set(planned) == ["8503670"], "\(planned)")
    }

    @Test func badInputsFailWithAClearMessageAndWriteNothing() async throws {
        let out = RepositoryPaths.temporaryDirectory()
        let missing = try await CLI.runOffPool([
            "sessions", "--ratings", "/nonexistent/ratings.json", "--out", out.path,
        ])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("/nonexistent/ratings.json: no rating table"))
        let lake = try await CLI.runOffPool([
            "sessions", "--lake", "Atlantis", "--ratings", RepositoryPaths.appRatings.path, "--out", out.path,
        ])
        #expect(lake.status == 64)
        #expect(lake.stderr.contains("no lake \"Atlantis\" in the station list") && lake.stderr.contains("Zürichsee"))
        let empty = try await CLI.runOffPool([
            "sessions", "--from", "2027-01-01", "--to", "2027-01-02", "--ratings", RepositoryPaths.appRatings.path,
            "--out", out.path,
        ])
        #expect(empty.status == 1)  // no departures where and when asked: 1, as for plan and today
        #expect(
            empty.stderr.contains("2027-01-01 lies past the archive") && empty.stderr.contains("nextwave archive fetch")
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
        let early = try await CLI.runOffPool([
            "sessions", "--from", "2026-01-01", "--to", "2026-01-05", "--out", out.path,
        ])
        #expect(early.status == 1)
        #expect(
            early.stderr.contains("2026-01-05 lies before the archive")
                && early.stderr.contains("choose days from 2026-09-22 on"), "\(early.stderr)")
        // --to alone before the archive: about the archive, not about a --from never given.
        let onlyTo = try await CLI.runOffPool(["sessions", "--to", "2026-01-05", "--out", out.path])
        #expect(onlyTo.status == 1 && onlyTo.stderr.contains("2026-01-05 lies before the archive"), "\(onlyTo.stderr)")
        #expect(!onlyTo.stderr.contains("--from"), "\(onlyTo.stderr)")
        // A lake the archive has no departure of: what the archive holds and what to fetch, as
        // plan says (it said only "for the chosen stations").
        let otherLake = try await CLI.runOffPool(["sessions", "--lake", "Zugersee", "--out", out.path])
        #expect(otherLake.status == 1)
        #expect(
            otherLake.stderr.contains(
                "no departures at Zugersee from 2026-09-22 to 2026-10-01 in the archive; it holds Zürichsee")
                && otherLake.stderr.contains("nextwave archive fetch --archive DIR --lake \"Zugersee\""),
            "\(otherLake.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }

    /// A feed that lacks a table is refused before the archive is made: importing it into a new
    /// folder leaves no folder with an empty store behind (it did).
    @Test func aFeedMissingATableLeavesNoNewArchive() async throws {
        let mini = RepositoryPaths.root.appendingPathComponent("Tests/ScheduleArchiveTests/Fixtures/gtfs-mini")
        let feed = try RepositoryPaths.copy(of: mini, except: "stop_times.txt", label: "gtfs-partial")
        let archive = RepositoryPaths.temporaryDirectory("gtfs-new").appendingPathComponent("archive")
        let r = try await CLI.runOffPool([
            "archive", "import-gtfs", feed.path, "--archive", archive.path, "--agency", "194",
        ])
        #expect(r.status == 65)
        #expect(r.stderr.contains("\(feed.path)/stop_times.txt: table missing from the feed"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: archive.path))
        // An archive folder that cannot be made is an output problem (73), named.
        let blocked = RepositoryPaths.temporaryDirectory("gtfs-blocked").appendingPathComponent("file")
        try Data("x".utf8).write(to: blocked)
        let unmade = try await CLI.runOffPool([
            "archive", "import-gtfs", mini.path, "--archive", blocked.appendingPathComponent("archive").path,
            "--agency", "194",
        ])
        #expect(unmade.status == 73 && unmade.stderr.contains("cannot create the folder"), "\(unmade.stderr)")
    }

    /// `--ratings` takes what `ratings show` takes: a table, the folder `ratings` wrote, a
    /// publishing folder. A folder of tables names them (it said "a folder, not a regular file").
    @Test func ratingsMayBeAFolderOfOneTable() async throws {
        let folder = RepositoryPaths.temporaryDirectory()
        try FileManager.default.copyItem(
            at: RepositoryPaths.appRatings, to: folder.appendingPathComponent("ship-ratings.json"))
        let plan = try await CLI.runOffPool([
            "plan", "--station", "wadenswil", "--from", "2026-09-22", "--days", "1", "--ratings", folder.path, "--json",
        ])
        #expect(plan.status == 0, "\(plan.stderr)")
        let sessions = try await CLI.runOffPool([
            "sessions", "--station", "wadenswil", "--ratings", folder.path, "--out",
            RepositoryPaths.temporaryDirectory().path,
        ])
        #expect(sessions.status == 0, "\(sessions.stderr)")
        #expect(
            sessions.stderr.contains("ratings: the table given, \(folder.path)/ship-ratings.json (generated "),
            "\(sessions.stderr)")
        let tables = RepositoryPaths.data.appendingPathComponent("ratings").path
        let many = try await CLI.runOffPool(["plan", "--station", "wadenswil", "--ratings", tables])
        #expect(many.status == 66 && many.stderr.contains("; it holds bls.json, bsg.json,"), "\(many.stderr)")
    }

    @Test func sunPrintsJSONWithTheFourKeys() async throws {
        let r = try await CLI.runOffPool([
            "sun", "--lat", "47.3657", "--lon", "8.5410", "--date", "2026-06-21", "--json",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        // Reference (JPL DE421 via Skyfield, scripts/sun-reference.py): 05:29:06 and 21:26:11.
        #expect((object["sunrise"] as? String)?.hasPrefix("2026-06-21T05:2") == true)
        #expect((object["sunset"] as? String)?.hasPrefix("2026-06-21T21:2") == true)
        #expect((object["civilTwilightBegin"] as? String)?.hasSuffix("+02:00") == true)
        #expect(object["civilTwilightEnd"] is String)
        // Written as people read JSON: the zone unescaped, `"key": value`, one trailing newline.
        #expect(r.stdout.contains("\"timeZone\": \"Europe/Zurich\""), "\(r.stdout)")
        #expect(r.stdout.hasSuffix("}\n") && !r.stdout.hasSuffix("\n\n"))
        let polar = try await CLI.runOffPool([
            "sun", "--lat", "78.2232", "--lon", "15.6267", "--date", "2026-12-21", "--anywhere",
        ])
        #expect(polar.status == 0)
        #expect(polar.stdout.contains("none (polar night: the sun does not rise)"))
        let bad = try await CLI.runOffPool(["sun", "--lat", "95", "--lon", "8"])
        #expect(bad.status != 0 && bad.stderr.contains("--lat must lie in −90…90"))
        // Swapped coordinates fall outside Switzerland: refused, with the likely fix.
        let swapped = try await CLI.runOffPool(["sun", "--lat", "8.5410", "--lon", "47.3657"])
        #expect(swapped.status != 0 && swapped.stderr.contains("try --lat 47.3657 --lon 8.541"), "\(swapped.stderr)")
        // By station, local HH:MM: Wädenswil's sunrise on 21 June is within a minute of Zürich's
        // reference (05:29:06), its sunset as well (21:26:11), to the same minute at this latitude.
        let station = try await CLI.runOffPool(["sun", "--station", "wadenswil", "--date", "2026-06-21"])
        #expect(station.status == 0 && station.stdout.contains("Wädenswil (See)"), "\(station.stderr)")
        #expect(station.stdout.contains("sunrise                05:2") && !station.stdout.contains("+02:00"))
    }

    @Test func importGTFSThenScoreTheImportedDays() async throws {
        let archive = RepositoryPaths.temporaryDirectory("gtfs-archive")
        let feed = RepositoryPaths.root.appendingPathComponent("Tests/ScheduleArchiveTests/Fixtures/gtfs-mini")
        let imported = try await CLI.runOffPool([
            "archive", "import-gtfs", feed.path, "--archive", archive.path, "--agency", "194",
        ])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("imported 12 departures"))
        #expect(imported.stderr.contains("warning: skipped") && imported.stderr.contains("stop_times.txt, line 15"))
        let out = RepositoryPaths.temporaryDirectory()
        let scored = try await CLI.runOffPool([
            "sessions", "--archive", archive.path, "--ratings", RepositoryPaths.appRatings.path, "--out", out.path,
        ])
        #expect(scored.status == 0, "\(scored.stderr)")
        let days = try #require(try json(out.appendingPathComponent("sessions.json"))["days"] as? [[String: Any]])
        // Stations × days with departures: 22 Sep has Wädenswil (14:31, 14:45) and Stäfa; other
        // T1 days Wädenswil and Stäfa; 29 Mar Wädenswil only.
        #expect(days.count == 11)
        let status = try await CLI.runOffPool(["archive", "status", "--archive", archive.path])
        #expect(status.status == 0)
        #expect(status.stdout.contains("departures   12 at 2 stations"))
    }

    @Test func fetchFromALocalServerThenFailLoudly() async throws {
        let board = try Data(
            contentsOf: RepositoryPaths.archive.appendingPathComponent("stationboards/2026-09-22/8503670.json"))
        let server = try LocalHTTPServer { path, _ in
            if path == "/v1/stationboard?id=8503670&limit=420&date=2026-09-22" { return .init(body: board) }
            if path.hasPrefix("/schiffeinsatz") {
                return .html(
                    "<a class=\"title\">MS Forch</a><span class=\"disposition\"><span class=\"cruise\">2533</span></span>"
                )
            }
            return .status(503)
        }
        defer { server.stop() }
        let archive = RepositoryPaths.temporaryDirectory("fetched")
        let base = server.baseURL.absoluteString
        let ok = try await CLI.runOffPool([
            "archive", "fetch", "--archive", archive.path, "--stations", "8503670", "--from", "2026-09-22",
            "--api-url", base, "--deployment-url", base, "--delay", "0",
        ])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stderr.contains("2 files written, 0 unchanged, 0 failed"))
        #expect(try Data(contentsOf: archive.appendingPathComponent("stationboards/2026-09-22/8503670.json")) == board)
        let failing = try await CLI.runOffPool([
            "archive", "fetch", "--archive", archive.path, "--stations", "8503670,8503665", "--from", "2026-09-22",
            "--api-url", base, "--deployment-url", base, "--delay", "0", "--attempts", "1",
        ])
        #expect(failing.status == 1)
        #expect(failing.stderr.contains("id=8503665&limit=420&date=2026-09-22: HTTP 503 (after 1 attempt)"))
        #expect(failing.stderr.contains("0 files written, 2 unchanged, 1 failed"))
        let limit = try await CLI.runOffPool([
            "archive", "fetch", "--archive", archive.path, "--stations", "8503670", "--limit", "500",
        ])
        #expect(limit.status != 0 && limit.stderr.contains("--limit must lie in 1…420"))
        // A run into a new folder where every request fails leaves no empty folder behind (the
        // readers would refuse it as "no archive"); an existing archive stays as it was.
        let fresh = RepositoryPaths.temporaryDirectory("never").appendingPathComponent("archive")
        let nothing = try await CLI.runOffPool([
            "archive", "fetch", "--archive", fresh.path, "--stations", "8503665", "--from", "2026-09-22",
            "--api-url", base, "--no-deployments", "--delay", "0", "--attempts", "1",
        ])
        // Nothing reached its site: "unavailable", as every other command says it.
        #expect(nothing.status == 69 && nothing.stderr.contains("0 files written"), "\(nothing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fresh.path))
        #expect(nothing.stderr.contains("(archive \(fresh.path) not made: nothing was written)"), "\(nothing.stderr)")
        #expect(FileManager.default.fileExists(atPath: archive.appendingPathComponent("stationboards").path))
    }
}
