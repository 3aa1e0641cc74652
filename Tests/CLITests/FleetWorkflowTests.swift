import Foundation
import JSONText
import SafeFiles
import Testing
import _TestSupport

/// "The fleet changed", end to end through the binary (issue: the fleet workflow): pages of any
/// layout, the curated fleet as an edited file, reviewing a change, publishing for the app, and
/// CSV for spreadsheets.
@Suite(.serialized) struct FleetWorkflowTests {
    static let fixtures = RepositoryPaths.root.appendingPathComponent("Tests/FleetScraperTests/Fixtures/layouts")
    static let labelSnapshot = RepositoryPaths.data.appendingPathComponent("snapshots/zsg-2026-labels-example")

    func json(_ url: URL) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
    }

    func ships(_ out: URL) throws -> [[String: Any]] {
        try json(out.appendingPathComponent("ship-ratings.json"))["ships"] as! [[String: Any]]
    }

    func file(_ text: String, named name: String = "pages.txt") throws -> URL {
        let url = RepositoryPaths.temporaryDirectory().appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    // MARK: Pages of any layout

    @Test func aMixedFleetOfLegacyAndLabelPagesThroughALocalServer() async throws {
        let labelPages = [
            "/de/bateau-lausanne.html": "french-label-above-value.html",
            "/de/motonave-ceresio.html": "italian-inline-pairs.html",
            "/de/ms-waedenswil-neu.html": "text-lines.html",
        ]
        let fixtures = Self.fixtures
        let server = try LocalHTTPServer(
            handler: SnapshotServer.handler { path, _ in
                guard let file = labelPages[path],
                    let body = try? Data(contentsOf: fixtures.appendingPathComponent(file))
                else { return nil }
                return .html(String(decoding: body, as: UTF8.self))
            })
        defer { server.stop() }
        let pages = try file(
            """
            # two legacy pages of the snapshot, three label pages
            /de/gruppen-firmen/eventlocation-mieten/schiff-mieten/ms-panta-rhei
            de/gruppen-firmen/eventlocation-mieten/schiff-mieten/ms-linth   # relative to --base-url
            \(server.baseURL.absoluteString)/de/bateau-lausanne.html
            /de/motonave-ceresio.html
            /de/ms-waedenswil-neu.html
            """)
        let fleet = try file(#"{"description": "pages only", "ships": []}"#, named: "fleet.json")
        let out = RepositoryPaths.temporaryDirectory()
        let r = try await CLI.runOffPool([
            "ratings", "--base-url", server.baseURL.absoluteString, "--pages", pages.path, "--fleet", fleet.path,
            "--delay", "0", "--out", out.path,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let table = try ships(out)
        let byName = Dictionary(uniqueKeysWithValues: table.map { ($0["name"] as! String, $0) })
        #expect(Set(byName.keys) == ["MS Panta Rhei", "MS Linth", "MS Lausanne", "MS Ceresio", "MS Wädenswil"])
        #expect(
            byName["MS Lausanne"]?["lengthM"] as? Double == 61
                && byName["MS Lausanne"]?["displacementT"] as? Double == 420)
        #expect(byName["MS Ceresio"]?["beamM"] as? Double == 6.1)
        #expect(byName["MS Wädenswil"]?["displacementT"] as? Double == 222)
        #expect(byName["MS Panta Rhei"]?["rating"] as? Int == 3, "the legacy page reads as before")
        #expect(
            (byName["MS Lausanne"]?["source"] as? [String: Any])?["page"] as? String == server.baseURL.absoluteString
                + "/de/bateau-lausanne.html")
        // schiffsdaten.csv keeps the legacy columns whatever the pages call them: "Longueur",
        // "Lunghezza" and "Länge ü.a." fill `Länge`.
        let csv = try String(contentsOf: out.appendingPathComponent("schiffsdaten.csv"), encoding: .utf8)
        let rows = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let legacyHeader = try String(contentsOf: RepositoryPaths.legacyCSV, encoding: .utf8)
            .split(separator: "\n")[0].split(separator: ",").prefix(23)
        #expect(Array(rows[0].prefix(23)) == Array(legacyHeader), "\(rows[0])")
        let length = try #require(rows[0].firstIndex(of: "Länge"))
        for row in rows.dropFirst() { #expect(!row[length].isEmpty, "\(row)") }
    }

    @Test func aNoisePageAmongTheShipsFailsTheRunAndWritesNothing() async throws {
        let news = try Data(
            contentsOf: Self.fixtures.deletingLastPathComponent().appendingPathComponent("noise/news.html"))
        let server = try LocalHTTPServer(
            handler: SnapshotServer.handler { path, _ in
                path == "/de/news.html" ? .html(String(decoding: news, as: UTF8.self)) : nil
            })
        defer { server.stop() }
        let pages = try file("/de/gruppen-firmen/eventlocation-mieten/schiff-mieten/ms-linth\n/de/news.html\n")
        let out = RepositoryPaths.temporaryDirectory()
        let r = try await CLI.runOffPool([
            "ratings", "--base-url", server.baseURL.absoluteString, "--pages", pages.path, "--delay", "0", "--out",
            out.path,
        ])
        #expect(r.status == 65)
        #expect(r.stderr.contains("/de/news.html: length, beam and displacement"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }

    @Test func anIndexOnAnotherHostLinksTheShipPages() async throws {
        // Site B holds the ship pages; page A (another host, like the deployment page) links them.
        let site = try LocalHTTPServer(handler: SnapshotServer.handler())
        defer { site.stop() }
        let legacy = site.baseURL.absoluteString + "/de/gruppen-firmen/eventlocation-mieten/schiff-mieten"
        let index = try LocalHTTPServer { _, _ in
            .html(
                """
                <html><body><nav><a href="\(legacy)/ms-albis">MS Albis (Menü)</a></nav>
                <div class="ship"><a class="title" href="\(legacy)/ms-panta-rhei">MS Panta Rhei</a> Kurs 109</div>
                <div class="ship"><a class="title" href="\(legacy)/ds-stadt-zuerich">DS Stadt Zürich</a> Kurs 107</div>
                <a href="/impressum">Impressum</a></body></html>
                """)
        }
        defer { index.stop() }
        let out = RepositoryPaths.temporaryDirectory()
        let r = try await CLI.runOffPool([
            "ratings", "--index-url", index.baseURL.absoluteString + "/schiffeinsatz", "--base-url",
            site.baseURL.absoluteString, "--delay", "0", "--out", out.path, "--fleet",
            try file(#"{"ships": []}"#, named: "fleet.json").path,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Set(try ships(out).map { $0["name"] as! String }) == ["MS Panta Rhei", "DS Stadt Zürich"])
        #expect(index.requestLog == ["/schiffeinsatz"])
    }

    /// An index on a mirror links its pages root-relative: they resolve against the index page,
    /// so the run stays on the mirror (without --base-url, the index's own site bounds the pages).
    @Test func aMirrorsIndexWithRootRelativeLinksStaysOnTheMirror() async throws {
        let legacy = "/de/gruppen-firmen/eventlocation-mieten/schiff-mieten"
        let server = try LocalHTTPServer(
            handler: SnapshotServer.handler { path, _ in
                guard path == "/de/schiffeinsatz.html" else { return nil }
                return .html(
                    """
                    <html><body><h1>Schiffseinsatz</h1>
                    <p><a href="\(legacy)/ms-linth">MS Linth</a> Kurs 3</p>
                    <p><a href="\(legacy)/ms-helvetia">MS Helvetia</a> Kurs 5</p></body></html>
                    """)
            })
        defer { server.stop() }
        let out = RepositoryPaths.temporaryDirectory()
        let r = try await CLI.runOffPool([
            "ratings", "--index-url", server.baseURL.absoluteString + "/de/schiffeinsatz.html", "--delay", "0",
            "--out", out.path, "--fleet", try file(#"{"ships": []}"#, named: "fleet.json").path, "--no-progress",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Set(try ships(out).map { $0["name"] as! String }) == ["MS Linth", "MS Helvetia"])
        #expect(server.requestLog.count == 3, "\(server.requestLog)")
    }

    /// `--live --base-url MIRROR` takes the current page list onto the mirror: every request goes
    /// there, none to the operator.
    @Test func liveWithABaseURLReBasesThePageListOntoTheMirror() async throws {
        let example = RepositoryPaths.data.appendingPathComponent("snapshots/zsg-2026-labels-example")
        // The mirror holds the example snapshot's four pages; the rest of the list answers 404.
        let server = try LocalHTTPServer(handler: SnapshotServer.handler(snapshot: example))
        defer { server.stop() }
        let out = RepositoryPaths.temporaryDirectory()
        let r = try await CLI.runOffPool([
            "ratings", "--live", "--base-url", server.baseURL.absoluteString, "--delay", "0", "--out", out.path,
            "--no-progress",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let pages = try String(
            contentsOf: RepositoryPaths.data.appendingPathComponent("pages/zsg-2026.txt"), encoding: .utf8
        )
        .split(separator: "\n").filter { $0.hasPrefix("/") }.map(String.init)
        #expect(server.requestLog.sorted() == pages.sorted(), "\(server.requestLog)")
        #expect(r.stderr.contains("HTTP 404; the page is gone"), "the pages the mirror lacks are reported")
        let sources = try ships(out).compactMap { ($0["source"] as? [String: Any])?["page"] as? String }
        #expect(!sources.isEmpty && sources.allSatisfy { $0.hasPrefix(server.baseURL.absoluteString) })
    }

    /// A mirror run cites the mirror unless told the site it copies: --publish refuses loopback
    /// sources; with --source-base the table cites the operator's URLs, and a snapshot saved from
    /// the mirror remembers the mapping.
    @Test func aMirrorRunPublishesTheOperatorsURLs() async throws {
        let server = try LocalHTTPServer(handler: SnapshotServer.handler())
        defer { server.stop() }
        let site = RepositoryPaths.temporaryDirectory("site")
        let mirror = [
            "--base-url", server.baseURL.absoluteString, "--delay", "0", "--no-progress", "--data",
            try RepositoryPaths.copyOfData().path, "--publish", site.path,
        ]
        let refused = try await CLI.runOffPool(
            ["ratings", "--out", RepositoryPaths.temporaryDirectory().path] + mirror)
        #expect(refused.status == 1 && refused.stderr.contains("--source-base"), "\(refused.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.path).isEmpty)

        let out = RepositoryPaths.temporaryDirectory()
        let snapshot = RepositoryPaths.temporaryDirectory("snap").appendingPathComponent("mirror")
        let cited = try await CLI.runOffPool(
            ["ratings", "--out", out.path, "--source-base", "https://www.zsg.ch", "--save-snapshot", snapshot.path]
                + mirror)
        #expect(cited.status == 0, "\(cited.stderr)")
        let pages = try ships(out).compactMap { ($0["source"] as? [String: Any])?["page"] as? String }
        #expect(pages.count == 12 && pages.allSatisfy { $0.hasPrefix("https://www.zsg.ch/de/") }, "\(pages)")
        let replay = RepositoryPaths.temporaryDirectory()
        #expect(try await CLI.runOffPool(["ratings", "--snapshot", snapshot.path, "--out", replay.path]).status == 0)
        let replayed = try ships(replay).compactMap { ($0["source"] as? [String: Any])?["page"] as? String }
        #expect(replayed == pages)
    }

    @Test func theBaseURLKeepsItsPath() async throws {
        let server = try LocalHTTPServer(handler: SnapshotServer.handler(prefix: "/mirror/zsg"))
        defer { server.stop() }
        let out = RepositoryPaths.temporaryDirectory()
        let r = try await CLI.runOffPool([
            "ratings", "--base-url", server.baseURL.absoluteString + "/mirror/zsg/", "--delay", "0", "--out", out.path,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try ships(out).count == 17)
        #expect(server.requestLog.allSatisfy { $0.hasPrefix("/mirror/zsg/de/") }, "\(server.requestLog)")
    }

    @Test func theLabelExampleSnapshotSaysWhichValuesCameFromTheCuratedFile() async throws {
        let out = RepositoryPaths.temporaryDirectory()
        let r = try await CLI.runOffPool(["ratings", "--snapshot", Self.labelSnapshot.path, "--out", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        let markdown = try String(contentsOf: out.appendingPathComponent("ratings.md"), encoding: .utf8)
        #expect(markdown.contains("## Values the pages do not give"))
        #expect(markdown.contains("| MS Panta Rhei | beamM | 10.7 |"))
        let panta = try #require(try ships(out).first { $0["name"] as? String == "MS Panta Rhei" })
        #expect(
            (panta["source"] as? [String: Any])?["lengthM"] as? String
                == "https://www.zsg.ch/de/motorschiff-panta-rhei.html")
    }

    // MARK: Snapshots

    @Test func saveSnapshotRefusesAFullFolderReplacesWithForceAndNeverKeepsAFailedRun() async throws {
        let server = try LocalHTTPServer(handler: SnapshotServer.handler())
        defer { server.stop() }
        let base = ["ratings", "--base-url", server.baseURL.absoluteString, "--delay", "0"]
        let snapshot = RepositoryPaths.temporaryDirectory("snap")
        try Data("keep".utf8).write(to: snapshot.appendingPathComponent("notes.txt"))
        let refused = try await CLI.runOffPool(
            base + ["--save-snapshot", snapshot.path, "--out", RepositoryPaths.temporaryDirectory().path])
        #expect(refused.status == 73 && refused.stderr.contains("not empty"), "\(refused.stderr)")
        #expect(server.requestLog.isEmpty, "refused before fetching anything")
        let forced = try await CLI.runOffPool(
            base + ["--save-snapshot", snapshot.path, "--force", "--out", RepositoryPaths.temporaryDirectory().path])
        #expect(forced.status == 0, "\(forced.stderr)")
        let saved = try FileManager.default.contentsOfDirectory(atPath: snapshot.path)
        #expect(!saved.contains("notes.txt") && saved.contains("manifest.json") && saved.count == 12, "\(saved)")
        // The saved snapshot replays to the table the served pages (the bundled snapshot) give
        // when read directly: both made here, not the committed reports.
        let replay = RepositoryPaths.temporaryDirectory()
        #expect(try await CLI.runOffPool(["ratings", "--snapshot", snapshot.path, "--out", replay.path]).status == 0)
        let direct = RepositoryPaths.temporaryDirectory()
        #expect(try await CLI.runOffPool(["ratings", "--out", direct.path]).status == 0)
        #expect(try ships(replay).map { $0["rating"] as? Int } == (try ships(direct)).map { $0["rating"] as? Int })
        #expect(try ships(replay).count == 17)

        // A run that fails leaves no snapshot at all.
        let failing = try LocalHTTPServer(
            handler: SnapshotServer.handler { path, _ in path.hasSuffix("/ms-linth") ? .status(500) : nil })
        defer { failing.stop() }
        let never = RepositoryPaths.temporaryDirectory("snap").appendingPathComponent("new")
        let failed = try await CLI.runOffPool([
            "ratings", "--base-url", failing.baseURL.absoluteString, "--delay", "0", "--attempts", "1",
            "--save-snapshot", never.path, "--out", RepositoryPaths.temporaryDirectory().path,
        ])
        #expect(failed.status == 69)
        #expect(!FileManager.default.fileExists(atPath: never.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: never.deletingLastPathComponent().path).isEmpty)
    }

    @Test func aMissingSnapshotListsTheOnesAvailable() async throws {
        let r = try await CLI.runOffPool([
            "ratings", "--snapshot", "/tmp/no-such-snapshot", "--out", RepositoryPaths.temporaryDirectory().path,
        ])
        #expect(r.status == 66)
        #expect(
            r.stderr.contains("--snapshot /tmp/no-such-snapshot: no snapshot there")
                && r.stderr.contains("zsg-2025-01-14")
                && r.stderr.contains("zsg-2026-labels-example"), "\(r.stderr)")
    }

    // MARK: The curated fleet

    @Test func fleetCheckAddAndShow() async throws {
        let folder = RepositoryPaths.temporaryDirectory()
        let fleet = folder.appendingPathComponent("fleet.json")
        try FileManager.default.copyItem(at: RepositoryPaths.fleet, to: fleet)
        #expect(try await CLI.runOffPool(["fleet", "check", fleet.path]).stdout.contains("17 ships, no problems"))

        let add = try await CLI.runOffPool([
            "fleet", "add", "--name", "EMS Zürichsee", "--length", "55.8", "--beam", "11.2", "--displacement", "290",
            "--source", "https://example.ch/ems-zuerichsee", fleet.path,
        ])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(
            add.stderr.contains(
                "aliases: E-MS Zuerichsee, E-MS Zürichsee, EM Zuerichsee, EM Zürichsee, EMS Zuerichsee, MS Zuerichsee, "
                    + "MS Zürichsee)"), "\(add.stderr)")
        let shown = try await CLI.runOffPool(["fleet", "show", fleet.path]).stdout
        #expect(shown.contains("EMS Zürichsee         55.8   11.2    290"), "\(shown)")
        // Service and top speed in columns of their own (the fleet file's serviceSpeedKmh and
        // topSpeedKmh): MS Panta Rhei has only a top speed (30 km/h), EMS Fluvius both (12 and 16).
        let speeds = shown.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(speeds.first?.contains("Service") == true && speeds.first?.contains("Top") == true)
        #expect(speeds.first { $0.starts(with: ["MS", "Panta", "Rhei"]) }?[7...8] == ["–", "30"])
        #expect(speeds.first { $0.starts(with: ["EMS", "Fluvius"]) }?[6...7] == ["12", "16"])
        // Sites as people write them: Data/fleets/sgv.json cites DS Gallia at
        // https://de.m.wikipedia.org./wiki/… (a fully qualified host); shown without the dot.
        let lucerne = try await CLI.runOffPool(["fleet", "show", "--operator", "sgv", "--quiet"]).stdout
        let gallia = try #require(lucerne.split(separator: "\n").first { $0.hasPrefix("DS Gallia") })
        #expect(gallia.hasSuffix("  de.m.wikipedia.org"), "\(gallia)")
        // A ship's name where the file goes is answered with where one ship is shown.
        let named = try await CLI.runOffPool(["fleet", "show", "panta"])
        #expect(
            named.status == 64
                && named.stderr.contains(
                    "no fleet file \"panta\": fleet show takes a fleet file (default: the data folder's); for one ship, "
                        + "nextwave ratings show --ship \"panta\""),
            "\(named.stderr)")
        // The app's "EM …" name finds the new ship's rating.
        let out = RepositoryPaths.temporaryDirectory()
        #expect(try await CLI.runOffPool(["ratings", "--fleet", fleet.path, "--out", out.path]).status == 0)
        let ship = try #require(try ships(out).first { $0["name"] as? String == "EMS Zürichsee" })
        #expect((ship["aliases"] as? [String])?.contains("EM Zürichsee") == true && ship["rating"] as? Int != nil)
        // No machine path in the table: the fleet is cited by its file name.
        let text = try String(contentsOf: out.appendingPathComponent("ship-ratings.json"), encoding: .utf8)
        #expect(!text.contains(folder.path) && text.contains("\"fleet.json#Zürichsee\""))

        // A broken file: every problem at once, exit 1.
        try Data(
            #"{"ships": [{"name": "A", "prefix": "QS", "lengthM": {"value": 1}}, {"prefix": "MS", "beamM": 3}]}"#.utf8
        ).write(to: fleet)
        let check = try await CLI.runOffPool(["fleet", "check", fleet.path])
        #expect(check.status == 1)
        for expected in [
            "prefix: \"QS\" is not one of", "lengthM: source missing", "lengthM: 1 is outside",
            "ships[1], name: missing", "beamM: must be {\"value\", \"source\"}",
        ] {
            #expect(check.stderr.contains(expected), "\(expected)\n\(check.stderr)")
        }
        #expect(check.stderr.hasSuffix("\n5 problems\n"), "\(check.stderr)")
    }

    // MARK: Reviewing a change

    @Test func dryRunDiffAndUnchangedRuns() async throws {
        let out = RepositoryPaths.temporaryDirectory()
        let env = ["SOURCE_DATE_EPOCH": "1767225600"]  // 2026-01-01T00:00:00Z
        let first = try await CLI.runOffPool(["ratings", "--out", out.path], environment: env)
        #expect(first.status == 0)
        let table = try json(out.appendingPathComponent("ship-ratings.json"))
        #expect(table["generatedAt"] as? String == "2026-01-01T00:00:00Z")
        let before = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted().map {
            try Data(contentsOf: out.appendingPathComponent($0))
        }
        // Nothing changed: nothing is rewritten, and the bytes stay (generatedAt too).
        let again = try await CLI.runOffPool(["ratings", "--out", out.path])
        #expect(again.status == 0 && again.stderr.contains("unchanged; nothing written"), "\(again.stderr)")
        let after = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted().map {
            try Data(contentsOf: out.appendingPathComponent($0))
        }
        #expect(before == after)

        // A dry run at another speed lists what would change and writes nothing.
        let dry = try await CLI.runOffPool(["ratings", "--out", out.path, "--speed", "25", "--dry-run"])
        #expect(dry.status == 0)
        #expect(dry.stdout.contains("Dry run: nothing written"))
        // Panta Rhei at 18 km/h: H = 0.04 · 382 · 5² / (56.6 · 10.7) = 0.630759 m (6 digits).
        #expect(dry.stdout.contains("changed: MS Panta Rhei: waveHeightM 0.630759 →"), "\(dry.stdout)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: out.path).sorted().map {
                try Data(contentsOf: out.appendingPathComponent($0))
            } == before)

        // --diff prints the same changes after writing; ratings.md lists every value changed.
        let written = try await CLI.runOffPool(["ratings", "--out", out.path, "--speed", "25", "--diff"])
        // The riders' ratings stay published; the legacy model's move with the speed.
        #expect(written.status == 0 && written.stdout.contains("Changes:") && !written.stdout.contains("re-rated:"))
        #expect(written.stdout.contains("ratingsByModel.legacy 2 → 3"), "\(written.stdout)")
        let markdown = try String(contentsOf: out.appendingPathComponent("ratings.md"), encoding: .utf8)
        #expect(markdown.contains("| MS Panta Rhei | waveHeightM | 0.630759 |"), "value changes in ratings.md")
    }

    @Test func aShipWhosePageVanishedStaysFlagged() async throws {
        let server = try LocalHTTPServer(handler: SnapshotServer.handler())
        defer { server.stop() }
        let out = RepositoryPaths.temporaryDirectory()
        let site = ["--base-url", server.baseURL.absoluteString, "--delay", "0", "--out", out.path]
        let all = try file(
            """
            /de/gruppen-firmen/eventlocation-mieten/schiff-mieten/ms-linth
            /de/gruppen-firmen/eventlocation-mieten/schiff-mieten/ms-helvetia
            """)
        #expect(try await CLI.runOffPool(["ratings", "--pages", all.path] + site).status == 0)
        let fewer = try file("/de/gruppen-firmen/eventlocation-mieten/schiff-mieten/ms-linth\n")
        let env = ["SOURCE_DATE_EPOCH": "1767225600"]
        let refused = try await CLI.runOffPool(["ratings", "--pages", fewer.path] + site, environment: env)
        #expect(refused.status == 1 && refused.stderr.contains("MS Helvetia was scraped from"), "\(refused.stderr)")
        #expect(
            try await CLI.runOffPool(
                ["ratings", "--pages", fewer.path, "--accept-regression"] + site, environment: env
            ).status == 0)
        // Later runs pass the guard, but the ship stays flagged, with the date its page went.
        let later = try await CLI.runOffPool(["ratings", "--pages", fewer.path, "--speed", "20"] + site)
        #expect(later.status == 0, "\(later.stderr)")
        let helvetia = try #require(try ships(out).first { $0["name"] as? String == "MS Helvetia" })
        #expect((helvetia["source"] as? [String: Any])?["pageMissingSince"] as? String == "2026-01-01")
        let markdown = try String(contentsOf: out.appendingPathComponent("ratings.md"), encoding: .utf8)
        #expect(markdown.contains("MS Helvetia: no page since 2026-01-01; retired?"))
    }

    /// A listed page that answers 404 is a fleet change to review: held by the gate with the
    /// next step named, shown in full by a dry run (exit 0), written with --accept-regression
    /// (the ship kept and flagged). A server error is still an error, and nothing is written.
    @Test func aPageThatAnswers404IsAChangeNotAnError() async throws {
        let answers = ServedAnswers()
        let server = try LocalHTTPServer(handler: SnapshotServer.handler { path, _ in answers.answer(for: path) })
        defer { server.stop() }
        let out = RepositoryPaths.temporaryDirectory()
        let helvetia = "/de/gruppen-firmen/eventlocation-mieten/schiff-mieten/ms-helvetia"
        let pages = try file("/de/gruppen-firmen/eventlocation-mieten/schiff-mieten/ms-linth\n\(helvetia)\n")
        let run = [
            "ratings", "--base-url", server.baseURL.absoluteString, "--pages", pages.path, "--delay", "0",
            "--out", out.path, "--no-progress",
        ]
        #expect(try await CLI.runOffPool(run).status == 0)
        let before = try Data(contentsOf: out.appendingPathComponent("ship-ratings.json"))

        answers.set(helvetia, .status(404))
        let held = try await CLI.runOffPool(run)
        #expect(held.status == 1, "\(held.stderr)")
        #expect(held.stderr.contains("MS Helvetia was scraped from"), "\(held.stderr)")
        #expect(
            held.stderr.contains("answered HTTP 404") && held.stderr.contains("nextwave fleet retire \"MS Helvetia\""))
        #expect(try Data(contentsOf: out.appendingPathComponent("ship-ratings.json")) == before)

        let dry = try await CLI.runOffPool(run + ["--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(
            dry.stdout.contains("page gone: \(server.baseURL.absoluteString)\(helvetia) (HTTP 404)"), "\(dry.stdout)")
        #expect(dry.stdout.contains("A real run would stop here"), "\(dry.stdout)")
        #expect(dry.stdout.contains("MS Helvetia: no page since"), "\(dry.stdout)")

        answers.set(helvetia, .status(503))
        let failed = try await CLI.runOffPool(run + ["--accept-regression", "--attempts", "1"])
        #expect(failed.status == 69 && failed.stderr.contains("HTTP 503"), "\(failed.stderr)")
        #expect(try Data(contentsOf: out.appendingPathComponent("ship-ratings.json")) == before)

        answers.set(helvetia, .status(410))
        let accepted = try await CLI.runOffPool(run + ["--accept-regression"])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        let ship = try #require(try ships(out).first { $0["name"] as? String == "MS Helvetia" })
        #expect((ship["source"] as? [String: Any])?["pageMissingSince"] is String)
    }

    /// The gate holds against `--previous` in a fresh folder, and against the last published
    /// table when `--publish` is given, just as against the table in `--out`.
    @Test func theGateComparesWithThePreviousTableWhereverItIs() async throws {
        let reviewed = RepositoryPaths.temporaryDirectory()
        #expect(try await CLI.runOffPool(["ratings", "--out", reviewed.path, "--no-progress"]).status == 0)
        let previous = reviewed.appendingPathComponent("ship-ratings.json")
        let fewer = try file(#"{"ships": []}"#, named: "fleet.json")  // Zimmerberg and Forch gone
        let fresh = RepositoryPaths.temporaryDirectory()
        let held = try await CLI.runOffPool([
            "ratings", "--out", fresh.path, "--previous", previous.path, "--fleet", fewer.path, "--no-progress",
        ])
        #expect(held.status == 1 && held.stderr.contains("MS Forch is in the previous table"), "\(held.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fresh.path).isEmpty)

        let site = RepositoryPaths.temporaryDirectory("site")
        #expect(
            try await CLI.runOffPool([
                "ratings", "--out", reviewed.path, "--data", try RepositoryPaths.copyOfData().path, "--publish",
                site.path, "--no-progress",
            ])
            .status == 0)
        let elsewhere = RepositoryPaths.temporaryDirectory()
        let againstPublished = try await CLI.runOffPool([
            "ratings", "--out", elsewhere.path, "--data", try RepositoryPaths.copyOfData().path, "--publish", site.path,
            "--fleet", fewer.path, "--no-progress",
        ])
        #expect(againstPublished.status == 1, "\(againstPublished.stderr)")
        #expect(againstPublished.stderr.contains("the published ship-ratings."), "\(againstPublished.stderr)")
    }

    /// A refit and a retirement through the CLI: each writes the canonical file so that the
    /// diff is the change; `fleet add` on a name already there points to `fleet set`; a retired
    /// ship leaves the table without holding the run, and the report says since when.
    @Test func setRetireAndAddRoundTrips() async throws {
        let fleet = RepositoryPaths.temporaryDirectory().appendingPathComponent("fleet.json")
        try FileManager.default.copyItem(at: RepositoryPaths.data.appendingPathComponent("fleet.json"), to: fleet)
        let original = try String(contentsOf: fleet, encoding: .utf8)

        let add = try await CLI.runOffPool([
            "fleet", "add", "--name", "MS Linth", "--length", "54", "--source", "https://example.org/x", fleet.path,
        ])
        #expect(add.status == 64)
        #expect(add.stderr.contains("MS Linth is already in the file") && add.stderr.contains("nextwave fleet set"))
        #expect(!add.stderr.contains("also belongs to"), "\(add.stderr)")

        let set = try await CLI.runOffPool([
            "fleet", "set", "Linth", "--displacement", "280", "--source", "https://example.org/refit", "--reason",
            "refit 2026", fleet.path,
        ])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stderr.hasPrefix("set displacementT of MS Linth in "), "\(set.stderr)")
        let afterSet = try String(contentsOf: fleet, encoding: .utf8)
        // The diff is one hunk: the lines between the common head and the common tail.
        let a = original.split(separator: "\n", omittingEmptySubsequences: false)
        let b = afterSet.split(separator: "\n", omittingEmptySubsequences: false)
        let head = zip(a, b).prefix { $0 == $1 }.count
        let tail = zip(a.reversed(), b.reversed()).prefix { $0 == $1 }.count
        #expect(b.count - head - tail <= 5 && a.count - head - tail <= 4, "\(b[head..<(b.count - tail)])")
        let linth = try #require(
            (try json(fleet)["ships"] as! [[String: Any]]).first { $0["name"] as? String == "Linth" })
        let displacement = linth["displacementT"] as! [String: Any]
        #expect(displacement["value"] as? Double == 280 && displacement["overridesPage"] as? String == "refit 2026")

        let out = RepositoryPaths.temporaryDirectory()
        #expect(try await CLI.runOffPool(["ratings", "--out", out.path, "--no-progress"]).status == 0)
        let retire = try await CLI.runOffPool([
            "fleet", "retire", "helvetia", "--since", "2026-11-01", "--reason", "sold", fleet.path,
        ])
        #expect(retire.status == 0, "\(retire.stderr)")
        // The message names the entry as the file does, not as it was typed.
        #expect(retire.stderr.hasPrefix("MS Helvetia retired since 2026-11-01 in "), "\(retire.stderr)")
        let helvetia = try #require(
            (try json(fleet)["ships"] as! [[String: Any]]).first { $0["name"] as? String == "Helvetia" })
        #expect((helvetia["retired"] as? [String: Any])?["since"] as? String == "2026-11-01")
        #expect(try await CLI.runOffPool(["fleet", "check", fleet.path]).status == 0)

        let rated = try await CLI.runOffPool([
            "ratings", "--out", out.path, "--fleet", fleet.path, "--no-progress", "--diff",
        ])
        #expect(rated.status == 0, "\(rated.stderr)")
        #expect(rated.stdout.contains("retired: MS Helvetia (since 2026-11-01)"), "\(rated.stdout)")
        #expect(try ships(out).allSatisfy { $0["name"] as? String != "MS Helvetia" })
        let markdown = try String(contentsOf: out.appendingPathComponent("ratings.md"), encoding: .utf8)
        #expect(markdown.contains("- retired: MS Helvetia (since 2026-11-01)\n"), "the same words as --diff")
        let badDate = try await CLI.runOffPool(["fleet", "retire", "Linth", "--since", "2026-02-30", fleet.path])
        #expect(badDate.status == 64 && badDate.stderr.contains("2026-02 has 28 days"), "\(badDate.stderr)")
        let farPast = try await CLI.runOffPool(["fleet", "retire", "Linth", "--since", "1700-01-01", fleet.path])
        #expect(farPast.status == 64 && farPast.stderr.contains("--since 1700-01-01 lies outside 1800–2100"))
        // A day to come is refused, and the file is untouched: the next ratings would drop a ship
        // still in service (the retirement has no date check of its own).
        let before = try Data(contentsOf: fleet)
        let later = try await CLI.runOffPool(["fleet", "retire", "Linth", "--since", "2099-01-01", fleet.path])
        #expect(later.status == 64 && later.stderr.contains("--since 2099-01-01 is still to come"), "\(later.stderr)")
        #expect(try Data(contentsOf: fleet) == before)
        let tomorrow = try await CLI.runOffPool(["fleet", "retire", "Linth", "--since", "tomorrow", fleet.path])
        #expect(tomorrow.status == 64 && tomorrow.stderr.contains("is still to come"), "\(tomorrow.stderr)")
        // A source the apps cannot link to is refused by every fleet edit, and the file is
        // untouched: a title, a file on this machine.
        for arguments in [
            ["fleet", "set", "Linth", "--length", "54", "--source", "ZSG Jahresbericht 2019", fleet.path],
            ["fleet", "add", "--name", "MS Neu", "--length", "30", "--source", "file:///tmp/neu.html", fleet.path],
            ["fleet", "retire", "Linth", "--source", "notes.txt", fleet.path],
        ] {
            let refused = try await CLI.runOffPool(arguments)
            #expect(
                refused.status == 64 && refused.stderr.contains("--source must be a web address the apps can link to"),
                "\(arguments): \(refused.stderr)")
        }
        #expect(try Data(contentsOf: fleet) == before)
        // A name one letter off a ship in the file is asked about, not added as a second entry.
        let typo = try await CLI.runOffPool([
            "fleet", "add", "--name", "MS Lintth", "--length", "54", "--source", "https://example.org/l", fleet.path,
        ])
        #expect(
            typo.status == 64
                && typo.stderr.contains(
                    "MS Lintth is spelled like MS Linth, already in the file (ships[4]); to change MS Linth use "
                        + "`nextwave fleet set \"MS Linth\" … --source URL`, or, if it is another ship, add it with "
                        + "--different-ship"),
            "\(typo.stderr)")
        #expect(try Data(contentsOf: fleet) == before)
        let sister = try await CLI.runOffPool([
            "fleet", "add", "--name", "MS Lintth", "--length", "54", "--source", "https://example.org/l",
            "--different-ship", fleet.path,
        ])
        #expect(sister.status == 0 && sister.stderr.hasPrefix("added MS Lintth to "), "\(sister.stderr)")
    }

    /// The README's two recipe blocks, the first publication and a change, run as written (a
    /// free port for 8000) one after the other in a fresh copy of the repository (its manifest,
    /// data, schemas and scripts; no NEXTWAVE_DATA: the checkout's own Data/ is found), with the
    /// binary just built first on PATH. The chain holds: the published table, the current one,
    /// the feed and the plan carry the same ratings; the ship retired while its page answers 404
    /// and is still linked is gone from all of them; the rename appears in every change list
    /// under one word, as does the retirement; the riders' new rating reaches the feed and the plan.
    @Test func theReadmesMaintainerRecipeWorksAsWritten() async throws {
        let readme = try RepositoryPaths.userDocumentsText()
        func block(_ marker: String) throws -> String {
            let start = try #require(readme.range(of: "<!-- \(marker) -->\n```sh\n"))
            let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
            return String(readme[start.upperBound..<end.lowerBound])
        }
        let probe = try LocalHTTPServer { _, _ in .status(404) }
        let port = probe.port
        probe.stop()
        // A failing step must not leave the mirror running (it would hold the output open).
        let script =
            "set -euo pipefail\ntrap 'kill $(jobs -p) 2>/dev/null || true' EXIT\n" + (try block("first publication"))
            + "\n" + (try block("maintainer recipe")).replacingOccurrences(of: "8000", with: String(port)) + "\n"
        let work = RepositoryPaths.temporaryDirectory("recipe")
        let manager = FileManager.default
        try manager.copyItem(
            at: RepositoryPaths.root.appendingPathComponent("Package.swift"),
            to: work.appendingPathComponent("Package.swift"))
        try manager.copyItem(at: try RepositoryPaths.copyOfData(), to: work.appendingPathComponent("Data"))
        try manager.copyItem(
            at: RepositoryPaths.root.appendingPathComponent("schemas"), to: work.appendingPathComponent("schemas"))
        try manager.createSymbolicLink(
            at: work.appendingPathComponent("scripts"),
            withDestinationURL: RepositoryPaths.root.appendingPathComponent("scripts"))
        try manager.copyItem(
            at: RepositoryPaths.root.appendingPathComponent("reports"), to: work.appendingPathComponent("reports"))
        try Data(script.utf8).write(to: work.appendingPathComponent("recipe.sh"))
        let path =
            CLI.binary.deletingLastPathComponent().path + ":"
            + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let r = try await CLI.runOffPool(
            ["--default-signal", "bash", work.appendingPathComponent("recipe.sh").path], in: work,
            executable: URL(fileURLWithPath: "/usr/bin/env"), environment: ["PATH": path, "NEXTWAVE_DATA": nil])
        #expect(r.status == 0, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stderr.contains("data: \(work.path)/Data (the checkout this folder is in)"), "\(r.stderr)")
        // The first publication: nothing there yet, then the table published and current.
        #expect(
            r.stdout.contains(
                "Dry run: nothing written. Against site/ratings (nothing is published there yet: a "
                    + "first publication):\n  every ship is new"), "\(r.stdout)")
        // Every change list names the rename and the retirement in the same words.
        let renamed = "renamed: MS Bachtel → MS Uto"
        let retired = "retired: MS Limmat (since 2026-11-01)"
        let lists = r.stdout.components(separatedBy: "Dry run: ").dropFirst()
        #expect(lists.count == 3, "\(r.stdout)")
        for list in lists.dropFirst() {
            #expect(list.contains("  \(renamed)\n") && list.contains("  \(retired)\n"), "\(list)")
            #expect(
                list.contains("  added: MS Zürichsee\n") && list.contains("  re-rated: MS Linth 2 → 3\n"), "\(list)")
            #expect(!list.contains("removed:") && !list.contains("MS Limmat: no page since"), "\(list)")
        }
        #expect(r.stdout.contains("A real run would write this table."), "the dry run says what a real run would do")
        let markdown = try String(contentsOf: work.appendingPathComponent("reports/ratings.md"), encoding: .utf8)
        #expect(markdown.contains("- \(renamed)\n") && markdown.contains("- \(retired)\n"), "\(markdown)")
        // The snapshot kept the page that was gone, and the run from it wrote the table.
        let snapshot = try String(
            contentsOf: work.appendingPathComponent("review/zsg-pages/manifest.json"), encoding: .utf8)
        #expect(snapshot.contains("\"status\" : 404"), "\(snapshot)")
        let fleet = try json(work.appendingPathComponent("Data/fleet.json"))["ships"] as! [[String: Any]]
        #expect(fleet.contains { $0["name"] as? String == "Limmat" && $0["retired"] != nil })
        #expect(
            fleet.contains {
                $0["name"] as? String == "Uto" && ($0["aliases"] as? [String])?.contains("MS Bachtel") == true
            })
        // One table: the reviewed file, the published one, the current one, the feed's.
        let reviewed = try Data(contentsOf: work.appendingPathComponent("reports/ship-ratings.json"))
        let manifest = try json(work.appendingPathComponent("site/ratings/manifest.json"))
        #expect(
            try Data(contentsOf: work.appendingPathComponent("site/ratings/\(manifest["current"] as! String)"))
                == reviewed)
        #expect(try Data(contentsOf: work.appendingPathComponent("Data/ratings/zsg.json")) == reviewed)
        let index = try json(work.appendingPathComponent("site/index.json"))
        let zurich = try #require((index["lakes"] as? [[String: Any]])?.first { $0["name"] as? String == "Zürichsee" })
        let feedTable = try #require((zurich["ratings"] as? [[String: Any]])?.first)
        #expect(feedTable["sha256"] as? String == SHA256.hex(reviewed))
        let table = try ships(work.appendingPathComponent("reports"))
        #expect(table.contains { $0["name"] as? String == "MS Zürichsee" && $0["rating"] as? Int == 2 })
        #expect(
            table.contains {
                $0["name"] as? String == "MS Uto" && ($0["aliases"] as? [String])?.contains("MS Bachtel") == true
            })
        #expect(
            !table.contains {
                ($0["name"] as? String)?.contains("Limmat") == true || $0["name"] as? String == "MS Bachtel"
            })
        #expect(table.contains { $0["name"] as? String == "MS Linth" && $0["rating"] as? Int == 3 })
        // The feed and the plan rate MS Linth 3 (the riders' new rating), and know no MS Limmat.
        var linthWaves = 0
        for day in zurich["days"] as? [[String: Any]] ?? [] {
            let waves =
                try json(work.appendingPathComponent("site/\(day["file"] as! String)"))["waves"] as! [[String: Any]]
            for wave in waves where wave["ship"] as? String == "MS Linth" {
                linthWaves += 1
                #expect(wave["rating"] as? Int == 3, "\(wave)")
            }
            #expect(!waves.contains { ($0["ship"] as? String)?.contains("Limmat") == true })
        }
        #expect(linthWaves > 10)
        let plan = try String(contentsOf: work.appendingPathComponent("site/plan.json"), encoding: .utf8)
        let linthInPlan = plan.matches(of: /"rating" : (\d),\s+"ship" : "MS Linth"/).map { Int($0.1)! }
        #expect(!linthInPlan.isEmpty && linthInPlan.allSatisfy { $0 == 3 }, "\(linthInPlan)")
        #expect(!plan.contains("Limmat"))
        #expect(r.stderr.contains("ratings: Zürichsee by Data/ratings/zsg.json (published, generated "), "\(r.stderr)")
    }

    // MARK: Publishing

    @Test func publishingWritesAHashedTableAndAManifestTheReadmeExampleReads() async throws {
        let out = RepositoryPaths.temporaryDirectory()
        let site = RepositoryPaths.temporaryDirectory("site")
        let r = try await CLI.runOffPool([
            "ratings", "--out", out.path, "--data", try RepositoryPaths.copyOfData().path, "--publish", site.path,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let manifest = try json(site.appendingPathComponent("manifest.json"))
        let current = try #require(manifest["current"] as? String)
        let published = try Data(contentsOf: site.appendingPathComponent(current))
        #expect(published == (try Data(contentsOf: out.appendingPathComponent("ship-ratings.json"))))
        #expect(current.hasPrefix("ship-ratings.") && current.count == "ship-ratings.".count + 16 + 5)
        #expect(manifest["bytes"] as? Int == published.count && manifest["ships"] as? Int == 17)
        // The hash is SHA-256 of the bytes (checked with the system's sha256sum).
        let sum = try await CLI.runOffPool(
            [site.appendingPathComponent(current).path], executable: URL(fileURLWithPath: "/usr/bin/sha256sum"))
        #expect(sum.stdout.hasPrefix(manifest["sha256"] as! String))
        #expect(current.dropFirst("ship-ratings.".count).prefix(16) == (manifest["sha256"] as! String).prefix(16))
        // Publishing again changes nothing.
        let manifestBytes = try Data(contentsOf: site.appendingPathComponent("manifest.json"))
        #expect(
            try await CLI.runOffPool([
                "ratings", "--out", out.path, "--data", try RepositoryPaths.copyOfData().path, "--publish", site.path,
            ]).status == 0)
        #expect(try Data(contentsOf: site.appendingPathComponent("manifest.json")) == manifestBytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.path).count == 2)

        // The README's Codable example, compiled as written, reads the published file.
        let readme = try RepositoryPaths.userDocumentsText()
        let start = try #require(readme.range(of: "<!-- publishing example -->\n```swift\n"))
        let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        let work = RepositoryPaths.temporaryDirectory("example")
        try Data(readme[start.upperBound..<end.lowerBound].utf8).write(to: work.appendingPathComponent("main.swift"))
        let compile = try await CLI.runOffPool(
            [
                "swiftc", "-O", work.appendingPathComponent("main.swift").path, "-o",
                work.appendingPathComponent("example").path,
            ],
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(compile.status == 0, "\(compile.stderr)")
        let run = try await CLI.runOffPool(
            [
                site.appendingPathComponent(current).path, "EM Uetliberg", "Dampfschiff Stadt Zürich", "ms panta rhei",
                "MS Titanic", "M/S «Saentis»",
            ],
            executable: work.appendingPathComponent("example"))
        let table = try ships(out)
        func rating(_ name: String) -> String {
            (table.first { $0["name"] as? String == name }?["rating"] as? Int).map(String.init) ?? "?"
        }
        #expect(
            run.stdout
                == "EM Uetliberg \(rating("EMS Uetliberg"))\nDampfschiff Stadt Zürich \(rating("DS Stadt Zürich"))\n"
                + "ms panta rhei \(rating("MS Panta Rhei"))\nMS Titanic unknown\nM/S «Saentis» \(rating("MS Säntis"))\n",
            "\(run.stdout)\(run.stderr)")
    }

    @Test func everyTableTheToolWritesAndTheAppsTableMatchTheSchema() async throws {
        let schema = try JSONSchema(
            contentsOf: RepositoryPaths.root.appendingPathComponent("schemas/ship-ratings.schema.json"))
        #expect(schema.violations(ofJSON: try Data(contentsOf: RepositoryPaths.appRatings)) == [])
        for args in [[String](), ["--model", "wake"], ["--snapshot", Self.labelSnapshot.path]] {
            let out = RepositoryPaths.temporaryDirectory()
            #expect(try await CLI.runOffPool(["ratings", "--out", out.path] + args).status == 0)
            let data = try Data(contentsOf: out.appendingPathComponent("ship-ratings.json"))
            #expect(schema.violations(ofJSON: data) == [], "\(args)")
            // Figures at the published precision: at most 6 significant digits, no float noise.
            let text = String(decoding: data, as: UTF8.self)
            let numbers = text.split(whereSeparator: { !"0123456789.eE+-".contains($0) }).filter { $0.contains(".") }
            for number in numbers {
                let digits = number.prefix { $0 != "e" && $0 != "E" }.filter(\.isNumber).drop { $0 == "0" }
                #expect(digits.count <= 6, "\(number)")
            }
        }
    }

    @Test func aHandMadeTableHearsOfEveryMissingFieldAtOnce() async throws {
        let table = try file(
            #"{"schemaVersion": 2, "model": {"name": "x"}, "ships": [{"name": "MS A", "rating": 3}, {"aliases": []}]}"#,
            named: "ratings.json")
        let r = try await CLI.runOffPool([
            "sessions", "--ratings", table.path, "--out", RepositoryPaths.temporaryDirectory().path,
        ])
        #expect(r.status == 65)
        #expect(
            r.stderr.contains(
                "missing generatedAt, model.thresholds, ships[0].aliases, ships[0].source, ships[1].name, ships[1].source"
            ),
            "\(r.stderr)")
    }

    // MARK: Spreadsheets

    @Test func bothCSVStylesParseBackToTheSameNumbers() async throws {
        let standard = RepositoryPaths.temporaryDirectory()
        let german = RepositoryPaths.temporaryDirectory()
        #expect(try await CLI.runOffPool(["ratings", "--out", standard.path]).status == 0)
        #expect(try await CLI.runOffPool(["ratings", "--out", german.path, "--csv-style", "excel-de"]).status == 0)
        let a = CSVText.parse(
            try String(contentsOf: standard.appendingPathComponent("ship-ratings.csv"), encoding: .utf8))
        let bytes = try Data(contentsOf: german.appendingPathComponent("ship-ratings.csv"))
        #expect(bytes.prefix(3) == Data([0xEF, 0xBB, 0xBF]), "a byte order mark for the spreadsheet")
        let b = CSVText.parse(String(decoding: bytes.dropFirst(3), as: UTF8.self), separator: ";")
        #expect(a.count == b.count && a[0] == b[0])
        #expect(a[0].contains("waveHeightM") && a[0].contains("lengthM"), "one header style: \(a[0])")
        for (rowA, rowB) in zip(a, b).dropFirst() {
            for (x, y) in zip(rowA, rowB) {
                if let number = Double(x) {
                    #expect(
                        Double(y.replacingOccurrences(of: ",", with: ".")) == number && !y.contains("."), "\(x) \(y)")
                } else {
                    #expect(x == y)
                }
            }
        }
        // The grid and sessions CSVs take the style too.
        let grid = try await CLI.runOffPool(["grid", "--speeds", "18", "--depths", "10", "--csv-style", "excel-de"])
        #expect(grid.stdout.contains("MS Panta Rhei;18,0;10,0;0,63"))
        let sessions = RepositoryPaths.temporaryDirectory()
        #expect(try await CLI.runOffPool(["sessions", "--out", sessions.path, "--csv-style", "excel-de"]).status == 0)
        let csv = try Data(contentsOf: sessions.appendingPathComponent("sessions.csv"))
        #expect(csv.prefix(3) == Data([0xEF, 0xBB, 0xBF]))
        #expect(String(decoding: csv.dropFirst(3), as: UTF8.self).hasPrefix("stationId;stationName;lake;date;"))
    }
}

/// What a test server answers for chosen paths, changed between runs.
final class ServedAnswers: @unchecked Sendable {
    // Invariant: `answers` is read and written only under `lock`.
    private let lock = NSLock()
    private var answers: [String: LocalHTTPServer.Response] = [:]

    func set(_ path: String, _ response: LocalHTTPServer.Response) { lock.withLock { answers[path] = response } }
    func answer(for path: String) -> LocalHTTPServer.Response? { lock.withLock { answers[path] } }
}
