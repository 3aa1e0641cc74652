import Foundation
import Testing
import _TestSupport

/// One chain from a fleet change to every screen (issue: one chain), through the binary: one
/// table for every command that rates waves, said aloud; retirements that close whatever the
/// ship's page answers; a review that leaves nothing behind when it fails; commands the tool
/// suggests that run; reports that agree with the table they describe.
@Suite(.serialized) struct OneChainTests {
    static let legacy = "/de/gruppen-firmen/eventlocation-mieten/schiff-mieten"

    func json(_ url: URL) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
    }

    /// The bundled Lake Zurich table's `generatedAt` as written ("2026-12-07T01:40:00Z"): the
    /// messages name the table by it.
    var bundledStamp: String {
        get throws {
            try json(RepositoryPaths.data.appendingPathComponent("ratings/zsg.json"))["generatedAt"] as! String
        }
    }

    func table(_ url: URL) throws -> [String: [String: Any]] {
        let ships = try json(url)["ships"] as! [[String: Any]]
        return Dictionary(uniqueKeysWithValues: ships.map { ($0["name"] as! String, $0) })
    }

    // MARK: One table

    /// The riders' rating of MS Forch changes from 1 to 3; after one `nextwave ratings`, `feed`,
    /// `plan`, `today` and `sessions` rate every MS Forch wave 3 without `--ratings`, and each
    /// names the table it used.
    @Test func aRidersRatingChangeReachesEveryCommandThatRatesWaves() async throws {
        let data = try RepositoryPaths.copyOfData()
        let work = RepositoryPaths.temporaryDirectory("one-table")
        func nextwave(_ arguments: [String]) async throws -> CLI.Result {
            try await CLI.runOffPool(arguments + ["--data", data.path], in: work)
        }
        func forchRatings(_ text: String) -> Set<String> {
            Set(
                text.matches(of: /"rating" : (\d|null),\s+(?:"ratingBasis" : [^,]+,\s+)?"ship" : "MS Forch"/).map {
                    String($0.1)
                })
        }
        let before = try await nextwave([
            "plan", "--station", "wadenswil", "--from", "2026-09-22", "--days", "1", "--json",
        ])
        #expect(forchRatings(before.stdout) == ["1"], "the bundled riders' rating")
        let bundledDay = try bundledStamp.prefix(10)
        #expect(
            before.stderr.contains("ratings: Zürichsee by Data/ratings/zsg.json (reviewed, generated \(bundledDay))"))

        let set = try await nextwave([
            "fleet", "set", "MS Forch", "--rider-rating", "3", "--source", "https://github.com/pfederi/Next-Wave",
            "--reason", "riders' reports",
        ])
        #expect(set.status == 0, "\(set.stderr)")
        let rated = try await nextwave(["ratings", "--no-progress"])
        #expect(rated.status == 0, "\(rated.stderr)")
        #expect(rated.stderr.contains("Data/ratings/zsg.json is now the current table"), "\(rated.stderr)")
        #expect(try table(data.appendingPathComponent("ratings/zsg.json"))["MS Forch"]?["rating"] as? Int == 3)
        let named = "ratings: Zürichsee by Data/ratings/zsg.json (reviewed, generated "

        let feed = try await nextwave([
            "feed", "--from", "2026-09-22", "--days", "1", "--out", "site", "--lake", "zürichsee",
        ])
        #expect(feed.status == 0 && feed.stderr.contains(named), "\(feed.stderr)")
        let index = try json(work.appendingPathComponent("site/index.json"))
        let day = try #require(((index["lakes"] as? [[String: Any]])?.first?["days"] as? [[String: Any]])?.first)
        let waves = try json(work.appendingPathComponent("site/\(day["file"] as! String)"))["waves"] as! [[String: Any]]
        let forch = waves.filter { $0["ship"] as? String == "MS Forch" }
        #expect(forch.count > 20 && forch.allSatisfy { $0["rating"] as? Int == 3 })

        let plan = try await nextwave([
            "plan", "--station", "wadenswil", "--from", "2026-09-22", "--days", "1", "--json",
        ])
        #expect(plan.status == 0 && plan.stderr.contains(named), "\(plan.stderr)")
        #expect(forchRatings(plan.stdout) == ["3"])
        let today = try await nextwave(["today", "--station", "wadenswil", "--date", "2026-09-22", "--json"])
        #expect(today.status == 0 && today.stderr.contains(named), "\(today.stderr)")
        #expect(forchRatings(today.stdout) == ["3"])
        let sessions = try await nextwave([
            "sessions", "--station", "wadenswil", "--from", "2026-09-22", "--to", "2026-09-22", "--out", "out",
            "--no-progress",
        ])
        #expect(sessions.status == 0 && sessions.stderr.contains(named), "\(sessions.stderr)")
        let rows = CSVText.parse(try String(contentsOf: work.appendingPathComponent("out/waves.csv"), encoding: .utf8))
        let header = try #require(rows.first)
        let ship = try #require(header.firstIndex(of: "ship"))
        let rating = try #require(header.firstIndex(of: "rating"))
        let forchRows = rows.dropFirst().filter { $0[ship] == "MS Forch" }
        #expect(!forchRows.isEmpty && forchRows.allSatisfy { $0[rating] == "3" }, "\(forchRows.prefix(3))")
        let md = try String(contentsOf: work.appendingPathComponent("out/sessions.md"), encoding: .utf8)
        #expect(md.contains("ratings `Data/ratings/zsg.json`"), "\(md.prefix(600))")
    }

    /// A table given with --ratings that is older than the current one, and a newer table left in
    /// the working folder's reports/, are said, each with what to do; a what-if run into a folder
    /// of its own changes no other command's table.
    @Test func anOlderOrAWhatIfTableIsNeverUsedSilently() async throws {
        let data = try RepositoryPaths.copyOfData()
        let work = RepositoryPaths.temporaryDirectory("older")
        let old = work.appendingPathComponent("old.json")
        let stamp = try bundledStamp
        var text = try String(contentsOf: data.appendingPathComponent("ratings/zsg.json"), encoding: .utf8)
        #expect(text.contains("\"generatedAt\" : \"\(stamp)\""))
        text = text.replacingOccurrences(
            of: "\"generatedAt\" : \"\(stamp)\"", with: "\"generatedAt\" : \"2025-01-01T00:00:00Z\"")
        try Data(text.utf8).write(to: old)
        let given = try await CLI.runOffPool(
            [
                "plan", "--station", "wadenswil", "--from", "2026-09-22", "--days", "1", "--ratings", old.path,
                "--data", data.path,
            ],
            in: work)
        #expect(given.status == 0, "\(given.stderr)")
        #expect(
            given.stderr.contains(
                "warning: Data/ratings/zsg.json (generated \(stamp.prefix(16))) is newer than \(old.path) "
                    + "(generated 2025-01-01T00:00), which this run rates with; leave out --ratings to rate with it"),
            "\(given.stderr)")
        let whatIf = try await CLI.runOffPool(
            [
                "ratings", "--speed", "25", "--out", "reports", "--data", data.path, "--no-progress",
                "--accept-regression",
            ],
            in: work.appendingPathComponent("elsewhere", isDirectory: true).creatingFolder())
        #expect(whatIf.status == 0, "\(whatIf.stderr)")
        let current = try Data(contentsOf: data.appendingPathComponent("ratings/zsg.json"))
        // --out reports is the default folder spelled out: it makes the table current.
        #expect(whatIf.stderr.contains("Data/ratings/zsg.json is now the current table"), "\(whatIf.stderr)")
        let shallow = try await CLI.runOffPool(
            [
                "ratings", "--speed", "12", "--out", "shallow", "--data", data.path, "--no-progress",
                "--accept-regression",
            ],
            in: work)
        #expect(shallow.status == 0 && shallow.stderr.contains("a table of its own in shallow/"), "\(shallow.stderr)")
        #expect(
            try Data(contentsOf: data.appendingPathComponent("ratings/zsg.json")) == current,
            "a what-if changes nothing")
        // A newer reviewed table beside the run (the working folder's reports/) is said.
        let beside = work.appendingPathComponent("reports").creatingFolder()
        try Data(current).write(to: beside.appendingPathComponent("ship-ratings.json"))
        var newer = try String(contentsOf: beside.appendingPathComponent("ship-ratings.json"), encoding: .utf8)
        newer = newer.replacing(#/"generatedAt" : "[^"]+"/#, with: #""generatedAt" : "2099-01-01T00:00:00Z""#)
        try Data(newer.utf8).write(to: beside.appendingPathComponent("ship-ratings.json"))
        let plan = try await CLI.runOffPool(
            ["plan", "--station", "wadenswil", "--from", "2026-09-22", "--days", "1", "--data", data.path], in: work)
        #expect(
            plan.stderr.contains(
                "warning: reports/ship-ratings.json (generated 2099-01-01T00:00) is newer than "
                    + "Data/ratings/zsg.json"),
            "\(plan.stderr)")
        #expect(plan.stderr.contains("pass --ratings reports/ship-ratings.json"), "\(plan.stderr)")
    }

    /// `ratings show` without a table shows the current one and says which; publishing a table
    /// makes it current, recorded as published.
    @Test func ratingsShowAndPublishFollowTheCurrentTable() async throws {
        let data = try RepositoryPaths.copyOfData()
        let work = RepositoryPaths.temporaryDirectory("show")
        let shown = try await CLI.runOffPool(["ratings", "show", "--data", data.path], in: work)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(
            shown.stderr.contains(
                "ratings: the current table, Data/ratings/zsg.json (reviewed, generated \(try bundledStamp.prefix(10)))"
            ))
        let sgv = try await CLI.runOffPool(["ratings", "show", "--operator", "sgv", "--data", data.path], in: work)
        #expect(sgv.stderr.contains("Data/ratings/sgv.json (bundled, generated "), "\(sgv.stderr)")
        let published = try await CLI.runOffPool(
            [
                "ratings", "publish", data.appendingPathComponent("ratings/zsg.json").path, "--to", "site/ratings",
                "--data",
                data.path,
            ], in: work)
        #expect(published.status == 0, "\(published.stderr)")
        #expect(published.stderr.contains("Data/ratings/zsg.json is now the current table"), "\(published.stderr)")
        let origins = try String(contentsOf: data.appendingPathComponent("ratings/origins.json"), encoding: .utf8)
        #expect(origins.contains("\"origin\" : \"published\""), "\(origins)")
        // The feed into that site keeps the table the publishing manifest names.
        let feed = try await CLI.runOffPool(
            ["feed", "--from", "2026-09-22", "--days", "1", "--out", "site", "--data", data.path], in: work)
        #expect(feed.status == 0, "\(feed.stderr)")
        let manifest = try json(work.appendingPathComponent("site/ratings/manifest.json"))
        #expect(
            FileManager.default.fileExists(
                atPath: work.appendingPathComponent("site/ratings/\(manifest["current"] as! String)").path))
    }

    // MARK: Retirements and vanished pages

    /// MS Limmat retired in the fleet file leaves the table whether its page answers 404, redirects
    /// to the fleet overview, or is gone from the index; while it is not retired, each is a
    /// vanished page the review holds, and a saved snapshot replays it.
    @Test func aRetiredShipLeavesTheTableWhateverItsPageAnswers() async throws {
        let limmat = Self.legacy + "/ms-limmat"
        let index = try String(
            contentsOf: RepositoryPaths.snapshot.appendingPathComponent("index.html"), encoding: .utf8)
        let unlinked = index.split(separator: "\n").filter { !$0.contains("ms-limmat") }.joined(separator: "\n")
        let answers: [(String, LocalHTTPServer.Response?, String?)] = [
            ("404", .status(404), nil),
            ("redirect", .status(302, headers: [("Location", Self.legacy)]), nil),
            ("unlinked", nil, unlinked),
        ]
        for (label, answer, indexPage) in answers {
            let server = try LocalHTTPServer(
                handler: SnapshotServer.handler { path, _ in
                    if path == limmat { return answer }
                    if path == Self.legacy, let indexPage { return .html(indexPage) }
                    return nil
                })
            defer { server.stop() }
            let work = RepositoryPaths.temporaryDirectory("retire-\(label)")
            let fleet = work.appendingPathComponent("fleet.json")
            try FileManager.default.copyItem(at: RepositoryPaths.fleet, to: fleet)
            let previous = work.appendingPathComponent("previous.json")
            try FileManager.default.copyItem(
                at: RepositoryPaths.data.appendingPathComponent("ratings/zsg.json"), to: previous)
            let mirror = [
                "ratings", "--base-url", server.baseURL.absoluteString, "--source-base", "https://www.zsg.ch",
                "--delay",
                "0", "--fleet", fleet.path, "--previous", previous.path, "--no-progress",
            ]
            // Not retired: held (a page gone), and the held run leaves no snapshot.
            let held = try await CLI.runOffPool(
                mirror + [
                    "--out", work.appendingPathComponent("held").path, "--save-snapshot",
                    work.appendingPathComponent("held-pages").path,
                ])
            #expect(held.status == 1, "\(label): \(held.stderr)")
            #expect(held.stderr.contains("MS Limmat"), "\(label): \(held.stderr)")
            #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("held-pages").path), "\(label)")
            if label != "unlinked" {
                #expect(held.stderr.contains("https://www.zsg.ch\(limmat)"), "the operator's URL: \(held.stderr)")
                #expect(!held.stderr.contains("127.0.0.1"), "\(label): no mirror address: \(held.stderr)")
            }
            if label == "redirect" {
                #expect(
                    held.stderr.contains("was redirected (HTTP 302) to https://www.zsg.ch\(Self.legacy)"),
                    "\(held.stderr)")
            }
            let retire = try await CLI.runOffPool(["fleet", "retire", "MS Limmat", "--since", "2026-11-01", fleet.path])
            #expect(retire.status == 0, "\(retire.stderr)")
            let out = work.appendingPathComponent("out")
            let snapshot = work.appendingPathComponent("pages")
            let stamp: [String: String?] = ["SOURCE_DATE_EPOCH": "1790000000"]
            let r = try await CLI.runOffPool(
                mirror + ["--out", out.path, "--save-snapshot", snapshot.path], environment: stamp)
            #expect(r.status == 0, "\(label): \(r.stderr)")
            #expect(try table(out.appendingPathComponent("ship-ratings.json"))["MS Limmat"] == nil, "\(label)")
            let markdown = try String(contentsOf: out.appendingPathComponent("ratings.md"), encoding: .utf8)
            #expect(markdown.contains("- retired: MS Limmat (since 2026-11-01)"), "\(label)")
            #expect(!markdown.contains("MS Limmat: no page since"), "\(label)")
            // The snapshot replays exactly what was answered: the same table, offline.
            let replay = work.appendingPathComponent("replay")
            let replayed = try await CLI.runOffPool(
                [
                    "ratings", "--snapshot", snapshot.path, "--fleet", fleet.path, "--previous", previous.path, "--out",
                    replay.path, "--no-progress",
                ], environment: stamp)
            #expect(replayed.status == 0, "\(label): \(replayed.stderr)")
            #expect(
                try Data(contentsOf: replay.appendingPathComponent("ship-ratings.json"))
                    == Data(contentsOf: out.appendingPathComponent("ship-ratings.json")), "\(label)")
        }
    }

    // MARK: The review leaves nothing behind

    /// A run whose --previous is missing fails before fetching, with no snapshot; a first
    /// publication's --previous (a publishing folder with nothing yet) compares against nothing.
    @Test func aFailedRunLeavesNoSnapshotAndAFirstPublicationStartsFromNothing() async throws {
        let server = try LocalHTTPServer(handler: SnapshotServer.handler())
        defer { server.stop() }
        let work = RepositoryPaths.temporaryDirectory("first")
        let mirror = [
            "ratings", "--base-url", server.baseURL.absoluteString, "--source-base", "https://www.zsg.ch", "--delay",
            "0",
            "--save-snapshot", "pages", "--no-progress", "--dry-run",
        ]
        let missing = try await CLI.runOffPool(mirror + ["--previous", "published/ship-ratings.json"], in: work)
        #expect(missing.status == 66, "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("pages").path))
        #expect(server.requestLog.isEmpty, "nothing fetched: \(server.requestLog)")
        let first = try await CLI.runOffPool(mirror + ["--previous", "site/ratings"], in: work)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            first.stdout.hasPrefix(
                "Dry run: nothing written. Against site/ratings (nothing is published there yet: a "
                    + "first publication):\n  every ship is new\n"), "\(first.stdout)")
        // The rerun of a recipe step is not refused by the snapshot its first run left.
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("pages/manifest.json").path))
    }

    // MARK: Suggested commands run

    /// Every `nextwave fleet …` command a held review suggests, its placeholders filled as a
    /// maintainer fills them, runs on a copy of the fleet file (exit 0): a misspelt page name
    /// (`--alias`, or `fleet add … --different-ship`), a page that now names another ship
    /// (`fleet rename`), a page gone (`fleet retire … --since`, `fleet rename`).
    @Test func everyCommandAHeldReviewSuggestsRuns() async throws {
        let pages: [(String, String, String)] = [
            ("/ms-helvetia", "Motorschiff Helvetia", "Motorschiff Helvetja"),
            ("/ms-linth", "Motorschiff Linth", "Motorschiff Glärnisch"),
        ]
        var html: [String: String] = [:]
        for (page, from, to) in pages {
            let file = RepositoryPaths.snapshot.appendingPathComponent(String(page.dropFirst()) + ".html")
            html[Self.legacy + page] = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(
                of: from, with: to)
        }
        let served = html
        let server = try LocalHTTPServer(
            handler: SnapshotServer.handler { path, _ in
                if path == Self.legacy + "/ms-limmat" { return .status(410) }
                return served[path].map { .html($0) }
            })
        defer { server.stop() }
        let work = RepositoryPaths.temporaryDirectory("suggested")
        let fleet = work.appendingPathComponent("fleet.json")
        try FileManager.default.copyItem(at: RepositoryPaths.fleet, to: fleet)
        let held = try await CLI.runOffPool([
            "ratings", "--base-url", server.baseURL.absoluteString, "--source-base", "https://www.zsg.ch", "--delay",
            "0",
            "--fleet", fleet.path, "--previous", RepositoryPaths.data.appendingPathComponent("ratings/zsg.json").path,
            "--out", work.appendingPathComponent("out").path, "--no-progress",
        ])
        #expect(held.status == 1, "\(held.stderr)")
        let suggested = held.stderr.matches(of: /`(nextwave fleet [^`]+)`/).map { String($0.1) }
        let kinds = Set(suggested.compactMap { $0.split(separator: " ").dropFirst(2).first.map(String.init) })
        #expect(kinds.isSuperset(of: ["set", "add", "rename", "retire"]), "\(suggested)")
        for command in Set(suggested) {
            let copy = RepositoryPaths.temporaryDirectory("suggested-fleet").appendingPathComponent("fleet.json")
            try FileManager.default.copyItem(at: fleet, to: copy)
            var filled = command.replacingOccurrences(of: fleet.path, with: copy.path)
            for (placeholder, value) in [
                ("YYYY-MM-DD", "2026-11-01"), ("\"NEW NAME\"", "\"MS Neuname\""),
                ("…", "--length 40 --beam 8 --displacement 200 --source https://example.org/figures"),
            ] {
                filled = filled.replacingOccurrences(of: placeholder, with: value)
            }
            let words = try #require(Self.shellWords(filled))
            let r = try await CLI.runOffPool(Array(words.dropFirst()))
            #expect(r.status == 0, "`\(command)` → `\(filled)`: \(r.stderr)")
        }
    }

    /// A command line split as a shell splits it (double quotes only, as the messages write them).
    static func shellWords(_ line: String) -> [String]? {
        var words: [String] = []
        var word = ""
        var quoted = false
        var started = false
        for character in line {
            if character == "\"" {
                quoted.toggle()
                started = true
            } else if character == " " && !quoted {
                if started { words.append(word) }
                (word, started) = ("", false)
            } else {
                word.append(character)
                started = true
            }
        }
        if started { words.append(word) }
        return quoted ? nil : words
    }

    // MARK: The report agrees with the table

    /// Every statement ratings.md makes about a ship, checked against the table it describes, in
    /// a run with a rename, a retirement whose page is gone, a page gone of a ship that still
    /// sails (accepted), a riders' rating changed and a ship added: the ratings table's row (its
    /// rating, basis, riders', legacy and wake ratings), the legacy model's reasons, each
    /// disagreement with the riders, and each change (added, renamed, removed, retired, no page
    /// since).
    @Test func ratingsMdNeverContradictsTheTable() async throws {
        let server = try LocalHTTPServer(
            handler: SnapshotServer.handler(
                snapshot: RepositoryPaths.data.appendingPathComponent("snapshots/zsg-example-fleet-change")
            ) {
                path, _ in path == Self.legacy + "/ms-helvetia" ? .status(404) : nil
            })
        defer { server.stop() }
        let data = try RepositoryPaths.copyOfData()
        let work = RepositoryPaths.temporaryDirectory("claims")
        func nextwave(_ arguments: [String]) async throws -> CLI.Result {
            try await CLI.runOffPool(arguments + ["--data", data.path], in: work)
        }
        for edit in [
            ["fleet", "retire", "MS Limmat", "--since", "2026-11-01"], ["fleet", "rename", "MS Bachtel", "MS Uto"],
            [
                "fleet", "set", "MS Linth", "--rider-rating", "3", "--source", "https://example.org/r", "--reason",
                "riders",
            ],
            [
                "fleet", "add", "--name", "MS Zürichsee", "--length", "55.8", "--beam", "11.2", "--displacement", "290",
                "--source", "https://example.org/z",
            ],
        ] {
            #expect(try await nextwave(edit).status == 0)
        }
        // Against the table every command rated with before the change.
        let previous = work.appendingPathComponent("previous.json")
        try FileManager.default.copyItem(at: data.appendingPathComponent("ratings/zsg.json"), to: previous)
        let r = try await nextwave([
            "ratings", "--base-url", server.baseURL.absoluteString, "--source-base", "https://www.zsg.ch", "--delay",
            "0",
            "--no-progress", "--accept-regression", "--model", "wake", "--previous", previous.path,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let markdown = try String(contentsOf: work.appendingPathComponent("reports/ratings.md"), encoding: .utf8)
        let ships = try table(work.appendingPathComponent("reports/ship-ratings.json"))
        let problems = RatingsClaims.contradictions(markdown, table: ships)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(RatingsClaims.checked(markdown) > 40, "the checker read the report's statements")
        // The ones this run is about, stated.
        #expect(markdown.contains("- renamed: MS Bachtel → MS Uto") && markdown.contains("- retired: MS Limmat"))
        #expect(markdown.contains("MS Helvetia: no page since "), "the page gone of a ship that sails")
    }

    // MARK: Paths

    /// A fleet file outside the working folder: ratings.md's suggested commands name it by its
    /// name, never by the folder it is in on this machine.
    @Test func aReportNamesNoFolderOfThisMachine() async throws {
        let elsewhere = RepositoryPaths.temporaryDirectory("elsewhere")
        let fleet = elsewhere.appendingPathComponent("my-fleet.json")
        try FileManager.default.copyItem(at: RepositoryPaths.fleet, to: fleet)
        let out = RepositoryPaths.temporaryDirectory("out")
        let r = try await CLI.runOffPool(["ratings", "--fleet", fleet.path, "--out", out.path, "--no-progress"])
        #expect(r.status == 0, "\(r.stderr)")
        let markdown = try String(contentsOf: out.appendingPathComponent("ratings.md"), encoding: .utf8)
        #expect(markdown.contains("--displacement T --source URL my-fleet.json`"), "the commands name the file")
        #expect(!markdown.contains(elsewhere.path) && !markdown.contains("/tmp/"), "no machine path")
        // stderr, for the person at this machine, names the file where it is.
        #expect(r.stderr.contains(fleet.path) || !r.stderr.contains("nextwave fleet"), "\(r.stderr)")
    }

    /// The folders the README's recipe makes in a clone (`review/`, `site/`) are ignored by git,
    /// so that `git status` after the recipe shows the changes a maintainer commits and no more.
    @Test func theRecipesWorkingFoldersAreIgnored() async throws {
        let paths = ["review/zsg-pages/manifest.json", "site/index.json", "site/ratings/manifest.json"]
        let r = try await CLI.runOffPool(
            ["git", "check-ignore", "--no-index", "--verbose"] + paths,
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(r.status == 0, "\(r.stderr)")
        for path in paths { #expect(r.stdout.contains("\t\(path)\n"), "\(path): \(r.stdout)") }
        // Anchored at the root: a folder named site elsewhere is not ignored.
        let nested = try await CLI.runOffPool(
            ["git", "check-ignore", "--no-index", "Tests/site/x.json"], executable: URL(fileURLWithPath: "/usr/bin/env")
        )
        #expect(nested.status == 1, "\(nested.stdout)")
    }

    // MARK: Which departures are waves

    /// `--categories app` keeps the app's wave list (motor ships only): at Wädenswil on 22
    /// September 2026 the best window 14:31–16:31 holds 7 waves, not the 8 of every ship, since
    /// DS Stadt Zürich's 15:29 departure (course 108, BAV) is not one of the app's waves
    /// (departures read off the bundled stationboard by hand).
    @Test func theAppsCategoriesKeepMotorShipsOnly() async throws {
        func best(_ extra: [String]) async throws -> (String, Int) {
            let r = try await CLI.runOffPool(
                ["plan", "--station", "wadenswil", "--from", "2026-09-22", "--days", "1", "--json", "--quiet"] + extra)
            #expect(r.status == 0, "\(r.stderr)")
            let window = try #require(
                r.stdout.firstMatch(
                    of: /"endLocal" : "(\d\d:\d\d)",[^{]*?"startLocal" : "(\d\d:\d\d)",[^{]*?"waves" : (\d+)/))
            return ("\(window.2)–\(window.1)", Int(window.3)!)
        }
        let ships = try await best([])
        let app = try await best(["--categories", "app"])
        #expect(ships.0 == "14:31–16:31" && app.0 == "14:31–16:31", "\(ships) \(app)")
        #expect(ships.1 == 8 && app.1 == 7, "\(ships) \(app)")
        let out = RepositoryPaths.temporaryDirectory("categories")
        // The bundled archive has motor ships and paddle steamers (no car ferry: its piers are not in it).
        for (rule, expected) in [("app", Set(["BAT"])), ("ships", Set(["BAT", "BAV"]))] {
            let r = try await CLI.runOffPool([
                "sessions", "--from", "2026-09-22", "--to", "2026-09-28", "--categories", rule, "--out",
                out.appendingPathComponent(rule).path, "--no-progress", "--quiet",
            ])
            #expect(r.status == 0, "\(r.stderr)")
            let rows = CSVText.parse(
                try String(contentsOf: out.appendingPathComponent("\(rule)/waves.csv"), encoding: .utf8))
            let category = try #require(rows.first?.firstIndex(of: "category"))
            #expect(Set(rows.dropFirst().map { $0[category] }) == expected, "\(rule)")
        }
    }
}

extension URL {
    /// This folder, made if it is not there.
    fileprivate func creatingFolder() -> URL {
        try? FileManager.default.createDirectory(at: self, withIntermediateDirectories: true)
        return self
    }
}

/// The statements ratings.md makes about ships, read line by line, and those the table
/// contradicts.
enum RatingsClaims {
    /// How many statements the checker read.
    static func checked(_ markdown: String) -> Int { statements(markdown).count }

    /// One statement: what a line says about a ship, and the check against its table entry.
    struct Statement {
        var line: String
        var check: ([String: [String: Any]]) -> String?
    }

    static func contradictions(_ markdown: String, table: [String: [String: Any]]) -> [String] {
        statements(markdown).compactMap { statement in statement.check(table).map { "\($0): \(statement.line)" } }
    }

    static func rating(_ text: Substring) -> Int? { Int(text.trimmingCharacters(in: .whitespaces)) }

    static func statements(_ markdown: String) -> [Statement] {
        var out: [Statement] = []
        var section = ""
        for raw in markdown.split(separator: "\n") {
            let line = String(raw)
            if line.hasPrefix("## ") { section = line }
            let cells =
                line.hasPrefix("| ") ? line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } : []
            switch section {
            case "## Ratings" where cells.count >= 6 && cells[0] != "Ship" && !cells[0].hasPrefix("-"):
                out.append(
                    Statement(line: line) { table in
                        guard let ship = table[cells[0]] else { return "not in the table" }
                        let byModel = ship["ratingsByModel"] as? [String: Any]
                        let expected: [(String, Int?)] = [
                            ("rating", ship["rating"] as? Int),
                            ("riders", (ship["riderRating"] as? [String: Any])?["rating"] as? Int),
                            ("legacy", byModel?["legacy"] as? Int), ("wake", byModel?["wake"] as? Int),
                        ]
                        let stated = [cells[1], cells[3], cells[4], cells[5]].map { Int($0) }
                        for ((what, value), said) in zip(expected, stated) where value != said {
                            return "\(what) is \(value.map(String.init) ?? "none") in the table"
                        }
                        if (ship["ratingBasis"] as? String) != (cells[2] == "–" ? nil : cells[2]) {
                            return "basis is \(ship["ratingBasis"] ?? "none")"
                        }
                        return nil
                    })
            case "## Where a model disagrees with the riders"
            where cells.count >= 4 && cells[0] != "Ship" && !cells[0].hasPrefix("-"):
                out.append(
                    Statement(line: line) { table in
                        guard let ship = table[cells[0]] else { return "not in the table" }
                        let riders = (ship["riderRating"] as? [String: Any])?["rating"] as? Int
                        let model = cells[2].hasPrefix("wake") ? "wake" : "legacy"
                        let byModel = (ship["ratingsByModel"] as? [String: Any])?[model] as? Int
                        if riders != Int(cells[1]) { return "riders' rating is \(riders.map(String.init) ?? "none")" }
                        if byModel != Int(cells[3]) {
                            return "\(model) rating is \(byModel.map(String.init) ?? "none")"
                        }
                        if ship["rating"] as? Int != riders { return "the published rating is not the riders'" }
                        return nil
                    })
            case "## Why each ship got its legacy rating" where line.hasPrefix("- **"):
                guard let match = line.firstMatch(of: /^- \*\*(.+?)\*\*: (\d|no legacy rating)/) else { continue }
                let name = String(match.1)
                let said = Int(match.2)
                out.append(
                    Statement(line: line) { table in
                        guard let ship = table[name] else { return "not in the table" }
                        let legacy = (ship["ratingsByModel"] as? [String: Any])?["legacy"] as? Int
                        return legacy == said ? nil : "the legacy rating is \(legacy.map(String.init) ?? "none")"
                    })
            case "## Changes against the previous table":
                if let match = line.firstMatch(
                    of: /^- (added|removed|retired|renamed): (.+?)(?: \(since [^)]+\))?(?:; not in the table)?$/)
                {
                    let kind = String(match.1)
                    let names = match.2.components(separatedBy: " → ")
                    out.append(
                        Statement(line: line) { table in
                            switch kind {
                            case "added": return table[names[0]] == nil ? "not in the table" : nil
                            case "removed", "retired":
                                return table[names[0]] == nil ? nil : "still in the table"
                            default:
                                guard names.count == 2, let renamed = table[names[1]] else {
                                    return "the new name is not in the table"
                                }
                                if table[names[0]] != nil { return "the old name is still a ship of the table" }
                                return (renamed["aliases"] as? [String])?.contains(names[0]) == true
                                    ? nil : "the old name is no alias"
                            }
                        })
                } else if let match = line.firstMatch(of: /^- (.+?): no page since (\d{4}-\d{2}-\d{2}); retired\?$/) {
                    let (name, since) = (String(match.1), String(match.2))
                    out.append(
                        Statement(line: line) { table in
                            guard let ship = table[name] else { return "not in the table" }
                            let stated = (ship["source"] as? [String: Any])?["pageMissingSince"] as? String
                            return stated == since ? nil : "pageMissingSince is \(stated ?? "none")"
                        })
                }
            default: break
            }
        }
        return out
    }
}
