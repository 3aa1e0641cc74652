import CivilTime
import Foundation
import Testing
import _TestSupport

/// The rider's coming days: today by default, the lake's best first, calendars with alarms,
/// lake names riders use, the rider's language.
@Suite struct RiderDaysTests {
    static func json(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
    }

    /// Without --from, on a day the archive does not hold, the plan shows the archive's days and
    /// says so on stderr, with what to run (and that it needs the network).
    @Test func withoutFromThePlanSaysWhichDaysItShows() async throws {
        let today = ZoneClock.zurich.localDate(at: Int64(Date().timeIntervalSince1970))
        try #require(today > LocalDate(iso: "2026-10-01")!, "the bundled archive must not hold today")
        let r = try await CLI.runOffPool(["plan", "--station", "wadenswil", "--days", "2"])
        #expect(r.status == 0, "\(r.stderr)")
        let notice = try #require(r.stderr.split(separator: "\n").first { $0.contains("is not in the archive") })
        #expect(notice.contains("today (\(today))") && notice.contains("2026-09-22 … 2026-10-01: showing those days"))
        #expect(
            notice.contains("needs the network") && notice.contains("archive fetch --archive DIR --lake \"Zürichsee\""))
        #expect(r.stdout.hasPrefix("Tue 22 Sep 2026"))
        let day = try await CLI.runOffPool(["today", "--station", "wadenswil"])
        #expect(day.status == 0 && day.stderr.contains("is not in the archive"), "\(day.stderr)")
        // --help says the same (it said the default was the archive's first day).
        let help = try await CLI.runOffPool(["plan", "--help"]).stdout.split(separator: "\n").map {
            $0.trimmingCharacters(in: .whitespaces)
        }.joined(separator: " ")
        #expect(help.contains("(default: today, when the archive holds it; else its first)"), "\(help)")
    }

    /// After `archive fetch` of the coming days (served here from 127.0.0.1: the archived
    /// Wädenswil stationboard moved to those days), the plan starts today by itself, and `--from
    /// today` lists the coming days.
    @Test func afterAFetchThePlanListsTheComingDays() async throws {
        let template = try String(
            contentsOf: RepositoryPaths.archive.appendingPathComponent("stationboards/2026-09-22/8503670.json"),
            encoding: .utf8)
        let base = LocalDate(iso: "2026-09-22")!
        let server = try LocalHTTPServer { path, _ in
            guard path.hasPrefix("/v1/stationboard"), path.contains("id=8503670"),
                let date = path.split(separator: "date=").last.flatMap({ LocalDate(iso: $0.prefix(10)) })
            else { return .json(#"{"station": null, "stationboard": []}"#) }
            return .json(Self.moved(template, from: base, to: date))
        }
        defer { server.stop() }
        let archive = RepositoryPaths.temporaryDirectory("archive")
        let fetch = try await CLI.runOffPool([
            "archive", "fetch", "--archive", archive.path, "--station", "wadenswil", "--from", "today", "--days", "2",
            "--api-url", server.baseURL.absoluteString, "--no-deployments", "--delay", "0", "--attempts", "1",
        ])
        #expect(fetch.status == 0, "\(fetch.stderr)")
        let today = ZoneClock.zurich.localDate(at: Int64(Date().timeIntervalSince1970))
        let english = { (date: LocalDate) in
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            return "\(date.weekdayName.prefix(3)) \(date.day) \(months[date.month - 1]) \(date.year)"
        }
        let plan = try await CLI.runOffPool([
            "plan", "--station", "wadenswil", "--archive", archive.path, "--days", "2", "--lang", "en",
        ])
        #expect(plan.status == 0 && !plan.stderr.contains("is not in the archive"), "\(plan.stderr)")
        #expect(plan.stdout.hasPrefix(english(today)), "\(plan.stdout.prefix(300))")
        let coming = try await CLI.runOffPool([
            "plan", "--station", "wadenswil", "--archive", archive.path, "--from", "today", "--days", "2", "--lang",
            "en",
        ])
        #expect(coming.stdout.contains(english(today)) && coming.stdout.contains(english(today.adding(days: 1))))
        #expect(coming.stdout.contains("8 waves"), "\(coming.stdout.prefix(600))")
    }

    /// The archived stationboard as if it were `date`'s: its dates and Unix times moved by the
    /// days between.
    static func moved(_ text: String, from: LocalDate, to date: LocalDate) -> String {
        let shift = Int64(from.days(to: date)) * 86_400
        var out = text.replacingOccurrences(of: from.description, with: date.description)
        for match in out.matches(of: /"(departure|arrival)Timestamp":(\d+)/).reversed() {
            out.replaceSubrange(match.range, with: "\"\(match.1)Timestamp\":\(Int64(match.2)! + shift)")
        }
        return out
    }

    /// `--ics -` writes a valid calendar with an alarm before each event to stdout, the same
    /// bytes on a second run; `--ics-waves` adds one event per wave keyed by the app's wave id;
    /// `--alarm none` drops the alarms. Read back with the icalendar package.
    @Test func calendarsRidersSubscribeTo() async throws {
        let args = ["plan", "--station", "wadenswil", "--from", "2026-09-22", "--days", "3", "--ics", "-"]
        let first = try await CLI.runOffPool(args)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("BEGIN:VCALENDAR\r\n") && !first.stdout.contains("Tue 22 Sep"))
        #expect(try await CLI.runOffPool(args).stdout == first.stdout, "byte-identical on a second run")
        let folder = RepositoryPaths.temporaryDirectory("ics")
        let plain = folder.appendingPathComponent("plain.ics")
        try Data(first.stdout.utf8).write(to: plain)
        let waves = try await CLI.runOffPool(args + ["--ics-waves", "--alarm", "5"])
        let wavesFile = folder.appendingPathComponent("waves.ics")
        try Data(waves.stdout.utf8).write(to: wavesFile)
        let silent = try await CLI.runOffPool(args + ["--alarm", "none"])
        #expect(silent.status == 0 && !silent.stdout.contains("VALARM"))
        // A day's worth at most, and the refusal shows the range.
        let tooEarly = try await CLI.runOffPool(args + ["--alarm", "2000"])
        #expect(tooEarly.status == 64 && tooEarly.stderr.contains("minutes before each event (0…1440), or none"))

        let python = try PythonReaders.pinned()
        let reader = [
            "import icalendar, json, sys",
            "out = []",
            "for path in sys.argv[1:]:",
            "    cal = icalendar.Calendar.from_ical(open(path, 'rb').read())",
            "    events = []",
            "    for e in cal.walk('VEVENT'):",
            "        alarms = [str(a['TRIGGER'].dt) for a in e.walk('VALARM')]",
            "        events.append({'uid': str(e['UID']), 'sequence': int(e['SEQUENCE']), 'summary': str(e['SUMMARY']),",
            "                       'alarms': alarms, 'stamp': e['DTSTAMP'].dt.isoformat()})",
            "    out.append(events)",
            "print(json.dumps(out))",
        ].joined(separator: "\n")
        let parsed = try await CLI.runOffPool(["-c", reader, plain.path, wavesFile.path], executable: python)
        #expect(parsed.status == 0, "\(parsed.stderr)")
        let calendars = try JSONSerialization.jsonObject(with: Data(parsed.stdout.utf8)) as! [[[String: Any]]]
        let windows = calendars[0]
        #expect(windows.count >= 3 && windows.allSatisfy { $0["sequence"] as? Int == 0 })
        #expect(windows.allSatisfy { ($0["alarms"] as! [String]) == ["-1 day, 23:50:00"] }, "\(windows)")
        #expect(windows.allSatisfy { ($0["summary"] as! String).contains(" waves, ") })
        // The stamp on stdout is the archive's last day, not the time of the run.
        #expect(windows.allSatisfy { $0["stamp"] as? String == "2026-10-01T00:00:00+00:00" })
        let perWave = calendars[1].filter { ($0["uid"] as! String).hasPrefix("nextwave-wave-8503670_2026-09-22T") }
        #expect(perWave.count >= 8 && perWave.allSatisfy { ($0["alarms"] as! [String]) == ["-1 day, 23:55:00"] })
    }

    /// A lake plan opens each day with the best window on the lake; in JSON each day carries it
    /// (checked against the stations' own best windows) and the stations without departures.
    @Test func aLakePlanLeadsWithTheBestOnTheLake() async throws {
        let r = try await CLI.runOffPool([
            "plan", "--lake", "Lake Zurich", "--from", "2026-09-22", "--days", "2", "--json",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        for day in try Self.json(r.stdout)["days"] as! [[String: Any]] {
            let best = try #require(day["bestOnLake"] as? [String: Any])
            let firsts = (day["stations"] as! [[String: Any]]).compactMap { station -> (String, Double)? in
                guard let s = (station["sessions"] as! [[String: Any]]).first else { return nil }
                return (station["stationName"] as! String, s["score"] as! Double)
            }
            let top = try #require(firsts.map(\.1).max())
            #expect(best["score"] as? Double == top)
            #expect(firsts.contains { $0.0 == best["stationName"] as? String && $0.1 == top })
            #expect((day["stationsWithoutDepartures"] as! [String]).contains("Altendorf Seestatt"))
        }
        let text = try await CLI.runOffPool(["plan", "--lake", "Zürichsee", "--from", "2026-09-22", "--days", "1"])
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.count > 2 && lines[1].hasPrefix("  Best on the lake: "), "\(lines.prefix(3))")
        #expect(text.stdout.contains("No departures that day: Altendorf Seestatt"))
    }

    /// Lakes by the names riders use; an ambiguous prefix lists the candidates; a station's
    /// did-you-mean starts with the name typed.
    @Test func namesRidersUse() async throws {
        for (name, lake) in [
            ("Lake Geneva", "Lac Léman"), ("Genfersee", "Lac Léman"), ("Lake Lucerne", "Vierwaldstättersee"),
            ("Lac des Quatre-Cantons", "Vierwaldstättersee"), ("Lake Zurich", "Zürichsee"),
            ("Lago di Zurigo", "Zürichsee"),
            ("Lake Constance", "Bodensee"), ("Greifensee", "Greifensee"),
        ] {
            let r = try await CLI.runOffPool(["stations", "--lake", name, "--json"])
            #expect(r.status == 0, "\(name): \(r.stderr)")
            let stations = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [[String: Any]]
            #expect(!stations.isEmpty && stations.allSatisfy { $0["lake"] as? String == lake }, "\(name)")
        }
        let lago = try await CLI.runOffPool(["stations", "--lake", "Lago"])
        #expect(
            lago.status == 64 && lago.stderr.contains("fits 2 lakes: Lago Maggiore, Lago di Lugano"), "\(lago.stderr)")
        // A search that finds nothing says so (it printed an empty table); an empty one is refused.
        let none = try await CLI.runOffPool(["stations", "--search", "Zürich", "--lake", "zugersee", "--quiet"])
        #expect(none.status == 0 && none.stdout.isEmpty, "\(none.stdout)")
        #expect(none.stderr == "no station of Zugersee has \"Zürich\" in its name; try a shorter part\n")
        // A search loosely typed offers the close names, as --station does.
        let loose = try await CLI.runOffPool(["stations", "--search", "wädi", "--quiet"])
        #expect(loose.stderr == "no station has \"wädi\" in its name; did you mean \"Wädenswil (See)\"?\n")
        let empty = try await CLI.runOffPool(["stations", "--search", " "])
        #expect(empty.status == 64 && empty.stderr.contains("--search needs part of a name"), "\(empty.stderr)")
        let wadi = try await CLI.runOffPool(["plan", "--station", "Wädi"])
        #expect(wadi.status == 64 && wadi.stderr.contains("did you mean \"Wädenswil (See)\""), "\(wadi.stderr)")
        // --lake narrows --station to that lake.
        let narrowed = try await CLI.runOffPool([
            "plan", "--lake", "Zürichsee", "--station", "Rapperswil", "--from", "2026-09-22", "--days", "1", "--json",
        ])
        #expect(narrowed.status == 0, "\(narrowed.stderr)")
    }

    /// `--lang` and the locale: the plan, `today` and the calendar in German, French, Italian
    /// and English.
    @Test func theRidersLanguage() async throws {
        let expected: [(String, String, String)] = [
            ("de", "Di 22. Sept. 2026", "Kurs 2533"), ("fr", "mar. 22 sept. 2026", "course 2533"),
            ("it", "mar 22 set 2026", "corsa 2533"), ("en", "Tue 22 Sep 2026", "course 2533"),
        ]
        for (lang, heading, course) in expected {
            let r = try await CLI.runOffPool([
                "plan", "--station", "wadenswil", "--from", "2026-09-22", "--days", "1", "--lang", lang,
            ])
            #expect(r.status == 0 && r.stdout.hasPrefix(heading) && r.stdout.contains(course), "\(lang): \(r.stdout)")
        }
        let locale = try await CLI.runOffPool(
            ["plan", "--station", "wadenswil", "--from", "2026-09-22", "--days", "1"],
            environment: ["LANG": "fr_CH.UTF-8", "LC_ALL": nil, "LC_MESSAGES": nil])
        #expect(locale.stdout.hasPrefix("mar. 22 sept. 2026"), "\(locale.stdout.prefix(200))")
        let today = try await CLI.runOffPool(["today", "--station", "Stäfa", "--date", "2026-09-23", "--lang", "de"])
        #expect(today.stdout.contains("Sonnenaufgang") && today.stdout.contains("Zeit   Kurs"), "\(today.stdout)")
        let ics = try await CLI.runOffPool([
            "plan", "--station", "wadenswil", "--from", "2026-09-22", "--days", "1", "--ics", "-", "--lang", "it",
        ])
        #expect(
            ics.stdout.contains("8 Wave\\, 2 × ★★★")
                && ics.stdout.contains("DESCRIPTION:Wave a Wädenswil (See) tra 10 min"))
    }
}
