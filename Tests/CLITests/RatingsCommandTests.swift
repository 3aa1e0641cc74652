import Foundation
import Testing
import _TestSupport

/// `nextwave ratings` end to end, through the built binary.
@Suite struct RatingsCommandTests {
    let outputs = ["schiffsdaten.csv", "ship-ratings.json", "ship-ratings.csv", "ratings.md", "ratings-chart.svg"]

    @Test func defaultRunWritesEveryOutputAndTheLegacyCSV() async throws {
        let out = RepositoryPaths.temporaryDirectory()
        let r = try await CLI.runOffPool(["ratings", "--out", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        for file in outputs {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(file).path), "\(file)")
        }
        #expect(
            try Data(contentsOf: out.appendingPathComponent("schiffsdaten.csv"))
                == Data(contentsOf: RepositoryPaths.legacyCSV))
        #expect(r.stdout.contains("MS Panta Rhei") && r.stdout.contains("77347"))
        let md = try String(contentsOf: out.appendingPathComponent("ratings.md"), encoding: .utf8)
        #expect(md.contains("## Against the app's hard-coded ratings"))
        #expect(md.contains("The published ratings equal the app's"), "the riders' ratings are the app's")
        // The report opens with where a model disagrees with the riders: the steamer rates 3 by
        // the legacy formulas with its hull beam, 2 by the riders.
        #expect(
            md.range(of: "## Where a model disagrees with the riders")!.lowerBound
                < md.range(of: "## Ratings")!.lowerBound)
        #expect(md.contains("| DS Stadt Zürich | 2 | legacy (selected) | 3 | energy 484 J/m²"), "\(md)")
        let svg = try String(contentsOf: out.appendingPathComponent("ratings-chart.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<svg") && svg.contains("stroke-dasharray"))
        // The bars follow the riders' ratings; where the legacy thresholds drawn give another, the
        // label says which: DS Stadt Zürich, 484 J/m² (above 250: legacy 3), riders 2; MS Panta
        // Rhei, 488 J/m², riders 3 as well.
        #expect(svg.contains(">DS Stadt Zürich (2, legacy 3)</text>") && svg.contains(">MS Panta Rhei (3)</text>"))
        // The two ships the fleet file has no dimensions for are named, not left out silently.
        #expect(svg.contains(">Not drawn (no length, beam or displacement): MS Zimmerberg, MS Forch</text>"))
        // Each figure is drawn after the threshold lines, on a white halo: no line runs through it.
        let lastLine = try #require(svg.range(of: "stroke-dasharray", options: .backwards))
        let figure = try #require(svg.range(of: "paint-order=\"stroke\">77347</text>"))
        #expect(lastLine.lowerBound < figure.lowerBound)
        // No temporary files left behind.
        let left = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasPrefix(".") }
        #expect(left.isEmpty)
    }

    /// `ratings show --ship` gives computed heights to the centimetre and the speed to 0.1 km/h
    /// (it printed 0.630759 m at 16.8725 km/h), and no trailing blanks where a value has no source.
    @Test func oneShipsDetailsReadAsAPersonWouldSayThem() async throws {
        let out = RepositoryPaths.temporaryDirectory()
        #expect(try await CLI.runOffPool(["ratings", "--out", out.path]).status == 0)
        let shown = try await CLI.runOffPool(["ratings", "show", out.path, "--ship", "Panta Rhei"])
        #expect(shown.status == 0, "\(shown.stderr)")
        // The legacy CSV of the maintainer's script gives Panta Rhei's H as 0.63 m.
        let legacy = try String(
            contentsOf: RepositoryPaths.root.appendingPathComponent("Data/reference/schiffsdaten-2025-01-14.csv"),
            encoding: .utf8)
        let row = try #require(legacy.split(separator: "\n").first { $0.hasPrefix("Motorschiff Panta Rhei,") })
        let height = row.split(separator: ",")[12]
        #expect(height == "0.63")
        #expect(shown.stdout.contains("  legacy H          \(height) m\n"), "\(shown.stdout)")
        // The wake speed of the table, rounded here to 0.1 km/h.
        let table =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: out.appendingPathComponent("ship-ratings.json"))) as! [String: Any]
        let ship = (table["ships"] as! [[String: Any]]).first { $0["name"] as? String == "MS Panta Rhei" }!
        let speed = (ship["wake"] as! [String: Any])["speedKmh"] as! Double
        #expect(shown.stdout.contains(" at \(String(format: "%.1f", speed)) km/h ("), "\(shown.stdout)")
        let unsourced = try await CLI.runOffPool(["ratings", "show", out.path, "--ship", "MS Zimmerberg"])
        #expect(unsourced.stdout.contains("  length            –\n"), "\(unsourced.stdout)")
        #expect(unsourced.stdout.split(separator: "\n").allSatisfy { !$0.hasSuffix(" ") })
        // A name the table lacks offers its closest names, as `wake --ship` does, and exits 64;
        // a name close to none lists every ship.
        let typo = try await CLI.runOffPool(["ratings", "show", out.path, "--ship", "panta"])
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("has no ship \"panta\"; did you mean \"MS Panta Rhei\""), "\(typo.stderr)")
        let tablePath = out.appendingPathComponent("ship-ratings.json").path
        #expect(typo.stderr.contains("(nextwave ratings show \(tablePath) lists them all)"), "\(typo.stderr)")
        let none = try await CLI.runOffPool(["ratings", "show", out.path, "--ship", "Queen Mary"])
        #expect(none.status == 64)
        #expect(none.stderr.contains("; it has MS Panta Rhei, DS Stadt Rapperswil,"), "\(none.stderr)")
    }

    @Test func liveScrapeOfALocalMirrorGivesTheSameFigures() async throws {
        let server = try LocalHTTPServer(handler: SnapshotServer.handler())
        defer { server.stop() }
        let out = RepositoryPaths.temporaryDirectory()
        let saved = RepositoryPaths.temporaryDirectory()
        let r = try await CLI.runOffPool([
            "ratings", "--base-url", server.baseURL.absoluteString, "--delay", "0", "--out", out.path,
            "--save-snapshot", saved.path,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let legacy = try String(contentsOf: RepositoryPaths.legacyCSV, encoding: .utf8)
            .replacingOccurrences(of: "https://www.zsg.ch", with: server.baseURL.absoluteString)
        #expect(try String(contentsOf: out.appendingPathComponent("schiffsdaten.csv"), encoding: .utf8) == legacy)
        #expect(server.requestLog.count == 11)
        // The saved snapshot replays offline to the same CSV.
        server.stop()
        let replay = RepositoryPaths.temporaryDirectory()
        let r2 = try await CLI.runOffPool(["ratings", "--snapshot", saved.path, "--out", replay.path])
        #expect(r2.status == 0, "\(r2.stderr)")
        #expect(try String(contentsOf: replay.appendingPathComponent("schiffsdaten.csv"), encoding: .utf8) == legacy)
    }

    @Test func failingScrapeLeavesThePreviousOutputsUntouched() async throws {
        let out = RepositoryPaths.temporaryDirectory()
        #expect(try await CLI.runOffPool(["ratings", "--out", out.path]).status == 0)
        let before = try outputs.map { try Data(contentsOf: out.appendingPathComponent($0)) }
        // A ship page without the technical table: the layout changed.
        let server = try LocalHTTPServer(
            handler: SnapshotServer.handler { path, _ in
                path.hasSuffix("/ms-linth")
                    ? .html(#"<div class="ce_headline"><h1>Motorschiff Linth</h1></div><p>Neu!</p>"#) : nil
            })
        defer { server.stop() }
        let r = try await CLI.runOffPool([
            "ratings", "--base-url", server.baseURL.absoluteString, "--delay", "0", "--out", out.path,
        ])
        #expect(r.status == 65)
        #expect(r.stderr.contains("/ms-linth") && r.stderr.contains("layout"))
        let after = try outputs.map { try Data(contentsOf: out.appendingPathComponent($0)) }
        #expect(before == after)
    }

    @Test func indexWithoutShipLinksFailsLoudly() async throws {
        let server = try LocalHTTPServer { _, _ in .html("<html><body><p>Neue Website</p></body></html>") }
        defer { server.stop() }
        let out = RepositoryPaths.temporaryDirectory()
        let r = try await CLI.runOffPool([
            "ratings", "--base-url", server.baseURL.absoluteString, "--delay", "0", "--out", out.path,
        ])
        #expect(r.status == 65)
        #expect(r.stderr.contains("no ship links"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }

    @Test func fewerShipsDoNotReplaceABetterTable() async throws {
        let out = RepositoryPaths.temporaryDirectory()
        #expect(try await CLI.runOffPool(["ratings", "--out", out.path]).status == 0)
        let before = try Data(contentsOf: out.appendingPathComponent("ship-ratings.json"))
        // The index now lists only Panta Rhei.
        let server = try LocalHTTPServer(
            handler: SnapshotServer.handler { path, _ in
                guard path.hasSuffix("/schiff-mieten") else { return nil }
                return .html(
                    #"<ul class="vlist level_3"><li><a href="de/gruppen-firmen/eventlocation-mieten/schiff-mieten/ms-panta-rhei">PR</a></li></ul>"#
                )
            })
        defer { server.stop() }
        let args = ["ratings", "--base-url", server.baseURL.absoluteString, "--delay", "0", "--out", out.path]
        let r = try await CLI.runOffPool(args)
        #expect(r.status == 1)
        #expect(r.stderr.contains("worse than") && r.stderr.contains("MS Helvetia"))
        #expect(try Data(contentsOf: out.appendingPathComponent("ship-ratings.json")) == before)
        // The maintainer can accept it explicitly.
        let accepted = try await CLI.runOffPool(args + ["--accept-regression"])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        let md = try String(contentsOf: out.appendingPathComponent("ratings.md"), encoding: .utf8)
        #expect(md.contains("Changes against the previous table"))
    }

    /// Against the app's own table, the default run rates every ship as the app does (the
    /// riders' ratings of the fleet file); without them, Forch and Zimmerberg would lose the
    /// app's 1, and the gate holds against --previous as against the table in --out.
    @Test func diffAgainstAPreviousTableListsReratedShips() async throws {
        let app = RepositoryPaths.data.appendingPathComponent("app-ratings.json").path
        let out = RepositoryPaths.temporaryDirectory()
        let same = try await CLI.runOffPool(["ratings", "--out", out.path, "--previous", app, "--diff"])
        #expect(same.status == 0, "\(same.stderr)")
        #expect(!same.stdout.contains("re-rated:"), "\(same.stdout)")
        let table =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: out.appendingPathComponent("ship-ratings.json"))) as! [String: Any]
        let appTable =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: app))) as! [String: Any]
        let rated = Dictionary(
            uniqueKeysWithValues: (table["ships"] as! [[String: Any]]).map { ($0["name"] as! String, $0) })
        for ship in appTable["ships"] as! [[String: Any]] {
            let ours = try #require(rated[ship["name"] as! String])
            #expect(ours["rating"] as? Int == ship["rating"] as? Int && ours["ratingBasis"] as? String == "riders")
        }

        let fleet = RepositoryPaths.temporaryDirectory().appendingPathComponent("fleet.json")
        var object = try JSONSerialization.jsonObject(with: Data(contentsOf: RepositoryPaths.fleet)) as! [String: Any]
        object["ships"] = (object["ships"] as! [[String: Any]]).map { ship in ship.filter { $0.key != "riderRating" } }
        try JSONSerialization.data(withJSONObject: object).write(to: fleet)
        let fresh = RepositoryPaths.temporaryDirectory()
        let args = ["ratings", "--out", fresh.path, "--previous", app, "--fleet", fleet.path]
        let held = try await CLI.runOffPool(args)
        #expect(held.status == 1 && held.stderr.contains("MS Forch was rated 1 and is unrated now"), "\(held.stderr)")
        #expect(held.stderr.contains("--rider-rating N --source URL --reason TEXT"), "the command that resolves it")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fresh.path).isEmpty)
        let r = try await CLI.runOffPool(args + ["--accept-regression"])
        #expect(r.status == 0, "\(r.stderr)")
        let md = try String(contentsOf: fresh.appendingPathComponent("ratings.md"), encoding: .utf8)
        #expect(md.contains("- re-rated: DS Stadt Zürich 2 → 3"))
        #expect(md.contains("- re-rated: MS Forch 1 → unrated"))
    }

    @Test func operatingPointChangesTheFigures() async throws {
        let out = RepositoryPaths.temporaryDirectory()
        let r = try await CLI.runOffPool(["ratings", "--speed", "25", "--track-depth", "3", "--out", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("ship-ratings.json")))
            as! [String: Any]
        let model = json["model"] as! [String: Any]
        #expect(model["speedKmh"] as? Double == 25 && model["depthM"] as? Double == 3)
        let ships = json["ships"] as! [[String: Any]]
        let forch = ships.first { $0["name"] as? String == "MS Forch" }!
        // Explicit nulls, not missing keys: no model rates Forch (the riders do).
        #expect(forch["waveHeightM"] is NSNull && (forch["ratingsByModel"] as? [String: Any])?["legacy"] is NSNull)
        #expect(forch["rating"] as? Int == 1 && forch["ratingBasis"] as? String == "riders")
    }

    /// The review flags reach `ratings publish` (they went to the parent `ratings` command,
    /// which parses first: `ratings publish --dry-run` published).
    @Test func publishHonoursDryRunAcceptRegressionAndAllowLocalSources() async throws {
        let folder = RepositoryPaths.temporaryDirectory("publish-flags")
        let site = folder.appendingPathComponent("site")
        let dry = try await CLI.runOffPool([
            "ratings", "publish", "--data", try RepositoryPaths.copyOfData().path, CLIFixtures.ratingTable.path, "--to",
            site.path, "--dry-run",
        ])
        #expect(dry.status == 0 && dry.stdout.contains("Dry run: nothing published"), "\(dry.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site.path), "a dry run published")
        let first = try await CLI.runOffPool([
            "ratings", "publish", "--data", try RepositoryPaths.copyOfData().path, CLIFixtures.ratingTable.path, "--to",
            site.path,
        ])
        #expect(first.status == 0, "\(first.stderr)")
        // A table that lost a ship regresses against the published one.
        var table = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: CLIFixtures.ratingTable)) as? [String: Any])
        table["ships"] = Array(try #require(table["ships"] as? [[String: Any]]).dropLast())
        let smaller = folder.appendingPathComponent("smaller.json")
        try JSONSerialization.data(withJSONObject: table).write(to: smaller)
        let refused = try await CLI.runOffPool([
            "ratings", "publish", "--data", try RepositoryPaths.copyOfData().path, smaller.path, "--to", site.path,
        ])
        #expect(refused.status == 1, "\(refused.stderr)")
        let accepted = try await CLI.runOffPool([
            "ratings", "publish", "--data", try RepositoryPaths.copyOfData().path, smaller.path, "--to", site.path,
            "--accept-regression",
        ])
        #expect(accepted.status == 0 && accepted.stderr.contains("published"), "\(accepted.stderr)")
        // A table that cites this machine is refused unless the mirror run is said aloud.
        var ships = try #require(table["ships"] as? [[String: Any]])
        var source = try #require(ships[0]["source"] as? [String: Any])
        source["page"] = "http://127.0.0.1:8080/ms-panta-rhei"
        ships[0]["source"] = source
        table["ships"] = ships
        let local = folder.appendingPathComponent("local.json")
        try JSONSerialization.data(withJSONObject: table).write(to: local)
        let mirror = try await CLI.runOffPool([
            "ratings", "publish", "--data", try RepositoryPaths.copyOfData().path, local.path, "--to", site.path,
        ])
        #expect(mirror.status == 1 && mirror.stderr.contains("on this machine"), "\(mirror.stderr)")
        let allowed = try await CLI.runOffPool([
            "ratings", "publish", "--data", try RepositoryPaths.copyOfData().path, local.path, "--to", site.path,
            "--allow-local-sources",
        ])
        #expect(allowed.status == 0, "\(allowed.stderr)")
    }

    /// The app's ratings file, broken by an edit, is named with why and where: the warning
    /// said only "app ratings not readable". The table is still written (the comparison is a
    /// report, not an input of the ratings).
    @Test func anUnreadableAppRatingsFileSaysWhy() async throws {
        let out = RepositoryPaths.temporaryDirectory()
        let broken = out.appendingPathComponent("app-ratings.json")
        try Data("{\"schemaVersion\": 4\n  \"ships\": []}\n".utf8).write(to: broken)
        let r = try await CLI.runOffPool(["ratings", "--out", out.path, "--app-ratings", broken.path, "--no-progress"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stderr.contains(
                "warning: \(broken.path): not a rating table: invalid JSON at line 2, column 3; the report skips "
                    + "the comparison with the app's ratings"), "\(r.stderr)")
        // A file named on the command line that is not there is a mistyped path: an error, and
        // nothing is written (it was the same warning, and the run went on).
        let elsewhere = RepositoryPaths.temporaryDirectory()
        let missing = try await CLI.runOffPool([
            "ratings", "--out", elsewhere.path, "--app-ratings", "/nonexistent/app.json", "--no-progress",
        ])
        #expect(missing.status == 66, "\(missing.stderr)")
        #expect(
            missing.stderr.contains("error: /nonexistent/app.json: no such file (--app-ratings)"), "\(missing.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    /// A folder of tables (Data/ratings/) is not a table; the message names the tables in it, and
    /// a folder without any says what it lacks.
    @Test func aFolderOfTablesNamesThem() async throws {
        let folder = RepositoryPaths.temporaryDirectory()
        let r = try await CLI.runOffPool(["ratings", "show", folder.path])
        #expect(r.status == 66)
        #expect(r.stderr == "error: \(folder.path): holds neither ship-ratings.json nor a publishing manifest.json\n")
        for name in ["zsg.json", "sgv.json"] {
            try FileManager.default.copyItem(at: CLIFixtures.ratingTable, to: folder.appendingPathComponent(name))
        }
        let named = try await CLI.runOffPool(["ratings", "show", folder.path])
        #expect(
            named.stderr.contains(
                "; it holds sgv.json, zsg.json: give one of them, e.g. \(folder.appendingPathComponent("sgv.json").path)"
            ),
            "\(named.stderr)")
    }

    @Test func badArgumentsAreExplained() async throws {
        let r = try await CLI.runOffPool(["ratings", "--speed", "-3"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("--speed"))
        let help = try await CLI.runOffPool(["ratings", "--help"])
        #expect(help.status == 0)
        #expect(
            help.stdout.contains("--base-url") && help.stdout.contains("--save-snapshot")
                && help.stdout.contains("atomically"))
        // Where the pages come from and how they are fetched are sections of their own, and the
        // usage line names the choices a maintainer makes (it read "<options> <subcommand>").
        #expect(help.stdout.contains("\nFLEET PAGES:\n  --snapshot <DIR>"), "\(help.stdout)")
        #expect(help.stdout.contains("\nREQUESTS TO THE SITE:\n  --delay <SECONDS>"), "\(help.stdout)")
        #expect(help.stdout.contains("USAGE: nextwave ratings [--live | --snapshot <DIR>] [--out <DIR>]"))
        let snapshotAndLive = try await CLI.runOffPool(["ratings", "--live", "--snapshot", "x"])
        #expect(snapshotAndLive.status != 0 && snapshotAndLive.stderr.contains("--snapshot"))
    }
}

@Suite struct GridCommandTests {
    @Test func gridRowsEqualTheScalarFormulas() async throws {
        let out = RepositoryPaths.temporaryDirectory().appendingPathComponent("grid.csv")
        let r = try await CLI.runOffPool(["grid", "--speeds", "10:30:5", "--track-depths", "2:6:2", "--out", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = try String(contentsOf: out, encoding: .utf8).split(separator: "\n")
        #expect(lines.first?.hasPrefix("ship,speedKmh,trackDepthM,waveHeightM") == true)
        // 15 rated ships with dimensions × 5 speeds × 3 depths
        let rows: Int = 15 * 5 * 3
        #expect(lines.count == 1 + rows)
        #expect(r.stderr.contains("wrote 225 rows (15 ships × 5 speeds × 3 track depths) to "), "\(r.stderr)")
        // One speed and one depth are counted in English ("1 speeds" before).
        let single = try await CLI.runOffPool([
            "grid", "--out", out.deletingLastPathComponent().appendingPathComponent("one.csv").path,
        ])
        #expect(single.stderr.contains("wrote 15 rows (15 ships × 1 speed × 1 track depth) to "), "\(single.stderr)")
        let header = lines[0].split(separator: ",").map(String.init)
        for line in lines.dropFirst() where line.hasPrefix("MS Bachtel,") {
            let cells = Dictionary(uniqueKeysWithValues: zip(header, line.split(separator: ",").map(String.init)))
            let v = Double(cells["speedKmh"]!)! / 3.6
            let h = Double(cells["trackDepthM"]!)!
            let frL = v / (9.81 * 33.3).squareRoot()
            let frH = v / (9.81 * h).squareRoot()
            var H = (frL < 0.4 ? 0.04 : 0.02) * 64 * v * v / (33.3 * 6.3)
            if frH > 0.7 { H *= 1 + (frH - 0.7) }
            #expect(abs(Double(cells["waveHeightM"]!)! - H) <= 1e-12 * H)
            #expect(abs(Double(cells["forceNPerM2"]!)! - 1000 * 9.81 * H * v * v / 2) <= 1e-9 * H * v * v * 5000)
        }
    }

    /// Without ranges, the grid is the fleet at the ratings' point, 18 km/h over 10 m: MS Panta
    /// Rhei's row carries the legacy script's figures for it (its 2025-01-14 CSV: 0.63 m,
    /// 488 J/m², 77347 N/m²).
    @Test func withoutRangesTheGridIsTheRatingsPoint() async throws {
        let r = try await CLI.runOffPool(["grid", "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let header = lines[0].split(separator: ",").map(String.init)
        #expect(lines.count == 1 + 15, "\(lines.count)")
        let legacy = try String(contentsOf: RepositoryPaths.legacyCSV, encoding: .utf8).split(separator: "\n")
        let panta = try #require(legacy.first { $0.hasPrefix("Motorschiff Panta Rhei,") }).split(separator: ",")
        let row = try #require(lines.first { $0.hasPrefix("MS Panta Rhei,") })
        let cells = Dictionary(uniqueKeysWithValues: zip(header, row.split(separator: ",").map(String.init)))
        #expect(cells["speedKmh"] == "18" || Double(cells["speedKmh"] ?? "") == 18)
        #expect(Double(cells["trackDepthM"] ?? "") == 10)
        let height = try #require(Double(cells["waveHeightM"] ?? ""))
        let energy = try #require(Double(cells["energyJPerM2"] ?? ""))
        let force = try #require(Double(cells["forceNPerM2"] ?? ""))
        #expect(String(format: "%.2f", height) == String(panta[12]))
        #expect(String(format: "%.0f", energy) == String(panta[16]))
        #expect(String(format: "%.0f", force) == String(panta[18]))
        // The help opens with the grid's own options and its usage names them; where the
        // figures come from (the options of `ratings`) is under --help-hidden, as in `wake`.
        let help = try await CLI.runOffPool(["grid", "--help"]).stdout
        #expect(help.contains("(default: 18)"))
        #expect(help.contains("USAGE: nextwave grid [--speeds <RANGE>] [--track-depths <RANGE>]"), "\(help)")
        let options = try #require(help.range(of: "OPTIONS:\n"))
        #expect(help[options.upperBound...].hasPrefix("  --speeds <RANGE>"), "\(help)")
        #expect(!help.contains("--snapshot <DIR>") && help.contains("--help-hidden"))
        #expect(try await CLI.runOffPool(["grid", "--help-hidden"]).stdout.contains("--snapshot <DIR>"))
        // The two ships the fleet file has no dimensions for are named, not dropped silently.
        #expect(
            r.stderr == "warning: not in the grid: MS Zimmerberg, MS Forch (no published length, beam, displacement)\n",
            "\(r.stderr)")
        // A fleet with no ship to compute (the Walensee's one ship has no published displacement)
        // is bad data, with the command that records the figures for that operator.
        let walensee = try await CLI.runOffPool(["grid", "--operator", "walensee", "--quiet"])
        #expect(walensee.status == 65 && walensee.stdout.isEmpty, "\(walensee.stderr)")
        #expect(walensee.stderr.contains("MS Alvier (no published displacement)"), "\(walensee.stderr)")
        #expect(walensee.stderr.contains("--displacement T --source URL --operator walensee`"), "\(walensee.stderr)")
    }

    @Test func badRangeIsRejected() async throws {
        let r = try await CLI.runOffPool(["grid", "--speeds", "30:10:1", "--depths", "2"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("speeds"))
    }
}
