import Foundation
import JSONText
import SafeFiles
import Testing
import _TestSupport

/// `nextwave feed`: the app's feed of coming waves from the bundled archive.
@Suite struct FeedCommandTests {
    static func schema(_ name: String) throws -> JSONSchema {
        try JSONSchema(contentsOf: RepositoryPaths.root.appendingPathComponent("schemas/\(name)"))
    }

    static func json(_ url: URL) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
    }

    static func feed(_ site: URL, _ arguments: [String] = []) async throws -> CLI.Result {
        try await CLI.runOffPool(
            ["feed", "--from", "2026-09-22", "--days", "2", "--out", site.path, "--no-progress"] + arguments,
            environment: ["SOURCE_DATE_EPOCH": "1790000000"])
    }

    /// The files validate; the wave ids are exactly the departures `nextwave sessions` lists for
    /// those days, in the app's format; each wave's ship, rating, basis and height are the
    /// table's; the table published is the bundled one, byte for byte.
    @Test func theFeedListsWhatSessionsListsAsTheTableRatesIt() async throws {
        let site = RepositoryPaths.temporaryDirectory("site")
        let r = try await Self.feed(site)
        #expect(r.status == 0, "\(r.stderr)")
        let indexURL = site.appendingPathComponent("index.json")
        #expect(try Self.schema("feed-index.schema.json").violations(ofJSON: Data(contentsOf: indexURL)) == [])
        let index = try Self.json(indexURL)
        #expect(index["generatedAt"] as? String == "2026-09-21T14:13:20Z")  // SOURCE_DATE_EPOCH 1 790 000 000
        let lakes = index["lakes"] as! [[String: Any]]
        // stdout counts what the index holds, in words ("1 lake", "2 lakes").
        let waveCount = lakes.flatMap { $0["days"] as! [[String: Any]] }.map { $0["waves"] as! Int }.reduce(0, +)
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        #expect(
            r.stdout.hasPrefix(
                "\(site.path)/index.json: \(count(lakes.count, "lake")), \(count(waveCount, "wave")) on "),
            "\(r.stdout)")
        let one = try await Self.feed(RepositoryPaths.temporaryDirectory("site"), ["--lake", "Zürichsee"])
        #expect(one.stdout.contains("index.json: 1 lake, "), "\(one.stdout)")
        let zurich = try #require(lakes.first { $0["name"] as? String == "Zürichsee" })
        #expect(zurich["operators"] as? [String] == ["ZSG"])
        let ratings = (zurich["ratings"] as! [[String: Any]])[0]
        let tableData = try Data(contentsOf: RepositoryPaths.data.appendingPathComponent("ratings/zsg.json"))
        #expect(try Data(contentsOf: site.appendingPathComponent(ratings["file"] as! String)) == tableData)
        #expect(ratings["sha256"] as? String == SHA256.hex(tableData))
        // The table, by every name its ships go by.
        let table = try JSONSerialization.jsonObject(with: tableData) as! [String: Any]
        var byName: [String: [String: Any]] = [:]
        for ship in table["ships"] as! [[String: Any]] { byName[ship["name"] as! String] = ship }

        let days = zurich["days"] as! [[String: Any]]
        #expect(days.map { $0["date"] as! String } == ["2026-09-22", "2026-09-23"])
        let daySchema = try Self.schema("feed-day.schema.json")
        var feedIds = Set<String>()
        for day in days {
            let url = site.appendingPathComponent(day["file"] as! String)
            let data = try Data(contentsOf: url)
            #expect(daySchema.violations(ofJSON: data) == [], "\(url.lastPathComponent)")
            #expect((day["file"] as! String).contains(String(SHA256.hex(data).prefix(16))))
            let waves = (try JSONSerialization.jsonObject(with: data) as! [String: Any])["waves"] as! [[String: Any]]
            #expect(waves.count == day["waves"] as? Int)
            for wave in waves {
                let id = wave["waveId"] as! String
                feedIds.insert(id)
                // {uic}_{UTC}_{course}, from the wave's own fields.
                #expect(id == "\(wave["stationId"]!)_\(wave["timeUTC"]!)_\(wave["course"]!)")
                #expect(!(wave["course"] as! String).hasPrefix("0"))
                guard wave["shipSource"] as? String == "known" else { continue }
                let ship = try #require(byName[wave["ship"] as! String], "\(wave["ship"]!) is the table's name")
                #expect("\(wave["rating"]!)" == "\(ship["rating"]!)", "\(id)")
                #expect("\(wave["ratingBasis"]!)" == "\(ship["ratingBasis"]!)", "\(id)")
                let median = ((ship["wake"] as? [String: Any])?["waveHeightM"] as? [String: Any])?["median"]
                #expect("\(wave["waveHeightM"]!)" == "\(median ?? NSNull())", "\(id)")
            }
        }
        #expect(feedIds.count == 316)
        // What `nextwave sessions` lists for the same days.
        let out = RepositoryPaths.temporaryDirectory("sessions")
        let sessions = try await CLI.runOffPool([
            "sessions", "--from", "2026-09-22", "--to", "2026-09-23", "--out", out.path, "--no-progress",
        ])
        #expect(sessions.status == 0, "\(sessions.stderr)")
        let rows = CSVText.parse(try String(contentsOf: out.appendingPathComponent("waves.csv"), encoding: .utf8))
        let column = try #require(rows[0].firstIndex(of: "waveId"))
        #expect(Set(rows.dropFirst().filter { $0.count > column }.map { $0[column] }) == feedIds)
    }

    /// A second run over the same inputs writes nothing; a later range keeps the previous
    /// index's files for clients that hold it, and removes what no index names.
    @Test func aSecondRunWritesNothingAndOldFilesGoAGenerationLater() async throws {
        let site = RepositoryPaths.temporaryDirectory("site")
        #expect(try await Self.feed(site).status == 0)
        func listing() throws -> [String: Data] {
            var out: [String: Data] = [:]
            let enumerator = FileManager.default.enumerator(at: site, includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                    out[url.path] = try Data(contentsOf: url)
                }
            }
            return out
        }
        let before = try listing()
        let stamp =
            try FileManager.default.attributesOfItem(
                atPath: site.appendingPathComponent("index.json").path)[.modificationDate] as! Date
        let again = try await Self.feed(site)
        #expect(again.status == 0 && again.stderr.contains("nothing changed; nothing written"), "\(again.stderr)")
        #expect(try listing() == before)
        let after =
            try FileManager.default.attributesOfItem(
                atPath: site.appendingPathComponent("index.json").path)[.modificationDate] as! Date
        #expect(after == stamp)
        let first = try #require(before.keys.first { $0.contains("2026-09-22") })
        // Next day: 09-22 leaves the index but stays on disk (the previous index names it) …
        #expect(try await Self.feed(site, ["--from", "2026-09-23", "--days", "1"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: first))
        // … and goes one generation later.
        let third = try await Self.feed(site, ["--from", "2026-09-24", "--days", "1"])
        #expect(third.status == 0 && third.stderr.contains("removed"), "\(third.stderr)")
        #expect(!FileManager.default.fileExists(atPath: first))
    }

    /// A lake-day without departures now keeps the file it had; an index the run cannot read is
    /// never replaced.
    @Test func anEmptyDayNeverReplacesAGoodOne() async throws {
        let site = RepositoryPaths.temporaryDirectory("site")
        #expect(try await Self.feed(site, ["--from", "2026-10-01", "--days", "1"]).status == 0)
        // Pretend an earlier run (another archive) had waves on 2026-10-02, past this archive.
        let indexURL = site.appendingPathComponent("index.json")
        var index = try Self.json(indexURL)
        var lakes = index["lakes"] as! [[String: Any]]
        let i = try #require(lakes.firstIndex { $0["name"] as? String == "Zürichsee" })
        var days = lakes[i]["days"] as! [[String: Any]]
        let october = try Data(
            contentsOf: site.appendingPathComponent(days[0]["file"] as! String))
        let text = String(decoding: october, as: UTF8.self).replacingOccurrences(of: "2026-10-01", with: "2026-10-02")
        let file = "zurichsee/2026-10-02.\(SHA256.hex(Data(text.utf8)).prefix(16)).json"
        try Data(text.utf8).write(to: site.appendingPathComponent(file))
        days.append([
            "date": "2026-10-02", "file": file, "sha256": SHA256.hex(Data(text.utf8)), "waves": days[0]["waves"]!,
        ])
        lakes[i]["days"] = days
        index["lakes"] = lakes
        try JSONSerialization.data(withJSONObject: index).write(to: indexURL)

        let r = try await Self.feed(site, ["--from", "2026-10-01", "--days", "2"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("Zürichsee, 2026-10-02: no departures now; the earlier file stays published"))
        let kept = (try Self.json(indexURL)["lakes"] as! [[String: Any]])[i]["days"] as! [[String: Any]]
        #expect(
            kept.map { $0["date"] as! String } == ["2026-10-01", "2026-10-02"] && kept[1]["file"] as? String == file)
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(file).path))

        try Data("not json".utf8).write(to: indexURL)
        let refused = try await Self.feed(site)
        #expect(
            refused.status != 0
                && refused.stderr.contains("index.json: not a feed index: invalid JSON, so this version cannot read it"),
            "\(refused.stderr)")
        #expect(try Data(contentsOf: indexURL) == Data("not json".utf8))
    }

    /// The app's wave id also in the plan's JSON and the calendar's descriptions.
    @Test func planAndCalendarCarryTheWaveId() async throws {
        let ics = RepositoryPaths.temporaryDirectory().appendingPathComponent("plan.ics")
        let r = try await CLI.runOffPool([
            "plan", "--station", "Wädenswil", "--from", "2026-09-22", "--days", "1", "--json", "--ics", ics.path,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#""waveId" : "8503670_2026-09-22T"#), "\(r.stdout.prefix(2000))")
        let calendar = try String(contentsOf: ics, encoding: .utf8).replacingOccurrences(of: "\r\n ", with: "")
        #expect(calendar.contains("[wave 8503670_2026-09-22T"), "\(calendar.prefix(2000))")
    }
}
