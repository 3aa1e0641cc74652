import Foundation
import NextWaveSupport
import Testing
import _TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The fourth hostile round (issue: hardening, round 4), through the built binary: each finding
/// with a test that fails without its fix (docs/RELIABILITY.md, "Round 4").
@Suite struct HardeningRoundFourTests {
    /// ``CLI/runBounded(_:seconds:in:)`` with this round's bound.
    func runBounded(_ arguments: [String], seconds: Int = 120, in directory: URL = RepositoryPaths.root)
        async throws -> CLI.Result
    {
        try await CLI.runBounded(arguments, seconds: seconds, in: directory)
    }

    /// A transport API on 127.0.0.1 answering Wädenswil's archived board of 2026-09-22, 404 for
    /// anything else.
    func boardServer() throws -> LocalHTTPServer {
        let board = try Data(
            contentsOf: RepositoryPaths.archive.appendingPathComponent("stationboards/2026-09-22/8503670.json"))
        return try LocalHTTPServer { path, _ in
            path == "/v1/stationboard?id=8503670&limit=420&date=2026-09-22" ? .init(body: board) : .status(404)
        }
    }

    func files(_ folder: URL) -> [String: Data] {
        var out: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: folder.path)
        while let path = walker?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) {
                out[path] = data
            }
        }
        return out
    }

    // MARK: 1. Links inside the output path

    /// A lake's folder of a site that is a link to a folder elsewhere: `feed` refuses it by name
    /// and neither writes into the other folder nor removes its files (it removed
    /// `v/b.0123456789abcdef.json` as a file "no index names"); so does a language folder of the
    /// pages.
    @Test func aFeedNeverWritesOrRemovesThroughALinkInItsSite() async throws {
        for linked in ["zurichsee", "de/zurichsee", "de"] {
            let folder = RepositoryPaths.temporaryDirectory("links")
            let (elsewhere, site) = (folder.appendingPathComponent("v"), folder.appendingPathComponent("site"))
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
            let link = site.appendingPathComponent(linked)
            try FileManager.default.createDirectory(
                at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: elsewhere.appendingPathComponent("b.0123456789abcdef.json"))
            try Data("<p>mine</p>".utf8).write(to: elsewhere.appendingPathComponent("wadenswil-see.html"))
            #expect(symlink(elsewhere.path, link.path) == 0)
            let before = files(elsewhere)
            let r = try await runBounded([
                "feed", "--from", "2026-09-22", "--days", "2", "--out", site.path, "--quiet",
            ])
            #expect(r.status == 73, "\(linked): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains("\(link.path): is a symbolic link inside the output folder"), "\(r.stderr)")
            #expect(files(elsewhere) == before, "\(linked): the linked folder is as it was")
        }
    }

    /// A lake's folder of a publishing folder that is a link: `ratings --operator bls --publish`
    /// refuses it by name, and nothing is published in any lake.
    @Test func aPublishNeverWritesThroughALinkInItsFolder() async throws {
        let folder = RepositoryPaths.temporaryDirectory("links")
        let (elsewhere, site) = (folder.appendingPathComponent("v"), folder.appendingPathComponent("site"))
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        #expect(symlink(elsewhere.path, site.appendingPathComponent("thunersee").path) == 0)
        let r = try await runBounded([
            "ratings", "--operator", "bls", "--data", try RepositoryPaths.copyOfData().path, "--publish", site.path,
            "--out", folder.appendingPathComponent("out").path, "--quiet",
        ])
        #expect(r.status == 73, "\(r.status): \(r.stderr)")
        #expect(r.stderr.contains("thunersee: is a symbolic link inside the output folder"), "\(r.stderr)")
        #expect(files(elsewhere).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("brienzersee/manifest.json").path))
    }

    /// An archive's day folder that is a link: `archive fetch` refuses to store through it.
    @Test func anArchiveFetchNeverWritesThroughALinkedDayFolder() async throws {
        let server = try boardServer()
        defer { server.stop() }
        let folder = RepositoryPaths.temporaryDirectory("links")
        let (elsewhere, archive) = (folder.appendingPathComponent("v"), folder.appendingPathComponent("archive"))
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: archive.appendingPathComponent("stationboards"), withIntermediateDirectories: true)
        #expect(symlink(elsewhere.path, archive.appendingPathComponent("stationboards/2026-09-22").path) == 0)
        let r = try await runBounded([
            "archive", "fetch", "--archive", archive.path, "--stations", "8503670", "--from", "2026-09-22",
            "--api-url", server.baseURL.absoluteString, "--no-deployments", "--delay", "0", "--no-progress",
        ])
        #expect(r.status != 0, "\(r.status): \(r.stderr)")
        #expect(r.stderr.contains("2026-09-22: is a symbolic link inside the output folder"), "\(r.stderr)")
        #expect(files(elsewhere).isEmpty)
    }

    // MARK: 2. DOM amplification

    /// A vessel page of 30 MiB of `<p>` (10 million tags, under the 32 MiB body limit) is refused
    /// before libxml2 builds its tree, naming the cause, with the process's peak memory within
    /// 400 MiB (it took 1.8–2.2 GB); libxml2's own messages never reach stderr.
    @Test func aPageOfMillionsOfTagsIsRefusedBeforeItsTreeIsBuilt() async throws {
        let bomb =
            Data(repeating: 0, count: 0) + Data("<html><body>".utf8)
            + Data(String(repeating: "<p>", count: 10_000_000).utf8)
        let server = try LocalHTTPServer(
            handler: SnapshotServer.handler { path, _ in
                path.hasSuffix("/ms-helvetia")
                    ? .init(headers: [("Content-Type", "text/html; charset=utf-8")], body: bomb) : nil
            })
        defer { server.stop() }
        let out = RepositoryPaths.temporaryDirectory("dom")
        let r = try await CLI.runOffPool(
            [
                "-f", "peak %M KiB", CLI.binary.path, "ratings", "--base-url", server.baseURL.absoluteString,
                "--delay", "0", "--out", out.path, "--no-progress",
            ], executable: URL(fileURLWithPath: "/usr/bin/time"))
        #expect(r.stderr.contains("more than 200000 tags"), "\(r.stderr.suffix(2000))")
        #expect(!r.stderr.contains("nodeset") && !r.stderr.contains("HTML parser error"), "libxml2's own words")
        let peak = try #require(
            r.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap {
                Int($0.split(separator: " ")[1])
            })
        #expect(peak < 400 << 10, "peak \(peak / 1024) MiB")
        print("round 4, DOM bound: a 30 MiB page of <p> refused at a peak of \(peak / 1024) MiB")
        // Just under both bounds: 199,000 tags with two attributes each is parsed, within the
        // memory the bound states (docs/RELIABILITY.md).
        let under = Data("<html><body>".utf8) + Data(String(repeating: "<a b=\"1\" c=\"2\">", count: 199_000).utf8)
        let server2 = try LocalHTTPServer(
            handler: SnapshotServer.handler { path, _ in
                path.hasSuffix("/ms-helvetia")
                    ? .init(headers: [("Content-Type", "text/html; charset=utf-8")], body: under) : nil
            })
        defer { server2.stop() }
        let parsed = try await CLI.runOffPool(
            [
                "-f", "peak %M KiB", CLI.binary.path, "ratings", "--base-url", server2.baseURL.absoluteString,
                "--delay", "0", "--out", out.path, "--no-progress",
            ], executable: URL(fileURLWithPath: "/usr/bin/time"))
        #expect(!parsed.stderr.contains("tags (the tag at"), "\(parsed.stderr.suffix(1000))")
        let peakUnder = try #require(
            parsed.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap {
                Int($0.split(separator: " ")[1])
            })
        #expect(peakUnder < 400 << 10, "peak \(peakUnder / 1024) MiB")
        print("round 4, DOM bound: 199,000 tags with 398,000 attributes parsed at a peak of \(peakUnder / 1024) MiB")
    }

    // MARK: 3–5. Feeds that hold together, keep good days and repair

    func index(_ site: URL) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: site.appendingPathComponent("index.json")))
            as! [String: Any]
    }

    func day(_ site: URL, lake: String = "Zürichsee", date: String) throws -> [String: Any]? {
        let lakes = try index(site)["lakes"] as! [[String: Any]]
        return (lakes.first { $0["name"] as? String == lake }?["days"] as? [[String: Any]])?.first {
            $0["date"] as? String == date
        }
    }

    /// Every file the index names is there with the bytes it names.
    func indexHolds(_ site: URL) throws -> [String] {
        var broken: [String] = []
        for lake in try index(site)["lakes"] as! [[String: Any]] {
            for entry in (lake["days"] as! [[String: Any]]) + (lake["ratings"] as! [[String: Any]]) {
                let file = entry["file"] as! String
                let data = FileManager.default.contents(atPath: site.appendingPathComponent(file).path)
                if data.map({ SHA256.hex($0) }) != entry["sha256"] as? String { broken.append(file) }
            }
        }
        return broken
    }

    /// Two `feed` runs into one site at once, over different days: each holds the site's lock
    /// from reading its index to its last removal, so the index always names files that are
    /// there (each used to delete the other's new files).
    @Test func concurrentFeedsIntoOneSiteLeaveAnIndexThatHolds() async throws {
        let site = RepositoryPaths.temporaryDirectory("concurrent").appendingPathComponent("site")
        for round in 0..<3 {
            let (a, b) = (round % 2 == 0 ? "2026-09-22" : "2026-09-25", round % 2 == 0 ? "2026-09-25" : "2026-09-22")
            async let first = runBounded(["feed", "--from", a, "--days", "3", "--out", site.path, "--quiet"])
            async let second = runBounded(["feed", "--from", b, "--days", "3", "--out", site.path, "--quiet"])
            let (r1, r2) = try await (first, second)
            #expect(r1.status == 0 && r2.status == 0, "\(r1.stderr) \(r2.stderr)")
            #expect(try indexHolds(site).isEmpty, "round \(round): the index names files that are not there")
        }
    }

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

    // MARK: 6. A published table is used only as published

    /// A published table edited after publication (one rating changed, valid JSON, same size):
    /// `ratings show`, `plan --ratings`, `feed --ratings` and `ratings --previous` refuse it,
    /// naming both digests (they used it, and `feed` republished it).
    @Test func aTamperedPublishedTableIsRefusedByEveryReader() async throws {
        let data = try RepositoryPaths.copyOfData()
        let folder = RepositoryPaths.temporaryDirectory("tampered")
        let published = folder.appendingPathComponent("pub")
        let environment = ["NEXTWAVE_DATA": data.path]
        let publish = try await CLI.runOffPool(
            [
                "ratings", "publish", data.appendingPathComponent("ratings/zsg.json").path, "--to", published.path,
                "--quiet",
            ],
            environment: environment)
        #expect(publish.status == 0, "\(publish.stderr)")
        let table = try #require(
            try FileManager.default.contentsOfDirectory(atPath: published.path).first { $0.hasPrefix("ship-ratings.") })
        let url = published.appendingPathComponent(table)
        let text = try String(contentsOf: url, encoding: .utf8)
        let range = try #require(text.range(of: "\"rating\" : 1"))
        try text.replacingCharacters(in: range, with: "\"rating\" : 3").write(
            to: url, atomically: true, encoding: .utf8)
        for command in [
            ["ratings", "show", published.path],
            ["plan", "--station", "wadenswil", "--from", "2026-09-22", "--days", "1", "--ratings", published.path],
            [
                "feed", "--from", "2026-09-22", "--days", "1", "--ratings", published.path, "--out",
                folder.appendingPathComponent("site").path,
            ],
            ["ratings", "--previous", published.path, "--dry-run", "--out", folder.appendingPathComponent("o").path],
        ] {
            let r = try await CLI.runOffPool(command + ["--quiet"], environment: environment)
            #expect(r.status != 0, "\(command): \(r.stdout.prefix(300))")
            #expect(r.stderr.contains("changed or damaged after publication"), "\(command): \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/index.json").path))
    }

    // MARK: 7. Writers and their readers' limits

    /// An index page linking 20,000 vessel pages is refused before any is fetched (a run fetched
    /// them all and wrote a 22 MB table no reader accepts).
    @Test func anIndexOfTwentyThousandPagesIsRefusedBeforeFetchingThem() async throws {
        let links = (0..<20_000).map { "<li><a href=\"/de/schiffe/ms-\($0).html\">MS \($0)</a></li>" }.joined()
        let index = "<html><body><h1>Unsere Flotte</h1><ul>\(links)</ul></body></html>"
        let server = try LocalHTTPServer { path, _ in
            path == "/index.html" ? .html(index) : .html("<html><body><h1>MS Ship</h1></body></html>")
        }
        defer { server.stop() }
        let out = RepositoryPaths.temporaryDirectory("index-url")
        let r = try await runBounded([
            "ratings", "--index-url", server.baseURL.appendingPathComponent("index.html").absoluteString,
            "--delay", "0", "--out", out.path, "--no-progress",
        ])
        #expect(r.status != 0)
        #expect(r.stderr.contains("links 20000 vessel pages, more than the 500 a run reads"), "\(r.stderr.suffix(800))")
        #expect(r.stderr.contains("before fetching them: give the fleet's own index page, or a --pages list"))
        #expect(server.requestLog.count < 5, "\(server.requestLog.count) requests")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("ship-ratings.json").path))
    }

    // MARK: 8. wake --json streams

    /// `wake --json` over 200,000 points (the fleet × 31 speeds × 430 distances) stays within
    /// 120 MiB: the ranking keeps only each ship's height per spot, one spot at a time (it kept
    /// every point: 200 MiB here, 2.9 GB at 2 million points, aborted under a memory cap).
    @Test func wakeJSONStreamsItsRanking() async throws {
        let out = RepositoryPaths.temporaryDirectory("wake-json").appendingPathComponent("wake.json")
        let command = [
            "/usr/bin/time", "-f", "'peak %M KiB'", "'\(CLI.binary.path)'", "wake", "--speeds", "10:16:0.2",
            "--track-depths", "10", "--rider-depths", "3", "--distances", "10:439:1", "--json", "--quiet",
            ">", "'\(out.path)'",
        ].joined(separator: " ")
        let r = try await CLI.runOffPool(["-c", command], executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(r.status == 0, "\(r.stderr.suffix(500))")
        // The whole document, its ranking last: 13,330 spots (31 speeds × 430 distances).
        let text = try String(contentsOf: out, encoding: .utf8)
        #expect(text.hasSuffix("\n  ]\n}\n"))
        let ranking = try #require(text.range(of: "\"ranking\": ["))
        #expect(text[ranking.upperBound...].components(separatedBy: "{\"speedKmh\"").count - 1 == 31 * 430)
        let peak = try #require(
            r.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap { Int($0.split(separator: " ")[1]) })
        #expect(peak < 120 << 10, "peak \(peak / 1024) MiB")
        print("round 4, wake --json over 200,000 points: peak \(peak / 1024) MiB")
    }

    // MARK: 9–19. Names, tables, numbers and words

    /// `today --station=-1` says what is wrong (it said "ArgumentParser.CommandError error 1").
    @Test func aStationStartingWithADashIsLookedUpNotParsedAsAnOption() async throws {
        let r = try await CLI.runOffPool(["today", "--station=-1"])
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("no station \"-1\""), "\(r.stderr)")
        #expect(!r.stderr.contains("CommandError"))
    }

    /// Look-alike and markup names are refused by `fleet add` (U+2800, a no-break space, U+FFFD
    /// from bytes that were not UTF-8, `|`, a Markdown link, an HTML tag); an 80-character name
    /// is accepted (its generated aliases over 80 were refused, blaming a `ships[21]`).
    @Test func fleetNamesFollowTheRulesEveryReportNeeds() async throws {
        let data = try RepositoryPaths.copyOfData()
        let environment = ["NEXTWAVE_DATA": data.path]
        let add = [
            "fleet", "add", "--length", "30", "--beam", "6", "--displacement", "50", "--source",
            "https://example.org/x", "--quiet", "--name",
        ]
        for (name, words) in [
            ("MS Panta\u{2800}Rhei", "U+2800"), ("MS Panta\u{A0}Rhei", "U+00A0"),
            ("MS Panta\u{FFFD}", "not valid UTF-8"),
            ("MS A|B", "\"|\""), ("MS [x](https://evil.example)", "\"[\""), ("MS <img src=x>", "\"<\""),
        ] {
            let r = try await CLI.runOffPool(add + [name], environment: environment)
            #expect(r.status == 64, "\(name): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains(words), "\(name): \(r.stderr)")
        }
        let long = "MS " + String(repeating: "A", count: 77)
        let r = try await CLI.runOffPool(add + [long], environment: environment)
        #expect(r.status == 0, "\(r.stderr)")
    }

    /// A scraped page title with U+202E (right-to-left override) never reaches the table: the
    /// ship is left out, with the page named.
    @Test func aScrapedNameWithABidiOverrideIsLeftOut() async throws {
        let original = try String(
            contentsOf: RepositoryPaths.snapshot.appendingPathComponent("ms-helvetia.html"), encoding: .utf8)
        let page = original.replacingOccurrences(of: "Helvetia", with: "Helv\u{202E}etia")
        let server = try LocalHTTPServer(
            handler: SnapshotServer.handler { path, _ in path.hasSuffix("/ms-helvetia") ? .html(page) : nil })
        defer { server.stop() }
        let out = RepositoryPaths.temporaryDirectory("bidi")
        let r = try await CLI.runOffPool([
            "ratings", "--base-url", server.baseURL.absoluteString, "--delay", "0", "--out", out.path,
            "--accept-regression", "--no-progress",
        ])
        #expect(r.stderr.contains("names a ship \"Helv\\u{202E}etia\""), "\(r.stderr.suffix(1500))")
        for file in (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? [] {
            let text = (try? String(contentsOf: out.appendingPathComponent(file), encoding: .utf8)) ?? ""
            #expect(!text.contains("\u{202E}"), "\(file) holds the override")
        }
    }

    /// `ratings publish` refuses a table edited into nonsense, naming each problem: a negative
    /// length, an empty and a 10 kB name, a control character, a ship listed twice, and
    /// `generatedAt: "yesterday"`.
    @Test func publishChecksWhatATableSaysNotOnlyItsTypes() async throws {
        let data = try RepositoryPaths.copyOfData()
        var table =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: data.appendingPathComponent("ratings/zsg.json"))) as! [String: Any]
        var ships = table["ships"] as! [[String: Any]]
        ships[0]["lengthM"] = -5.0
        ships[1]["name"] = ""
        ships[2]["name"] = String(repeating: "X", count: 10_000)
        ships[3]["name"] = "MS Bell\u{7}"
        ships[4]["name"] = ships[5]["name"]
        table["ships"] = ships
        table["generatedAt"] = "yesterday"
        let file = RepositoryPaths.temporaryDirectory("nonsense").appendingPathComponent("table.json")
        try JSONSerialization.data(withJSONObject: table).write(to: file)
        let target = file.deletingLastPathComponent().appendingPathComponent("site")
        let r = try await CLI.runOffPool(
            ["ratings", "publish", file.path, "--to", target.path, "--quiet"], environment: ["NEXTWAVE_DATA": data.path]
        )
        #expect(r.status == 65, "\(r.status): \(r.stderr)")
        for words in [
            "lengthM -5.0 is outside 5…400", "ships[1]: the name is empty", "has 10000 characters",
            "U+0007", "the same ship as ships[4]", "generatedAt \"yesterday\" is not an ISO 8601 time",
        ] {
            #expect(r.stderr.contains(words), "\(words): \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: target.appendingPathComponent("manifest.json").path))
    }

    /// A calibration with a coefficient of 1e308 or a negative standard error is refused, not
    /// used to print infinite heights.
    @Test func anImplausibleCalibrationIsRefused() async throws {
        let source = RepositoryPaths.root.appendingPathComponent("Tests/CLITests/Fixtures/calibration.json")
        var calibration = try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as! [String: Any]
        var law = calibration["powerLaw"] as! [String: Any]
        var coefficients = law["coefficients"] as! [[String: Any]]
        coefficients[1]["value"] = 1e308
        coefficients[2]["standardError"] = -1.0
        law["coefficients"] = coefficients
        calibration["powerLaw"] = law
        let file = RepositoryPaths.temporaryDirectory("calibration").appendingPathComponent("calibration.json")
        try JSONSerialization.data(withJSONObject: calibration).write(to: file)
        let r = try await CLI.runOffPool([
            "wake", "--ship", "MS Albis", "--distances", "50", "--calibration", file.path, "--quiet",
        ])
        #expect(r.status != 0, "\(r.stdout.prefix(500))")
        #expect(r.stderr.contains("outside ±1000") && r.stderr.contains("negative standard error"), "\(r.stderr)")
        #expect(!r.stdout.contains("inf"))
    }

    /// A name holding a line feed cannot forge a line of its own: every line after an error's
    /// first is indented, and a tab is shown as \\t.
    @Test func aLineFeedInANameCannotForgeAWarningLine() async throws {
        let r = try await CLI.runOffPool(["plan", "--station", "Nowhere\nwarning: all is well\tok", "--days", "1"])
        #expect(r.status == 64)
        let lines = r.stderr.split(separator: "\n")
        #expect(!lines.contains { $0.hasPrefix("warning: all is well") }, "\(r.stderr)")
        #expect(r.stderr.contains("  warning: all is well\\tok"), "\(r.stderr)")
    }

    /// A data folder found in a checkout another user owns is refused (exit 77), as git refuses
    /// such a repository; named with --data it is used, with a warning.
    @Test func aDataFolderAnotherUserOwnsIsNotUsedSilently() async throws {
        let checkout = RepositoryPaths.temporaryDirectory("foreign")
        try FileManager.default.copyItem(
            at: RepositoryPaths.root.appendingPathComponent("Package.swift"),
            to: checkout.appendingPathComponent("Package.swift"))
        let data = checkout.appendingPathComponent("Data")
        try FileManager.default.copyItem(at: try RepositoryPaths.copyOfData(), to: data)
        try #require(chown(data.path, 12_345, 12_345) == 0, "the tests run as root in CI: chown must work")
        let environment: [String: String?] = ["NEXTWAVE_DATA": nil]
        let refused = try await CLI.runOffPool(
            ["stations", "--lake", "Zugersee"], in: checkout, environment: environment)
        #expect(refused.status == 77, "\(refused.status): \(refused.stderr)")
        #expect(refused.stderr.contains("belongs to user 12345, not to you"), "\(refused.stderr)")
        let named = try await CLI.runOffPool(
            ["stations", "--lake", "Zugersee", "--data", data.path], in: checkout, environment: environment)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(named.stderr.contains("warning: the data folder"), "\(named.stderr)")
    }

    // MARK: 12. A damaged store

    /// Overwrites a page in the middle of the store's file (as a disk error would).
    func damage(_ store: URL, at fraction: Double = 0.5) throws {
        let handle = try FileHandle(forUpdating: store)
        defer { try? handle.close() }
        let size = try handle.seekToEnd()
        try #require(size > 16_384, "a store of \(size) bytes")
        try handle.seek(toOffset: UInt64(Double(size) * fraction) / 4096 * 4096)
        try handle.write(contentsOf: Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }))
    }

    /// A damaged store of stationboards only is rebuilt from the archive's files, said so, and the
    /// plan is the one the sound store gives; a damaged store holding a GTFS import is refused
    /// with how to restore it (it said "database disk image is malformed", and an import into it
    /// reported success).
    @Test func aDamagedStoreIsRebuiltOrRefusedWithWhatToDo() async throws {
        let archive = try RepositoryPaths.copyOfArchive()
        let plan = [
            "plan", "--archive", archive.path, "--station", "wadenswil", "--from", "2026-09-22", "--days", "2",
            "--json", "--quiet",
        ]
        let sound = try await runBounded(plan)
        #expect(sound.status == 0, "\(sound.stderr)")
        let store = archive.appendingPathComponent("schedule.sqlite")
        // Damage past the store's list of sources: rebuilt on its own.
        try damage(store, at: 0.75)
        let rebuilt = try await runBounded(plan)
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        #expect(rebuilt.stderr.contains("the store was damaged"), "\(rebuilt.stderr)")
        #expect(rebuilt.stdout == sound.stdout, "the plan of the rebuilt store is the sound one's")
        #expect(FileManager.default.fileExists(atPath: store.path + ".damaged"))
        // Damage that hides what the store holds (its list of sources): refused, with how to
        // rebuild it; done so, the plan is the sound one's again.
        try damage(store, at: 0.5)
        let refused = try await runBounded(plan)
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(refused.stderr.contains("move it away (mv \(store.path) \(store.path).damaged)"), "\(refused.stderr)")
        #expect(rename(store.path, store.path + ".damaged") == 0)
        let again = try await runBounded(plan)
        #expect(again.status == 0 && again.stdout == sound.stdout, "\(again.stderr)")
        // A store holding a GTFS import.
        let gtfsArchive = RepositoryPaths.temporaryDirectory("gtfs-archive")
        let feed = RepositoryPaths.root.appendingPathComponent("Tests/ScheduleArchiveTests/Fixtures/gtfs-mini")
        let imported = try await runBounded(["archive", "import-gtfs", feed.path, "--archive", gtfsArchive.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        let gtfsStore = gtfsArchive.appendingPathComponent("schedule.sqlite")
        // Checkpointed and closed: the damage lands in the file itself.
        try damage(gtfsStore)
        for command in [
            ["archive", "status", "--archive", gtfsArchive.path],
            ["archive", "import-gtfs", feed.path, "--archive", gtfsArchive.path],
        ] {
            let r = try await runBounded(command)
            #expect(r.status == 65, "\(command): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains("is damaged") && r.stderr.contains("archive import-gtfs"), "\(r.stderr)")
            #expect(
                r.stderr.contains(
                    "each feed it held is to be imported again: `nextwave archive import-gtfs FEED --archive "
                        + "\(gtfsArchive.path)` for each"), "\(r.stderr)")
        }
    }

    // MARK: 17. Answers no retry changes

    /// Four answers that are the same however often they are asked for are not retried, are
    /// named for what they are, and do not call the host unreachable (each was retried four times
    /// as "out of memory", "cannot reach", "the compressed body is corrupt", or accepted and
    /// truncated).
    @Test func deterministicBadAnswersAreNamedAndNotRetried() async throws {
        var long = LocalHTTPServer.Response.html("<html></html>")
        long.headers.append(("X-Padding", String(repeating: "a", count: 200_000)))
        var nine = LocalHTTPServer.Response()
        nine.raw = Array("<html><body>old</body></html>".utf8)
        var encoded = LocalHTTPServer.Response.html("<html></html>")
        encoded.headers.append(("Content-Encoding", "x-unknown"))
        var twoLengths = LocalHTTPServer.Response.html("<html><body>twelve bytes</body></html>")
        twoLengths.headers += [("Content-Length", "38"), ("Content-Length", "12")]
        for (answer, words) in [
            (long, "an answer header longer than libcurl takes"), (nine, "an HTTP/0.9 answer"),
            (encoded, "a Content-Encoding this tool does not read"), (twoLengths, "two different Content-Length"),
        ] {
            let server = try LocalHTTPServer(
                handler: SnapshotServer.handler { path, _ in path.hasSuffix("/ms-helvetia") ? answer : nil })
            defer { server.stop() }
            let out = RepositoryPaths.temporaryDirectory("answers")
            let r = try await runBounded([
                "ratings", "--base-url", server.baseURL.absoluteString, "--delay", "0", "--out", out.path,
                "--no-progress",
            ])
            #expect(r.stderr.contains(words), "\(words): \(r.stderr.suffix(1200))")
            #expect(server.requestLog.filter { $0.hasSuffix("/ms-helvetia") }.count == 1, "\(words): retried")
            // The host answered: it is not called unreachable.
            #expect(!r.stderr.contains("cannot reach") && !r.stderr.contains("unreachable"), "\(r.stderr.suffix(600))")
            #expect(r.status != 0)
        }
    }

    // MARK: 18. A full disk names the outputs

    /// A disk that fills up just as the set's commit record is written: the error names the
    /// outputs that could not be written (it named the tool's `.nextwave-commit-…` journal), and
    /// nothing is left behind. A real small file system (tmpfs; the tests run as root).
    @Test func aFullDiskNamesTheOutputsNotTheJournal() async throws {
        let mountPoint = RepositoryPaths.temporaryDirectory("tmpfs")
        let mounted = try await CLI.runOffPool(
            ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mountPoint.path],
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        try #require(mounted.status == 0, "a tmpfs for a full disk: \(mounted.stderr)")
        defer { _ = umount(mountPoint.path) }
        // What the outputs take, in 4 KiB pages, from a run elsewhere.
        let reference = RepositoryPaths.temporaryDirectory("reference")
        #expect(try await CLI.runOffPool(["ratings", "--out", reference.path, "--quiet"]).status == 0)
        let pages = try FileManager.default.contentsOfDirectory(atPath: reference.path).map { name -> Int in
            let size =
                try FileManager.default.attributesOfItem(atPath: reference.appendingPathComponent(name).path)[
                    .size] as! Int
            return (size + 4095) / 4096 * 4096
        }.reduce(0, +)
        // Fill the disk to leave exactly that: the staged files fit, the commit record does not.
        var info = statvfs()
        #expect(statvfs(mountPoint.path, &info) == 0)
        let free = Int(info.f_bavail) * Int(info.f_frsize)
        try Data(count: free - pages).write(to: mountPoint.appendingPathComponent("filler"))
        let out = mountPoint.appendingPathComponent("out")
        let r = try await CLI.runOffPool(["ratings", "--out", out.path, "--quiet"])
        #expect(r.status == 73, "\(r.status): \(r.stderr)")
        #expect(r.stderr.contains("\(out.path)/{ratings-chart.svg, ratings.md, schiffsdaten.csv, …}"), "\(r.stderr)")
        #expect(r.stderr.contains("no space left on device") && !r.stderr.contains(".nextwave-commit"), "\(r.stderr)")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: out.path))?.isEmpty ?? true)
    }

    /// An archived day that is a FIFO is kept, and the summary says why (it said "the new answer
    /// added nothing").
    @Test func aKeptFIFODayIsSummarisedForWhatItIs() async throws {
        let server = try boardServer()
        defer { server.stop() }
        let archive = RepositoryPaths.temporaryDirectory("fifo-archive")
        let day = archive.appendingPathComponent("stationboards/2026-09-22")
        try FileManager.default.createDirectory(at: day, withIntermediateDirectories: true)
        #expect(mkfifo(day.appendingPathComponent("8503670.json").path, 0o644) == 0)
        let r = try await runBounded([
            "archive", "fetch", "--archive", archive.path, "--stations", "8503670", "--from", "2026-09-22",
            "--api-url", server.baseURL.absoluteString, "--no-deployments", "--delay", "0", "--no-progress",
        ])
        #expect(r.stderr.contains("1 kept (1 archived file that cannot be read or is a link)"), "\(r.stderr)")
        #expect(!r.stderr.contains("added nothing"), "\(r.stderr)")
    }
}
