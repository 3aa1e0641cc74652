import Foundation
import Testing
import _TestSupport

/// `nextwave wake` and `nextwave calibrate` end to end.
@Suite struct WakeCommandTests {
    @Test func jsonHasEveryDocumentedKeyAndNullsInsteadOfNaN() throws {
        // 30 km/h over 2 m is supercritical (F_h 1.88): no cusp waves.
        let r = try CLI.run([
            "wake", "--ship", "MS Albis", "--speeds", "18,30", "--depths", "2,10", "--distances", "20:60:20", "--json",
            "--no-progress",
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
        #expect(points.count == 2 * 2 * 3)
        // Speed, depth, distance order.
        #expect(points.map { $0["speedKmh"] as! Double } == [18, 18, 18, 18, 18, 18, 30, 30, 30, 30, 30, 30])
        #expect(points.prefix(6).map { $0["depthM"] as! Double } == [2, 2, 2, 10, 10, 10])
        let keys: Set<String> = [
            "speedKmh", "depthM", "distanceM", "models", "waveHeightM", "froudeLength", "froudeDepth", "cuspAngleDeg",
            "celerityMPerS", "wavelengthM", "periodS", "groupVelocityMPerS", "energyJPerM2", "energyFluxWPerM",
            "shorewardFluxWPerM", "energyPerWaveJPerM", "flags",
        ]
        for p in points { #expect(Set(p.keys) == keys) }
        let supercritical = points[6]
        #expect((supercritical["froudeDepth"] as! Double) > 1)
        for key in ["cuspAngleDeg", "celerityMPerS", "wavelengthM", "periodS", "groupVelocityMPerS", "energyFluxWPerM"]
        {
            #expect(supercritical[key] is NSNull, "\(key)")
        }
        #expect((supercritical["flags"] as! [String]).contains { $0.hasPrefix("supercritical") })
        let models = supercritical["models"] as! [String: [String: Any]]
        #expect(Set(models.keys) == ["kriebelSeelig2005", "sorensenWeggel1984", "pianc1987"])
        #expect(models.values.allSatisfy { $0["waveHeightM"] is Double })  // given even when invalid
    }

    @Test func tableCSVAndReportFolder() throws {
        let out = RepositoryPaths.temporaryDirectory()
        let csv = out.appendingPathComponent("points.csv")
        let r = try CLI.run([
            "wake", "--length", "54", "--beam", "10.5", "--displacement", "530.145", "--draft", "1.7",
            "--block-coefficient", "0.55", "--entrance-length", "13.5", "--speeds", "18", "--depths", "10",
            "--distances", "50", "--csv", csv.path, "--out", out.appendingPathComponent("report").path,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = CSVText.parse(try String(contentsOf: csv, encoding: .utf8))
        #expect(rows.count == 2)
        let ks = try #require(Double(rows[1][rows[0].firstIndex(of: "kriebelSeelig2005M")!]))
        #expect(abs(ks - 0.264) < 0.0005)  // the Kriebel & Seelig reference case
        for file in ["wake.csv", "wake.md", "wake-chart.svg"] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("report/\(file)").path))
        }
        let table = try CLI.run(["wake", "--ship", "EMS Fluvius", "--no-progress"])
        #expect(table.status == 0 && table.stdout.contains("EMS Fluvius: L 22.5 m"))
        let unknown = try CLI.run(["wake", "--ship", "Pantarei", "--no-progress"])
        #expect(unknown.status == 1 && unknown.stderr.contains("MS Panta Rhei"), "\(unknown.stderr)")
        let implausible = try CLI.run(["wake", "--length", "1e-7", "--beam", "3", "--displacement", "20"])
        #expect(implausible.status == 1 && implausible.stderr.contains("lengthM"), "\(implausible.stderr)")
    }

    @Test func calibrateWritesTheDocumentedFileAndWakeUsesIt() throws {
        let out = RepositoryPaths.temporaryDirectory().appendingPathComponent("calibration.json")
        let r = try CLI.run([
            "calibrate", "--observations", RepositoryPaths.data.appendingPathComponent("observations/example.csv").path,
            "--out", out.path,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("48 observations"))
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as! [String: Any]
        #expect(document["observations"] as? Int == 48)
        let law = document["powerLaw"] as! [String: Any]
        let names = (law["coefficients"] as! [[String: Any]]).map { $0["name"] as! String }
        #expect(names == ["intercept", "ln(V²/g)", "ln(y/L)", "ln(F_h)", "ln(D/(ρ_t L B))"])
        for key in ["residualStandardError", "rSquared", "leaveOneOutRmse"] { #expect(law[key] is Double) }
        let models = document["models"] as! [String: [String: Any]]
        #expect(Set(models.keys) == ["kriebelSeelig2005", "sorensenWeggel1984", "pianc1987"])
        #expect(Set(models["pianc1987"]!.keys) == ["count", "logBias", "factor", "logRmse"])

        let wake = try CLI.run([
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
    }

    @Test func badObservationFilesSayWhereAndWhy() throws {
        let dir = RepositoryPaths.temporaryDirectory()
        let bad = dir.appendingPathComponent("bad.csv")
        try Data("lengthM,beamM,speedKmh\n1,2,3\n".utf8).write(to: bad)
        let r = try CLI.run(["calibrate", "--observations", bad.path])
        #expect(r.status == 1 && r.stderr.contains("missing column(s) displacementT"), "\(r.stderr)")
        let flat = dir.appendingPathComponent("flat.csv")
        var text = "lengthM,beamM,displacementT,speedKmh,depthM,distanceM,heightM\n"
        for i in 0..<10 { text += "40,8,120,18,10,\(20 + i * 5),0.3\n" }
        text += "40,8,120,18,10,80,oops\n"
        try Data(text.utf8).write(to: flat)
        let r2 = try CLI.run(["calibrate", "--observations", flat.path])
        #expect(r2.status == 1)
        #expect(r2.stderr.contains("line 12, column heightM: \"oops\" is not a number"), "\(r2.stderr)")
        #expect(r2.stderr.contains("rank-deficient"), "\(r2.stderr)")
    }

    @Test func ratingsByTheWakeModel() throws {
        let out = RepositoryPaths.temporaryDirectory()
        let r = try CLI.run([
            "ratings", "--model", "wake", "--speed", "service", "--distance", "30", "--out", out.path, "--no-progress",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let table =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: out.appendingPathComponent("ship-ratings.json"))) as! [String: Any]
        #expect(table["schemaVersion"] as? Int == 2)
        let model = table["model"] as! [String: Any]
        #expect(model["name"] as? String == "wake-ensemble")
        let wake = model["wake"] as! [String: Any]
        #expect(wake["distanceM"] as? Double == 30 && wake["speedMode"] as? String == "service")
        for ship in table["ships"] as! [[String: Any]] {
            let byModel = ship["ratingsByModel"] as! [String: Any]
            #expect("\(ship["rating"]!)" == "\(byModel["wake"]!)")
        }
        let md = try String(contentsOf: out.appendingPathComponent("ratings.md"), encoding: .utf8)
        #expect(
            md.contains("## Agreement with the app's ratings")
                && md.contains("## Why the wake model and the riders disagree"))
        let schema = try JSONSchema(
            contentsOf: RepositoryPaths.root.appendingPathComponent("schemas/ship-ratings.schema.json"))
        #expect(schema.violations(ofJSON: try Data(contentsOf: out.appendingPathComponent("ship-ratings.json"))) == [])
    }
}
