import Foundation
import Testing
import _TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Names from input (ships, stations, pages): of a sane length and look, shown with control
/// characters escaped, never able to forge a line, an option or a calendar field; an unknown
/// long name is answered at once.
///
/// Through the built binary, as a user runs it. Each case failed before its fix (the hardening
/// rounds 3 and 4 in docs/RELIABILITY.md).
@Suite struct HostileNamesTests: HostileProbe {
    /// `today --station=-1` says what is wrong (it said "ArgumentParser.CommandError error 1").
    @Test func aStationStartingWithADashIsLookedUpNotParsedAsAnOption() async throws {
        let r = try await CLI.runOffPool(["today", "--station=-1"])
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("no station \"-1\""), "\(r.stderr)")
        #expect(!r.stderr.contains("CommandError"))
    }

    /// Look-alike and markup names are refused by `fleet add` (U+2800, a no-break space, U+FFFD
    /// from bytes that were not UTF-8, `|`, a Markdown link, an HTML tag); an 80-character name
    /// is accepted (its generated aliases over 80 were refused, blaming a `ships[21]`).
    @Test func fleetNamesFollowTheRulesEveryReportNeeds() async throws {
        let data = try RepositoryPaths.copyOfData()
        let environment = ["NEXTWAVE_DATA": data.path]
        let add = [
            "fleet", "add", "--length", "30", "--beam", "6", "--displacement", "50", "--source",
            "https://example.org/x", "--quiet", "--name",
        ]
        for (name, words) in [
            ("MS Panta\u{2800}Rhei", "U+2800"), ("MS Panta\u{A0}Rhei", "U+00A0"),
            ("MS Panta\u{FFFD}", "not valid UTF-8"),
            ("MS A|B", "\"|\""), ("MS [x](https://evil.example)", "\"[\""), ("MS <img src=x>", "\"<\""),
        ] {
            let r = try await CLI.runOffPool(add + [name], environment: environment)
            #expect(r.status == 64, "\(name): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains(words), "\(name): \(r.stderr)")
        }
        let long = "MS " + String(repeating: "A", count: 77)
        let r = try await CLI.runOffPool(add + [long], environment: environment)
        #expect(r.status == 0, "\(r.stderr)")
    }

    /// A scraped page title with U+202E (right-to-left override) never reaches the table: the
    /// ship is left out, with the page named.
    @Test func aScrapedNameWithABidiOverrideIsLeftOut() async throws {
        let original = try String(
            contentsOf: RepositoryPaths.snapshot.appendingPathComponent("ms-helvetia.html"), encoding: .utf8)
        let page = original.replacingOccurrences(of: "Helvetia", with: "Helv\u{202E}etia")
        let server = try LocalHTTPServer(
            handler: SnapshotServer.handler { path, _ in path.hasSuffix("/ms-helvetia") ? .html(page) : nil })
        defer { server.stop() }
        let out = RepositoryPaths.temporaryDirectory("bidi")
        let r = try await CLI.runOffPool([
            "ratings", "--base-url", server.baseURL.absoluteString, "--delay", "0", "--out", out.path,
            "--accept-regression", "--no-progress",
        ])
        #expect(r.stderr.contains("names a ship \"Helv\\u{202E}etia\""), "\(r.stderr.suffix(1500))")
        for file in (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? [] {
            let text = (try? String(contentsOf: out.appendingPathComponent(file), encoding: .utf8)) ?? ""
            #expect(!text.contains("\u{202E}"), "\(file) holds the override")
        }
    }

    /// A name holding a line feed cannot forge a line of its own: every line after an error's
    /// first is indented, and a tab is shown as \\t.
    @Test func aLineFeedInANameCannotForgeAWarningLine() async throws {
        let r = try await CLI.runOffPool(["plan", "--station", "Nowhere\nwarning: all is well\tok", "--days", "1"])
        #expect(r.status == 64)
        let lines = r.stderr.split(separator: "\n")
        #expect(!lines.contains { $0.hasPrefix("warning: all is well") }, "\(r.stderr)")
        #expect(r.stderr.contains("  warning: all is well\\tok"), "\(r.stderr)")
    }

    @Test func namesFromInputAreShownWithTheirControlCharactersEscaped() async throws {
        for arguments in [
            ["plan", "--station", "\u{1B}[31mX\u{1B}]0;owned\u{07}"],
            ["plan", "--days", "\u{1B}[2J5"],
            ["fleet", "show", "\u{1B}[2J.json"],
        ] {
            let result = try await runBounded(within: 60, arguments)
            #expect(result.status != 0)
            #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(arguments)")
            #expect(result.stderr.contains("\\e["), "\(result.stderr)")
        }
    }

    @Test func aCalendarEventHoldsNoControlCharacterOfAStationName() async throws {
        // The station list is the data folder's: a hostile name in a copy of it.
        let data = RepositoryPaths.temporaryDirectory("data")
        for name in try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.data.path) {
            try FileManager.default.createSymbolicLink(
                at: data.appendingPathComponent(name),
                withDestinationURL: RepositoryPaths.data.appendingPathComponent(name))
        }
        let stations = data.appendingPathComponent("stations.json")
        try FileManager.default.removeItem(at: stations)
        let list = try String(decoding: Data(contentsOf: RepositoryPaths.stations), as: UTF8.self)
            .replacingOccurrences(of: "\"Wädenswil (See)\"", with: "\"Wädens\\u001b[2Jwil (See)\"")
        #expect(list.contains("\\u001b"))
        try Data(list.utf8).write(to: stations)
        let result = try await runBounded(
            within: 60,
            [
                "plan", "--data", data.path, "--station", "8503670", "--from", "2026-09-22", "--days", "1", "--ics",
                "-",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("BEGIN:VEVENT"))
        #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x1B }, "the calendar holds an escape")
    }

    @Test func lookAlikeAndOverlongShipNamesAreRefused() async throws {
        let folder = RepositoryPaths.temporaryDirectory("fleet")
        let fleet = folder.appendingPathComponent("fleet.json")
        try FileManager.default.copyItem(at: RepositoryPaths.fleet, to: fleet)
        let before = try Data(contentsOf: fleet)
        let values = [
            "--length", "50", "--beam", "9", "--displacement", "300", "--source", "https://example.org/f", fleet.path,
        ]
        for (name, words) in [
            ("MS Panta\u{200B} Rhei", "U+200B ZERO WIDTH SPACE"),
            ("MS P\u{0430}nta Rhei", "U+0430 CYRILLIC SMALL LETTER A"),
            ("MS " + String(repeating: "A", count: 20_000), "has 20003 characters; at most 80"),
        ] {
            let result = try await runBounded(within: 60, ["fleet", "add", "--name", name] + values)
            #expect(result.status == 64, "\(result.status): \(result.stderr.prefix(300))")
            #expect(result.stderr.contains(words), "\(result.stderr.prefix(300))")
            #expect(result.stderr.count < 1_000, "the message quotes an excerpt, not the name")
        }
        #expect(try Data(contentsOf: fleet) == before)
    }

    @Test func anUnknownLongNameIsAnsweredAtOnce() async throws {
        // Quadratic matching took over 2 minutes for 20,000 characters against a 2 MB name; now
        // a name longer than any ship's is no close match. (Bounded: 60 s kills the run.)
        let folder = RepositoryPaths.temporaryDirectory("fleet")
        let fleet = folder.appendingPathComponent("fleet.json")
        try FileManager.default.copyItem(at: RepositoryPaths.fleet, to: fleet)
        let result = try await runBounded(
            within: 60,
            [
                "fleet", "set", "MS " + String(repeating: "B", count: 20_000), "--length", "50", "--source",
                "https://example.org/f", "--reason", "probe", fleet.path,
            ])
        #expect(result.status == 65, "\(result.status): \(result.stderr.prefix(300))")
        #expect(
            result.stderr.contains("no ship \"MS BBB") && result.stderr.contains("…\""), "\(result.stderr.prefix(300))")
    }

    @Test func aFleetFileWithAHugeNameIsRefusedByName() async throws {
        let folder = RepositoryPaths.temporaryDirectory("fleet")
        var fleet = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: RepositoryPaths.fleet)) as? [String: Any])
        var ships = try #require(fleet["ships"] as? [[String: Any]])
        ships[0]["name"] = "MS " + String(repeating: "A", count: 3_000_000)
        fleet["ships"] = ships
        let file = folder.appendingPathComponent("fleet.json")
        try JSONSerialization.data(withJSONObject: fleet).write(to: file)
        let result = try await runBounded(within: 60, ["fleet", "show", "--sources", file.path])
        #expect(result.status == 65, "\(result.status): \(result.stderr.prefix(300))")
        #expect(result.stderr.contains("has 3000003 characters; at most 80"), "\(result.stderr.prefix(300))")
        #expect(result.stderr.count < 1_000)
    }
}
