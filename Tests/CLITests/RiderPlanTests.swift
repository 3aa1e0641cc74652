import Foundation
import Testing
import _TestSupport

/// What a rider opens (issue: the rider's plan): the plan day by day, today at a station, the
/// calendar, and what the commands say when the archive cannot answer.
@Suite struct RiderPlanTests {
    func json(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
    }

    /// The hand-worked Wädenswil example (docs/SCIENCE.md §2): 22 September 2026 with
    /// the app's ratings and the app's sun point gives 14:31–16:31, 8 waves, score 53.2
    /// (38 points × 1.4).
    @Test func thePlanGivesTheHandWorkedWadenswilWindow() async throws {
        let r = try await CLI.runOffPool([
            "plan", "--station", "wadenswil", "--from", "2026-09-22", "--days", "1", "--sun", "app", "--predict", "off",
            "--json",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let day = try #require((try json(r.stdout)["days"] as! [[String: Any]]).first)
        let station = try #require((day["stations"] as! [[String: Any]]).first)
        let best = try #require((station["sessions"] as! [[String: Any]]).first)
        #expect(best["startLocal"] as? String == "14:31" && best["endLocal"] as? String == "16:31")
        #expect(best["waves"] as? Int == 8 && best["score"] as? Double == 53.2)
        #expect((best["waveList"] as! [[String: Any]]).count == 8)
        let text = try await CLI.runOffPool([
            "plan", "--station", "wadenswil", "--from", "2026-09-22", "--days", "1", "--sun", "app",
        ])
        #expect(text.stdout.contains("Tue 22 Sep 2026") && text.stdout.contains("14:31–16:31  8 waves, 2 × ★★★"))
        #expect(text.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    /// Day by day, the plan's windows are the sessions report's distinct windows of the same
    /// station-days (the survey's own per-day results), over the whole bundled archive.
    @Test func thePlanMatchesTheSessionsReportDayByDay() async throws {
        let out = RepositoryPaths.temporaryDirectory()
        let sessions = try await CLI.runOffPool(["sessions", "--lake", "Zürichsee", "--out", out.path, "--no-progress"])
        #expect(sessions.status == 0, "\(sessions.stderr)")
        let report =
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("sessions.json")))
            as! [String: Any]
        var expected: [String: [String]] = [:]
        for day in report["days"] as! [[String: Any]] {
            let key = "\(day["date"]!) \(day["stationId"]!)"
            expected[key] = (day["distinctSessions"] as! [[String: Any]]).map { "\($0["start"]!)–\($0["end"]!)" }
        }
        let plan = try await CLI.runOffPool([
            "plan", "--lake", "zürich", "--from", "2026-09-22", "--days", "10", "--json",
        ])
        #expect(plan.status == 0, "\(plan.stderr)")
        var got: [String: [String]] = [:]
        for day in try json(plan.stdout)["days"] as! [[String: Any]] {
            for station in day["stations"] as! [[String: Any]] {
                got["\(day["date"]!) \(station["stationId"]!)"] = (station["sessions"] as! [[String: Any]]).map {
                    "\($0["start"]!)–\($0["end"]!)"
                }
            }
        }
        #expect(!got.isEmpty && got == expected)
    }

    /// A day without a session says why, in words, with its wave times: Horgen on 30 September
    /// has waves at 12:09, 15:00, 16:09, 18:16, 19:00, 21:07. By hand: no gap of at most 60 min
    /// joins three of them (15:00→16:09 is 69 min); the best run is 18:16–19:00, 2 waves over
    /// 44 min; the longest gap 12:09→15:00, 171 min.
    @Test func aDayWithoutASessionSaysWhy() async throws {
        let r = try await CLI.runOffPool([
            "plan", "--station", "Horgen", "--from", "2026-09-30", "--days", "1", "--json",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let day = try #require((try json(r.stdout)["days"] as! [[String: Any]]).first)
        let station = try #require((day["stations"] as! [[String: Any]]).first)
        #expect(
            station["noSession"] as? String
                == "waves at 12:09, 15:00, 16:09, 18:16, 19:00, 21:07: 6 waves, but no 3 within 2 h spanning 1 h "
                + "without a gap over 1 h (best: 2 waves over 44 min; longest gap 171 min)")
        // The text joins the two as one sentence ("no session. waves at" before), and the plan
        // ends with its last line, not with a blank one.
        let text = try await CLI.runOffPool(["plan", "--station", "Horgen", "--from", "2026-09-30", "--days", "2"])
        #expect(text.stdout.contains("  Horgen (See): no session; waves at 12:09, 15:00,"), "\(text.stdout)")
        #expect(text.stdout.contains("\n\nThu 1 Oct 2026\n") && !text.stdout.hasSuffix("\n\n"), "\(text.stdout)")
    }

    /// The calendar, read back by an independent parser (Python's icalendar): one event per
    /// window shown, its start and end in Europe/Zurich, a stable UID, the waves in the
    /// description; written again, the same events (same UIDs), byte for byte with the same stamp.
    @Test func theCalendarParsesBackAndReExportsIdempotently() async throws {
        let folder = RepositoryPaths.temporaryDirectory("ics")
        let ics = folder.appendingPathComponent("sessions.ics")
        let args = ["plan", "--station", "wadenswil,Stäfa", "--from", "2026-09-22", "--days", "3", "--ics", ics.path]
        let env = ["SOURCE_DATE_EPOCH": "1767225600"]
        let first = try await CLI.runOffPool(args + ["--json"], environment: env)
        #expect(first.status == 0, "\(first.stderr)")
        let bytes = try Data(contentsOf: ics)
        #expect(try await CLI.runOffPool(args, environment: env).status == 0)
        #expect(try Data(contentsOf: ics) == bytes, "re-export is idempotent")

        let python = try PythonReaders.pinned()
        // Python source as one literal (a line of it must not read as a Swift import).
        let reader = [
            "import icalendar, json, sys",
            "cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())",
            "out = []",
            "for e in cal.walk('VEVENT'):",
            "    out.append({'uid': str(e['UID']), 'start': e['DTSTART'].dt.isoformat(),",
            "                'end': e['DTEND'].dt.isoformat(), 'tz': str(e['DTSTART'].dt.tzinfo),",
            "                'summary': str(e['SUMMARY']), 'description': str(e['DESCRIPTION']),",
            "                'geo': [e['GEO'].latitude, e['GEO'].longitude]})",
            "print(json.dumps(out))",
        ].joined(separator: "\n")
        let parsed = try await CLI.runOffPool(["-c", reader, ics.path], executable: python)
        #expect(parsed.status == 0, "\(parsed.stderr)")
        let events = try JSONSerialization.jsonObject(with: Data(parsed.stdout.utf8)) as! [[String: Any]]
        // The plan's own windows (two per station-day by default), as its JSON gives them.
        var expected: [(uid: String, start: String, end: String, waves: [String])] = []
        for day in try json(first.stdout)["days"] as! [[String: Any]] {
            let date = (day["date"] as! String).replacingOccurrences(of: "-", with: "")
            for station in day["stations"] as! [[String: Any]] {
                for session in (station["sessions"] as! [[String: Any]]).prefix(2) {
                    let waves = (session["waveList"] as! [[String: Any]]).map {
                        "\($0["timeLocal"]!) course \($0["course"]!)"
                    }
                    expected.append(
                        (
                            "nextwave-\(station["stationId"]!)-\(date)-\(session["rank"]!)@nextwave",
                            String((session["start"] as! String).prefix(19)),
                            String((session["end"] as! String).prefix(19)),
                            waves
                        ))
                }
            }
        }
        #expect(events.count == expected.count && !expected.isEmpty)
        for (event, want) in zip(events, expected) {
            #expect(event["uid"] as? String == want.uid)
            #expect((event["start"] as! String).hasPrefix(want.start) && (event["end"] as! String).hasPrefix(want.end))
            #expect(event["tz"] as? String == "Europe/Zurich")
            for wave in want.waves { #expect((event["description"] as! String).contains(wave), "\(wave)") }
        }
        #expect(Set(events.map { $0["uid"] as! String }).count == events.count, "UIDs are unique")
    }

    /// Folding and escaping to the letter of RFC 5545: long lines of multi-byte text fold at 75
    /// octets with CRLF + space and unfold to the original; commas, semicolons, backslashes and
    /// newlines are escaped.
    @Test func calendarLinesFoldAndEscapeByTheRFC() async throws {
        let folder = RepositoryPaths.temporaryDirectory("ics")
        let ics = folder.appendingPathComponent("s.ics")
        #expect(
            try await CLI.runOffPool([
                "plan", "--station", "Wädenswil", "--from", "2026-09-22", "--days", "1", "--ics", ics.path,
            ])
            .status == 0)
        let text = try String(contentsOf: ics, encoding: .utf8)
        #expect(text.hasSuffix("\r\n") && !text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        for line in text.components(separatedBy: "\r\n") { #expect(line.utf8.count <= 75, "\(line)") }
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("SUMMARY:Wädenswil (See): 8 waves\\, 2 × ★★★"))
        #expect(unfolded.contains("DESCRIPTION:8 waves\\, 2 × ★★★ (2 × ★★★\\, 2 × ★★☆\\, 4 × ★☆☆)"))
        #expect(unfolded.contains("\\n14:31 course 2533: MS Forch ★☆☆"))
    }

    /// `today`: every departure of the day at the station, in order, with the daylight phase and
    /// the windows it belongs to.
    @Test func todayListsEveryDeparture() async throws {
        let r = try await CLI.runOffPool(["today", "--station", "wadenswil", "--date", "2026-09-22"])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = r.stdout.split(separator: "\n").filter {
            $0.range(of: #"^\d\d:\d\d  "#, options: .regularExpression) != nil
        }
        let plan = try await CLI.runOffPool([
            "plan", "--station", "wadenswil", "--from", "2026-09-22", "--days", "1", "--json",
        ])
        let day = (try json(plan.stdout)["days"] as! [[String: Any]])[0]
        let station = (day["stations"] as! [[String: Any]])[0]
        let windowWaves = (station["sessions"] as! [[String: Any]]).reduce(0) { $0 + ($1["waves"] as! Int) }
        #expect(rows.count >= windowWaves && rows.count > 20, "\(rows.count) departures")
        let times = rows.map { String($0.prefix(5)) }
        #expect(times == times.sorted())
        #expect(
            rows.contains {
                $0.contains("14:45") && $0.contains("day") && $0.contains("MS Panta Rhei") && $0.contains("1")
            })
        #expect(r.stdout.contains("Window 1: 14:31–16:31, 8 waves"))
    }

    /// Past the archive, the commands say what it holds and how to fetch the coming days; a
    /// station without departures names the lakes the archive holds; --lake takes a prefix.
    @Test func pastTheArchiveTheAnswerSaysWhatToDo() async throws {
        let past = try await CLI.runOffPool(["plan", "--station", "wadenswil", "--from", "2027-06-01"])
        #expect(past.status == 1)  // no departures where and when asked (docs/commands.md, exit status)
        #expect(past.stderr.contains("2026-09-22 … 2026-10-01") && past.stderr.contains("nextwave archive fetch"))
        #expect(past.stderr.contains("needs the network") && past.stderr.contains("--lake \"Zürichsee\""))
        let sessions = try await CLI.runOffPool([
            "sessions", "--station", "wadenswil", "--from", "2027-06-01", "--out",
            RepositoryPaths.temporaryDirectory().path,
        ])
        #expect(sessions.status == 1 && sessions.stderr.contains("nextwave archive fetch"), "\(sessions.stderr)")
        #expect(!sessions.stderr.contains("is after --to"))
        let elsewhere = try await CLI.runOffPool(["plan", "--station", "Luzern", "--from", "2026-09-22", "--days", "2"])
        #expect(elsewhere.status == 1 && elsewhere.stderr.contains("it holds Zürichsee"), "\(elsewhere.stderr)")
        // The advice fetches the asked lake, not the archive's.
        #expect(elsewhere.stderr.contains("--lake \"Vierwaldstättersee\""), "\(elsewhere.stderr)")
        let today = try await CLI.runOffPool(["today", "--station", "Luzern", "--date", "2026-09-22"])
        #expect(today.status == 1 && today.stderr.contains("--lake \"Vierwaldstättersee\""), "\(today.stderr)")
        // Days before the archive say so (they said "no departures"); a range wholly before it is
        // refused with the archive's first day.
        let early = try await CLI.runOffPool(["plan", "--station", "wadenswil", "--from", "2026-09-20", "--days", "3"])
        #expect(early.status == 0, "\(early.stderr)")
        #expect(
            early.stdout.hasPrefix(
                "Sun 20 Sep 2026\n  not in the archive (it starts 2026-09-22)\n\nMon 21 Sep 2026\n  not in the archive"),
            "\(early.stdout)")
        #expect(early.stdout.contains("Tue 22 Sep 2026\n  Wädenswil (See)  14:31–16:31"), "\(early.stdout)")
        let earlyJSON = try await CLI.runOffPool([
            "plan", "--station", "wadenswil", "--from", "2026-09-20", "--days", "3", "--json",
        ])
        let document = try JSONSerialization.jsonObject(with: Data(earlyJSON.stdout.utf8)) as! [String: Any]
        #expect(document["daysBeforeArchive"] as? [String] == ["2026-09-20", "2026-09-21"])
        let before = try await CLI.runOffPool(["today", "--station", "wadenswil", "--date", "2026-01-01"])
        #expect(before.status == 1)
        #expect(
            before.stderr.contains("2026-01-01 lies before the archive")
                && before.stderr.contains("choose days from 2026-09-22 on"), "\(before.stderr)")
        // A lake the archive has no departure of: the same answer as for its stations (it printed
        // empty days and exited 0).
        let otherLake = try await CLI.runOffPool(["plan", "--lake", "Zugersee", "--from", "2026-09-22", "--days", "2"])
        #expect(otherLake.status == 1 && otherLake.stdout.isEmpty, "\(otherLake.stdout)")
        #expect(
            otherLake.stderr.contains(
                "no departures at Zugersee from 2026-09-22 to 2026-09-23 in the archive; it holds Zürichsee")
                && otherLake.stderr.contains("--lake \"Zugersee\""), "\(otherLake.stderr)")
        // One day is "on" that day, not "from D to D".
        let oneDay = try await CLI.runOffPool(["today", "--station", "Zug Bahnhofsteg", "--date", "2026-09-22"])
        #expect(oneDay.status == 1, "\(oneDay.stderr)")
        #expect(
            oneDay.stderr.contains("no departures at Zug Bahnhofsteg (See) on 2026-09-22 in the archive"),
            "\(oneDay.stderr)")
        let quiet = try await CLI.runOffPool(["plan", "--lake", "zür", "--from", "2026-09-22", "--days", "1"])
        #expect(quiet.status == 0 && quiet.stdout.contains("No departures that day: Altendorf"), "\(quiet.stdout)")
        let lake = try await CLI.runOffPool([
            "sessions", "--lake", "Zürichsee", "--out", RepositoryPaths.temporaryDirectory().path,
        ])
        #expect(lake.status == 0 && lake.stdout.contains("No departures in the archive from 2026-09-22 to 2026-10-01:"))
        #expect(
            lake.stdout.contains("Zürichhorn (See)") && lake.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 }
        )
    }

    /// The Swiss spreadsheet style: `;` between fields, `.` in numbers, a UTF-8 byte order mark;
    /// read back by Python's csv module with `;`, the local date and HH:MM beside the ISO times,
    /// and every figure at its stated precision.
    @Test func theSwissCSVOpensWithSemicolonsAndDecimalPoints() async throws {
        let out = RepositoryPaths.temporaryDirectory()
        let r = try await CLI.runOffPool([
            "sessions", "--station", "wadenswil", "--csv-style", "excel-ch", "--out", out.path, "--no-progress",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let bytes = try Data(contentsOf: out.appendingPathComponent("sessions.csv"))
        #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF])
        let reader = [
            "import csv, json, sys",
            "rows = list(csv.DictReader(open(sys.argv[1], encoding='utf-8-sig', newline=''), delimiter=';'))",
            "print(json.dumps(rows))",
        ].joined(separator: "\n")
        let parsed = try await CLI.runOffPool(
            ["-c", reader, out.appendingPathComponent("sessions.csv").path],
            executable: try PythonReaders.system())
        #expect(parsed.status == 0, "\(parsed.stderr)")
        let rows = try JSONSerialization.jsonObject(with: Data(parsed.stdout.utf8)) as! [[String: String]]
        let best = try #require(rows.first { $0["date"] == "2026-09-22" && $0["rank"] == "1" })
        #expect(
            best["startLocal"] == "14:31" && best["endLocal"] == "16:31" && best["start"]!.hasPrefix("2026-09-22T14:31")
        )
        for row in rows {
            #expect(Double(row["score"]!) != nil, "a decimal point: \(row["score"]!)")
            #expect(row["score"]!.split(separator: ".").last.map { $0.count <= 2 } ?? true, "two decimals at most")
            #expect(Double(row["wavesPerHour"]!) != nil)
        }
    }
}

/// The app-side snippet of the README, built in a fresh package that depends on
/// Packages/SessionKit alone: it resolves no other package, compiles as written, and finds the
/// app's ratings by the names the deployment page writes.
@Suite struct PortableCoreTests {
    /// Every Swift block of SessionKit's DocC articles as one file: the imports of all at the
    /// top, each block's other lines the body of a function of its own.
    static func articleFunctions() throws -> String {
        let sources = RepositoryPaths.root.appendingPathComponent("Packages/SessionKit/Sources")
        var imports = Set<String>()
        var functions: [String] = []
        let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            guard url.pathExtension == "md", url.deletingLastPathComponent().pathExtension == "docc" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for (n, block) in text.matches(of: /```swift\n((?:.|\n)*?)\n```/).enumerated() {
                let lines = block.1.split(separator: "\n", omittingEmptySubsequences: false)
                imports.formUnion(lines.filter { $0.hasPrefix("import ") }.map(String.init))
                let body = lines.filter { !$0.hasPrefix("import ") }.map { "    " + $0 }.joined(separator: "\n")
                functions.append(
                    "func \(url.deletingPathExtension().lastPathComponent)\(n)() throws {\n\(body)\n}")
            }
        }
        #expect(functions.count >= 2, "the articles' Swift blocks")
        return (imports.sorted() + [""] + functions).joined(separator: "\n") + "\n"
    }

    @Test func theAppSnippetBuildsAgainstSessionKitAlone() async throws {
        let readme = try RepositoryPaths.userDocumentsText()
        let start = try #require(readme.range(of: "<!-- app ratings example -->\n```swift\n"))
        let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        let app = RepositoryPaths.temporaryDirectory("app")
        let sources = app.appendingPathComponent("Sources/App")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try Data(readme[start.upperBound..<end.lowerBound].utf8).write(to: sources.appendingPathComponent("main.swift"))
        // The Swift of SessionKit's DocC articles, each compiled as a function of its own (its
        // imports at the file's top): a renamed API fails here, not in a reader's project.
        try Data(try Self.articleFunctions().utf8).write(to: sources.appendingPathComponent("Articles.swift"))
        let kit = RepositoryPaths.root.appendingPathComponent("Packages/SessionKit").path
        let manifest = [
            "// swift-tools-version: 6.1",
            "import PackageDescription",
            "let package = Package(",
            "    name: \"App\", platforms: [.macOS(.v13)],",
            "    dependencies: [.package(path: \"\(kit)\")],",
            "    targets: [.executableTarget(name: \"App\", dependencies: [",
            "        .product(name: \"SessionCore\", package: \"SessionKit\"),",
            "        .product(name: \"ShipRatingReader\", package: \"SessionKit\"),",
            "        .product(name: \"WaveFeed\", package: \"SessionKit\"),",
            "        .product(name: \"CivilTime\", package: \"SessionKit\"),",
            "        .product(name: \"WaveRating\", package: \"SessionKit\")])])",
        ].joined(separator: "\n")
        try Data(manifest.utf8).write(to: app.appendingPathComponent("Package.swift"))
        let build = try await CLI.runOffPool(
            ["swift", "build", "--package-path", app.path], executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(build.status == 0, "\(build.stdout)\n\(build.stderr)")
        // Nothing but SessionKit was resolved: no pins of remote packages.
        let resolved = app.appendingPathComponent("Package.resolved")
        if FileManager.default.fileExists(atPath: resolved.path) {
            let text = try String(contentsOf: resolved, encoding: .utf8)
            #expect(!text.contains("\"location\" : \"http"), "\(text)")
        }
        let checkouts = app.appendingPathComponent(".build/checkouts")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: checkouts.path)) ?? []).isEmpty)
        let run = try await CLI.runOffPool(
            [RepositoryPaths.appRatings.path], executable: app.appendingPathComponent(".build/debug/App"))
        #expect(
            run.stdout.split(separator: "\n") == [
                "EM Uetliberg 3 10", "M/S «Säntis» 1 2", "Panta Rhei 3 10", "MS Greif unknown 2",
            ], "\(run.stdout)\(run.stderr)")
    }
}
