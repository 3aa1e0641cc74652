import Foundation
import JSONText
import SafeFiles
import Testing
import _TestSupport

/// `nextwave wake` and `nextwave calibrate` end to end.
@Suite struct WakeCommandTests {
    @Test func jsonHasEveryDocumentedKeyAndNullsInsteadOfNaN() async throws {
        // 30 km/h over 2 m is supercritical (F_h 1.88): no cusp waves; 18 km/h over 10 m is not.
        let r = try await CLI.runOffPool([
            "wake", "--ship", "MS Albis", "--speeds", "18,30", "--track-depth", "2,10", "--depths", "1.5",
            "--distances", "20:60:20", "--json", "--no-progress",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stdout.contains("nan") && !r.stdout.contains("inf"))
        let document = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let ship = (document["ships"] as! [[String: Any]])[0]
        #expect(ship["name"] as? String == "MS Albis")
        let hull = ship["hull"] as! [String: Any]
        #expect(
            Set(hull.keys) == [
                "lengthM", "beamM", "displacementT", "draftM", "blockCoefficient", "entranceLengthM", "defaults",
            ])
        #expect(hull["defaults"] as? [String] == ["blockCoefficient", "draftM", "entranceLengthM"])
        let points = ship["points"] as! [[String: Any]]
        let pointCount: Int = 2 * 2 * 3
        #expect(points.count == pointCount)
        // Speed, track depth, rider depth, distance order; depthM is the rider's.
        let speeds: [Double] = [18, 18, 18, 18, 18, 18, 30, 30, 30, 30, 30, 30]
        #expect(points.map { $0["speedKmh"] as! Double } == speeds)
        #expect(points.prefix(6).map { $0["trackDepthM"] as! Double } == [2, 2, 2, 10, 10, 10])
        #expect(points.allSatisfy { $0["depthM"] as? Double == 1.5 })
        let keys: Set<String> = [
            "speedKmh", "trackDepthM", "depthM", "distanceM", "models", "generated", "waveHeightM", "shoaling",
            "refraction", "breaking", "directionDeg", "celerityMPerS", "wavelengthM", "periodS", "groupVelocityMPerS",
            "energyJPerM2", "energyFluxWPerM", "shorewardFluxWPerM", "energyPerWaveJPerM", "flags", "uncertainty",
            "domain",
        ]
        for p in points { #expect(Set(p.keys) == keys) }
        let generatedKeys: Set<String> = [
            "waveHeightM", "froudeLength", "froudeDepth", "regime", "cuspAngleDeg", "celerityMPerS", "wavelengthM",
            "periodS", "groupVelocityMPerS",
        ]
        for p in points { #expect(Set((p["generated"] as! [String: Any]).keys) == generatedKeys) }
        let supercritical = points[6]
        let generated = supercritical["generated"] as! [String: Any]
        #expect((generated["froudeDepth"] as! Double) > 1 && generated["regime"] as? String == "supercritical")
        for key in [
            "directionDeg", "celerityMPerS", "wavelengthM", "periodS", "energyFluxWPerM", "waveHeightM", "shoaling",
        ] {
            #expect(supercritical[key] is NSNull, "\(key)")
        }
        #expect((supercritical["flags"] as! [String]).contains { $0.hasPrefix("supercritical") })
        let models = supercritical["models"] as! [String: [String: Any]]
        #expect(Set(models.keys) == ["kriebelSeelig2005", "sorensenWeggel1984", "pianc1987"])
        #expect(models.values.allSatisfy { $0["waveHeightM"] is Double })  // given even when invalid
        #expect(models["pianc1987"]?["inEnsemble"] as? Bool == false)
        // Over 10 m the wave reaches the rider in 1.5 m: K = K_s K_r, and the height is the
        // generated one times K (no cap at this distance).
        let deep = points[3]
        let atRider = (deep["waveHeightM"] as! [String: Double])["median"]!
        let atTrack = ((deep["generated"] as! [String: Any])["waveHeightM"] as! [String: Double])["median"]!
        let k = (deep["shoaling"] as! Double) * (deep["refraction"] as! Double)
        #expect(abs(atRider - atTrack * k) < 1e-12 * atRider && deep["breaking"] as? Bool == false)
        // The band is the causes combined in quadrature of their logarithms; a speed given by hand
        // has no speed cause, and Albis's defaulted hull has the other four.
        let causes = deep["uncertainty"] as! [String: [String: Double]]
        #expect(Set(causes.keys) == ["entranceLength", "blockCoefficient", "waterlineLength", "models"])
        let band = deep["waveHeightM"] as! [String: Double]
        for (end, sign) in [("low", -1.0), ("high", 1.0)] {
            let total = causes.values.map { log($0[end]!) * log($0[end]!) }.reduce(0, +).squareRoot()
            let expected = atRider * exp(sign * total)
            #expect(abs(band[end == "low" ? "min" : "max"]! - expected) < 1e-12 * expected, "\(end)")
        }
    }

    /// "Panta Rhei, 50 m off, I stand in 3 m": the ship still sails over the track's depth, so the
    /// rider's shallow spot changes the wave by K alone — it does not turn the lake into 3 m of
    /// water (which made it 0.108 m, less than in 10 m, and 0.008 m at 25 km/h).
    @Test func theRidersDepthIsNotTheTracks() async throws {
        func height(_ arguments: [String]) throws -> [String: Any] {
            let r = try CLI.run(
                ["wake", "--ship", "MS Panta Rhei", "--distances", "50", "--json", "--no-progress"] + arguments)
            #expect(r.status == 0, "\(r.stderr)")
            let document = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
            return ((document["ships"] as! [[String: Any]])[0]["points"] as! [[String: Any]])[0]
        }
        let shallow = try height(["--speeds", "18", "--depths", "3"])
        let deep = try height(["--speeds", "18", "--depths", "10"])
        #expect(shallow["trackDepthM"] as? Double == 10 && deep["trackDepthM"] as? Double == 10)
        let generated = { (p: [String: Any]) in
            ((p["generated"] as! [String: Any])["waveHeightM"] as! [String: Double])["median"]!
        }
        #expect(generated(shallow) == generated(deep))
        let rider = { (p: [String: Any]) in (p["waveHeightM"] as! [String: Double])["median"]! }
        #expect(
            abs(rider(shallow) / rider(deep) - (shallow["shoaling"] as! Double) * (shallow["refraction"] as! Double))
                < 1e-12)
        // Faster over the same track, a higher wave (24 km/h: F_h 0.67); at 25 km/h the track is
        // trans-critical (F_h 0.70): the height where F_h is 0.7, flagged as a lower bound, and
        // more than at 24 km/h — never a tiny number, never nothing.
        let fast = try height(["--speeds", "24", "--depths", "3"])
        #expect(rider(fast) > rider(shallow))
        let faster = try height(["--speeds", "25", "--depths", "3"])
        #expect(rider(faster) > rider(fast))
        #expect(
            (faster["flags"] as! [String]).contains { $0.hasPrefix("trans-critical") && $0.contains("lower bound") })
    }

    /// "Which ship makes the biggest wave where I stand?": each ship at its own operating speed
    /// (with its basis and standard error), the speed's share in the band, and one ranking in
    /// text, JSON, CSV and Markdown.
    @Test func serviceSpeedsAndTheRankingAtASpot() async throws {
        let one = try await CLI.runOffPool([
            "wake", "--ship", "MS Panta Rhei", "--speeds", "service", "--distances", "50", "--json", "--no-progress",
        ])
        #expect(one.status == 0, "\(one.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(one.stdout.utf8)) as! [String: Any]
        let ship = (document["ships"] as! [[String: Any]])[0]
        let speed = ship["operatingSpeed"] as! [String: Any]
        #expect(speed["basis"] as? String == "courses" && (speed["spreadKmh"] as! Double) > 0)
        let points = ship["points"] as! [[String: Any]]
        #expect(points.count == 1 && points[0]["speedKmh"] as? Double == speed["kmh"] as? Double)
        let causes = points[0]["uncertainty"] as! [String: [String: Double]]
        let share = try #require(causes["speed"])
        #expect(share["low"]! < 1 && share["high"]! > 1)

        let out = RepositoryPaths.temporaryDirectory()
        let fleet = ["MS Panta Rhei", "EMS Fluvius", "EMS Uetliberg", "MS Albis"].flatMap { ["--ship", $0] }
        let many = try await CLI.runOffPool(
            ["wake", "--speeds", "service", "--distances", "50", "--no-progress", "--out", out.path] + fleet)
        #expect(many.status == 0, "\(many.stderr)")
        let text = try await CLI.runOffPool(
            ["wake", "--speeds", "service", "--distances", "50", "--no-progress"] + fleet)
        #expect(text.stdout.contains("Largest wave first"), "\(text.stdout)")
        let json = try await CLI.runOffPool(
            ["wake", "--speeds", "service", "--distances", "50", "--no-progress", "--json"] + fleet)
        let ranking = (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any])["ranking"]
        let spot = try #require((ranking as? [[String: Any]])?.first)
        let ranked = spot["ships"] as! [[String: Any]]
        let heights = ranked.map { $0["waveHeightM"] as! Double }
        #expect(heights == heights.sorted(by: >) && ranked.count == 4)
        // Uetliberg, at its class's Admiralty estimate (17.0 ± 2.4 km/h), makes the largest wave by
        // its central height, but not surely: Panta Rhei and Albis share its rank.
        #expect(ranked.map { $0["name"] as? String } == ["EMS Uetliberg", "MS Panta Rhei", "MS Albis", "EMS Fluvius"])
        #expect(ranked.map { $0["rank"] as? Int } == [1, 1, 1, 4])
        #expect(ranked.last?["rank"] as? Int == 4, "Fluvius's 12 km/h is exact: no tie with the others")
        // Uetliberg sails at its Albis sisters' speed, so it outranks the lighter Albis.
        let names = ranked.map { $0["name"] as! String }
        #expect(names.firstIndex(of: "EMS Uetliberg")! < names.firstIndex(of: "MS Albis")!)
        let md = try String(contentsOf: out.appendingPathComponent("wake.md"), encoding: .utf8)
        #expect(
            md.contains("## Largest wave first") && md.contains("| 1 | EMS Uetliberg |")
                && md.contains("| =1 | MS Panta Rhei |"), "\(md)")
        let csv = CSVText.parse(try String(contentsOf: out.appendingPathComponent("wake.csv"), encoding: .utf8))
        for column in ["speedLow", "speedHigh", "modelsLow", "modelsHigh", "entranceLengthLow"] {
            #expect(csv[0].contains(column), "\(column) in \(csv[0])")
        }
    }

    /// The whole fleet: the ranking says which ships it could not compute (Lake Zurich's fleet file
    /// has no length, beam or displacement for MS Zimmerberg and MS Forch), in the text, the JSON
    /// and wake.md. Where no ship has an operating speed (Lake Lucerne's file has top speeds only),
    /// the error groups the ships and names the fleet command that records one for that operator.
    @Test func theWholeFleetSaysWhichShipsItCouldNotCompute() async throws {
        let out = RepositoryPaths.temporaryDirectory()
        let text = try await CLI.runOffPool(["wake", "--distances", "50", "--quiet", "--out", out.path])
        #expect(text.status == 0, "\(text.stderr)")
        let line = "Not computed: MS Zimmerberg, MS Forch (no published length, beam, displacement)."
        #expect(try String(contentsOf: out.appendingPathComponent("wake.md"), encoding: .utf8).contains(line))
        let chart = try String(contentsOf: out.appendingPathComponent("wake-chart.svg"), encoding: .utf8)
        #expect(chart.contains(line), "the chart names them too")
        let shown = try await CLI.runOffPool(["wake", "--distances", "50", "--quiet"])
        #expect(shown.stdout.hasSuffix(line + "\n"), "\(shown.stdout)")
        let json = try await CLI.runOffPool(["wake", "--distances", "50", "--quiet", "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let leftOut = try #require(document["leftOut"] as? [[String: String]])
        #expect(leftOut.map { $0["name"] } == ["MS Zimmerberg", "MS Forch"])
        #expect(leftOut.allSatisfy { $0["reason"] == "no published length, beam, displacement" })

        let lucerne = try await CLI.runOffPool(["wake", "--operator", "sgv", "--speeds", "service", "--quiet"])
        #expect(lucerne.status == 64, "\(lucerne.stderr)")
        #expect(
            lucerne.stderr.contains("no operating speed for DS Uri, DS Unterwalden, DS Schiller"), "\(lucerne.stderr)")
        #expect(lucerne.stderr.split(separator: "(no published service speed").count == 3, "two reasons, once each")
        #expect(lucerne.stderr.contains("`nextwave fleet set NAME --service-speed KMH --source URL --operator sgv`"))
        #expect(lucerne.stderr.contains("; give --speeds KMH, or record"), "\(lucerne.stderr)")
        let walensee = try await CLI.runOffPool(["wake", "--operator", "walensee", "--quiet"])
        #expect(walensee.status == 65 && walensee.stderr.contains("MS Alvier (no published displacement)"))
    }

    /// Curated hull values leave the band: a block coefficient and an entrance length set with a
    /// source are no longer defaults, and their causes vanish from the uncertainty.
    @Test func curatedHullValuesLeaveTheBand() async throws {
        let fleet = RepositoryPaths.temporaryDirectory().appendingPathComponent("fleet.json")
        try FileManager.default.copyItem(at: RepositoryPaths.data.appendingPathComponent("fleet.json"), to: fleet)
        let set = try await CLI.runOffPool([
            "fleet", "set", "MS Panta Rhei", "--block-coefficient", "0.6", "--entrance-length", "18",
            "--source", "https://example.org/lines-plan", fleet.path,
        ])
        #expect(set.status == 0, "\(set.stderr)")
        let r = try await CLI.runOffPool([
            "wake", "--ship", "MS Panta Rhei", "--fleet", fleet.path, "--speeds", "17", "--distances", "50", "--json",
            "--no-progress",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let ship =
            ((try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any])["ships"]
            as! [[String: Any]])[0]
        let hull = ship["hull"] as! [String: Any]
        #expect(hull["blockCoefficient"] as? Double == 0.6 && hull["entranceLengthM"] as? Double == 18)
        #expect(hull["defaults"] as? [String] == [])  // its draft is curated too
        let causes = (ship["points"] as! [[String: Any]])[0]["uncertainty"] as! [String: Any]
        #expect(Set(causes.keys) == ["waterlineLength", "models"])
    }

    /// A track no deeper than the draft is refused by name, in `wake` and `grid` alike.
    @Test func agroundIsRefusedByName() async throws {
        let wake = try await CLI.runOffPool([
            "wake", "--ship", "MS Panta Rhei", "--track-depth", "1.2", "--no-progress",
        ])
        #expect(wake.status == 64)
        #expect(wake.stderr.contains("aground") && wake.stderr.contains("MS Panta Rhei draws 1.39 m"), "\(wake.stderr)")
        let grid = try await CLI.runOffPool(["grid", "--speeds", "18", "--track-depths", "1:2:0.5", "--no-progress"])
        #expect(grid.status == 64)
        #expect(grid.stderr.contains("aground") && grid.stderr.contains("MS Panta Rhei draws 1.39 m"), "\(grid.stderr)")
        #expect(grid.stdout.isEmpty)
        // The rider may stand in water shallower than any draft.
        let rider = try await CLI.runOffPool(["wake", "--ship", "MS Panta Rhei", "--depths", "0.5", "--no-progress"])
        #expect(rider.status == 0, "\(rider.stderr)")
    }

    /// Every hull figure makes the hull the command's own: a draft beside --ship, or a block
    /// coefficient alone, is refused naming what is missing, not silently ignored.
    @Test func aHullFigureIsNeverIgnored() async throws {
        for arguments in [
            ["--ship", "MS Panta Rhei", "--draft", "2"], ["--block-coefficient", "0.6"], ["--entrance-length", "12"],
        ] {
            let r = try await CLI.runOffPool(["wake"] + arguments + ["--no-progress"])
            #expect(r.status == 64, "\(arguments)")
            #expect(r.stderr.contains("an explicit hull needs --length, --beam and --displacement"), "\(r.stderr)")
        }
        let both = try await CLI.runOffPool([
            "wake", "--ship", "MS Panta Rhei", "--length", "42.4", "--beam", "7.3", "--displacement", "149",
            "--no-progress",
        ])
        #expect(both.status == 64 && both.stderr.contains("give --ship or an explicit hull, not both"))
    }

    /// The help lists the ship, the operating point and the outputs; the scraping options are
    /// under --help-hidden, and still work.
    @Test func helpListsTheOperatingPointNotTheScraping() async throws {
        let help = try await CLI.runOffPool(["wake", "--help"]).stdout
        let ship = try #require(help.range(of: "--ship <NAME>"))
        let track = try #require(help.range(of: "--track-depth <RANGE>"))
        let json = try #require(help.range(of: "\n  --json "))
        #expect(ship.lowerBound < track.lowerBound && track.lowerBound < json.lowerBound)
        #expect(!help.contains("--snapshot <DIR>") && help.contains("--help-hidden"))
        let hidden = try await CLI.runOffPool(["wake", "--help-hidden"]).stdout
        #expect(hidden.contains("--snapshot <DIR>") && hidden.contains("--max-run-time"))
        let replay = try await CLI.runOffPool([
            "wake", "--ship", "MS Albis", "--snapshot", RepositoryPaths.snapshot.path, "--no-progress",
        ])
        #expect(replay.status == 0, "\(replay.stderr)")
    }

    @Test func tableCSVAndReportFolder() async throws {
        let out = RepositoryPaths.temporaryDirectory()
        let csv = out.appendingPathComponent("points.csv")
        let r = try await CLI.runOffPool([
            "wake", "--length", "54", "--beam", "10.5", "--displacement", "530.145", "--draft", "1.7",
            "--block-coefficient", "0.55", "--entrance-length", "13.5", "--speeds", "18", "--track-depth", "10",
            "--depths", "10", "--distances", "50", "--csv", csv.path, "--out",
            out.appendingPathComponent("report").path,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = CSVText.parse(try String(contentsOf: csv, encoding: .utf8))
        #expect(rows.count == 2)
        let ks = try #require(Double(rows[1][rows[0].firstIndex(of: "kriebelSeelig2005M")!]))
        #expect(abs(ks - 0.264) < 0.0005)  // the Kriebel & Seelig reference case
        for file in ["wake.csv", "wake.md", "wake-chart.svg"] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("report/\(file)").path))
        }
        #expect(try Data(contentsOf: csv) == Data(contentsOf: out.appendingPathComponent("report/wake.csv")))
        let table = try await CLI.runOffPool(["wake", "--ship", "EMS Fluvius", "--no-progress"])
        #expect(table.status == 0 && table.stdout.contains("EMS Fluvius: L 22.5 m"))
        let unknown = try await CLI.runOffPool(["wake", "--ship", "Pantarei", "--no-progress"])
        #expect(unknown.status == 64 && unknown.stderr.contains("MS Panta Rhei"), "\(unknown.stderr)")
        let implausible = try await CLI.runOffPool(["wake", "--length", "1e-7", "--beam", "3", "--displacement", "20"])
        // A value no hull can have, given on the command line: a usage error (64, README's table).
        #expect(implausible.status == 64 && implausible.stderr.contains("lengthM"), "\(implausible.stderr)")
    }

    /// --csv and --out are one set of outputs: when the folder cannot be made (a file stands
    /// where it should be), the CSV is not written either (exit 73), and an earlier one stays.
    @Test func theCSVAndTheFolderAreWrittenTogetherOrNotAtAll() async throws {
        let folder = RepositoryPaths.temporaryDirectory()
        let csv = folder.appendingPathComponent("points.csv")
        let blocker = folder.appendingPathComponent("blocker")
        try Data("a file".utf8).write(to: blocker)
        let arguments = ["wake", "--ship", "MS Panta Rhei", "--distances", "50", "--csv", csv.path, "--no-progress"]
        let r = try await CLI.runOffPool(arguments + ["--out", blocker.appendingPathComponent("report").path])
        #expect(r.status == 73 && r.stderr.contains(blocker.path), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: csv.path))
        try Data("earlier".utf8).write(to: csv)
        _ = try await CLI.runOffPool(arguments + ["--out", blocker.appendingPathComponent("report").path])
        #expect(try Data(contentsOf: csv) == Data("earlier".utf8))
    }

    @Test func calibrateWritesTheDocumentedFileAndWakeUsesIt() async throws {
        let out = RepositoryPaths.temporaryDirectory().appendingPathComponent("calibration.json")
        let chart = out.deletingLastPathComponent().appendingPathComponent("chart.svg")
        let r = try await CLI.runOffPool([
            "calibrate", "--observations", RepositoryPaths.data.appendingPathComponent("observations/example.csv").path,
            "--out", out.path, "--chart", chart.path,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("48 observations"))
        // The models by their authors, as the chart names them, and the bias factor's direction
        // in words: the JSON's keys (kriebelSeelig2005, …) are for programs.
        for title in ["Kriebel & Seelig (2005) ", "Sorensen & Weggel (1984) ", "Ensemble (Kriebel & Seelig, PIANC) "] {
            #expect(r.stdout.contains("\n" + title), "\(r.stdout)")
        }
        #expect(!r.stdout.contains("kriebelSeelig2005"))
        #expect(r.stdout.contains("Bias factor: measured ÷ model height"))
        #expect(r.stderr.contains("48 of 48 observations are marked illustrative"), "\(r.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as! [String: Any]
        #expect(document["observations"] as? Int == 48)
        let law = document["powerLaw"] as! [String: Any]
        let names = (law["coefficients"] as! [[String: Any]]).map { $0["name"] as! String }
        #expect(names == ["intercept", "ln(V²/g)", "ln(y/L)", "ln(F_h)", "ln(D/(ρ_t L B))"])
        for key in ["residualStandardError", "rSquared", "leaveOneOutRmse"] { #expect(law[key] is Double) }
        let models = document["models"] as! [String: [String: Any]]
        #expect(Set(models.keys) == ["kriebelSeelig2005", "sorensenWeggel1984", "pianc1987", "ensemble"])
        #expect(Set(models["pianc1987"]!.keys) == ["count", "logBias", "factor", "logRmse"])
        // One panel per model, the ensemble and the fit, each with its 1:1 line.
        let svg = try String(contentsOf: chart, encoding: .utf8)
        for title in [
            "Kriebel &amp; Seelig (2005)", "Sorensen &amp; Weggel (1984)", "PIANC (1987)",
            // The central height's models (docs/SCIENCE.md §5.2): it named Sorensen & Weggel.
            ">Ensemble (Kriebel &amp; Seelig, PIANC)</text>", "Fitted power law",
        ] {
            #expect(svg.contains(title), "\(title)")
        }
        #expect(svg.components(separatedBy: "stroke=\"#888\"").count == 6)

        let wake = try await CLI.runOffPool([
            "wake", "--ship", "MS Albis", "--distances", "50", "--calibration", out.path, "--json", "--no-progress",
        ])
        #expect(wake.status == 0, "\(wake.stderr)")
        let point =
            ((try JSONSerialization.jsonObject(with: Data(wake.stdout.utf8)) as! [String: Any])["ships"]
            as! [[String: Any]])[0]["points"] as! [[String: Any]]
        let calibrated = (point[0]["models"] as! [String: [String: Any]])["calibrated"]!
        let (h, low, high) = (
            calibrated["waveHeightM"] as! Double, calibrated["lower95"] as! Double, calibrated["upper95"] as! Double
        )
        #expect(low < h && h < high)
        // The text marks an extrapolated calibrated height with "*", as the JSON's "valid": false,
        // and says under the table what the mark means.
        let fluvius = ["wake", "--ship", "EMS Fluvius", "--distances", "20,200", "--calibration", out.path]
        let text = try await CLI.runOffPool(fluvius + ["--no-progress"])
        let json = try await CLI.runOffPool(fluvius + ["--json", "--no-progress"])
        let valid =
            (((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any])["ships"]
            as! [[String: Any]])[0]["points"] as! [[String: Any]]).map {
                ((($0["models"] as! [String: Any])["calibrated"] as! [String: Any])["valid"] as! Bool)
            }
        let rows = text.stdout.split(separator: "\n").filter { $0.hasPrefix(" 18.0") }
        #expect(rows.count == 2 && valid.count == 2)
        // (After the mark come the point's notes: 18 km/h is above Fluvius's 16 km/h top speed.)
        #expect(rows.map { !$0.contains("*") } == valid, "\(text.stdout)")
        #expect(valid.contains(false))
        #expect(
            text.stdout.contains("\n* calibrated: extrapolated (a speed, distance, depth or hull value lies outside\n"))
    }

    @Test func badObservationFilesSayWhereAndWhy() async throws {
        let dir = RepositoryPaths.temporaryDirectory()
        let bad = dir.appendingPathComponent("bad.csv")
        try Data("lengthM,beamM,speedKmh\n1,2,3\n".utf8).write(to: bad)
        let r = try await CLI.runOffPool(["calibrate", "--observations", bad.path])
        #expect(
            r.status == 65 && r.stderr.contains("missing columns displacementT, trackDepthM, distanceM, heightM"),
            "\(r.stderr)")
        let one = dir.appendingPathComponent("one.csv")
        try Data("lengthM,beamM,displacementT,speedKmh,depthM,distanceM\n1,2,3,4,5,6\n".utf8).write(to: one)
        let single = try await CLI.runOffPool(["calibrate", "--observations", one.path])
        #expect(single.status == 65 && single.stderr.contains("missing column heightM;"), "\(single.stderr)")
        let flat = dir.appendingPathComponent("flat.csv")
        var text = "lengthM,beamM,displacementT,speedKmh,depthM,distanceM,heightM\n"
        for i in 0..<10 { text += "40,8,120,18,10,\(20 + i * 5),0.3\n" }
        text += "40,8,120,18,10,80,oops\n"
        try Data(text.utf8).write(to: flat)
        let r2 = try await CLI.runOffPool(["calibrate", "--observations", flat.path])
        #expect(r2.status == 65)
        #expect(r2.stderr.contains("line 12, column heightM: \"oops\" is not a number"), "\(r2.stderr)")
        #expect(r2.stderr.contains("rank-deficient"), "\(r2.stderr)")
    }

    @Test func ratingsByTheWakeModel() async throws {
        let out = RepositoryPaths.temporaryDirectory()
        let r = try await CLI.runOffPool([
            "ratings", "--model", "wake", "--distance", "30", "--depth", "2", "--out", out.path, "--no-progress",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let table =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: out.appendingPathComponent("ship-ratings.json"))) as! [String: Any]
        #expect(table["schemaVersion"] as? Int == 5)
        let model = table["model"] as! [String: Any]
        #expect(model["name"] as? String == "wake-ensemble")
        let wake = model["wake"] as! [String: Any]
        #expect(wake["distanceM"] as? Double == 30 && wake["speedMode"] as? String == "operating")
        #expect(wake["trackDepthM"] as? Double == 10 && wake["riderDepthM"] as? Double == 2 && wake["depthM"] == nil)
        // The riders' rating is published where there is one; elsewhere the wake model's.
        for ship in table["ships"] as! [[String: Any]] {
            let byModel = ship["ratingsByModel"] as! [String: Any]
            let riders = (ship["riderRating"] as? [String: Any])?["rating"]
            #expect("\(ship["rating"]!)" == "\(riders ?? byModel["wake"]!)")
            #expect(ship["ratingBasis"] as? String == (riders == nil ? "wave height at the rider" : "riders"))
        }
        // The ships with a height but no wake rating are named under the table, not left as "–".
        let unrated = (table["ships"] as! [[String: Any]]).filter {
            $0["wake"] is [String: Any] && !(($0["ratingsByModel"] as? [String: Any])?["wake"] is Int)
        }.map { $0["name"] as! String }
        #expect(!unrated.isEmpty)
        #expect(
            r.stdout.contains(
                "Wake –: a height, but no wake rating for \(unrated.count) ships (\(unrated.joined(separator: ", "))); "
                    + "ratings.md says why."), "\(r.stdout)")
        let md = try String(contentsOf: out.appendingPathComponent("ratings.md"), encoding: .utf8)
        #expect(
            md.contains("## Agreement with the app's ratings") && md.contains("## Legacy and wake side by side")
                && md.contains("leave-one-out") && md.contains("### Operating speeds"))
        let schema = try JSONSchema(
            contentsOf: RepositoryPaths.root.appendingPathComponent("schemas/ship-ratings.schema.json"))
        #expect(schema.violations(ofJSON: try Data(contentsOf: out.appendingPathComponent("ship-ratings.json"))) == [])
    }

    /// At the documented reference point (50 m off, rider in 3 m, track 10 m, operating speeds)
    /// the wake model gives at least two distinct ratings, each ship's whole speed range on one
    /// side of every threshold; the ships whose estimated speed spans a threshold say so; EMS
    /// Uetliberg sails at its Albis sisters' speed; stdout shows the wake model's own figures.
    @Test func theWakeModelSeparatesTheBundledFleetWhereItsBandsAllow() async throws {
        let out = RepositoryPaths.temporaryDirectory()
        let r = try await CLI.runOffPool(["ratings", "--model", "wake", "--out", out.path, "--no-progress"])
        #expect(r.status == 0, "\(r.stderr)")
        let header = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("Ship") })
        #expect(header.contains("H rider (m)") && header.contains("Band (m)") && !header.contains("E (J"), "\(header)")
        let table =
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("ship-ratings.json")))
            as! [String: Any]
        let ships = table["ships"] as! [[String: Any]]
        let thresholds = ((table["model"] as! [String: Any])["wake"] as! [String: Any])["thresholdHeightsM"] as! [Any]
        let present = thresholds.compactMap { $0 as? Double }
        var ratings = Set<Int>()
        for ship in ships {
            guard let rating = (ship["ratingsByModel"] as! [String: Any])["wake"] as? Int else { continue }
            ratings.insert(rating)
            // Rated: the speed's share of the band stays on one side of every threshold.
            let wake = ship["wake"] as! [String: Any]
            let h = (wake["waveHeightM"] as! [String: Double])["median"]!
            let speed = (wake["uncertainty"] as? [String: [String: Double]])?["speed"] ?? ["low": 1, "high": 1]
            for t in present { #expect((h * speed["low"]! > t) == (h * speed["high"]! > t), "\(ship["name"]!)") }
        }
        #expect(ratings.count >= 2, "\(ratings)")
        let md = try String(contentsOf: out.appendingPathComponent("ratings.md"), encoding: .utf8)
        #expect(md.contains("MS Limmat: rated 2 by the riders; the wake model cannot rate it (its speed"), "\(md)")
        func wake(_ name: String) -> [String: Any] {
            ships.first { $0["name"] as? String == name }!["wake"] as! [String: Any]
        }
        #expect(wake("EMS Uetliberg")["speedBasis"] as? String == "sisterShip")
        #expect(wake("EMS Uetliberg")["speedKmh"] as? Double == wake("MS Albis")["speedKmh"] as? Double)
    }
}
