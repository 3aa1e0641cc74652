import Foundation
import Testing
import _TestSupport

/// Sessions a rider can use, through the binary (issue: sessions for riders).
@Suite(.serialized) struct RiderSessionsTests {
    /// The bundled archive's raw files, with deployment files only for `deploymentDays`.
    func archive(deploymentDays: [String]? = nil) throws -> URL {
        let archive = RepositoryPaths.temporaryDirectory("archive")
        try FileManager.default.copyItem(
            at: RepositoryPaths.archive.appendingPathComponent("stationboards"),
            to: archive.appendingPathComponent("stationboards"))
        let deployments = archive.appendingPathComponent("deployments")
        try FileManager.default.copyItem(
            at: RepositoryPaths.archive.appendingPathComponent("deployments"), to: deployments)
        if let keep = deploymentDays {
            for name in try FileManager.default.contentsOfDirectory(atPath: deployments.path)
            where !keep.contains(String(name.prefix(10))) {
                try FileManager.default.removeItem(at: deployments.appendingPathComponent(name))
            }
        }
        return archive
    }

    func json(_ url: URL) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
    }

    @Test func stationsByNameEverywhere() async throws {
        let out = RepositoryPaths.temporaryDirectory()
        let r = try await CLI.runOffPool([
            "sessions", "--station", "wadenswil", "--station", "Stäfa", "--out", out.path,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let days = try json(out.appendingPathComponent("sessions.json"))["days"] as! [[String: Any]]
        #expect(Set(days.map { $0["stationId"] as! String }) == ["8503670", "8503665"])
        let unknown = try await CLI.runOffPool(["sessions", "--station", "Wadensvil", "--out", out.path])
        #expect(
            unknown.status == 64 && unknown.stderr.contains("did you mean \"Wädenswil (See)\""), "\(unknown.stderr)")
        let ambiguous = try await CLI.runOffPool(["sessions", "--station", "zürich", "--out", out.path])
        #expect(ambiguous.status == 64 && ambiguous.stderr.contains("\"zürich\" names"), "\(ambiguous.stderr)")
        let id = try await CLI.runOffPool(["sessions", "--station", "1234567", "--out", out.path])
        #expect(id.status == 64 && id.stderr.contains("no station \"1234567\""))
        let list = try await CLI.runOffPool(["stations", "--search", "wad", "--json"])
        let stations = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as! [[String: Any]]
        #expect(
            stations.map { $0["stationId"] as? String } == ["8503670"] && stations[0]["lake"] as? String == "Zürichsee")
    }

    @Test func fetchTakesALakeAndDaysMeansThatManyDays() async throws {
        let server = try LocalHTTPServer { path, _ in
            path.hasPrefix("/v1/stationboard") ? .status(503) : .status(404)
        }
        defer { server.stop() }
        let archive = RepositoryPaths.temporaryDirectory("archive")
        let r = try await CLI.runOffPool([
            "archive", "fetch", "--archive", archive.path, "--lake", "Zürichsee", "--days", "2", "--from", "2026-09-22",
            "--api-url", server.baseURL.absoluteString, "--no-deployments", "--delay", "0", "--attempts", "1",
        ])
        let lake = try await CLI.runOffPool(["stations", "--lake", "Zürichsee", "--json"])
        let count = (try JSONSerialization.jsonObject(with: Data(lake.stdout.utf8)) as! [Any]).count
        // One request per station of the lake and day: two days, not three.
        #expect(server.requestLog.count == count * 2, "\(r.stderr)")
        #expect(server.requestLog.filter { $0.hasSuffix("date=2026-09-23") }.count == count)
        #expect(!server.requestLog.contains { $0.hasSuffix("date=2026-09-24") })
    }

    @Test func wavesAreListedInTheJSONAndWavesCSV() async throws {
        let out = RepositoryPaths.temporaryDirectory()
        let r = try await CLI.runOffPool(["sessions", "--lake", "Zürichsee", "--out", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        let document = try json(out.appendingPathComponent("sessions.json"))
        let days = document["days"] as! [[String: Any]]
        let waves = days.flatMap { $0["waveList"] as! [[String: Any]] }
        #expect(waves.count == days.reduce(0) { $0 + ($1["waves"] as! Int) })
        let first = waves[0]
        #expect(
            (first["time"] as! String).range(
                of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:00\+0[12]:00$"#, options: .regularExpression) != nil)
        #expect(first["shipSource"] as? String == "known" && first["points"] != nil && first["course"] is String)
        let coverage = document["coverage"] as! [String: Any]
        #expect(coverage["knownShipWaves"] as? Int == waves.count)
        let rows = CSVText.parse(try String(contentsOf: out.appendingPathComponent("waves.csv"), encoding: .utf8))
        #expect(rows.count == waves.count + 1)
        #expect(rows[0].prefix(6) == ["waveId", "stationId", "stationName", "date", "time", "timeLocal"])
        // The app's wave id: station, UTC instant, course without leading zeros.
        for row in rows.dropFirst() {
            let (id, station, course) = (row[0], row[1], row[6])
            #expect(id.hasPrefix(station + "_") && id.hasSuffix("Z_" + course), "\(id)")
        }
        // Each day's distinct sessions share no time.
        for day in days {
            let distinct = (day["distinctSessions"] as! [[String: Any]]).map {
                ($0["start"] as! String, $0["end"] as! String)
            }
            for (i, a) in distinct.enumerated() {
                for b in distinct[(i + 1)...] { #expect(!(a.0 <= b.1 && b.0 <= a.1)) }
            }
        }
        // sessions.csv: ISO datetimes with offsets.
        let sessions = CSVText.parse(
            try String(contentsOf: out.appendingPathComponent("sessions.csv"), encoding: .utf8))
        let start = sessions[0].firstIndex(of: "start")!
        #expect(sessions[1][start].hasSuffix("+02:00") && sessions[1][start].contains("T"))
        // Days without a session say why.
        let horgen = days.first { $0["stationName"] as? String == "Horgen (See)" }!
        #expect((horgen["noSession"] as? String)?.contains("no 3 within 2 h") == true)
    }

    @Test func predictionsFillDaysWithoutAssignmentsAndSayHowMany() async throws {
        // Assignments for three of the ten days; the others are predicted from those.
        let archive = try archive(deploymentDays: ["2026-09-22", "2026-09-23", "2026-09-24"])
        let out = RepositoryPaths.temporaryDirectory()
        let r = try await CLI.runOffPool(["sessions", "--archive", archive.path, "--out", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        let coverage = try json(out.appendingPathComponent("sessions.json"))["coverage"] as! [String: Any]
        let predicted = coverage["predictedShipWaves"] as! Int
        #expect(predicted > 0 && coverage["knownShipWaves"] as! Int > 0)
        #expect(r.stderr.contains("with a known ship, \(predicted) predicted"), "\(r.stderr)")
        #expect(!r.stderr.contains("scores reflect how often ships pass"))
        let markdown = try String(contentsOf: out.appendingPathComponent("sessions.md"), encoding: .utf8)
        #expect(markdown.contains("\(predicted) predicted"))

        // Without predictions, most waves are unknown and the run says what that means.
        let off = try await CLI.runOffPool([
            "sessions", "--archive", archive.path, "--out", out.path, "--predict", "off",
        ])
        #expect(off.status == 0 && off.stderr.contains("scores reflect how often ships pass"), "\(off.stderr)")
        let offMarkdown = try String(contentsOf: out.appendingPathComponent("sessions.md"), encoding: .utf8)
        #expect(offMarkdown.contains("**Warning:**") && offMarkdown.contains("Predictions are off"))
    }

    /// `today` scores as the plan does, with the same choices: on a day without assignments its
    /// waves take predicted ships ("MS Forch? 100 %"), or none with --predict off; --sun app
    /// takes the sun times of the app's single point (47.0136 N, 8.4324 E; DOMAIN.md §4), as
    /// `nextwave sun` gives them for those coordinates.
    @Test func todayTakesThePlansPredictAndSunChoices() async throws {
        let archive = try archive(deploymentDays: ["2026-09-22", "2026-09-23", "2026-09-24"])
        let day = ["today", "--station", "Stäfa", "--date", "2026-09-28", "--archive", archive.path]
        let departures = { (r: CLI.Result) in r.stdout.split(separator: "\n").filter { $0.first?.isNumber == true } }
        let on = try await CLI.runOffPool(day)
        #expect(on.status == 0 && !departures(on).isEmpty, "\(on.stderr)")
        #expect(departures(on).allSatisfy { $0.contains("? ") && $0.hasSuffix("%") }, "\(on.stdout)")
        let off = try await CLI.runOffPool(day + ["--predict", "off"])
        #expect(off.status == 0 && departures(off).count == departures(on).count, "\(off.stderr)")
        #expect(departures(off).allSatisfy { $0.hasSuffix("ship unknown") }, "\(off.stdout)")
        let app = try await CLI.runOffPool(day + ["--sun", "app"])
        let sun = try await CLI.runOffPool(["sun", "--lat", "47.0136", "--lon", "8.4324", "--date", "2026-09-28"])
        func time(_ label: String, in text: String) throws -> String? {
            try Regex("\(label) +([0-9]{2}:[0-9]{2})").firstMatch(in: text).flatMap { $0[1].substring.map(String.init) }
        }
        for label in ["sunrise", "sunset"] {
            let expected = try #require(try time(label, in: sun.stdout), "\(sun.stdout)")
            #expect(try time(label, in: app.stdout) == expected, "\(app.stdout)")
        }
        #expect(try time("sunrise", in: on.stdout) != time("sunrise", in: app.stdout), "Stäfa's own sun, by default")
    }

    @Test func todayIsADate() async throws {
        let r = try await CLI.runOffPool([
            "sessions", "--from", "today", "--to", "today", "--out", RepositoryPaths.temporaryDirectory().path,
        ])
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "Europe/Zurich")
        formatter.dateFormat = "yyyy-MM-dd"
        let today = formatter.string(from: Date())
        #expect(r.stderr.contains("\(today) lies past the archive"), "\(r.stderr)")
    }

    /// Dates in the wrong order are refused (64) before the run says anything else: the error is
    /// stderr's only line, not one after the tables chosen.
    @Test func reversedDatesAreTheOnlyThingSaid() async throws {
        let r = try await CLI.runOffPool([
            "sessions", "--from", "2026-09-25", "--to", "2026-09-22", "--quiet",
            "--out", RepositoryPaths.temporaryDirectory().path,
        ])
        #expect(r.status == 64 && r.stderr == "error: --from 2026-09-25 is after --to 2026-09-22\n", "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test func archiveStatusShowsAssignmentCoverage() async throws {
        let archive = try archive(deploymentDays: ["2026-09-22"])
        let r = try await CLI.runOffPool(["archive", "status", "--archive", archive.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Ship assignments by lake and timetable period"))
        #expect(r.stdout.contains("Zürichsee  Sommerfahrplan"), "\(r.stdout)")
    }
}
