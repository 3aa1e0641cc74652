import Foundation
import Testing
import _TestSupport

/// The site's pages for people (issue: the coming waves in any browser), written by `feed` (and
/// `site update`) beside the feed, checked in headless Chromium over the DevTools protocol and
/// by a strict HTML5 parser (`scripts/check-pages`), against the feed they come from.
@Suite(.serialized) struct SitePagesTests {
    /// Where the screenshots are kept: `.build/test-artifacts/site-pages/` of the repository.
    static let artifacts = RepositoryPaths.root.appendingPathComponent(".build/test-artifacts/site-pages")

    static var python: URL { get throws { try PythonReaders.pinned() } }

    func json(_ url: URL) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
    }

    /// A site from the bundled archive without the assignments of 24 September, so that the
    /// ships of that day are predicted from the other days.
    static func site(_ extra: [String] = []) async throws -> URL {
        let archive = try RepositoryPaths.copyOfArchive()
        try FileManager.default.removeItem(at: archive.appendingPathComponent("deployments/2026-09-24.json"))
        let site = RepositoryPaths.temporaryDirectory("pages").appendingPathComponent("site")
        let r = try await CLI.runOffPool(
            ["feed", "--archive", archive.path, "--from", "2026-09-22", "--days", "3", "--out", site.path, "--quiet"]
                + extra, environment: ["SOURCE_DATE_EPOCH": "1790000000"])
        #expect(r.status == 0, "\(r.stderr)")
        return site
    }

    /// `scripts/check-pages` on `pages`: its report, by page.
    static func check(_ site: URL, _ pages: [String], shots: String, searches: [String] = []) async throws -> [String:
        [String: Any]]
    {
        let r = try await CLI.runOffPool(
            [RepositoryPaths.root.appendingPathComponent("scripts/check-pages").path]
                + searches.flatMap { ["--search", $0] } + [
                    site.path,
                    artifacts.appendingPathComponent(shots).path,
                ] + pages,
            executable: try python)
        try #require(r.status == 0, "\(r.stderr)")
        return try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: [String: Any]]
    }

    /// The waves of the feed at `stationId` on each of its days, by date: (local time, rating, predicted).
    func feedWaves(_ site: URL, lake: String, stationId: String) throws -> [String: [(String, Int?, Bool)]] {
        let index = try json(site.appendingPathComponent("index.json"))
        let entry = try #require((index["lakes"] as? [[String: Any]])?.first { $0["name"] as? String == lake })
        var out: [String: [(String, Int?, Bool)]] = [:]
        for day in entry["days"] as? [[String: Any]] ?? [] {
            let waves = try json(site.appendingPathComponent(day["file"] as! String))["waves"] as! [[String: Any]]
            out[day["date"] as! String] = waves.filter { $0["stationId"] as? String == stationId }.map { wave in
                let predicted = wave["shipSource"] as? String == "predicted"
                let rating =
                    predicted
                    ? ((wave["predictedShips"] as? [[String: Any]])?.first?["rating"] as? Int) : wave["rating"] as? Int
                return (wave["time"] as! String, rating, predicted)
            }
        }
        return out
    }

    @Test func thePagesWorkInARealBrowserWithAndWithoutScripts() async throws {
        let site = try await Self.site()
        let pages = [
            "index.html", "en/index.html", "fr/index.html", "en/zurichsee/index.html",
            "en/zurichsee/wadenswil-see.html",
            "de/zurichsee/wadenswil-see.html", "it/zurichsee/stafa-see.html", "en/zugersee/index.html",
        ]
        let report = try await Self.check(site, pages, shots: "browser")
        for page in pages {
            let entry = try #require(report[page], "\(page)")
            #expect(entry["parse"] is NSNull, "\(page): not strict HTML5: \(entry["parse"] ?? "")")
            let views = try #require(entry["views"] as? [[String: Any]])
            #expect(views.count == 6, "three sizes, with and without scripts")
            for view in views {
                let label = "\(page) at \(view["width"]!) px, scripts \(view["scripts"]!)"
                #expect((view["errors"] as? [String])?.isEmpty == true, "\(label): console \(view["errors"]!)")
                #expect((view["overflow"] as? Int ?? 1) <= 0, "\(label): scrolls sideways by \(view["overflow"]!) px")
                #expect((view["low"] as? [Any])?.isEmpty == true, "\(label): contrast under 4.5:1: \(view["low"]!)")
                #expect((view["texts"] as? Int ?? 0) > 5, "\(label): the contrast check read the page's texts")
                #expect((view["untexted"] as? [Any])?.isEmpty == true, "\(label): an icon without text")
                let language = page == "index.html" ? "en" : String(page.prefix(2))
                #expect(view["lang"] as? String == language, "\(label): lang \(view["lang"] ?? "")")
                #expect(FileManager.default.fileExists(atPath: view["screenshot"] as? String ?? ""), "\(label)")
            }
            // The root page: the languages without scripts; with them, the browser's (en-US).
            if page == "index.html" {
                #expect(
                    views.allSatisfy {
                        ($0["url"] as? String)?.hasSuffix(
                            ($0["scripts"] as? Bool == true) ? "/en/index.html" : "/index.html") == true
                    })
            }
        }
        // Every wave of the feed at Wädenswil, day by day, on its page with its rating; the
        // predicted ships of the 24th marked as predicted; the same in every view.
        let expected = try feedWaves(site, lake: "Zürichsee", stationId: "8503670")
        #expect(expected["2026-09-24"]?.contains { $0.2 } == true, "the 24th has predicted ships")
        for page in ["en/zurichsee/wadenswil-see.html"] {
            for view in try #require(report[page]?["views"] as? [[String: Any]]) {
                let shown = view["waves"] as? [[String: Any]] ?? []
                #expect(shown.count == expected.values.map(\.count).reduce(0, +), "\(page): no wave more or less")
                for (date, waves) in expected {
                    let onPage = shown.filter { $0["day"] as? String == date }
                    for (time, rating, predicted) in waves {
                        let row = onPage.first { $0["datetime"] as? String == time }
                        #expect(row != nil, "\(page): the wave at \(time) is missing")
                        guard let row else { continue }
                        let words = row["rating"] as? String ?? ""
                        #expect(
                            rating.map { words.hasPrefix("rating \($0) of 3") } ?? words.hasPrefix("unrated"),
                            "\(page) \(time): \(words) for \(rating.map(String.init) ?? "none")")
                        #expect(row["predicted"] as? Bool == predicted, "\(page) \(time): predicted \(predicted)")
                    }
                }
            }
        }
        // A station page a rider bookmarks is small.
        for page in pages where page.split(separator: "/").count == 3 && !page.hasSuffix("index.html") {
            #expect((report[page]?["bytes"] as? Int ?? .max) < 100_000, "\(page)")
        }
    }

    /// The index's search, typed key by key in the browser, finds a station without its umlaut or
    /// with it written out, and a lake by a name riders use that is not the list's; a name that
    /// is nowhere leaves nothing and says so.
    @Test func theIndexSearchFindsWhatARiderTypes() async throws {
        let site = try await Self.site()
        let listed = try await CLI.runOffPool(["stations", "--json", "--quiet"])
        let stations = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as! [[String: Any]]
        let geneva = Set(stations.filter { $0["lake"] as? String == "Lac Léman" }.map { $0["name"] as! String })
        #expect(geneva.count > 30)
        let report = try await Self.check(
            site, ["en/index.html", "de/index.html"], shots: "search",
            searches: ["wadenswil", "Waedenswil", "Lake Geneva", "genfer see", "nowhere-on-any-lake"])
        for page in ["en/index.html", "de/index.html"] {
            let views = try #require(report[page]?["views"] as? [[String: Any]])
            let scripted = views.filter { $0["scripts"] as? Bool == true }
            #expect(scripted.count == 3)
            for view in scripted {
                let results = try #require(view["searches"] as? [[String: Any]], "\(page): searched")
                #expect(results.count == 5)
                let shown = Dictionary(uniqueKeysWithValues: results.map { ($0["words"] as! String, $0) })
                for words in ["wadenswil", "Waedenswil"] {
                    #expect(
                        shown[words]?["stations"] as? [String] == ["Wädenswil (See)"],
                        "\(page) \(words): \(shown[words] ?? [:])")
                    #expect(shown[words]?["lakes"] as? [String] == ["Zürichsee"])
                }
                for words in ["Lake Geneva", "genfer see"] {
                    #expect(Set(shown[words]?["stations"] as? [String] ?? []) == geneva, "\(page) \(words)")
                    #expect(shown[words]?["lakes"] as? [String] == ["Lac Léman"])
                    #expect(shown[words]?["none"] as? Bool == false)
                }
                #expect((shown["nowhere-on-any-lake"]?["stations"] as? [String])?.isEmpty == true)
                #expect(shown["nowhere-on-any-lake"]?["none"] as? Bool == true, "the page says nothing was found")
                #expect((view["errors"] as? [String])?.isEmpty == true, "\(page): \(view["errors"] ?? "")")
            }
            // Without scripts the field is not offered (it would do nothing); every station is listed.
            for view in views where view["scripts"] as? Bool == false { #expect(view["searches"] == nil) }
        }
    }

    /// The checks fail where they should: a page with light-grey text, a wide block, an icon with
    /// no text, a script error and a stray end tag is caught on each count.
    @Test func theChecksCatchWhatTheyLookFor() async throws {
        let folder = RepositoryPaths.temporaryDirectory("bad-page")
        try Data(
            """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>bad</title>
            <meta name="viewport" content="width=device-width, initial-scale=1"></head>
            <body><p style="color:#bbbbbb">faint words</p><div style="width:900px">wide</div>
            <img src="x.png"><script>undefined.call()</script></span></body></html>
            """.utf8
        ).write(to: folder.appendingPathComponent("bad.html"))
        let report = try await Self.check(folder, ["bad.html"], shots: "bad")
        let entry = try #require(report["bad.html"])
        #expect(!(entry["parse"] is NSNull), "the stray end tag is a parse error")
        let view = try #require((entry["views"] as? [[String: Any]])?.first)
        #expect((view["low"] as? [[String: Any]])?.first?["text"] as? String == "faint words")
        #expect((view["overflow"] as? Int ?? 0) > 400)
        #expect((view["untexted"] as? [String])?.first?.hasPrefix("<img") == true)
        #expect((view["errors"] as? [String])?.isEmpty == false)
    }

    /// The same feed gives the same pages, byte for byte; a second run into the site writes
    /// nothing; the pages of a lake the index no longer lists go, and nothing else of the site.
    @Test func theSameFeedGivesTheSameBytesAndGoneLakesTakeTheirPages() async throws {
        let first = try await Self.site()
        let second = try await Self.site()
        func pages(_ site: URL) throws -> [String: Data] {
            var out: [String: Data] = [:]
            let walker = FileManager.default.enumerator(atPath: site.path)
            while let path = walker?.nextObject() as? String {
                if path.hasSuffix(".html") || path.hasSuffix(".ics") {
                    out[path] = try Data(contentsOf: site.appendingPathComponent(path))
                }
            }
            return out
        }
        let a = try pages(first)
        #expect(a.count > 1500, "four languages × 240 stations, pages and calendars")
        #expect(a == (try pages(second)))
        // A file of the site's keeper survives every run.
        try Data("mine".utf8).write(to: first.appendingPathComponent("en/notes.html.txt"))
        let r = try await CLI.runOffPool(
            ["feed", "--from", "2026-09-22", "--days", "2", "--out", first.path, "--lake", "Zürichsee", "--quiet"],
            environment: ["SOURCE_DATE_EPOCH": "1790000000"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: first.appendingPathComponent("en/zugersee/index.html").path))
        #expect(FileManager.default.fileExists(atPath: first.appendingPathComponent("en/zurichsee/index.html").path))
        #expect(FileManager.default.fileExists(atPath: first.appendingPathComponent("en/notes.html.txt").path))
    }

    /// The index finds every station and lake by any of its names; every page sets its language
    /// and links the same page in the three others; a station's calendar reads back (Python's
    /// icalendar) with its best windows.
    @Test func theIndexNamesEveryStationAndLakeAndTheCalendarReadsBack() async throws {
        let site = try await Self.site()
        // Every station the tool knows (its station list, corrections applied).
        let listed = try await CLI.runOffPool(["stations", "--json", "--quiet"])
        let stations = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as! [[String: Any]]
        #expect(stations.count > 200)
        for language in ["en", "de", "fr", "it"] {
            let index = try String(contentsOf: site.appendingPathComponent("\(language)/index.html"), encoding: .utf8)
            #expect(index.contains("<html lang=\"\(language)\""))
            for station in stations {
                #expect(index.contains(">\(station["name"] as! String)</a>"), "\(language): \(station["name"]!)")
            }
            #expect(index.contains("Lake Zurich") && index.contains("Lake Geneva"), "the lakes' other names")
            for other in ["en", "de", "fr", "it"] where other != language {
                #expect(index.contains("href=\"../\(other)/index.html\""), "\(language) links \(other)")
            }
        }
        let calendar = site.appendingPathComponent("de/zurichsee/wadenswil-see.ics")
        let reader = [
            "import icalendar, sys",
            "cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())",
            "for e in cal.walk('VEVENT'): print(e['DTSTART'].dt.isoformat(), e['DTEND'].dt.isoformat(), len(e.walk('VALARM')))",
        ].joined(separator: "\n")
        let parsed = try await CLI.runOffPool(["-c", reader, calendar.path], executable: try Self.python)
        #expect(parsed.status == 0, "\(parsed.stderr)")
        let lines = parsed.stdout.split(separator: "\n")
        // Two windows a day over three days, each with its alarm; the 22nd's best is 14:31–16:31.
        #expect(lines.count == 6, "\(parsed.stdout)")
        #expect(lines.contains("2026-09-22T14:31:00+02:00 2026-09-22T16:31:00+02:00 1"), "\(parsed.stdout)")
    }
}
