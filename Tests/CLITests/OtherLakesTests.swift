import Foundation
import Testing
import _TestSupport

/// Ratings and sessions beyond Lake Zurich (issue: other lakes), through the tool.
@Suite struct OtherLakesTests {
    static let allocation = RepositoryPaths.root.appendingPathComponent(
        "Tests/ScheduleArchiveTests/Fixtures/sgv/allocation.html")

    /// A stationboard of Luzern Schweizerhofquai on 22 September 2026: four steamer departures
    /// whose courses the SGV fixture assigns (2201 and 2205 Gallia, 2123 and 2124 Uri) and one
    /// motor-ship course it does not (2501).
    static let board: Data = {
        let departures = [
            ("09:12", "2201"), ("10:12", "2123"), ("10:40", "2124"), ("11:00", "2205"), ("11:30", "2501"),
        ]
        let journeys = departures.map { time, course in
            """
            {"stop":{"station":{"id":"8508505","name":"Luzern Schweizerhofquai"},"departure":"2026-09-22T\(time):00+0200"},
             "name":"00\(course)","category":"BAV","number":"\(course)","to":"Flüelen"}
            """
        }
        return Data(
            """
            {"station":{"id":"8508505","name":"Luzern Schweizerhofquai"},"stationboard":[\(journeys.joined(separator: ","))]}
            """.utf8)
    }()

    @Test func aLakeLucerneArchiveScoresSGVsShipsByTheirRatings() async throws {
        let page = try Data(contentsOf: Self.allocation)
        let server = try LocalHTTPServer { path, _ in
            if path.hasPrefix("/v1/stationboard?id=8508505") && path.contains("date=2026-09-22") {
                return .init(headers: [("Content-Type", "application/json")], body: Self.board)
            }
            if path.hasPrefix("/v1/stationboard") {
                return .init(body: Data(#"{"station":{"id":"8508505"},"stationboard":[]}"#.utf8))
            }
            if path.hasPrefix("/sgv/") { return .init(headers: [("Content-Type", "text/html")], body: page) }
            return .status(404)
        }
        defer { server.stop() }
        let archive = RepositoryPaths.temporaryDirectory("lucerne")
        let fetch = try await CLI.runOffPool([
            "archive", "fetch", "--archive", archive.path, "--station", "8508505", "--from", "2026-09-22", "--days",
            "1",
            "--api-url", server.baseURL.absoluteString, "--deployment-url",
            server.baseURL.appendingPathComponent("sgv/").absoluteString, "--delay", "0", "--no-progress",
        ])
        #expect(fetch.status == 0, "\(fetch.stderr)")
        // The station's lake is SGV's: its allocation page was read without --operator.
        #expect(
            FileManager.default.fileExists(atPath: archive.appendingPathComponent("deployments/2026-09-22.json").path))

        let out = RepositoryPaths.temporaryDirectory("lucerne-out")
        let sessions = try await CLI.runOffPool([
            "sessions", "--archive", archive.path, "--lake", "Vierwaldstättersee", "--out", out.path, "--no-progress",
        ])
        #expect(sessions.status == 0, "\(sessions.stderr)")
        #expect(
            sessions.stderr.contains("ratings: Vierwaldstättersee by their operators' bundled tables"),
            "\(sessions.stderr)")
        let rows = CSVText.parse(try String(contentsOf: out.appendingPathComponent("waves.csv"), encoding: .utf8))
        let header = try #require(rows.first)
        func column(_ name: String) throws -> Int { try #require(header.firstIndex(of: name)) }
        let (course, ship, rating) = (try column("course"), try column("ship"), try column("rating"))
        let byCourse = Dictionary(
            rows.dropFirst().map { ($0[course], ($0[ship], $0[rating])) }, uniquingKeysWith: { a, _ in a })
        // The legacy ratings of Data/ratings/sgv.json: DS Uri and DS Gallia rate 3 (their hull beams
        // 6.8 and 7.2 m, displacements 284 and 339 t; see Data/fleets/CHOICES.md).
        #expect(byCourse["2201"]?.0 == "DS Gallia" && byCourse["2201"]?.1 == "3", "\(byCourse)")
        #expect(byCourse["2123"]?.0 == "DS Uri" && byCourse["2123"]?.1 == "3", "\(byCourse)")
        #expect(byCourse["2205"]?.0 == "DS Gallia")
        #expect(byCourse["2501"].map { $0.0 != "DS Uri" && $0.0 != "DS Gallia" } ?? true, "no assignment, no steamer")
    }

    @Test func ratingsForAnOperatorBeyondLakeZurich() async throws {
        let out = RepositoryPaths.temporaryDirectory("sgv")
        let result = try await CLI.runOffPool(["ratings", "--operator", "sgv", "--out", out.path, "--no-progress"])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names == ["ratings-chart.svg", "ratings.md", "ship-ratings.csv", "ship-ratings.json"], "no legacy CSV")
        let table = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("ship-ratings.json")))
                as? [String: Any])
        let ships = try #require(table["ships"] as? [[String: Any]])
        #expect(ships.count == 19)
        // A ship without a beam is listed unrated with what is missing.
        let saphir = try #require(ships.first { $0["name"] as? String == "MS Saphir" })
        #expect(saphir["rating"] is NSNull)
        #expect(result.stderr.contains("MS Saphir: unrated, no published beam, displacement"), "\(result.stderr)")
        // The command a warning suggests edits SGV's fleet file, run as written (its placeholders
        // filled in), not Lake Zurich's fleet.json, which it edited before it named --operator.
        let line = try #require(result.stderr.split(separator: "\n").first { $0.contains("MS Saphir: unrated") })
        let suggested = try #require(line.firstMatch(of: /`nextwave ([^`]*)`/)).1
        #expect(suggested.hasSuffix(" --operator sgv"), "\(suggested)")
        let data = RepositoryPaths.temporaryDirectory("sgv-data")
        try FileManager.default.createDirectory(
            at: data.appendingPathComponent("fleets"), withIntermediateDirectories: true)
        for file in ["operators.json", "fleet.json", "fleets/sgv.json"] {
            try FileManager.default.copyItem(
                at: RepositoryPaths.data.appendingPathComponent(file), to: data.appendingPathComponent(file))
        }
        let filled = String(suggested).replacing("--beam M", with: "--beam 8.2")
            .replacing("--displacement T", with: "--displacement 210").replacing(
                "URL", with: "https://example.org/saphir")
        let words = filled.replacing("\"MS Saphir\"", with: "MS_SAPHIR").split(separator: " ").map {
            $0 == "MS_SAPHIR" ? "MS Saphir" : String($0)
        }
        let edited = try await CLI.runOffPool(words + ["--data", data.path, "--quiet"])
        #expect(edited.status == 0, "\(words): \(edited.stderr)")
        let sgv = try String(contentsOf: data.appendingPathComponent("fleets/sgv.json"), encoding: .utf8)
        #expect(sgv.contains("https://example.org/saphir"))
        #expect(
            try Data(contentsOf: data.appendingPathComponent("fleet.json"))
                == Data(contentsOf: RepositoryPaths.data.appendingPathComponent("fleet.json")))
        // --operator with a live scrape is refused: no layout is known for SGV's pages.
        let live = try await CLI.runOffPool(["ratings", "--operator", "sgv", "--live", "--dry-run", "--out", out.path])
        #expect(live.status == 64 && live.stderr.contains("no page layout is known"), "\(live.stderr)")
        // The library states it; the command line's advice names the options.
        #expect(
            live.stderr.contains("error: --operator sgv: no page layout is known for SGV's site")
                && live.stderr.contains("; leave out --live, --base-url, --pages, --index-url and --snapshot"),
            "\(live.stderr)")
        let unknown = try await CLI.runOffPool(["fleet", "check", "--operator", "xyz"])
        #expect(
            unknown.status == 64
                && unknown.stderr.contains("--operator: no operator \"xyz\"; operators: zsg, sgv, cgn"),
            "\(unknown.stderr)")
    }

    @Test func publishingGivesOnePackagePerLakeWithEveryOperatorsShips() async throws {
        let folder = RepositoryPaths.temporaryDirectory("publish")
        let site = folder.appendingPathComponent("site")
        let result = try await CLI.runOffPool([
            "ratings", "--operator", "urh", "--out", folder.appendingPathComponent("urh").path, "--data",
            try RepositoryPaths.copyOfData().path, "--publish", site.path,
            "--no-progress",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        // URh sails Lake Constance beside SBS: its package holds both fleets' ships.
        let manifestURL = site.appendingPathComponent("bodensee/manifest.json")
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any])
        let current = try #require(manifest["current"] as? String)
        let bytes = try Data(contentsOf: site.appendingPathComponent("bodensee/\(current)"))
        // The manifest names the file by its content: sha256sum agrees.
        let file = site.appendingPathComponent("bodensee/\(current)").path
        let sum = try await CLI.runOffPool(["sha256sum", file], executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(sum.stdout.hasPrefix((manifest["sha256"] as? String ?? "?") + " "), "\(sum.stdout)")
        #expect(manifest["bytes"] as? Int == bytes.count)
        let table = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        let names = Set((table["ships"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
        #expect(names == ["MS Schaffhausen", "MS Munot", "MS Thurgau", "MS St. Gallen"])
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("manifest.json").path))
    }

    /// `ratings publish --operator sgv` checks the table against the operator's own fleet file: a
    /// ship SGV retired leaves its table as a retirement, not a loss (it used to be checked
    /// against Lake Zurich's fleet.json, which knows no SGV ship, and was refused as a regression).
    @Test func publishingAnOperatorsTableReadsItsOwnFleetFileForRetirements() async throws {
        let folder = RepositoryPaths.temporaryDirectory("publish-retired")
        let data = try RepositoryPaths.copyOfData().path
        let site = folder.appendingPathComponent("site").path
        func nextwave(_ arguments: [String]) async throws -> CLI.Result {
            try await CLI.runOffPool(arguments + ["--data", data])
        }
        let before = folder.appendingPathComponent("before").path
        let after = folder.appendingPathComponent("after").path
        let rated = try await nextwave(["ratings", "--operator", "sgv", "--out", before, "--no-progress"])
        #expect(rated.status == 0, "\(rated.stderr)")
        let first = try await nextwave([
            "ratings", "publish", before + "/ship-ratings.json", "--to", site, "--operator", "sgv",
        ])
        #expect(first.status == 0, "\(first.stderr)")
        let retired = try await nextwave(["fleet", "retire", "Uri", "--since", "2026-11-01", "--operator", "sgv"])
        #expect(retired.status == 0, "\(retired.stderr)")
        let again = try await nextwave(["ratings", "--operator", "sgv", "--out", after, "--no-progress"])
        #expect(again.status == 0, "\(again.stderr)")
        let publish = ["ratings", "publish", after + "/ship-ratings.json", "--to", site, "--operator", "sgv"]
        let review = try await nextwave(publish + ["--dry-run"])
        #expect(
            review.status == 0 && review.stdout.contains("Uri") && review.stdout.contains("retired"), "\(review.stdout)"
        )
        let second = try await nextwave(publish)
        #expect(second.status == 0, "\(second.stdout)\n\(second.stderr)")
    }

    @Test func aGTFSImportForALakeTakesItsAgencies() async throws {
        // The mini feed with its ZSG agency renumbered as SGV's (185).
        let fixture = RepositoryPaths.root.appendingPathComponent("Tests/ScheduleArchiveTests/Fixtures/gtfs-mini")
        let feed = RepositoryPaths.temporaryDirectory("gtfs")
        for name in try FileManager.default.contentsOfDirectory(atPath: fixture.path) {
            var text = try String(contentsOf: fixture.appendingPathComponent(name), encoding: .utf8)
            if name == "agency.txt" || name == "routes.txt" {
                text = text.replacingOccurrences(of: "\"194\"", with: "\"185\"")
            }
            try Data(text.utf8).write(to: feed.appendingPathComponent(name))
        }
        let archive = RepositoryPaths.temporaryDirectory("archive")
        let lucerne = try await CLI.runOffPool([
            "archive", "import-gtfs", feed.path, "--archive", archive.path, "--lake", "Vierwald", "--no-progress",
        ])
        #expect(lucerne.status == 0, "\(lucerne.stderr)")
        #expect(lucerne.stderr.contains("Vierwaldstättersee: agencies 185"), "\(lucerne.stderr)")
        #expect((lucerne.stdout + lucerne.stderr).contains("imported 12 departures"), "\(lucerne.stderr)")
        let unknown = try await CLI.runOffPool([
            "archive", "import-gtfs", feed.path, "--archive", archive.path, "--lake", "Hallwil",
        ])
        #expect(unknown.status == 64 && unknown.stderr.contains("no GTFS agency id is known for Hallwilersee"))
    }
}
