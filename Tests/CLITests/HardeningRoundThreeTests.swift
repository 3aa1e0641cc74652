import Foundation
import Testing
import _TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What the third hardening probe found, through the tool as a user runs it (issue: hardening,
/// round 3). Each case failed before its fix: a file lost or written through a link, a hang, a
/// trap, a silent exit 0. The readers' budgets are in ScheduleArchiveTests.ReadLimitsTests.
@Suite struct HardeningRoundThreeTests {
    /// ``CLI/runBounded(_:seconds:in:)`` with this round's bound.
    func runBounded(_ arguments: [String], seconds: Int = 60, in directory: URL = RepositoryPaths.root)
        async throws -> CLI.Result
    {
        try await CLI.runBounded(arguments, seconds: seconds, in: directory)
    }

    func fifo(_ url: URL) throws {
        guard mkfifo(url.path, 0o644) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    }

    func text(_ url: URL) -> String? { (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) } }

    func isLink(_ url: URL) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType) == .typeSymbolicLink
    }

    // MARK: An archived day is never lost

    /// A stationboard server for 8503670 on 22 September 2026 (the bundled board).
    func boardServer() throws -> LocalHTTPServer {
        let board = try Data(
            contentsOf: RepositoryPaths.archive.appendingPathComponent("stationboards/2026-09-22/8503670.json"))
        return try LocalHTTPServer { path, _ in
            path == "/v1/stationboard?id=8503670&limit=420&date=2026-09-22" ? .init(body: board) : .status(404)
        }
    }

    func fetch(into archive: URL, from server: LocalHTTPServer) async throws -> CLI.Result {
        try await runBounded([
            "archive", "fetch", "--archive", archive.path, "--stations", "8503670", "--from", "2026-09-22",
            "--api-url", server.baseURL.absoluteString, "--no-deployments", "--delay", "0", "--no-progress",
        ])
    }

    func archivedDay(_ archive: URL) throws -> URL {
        let file = archive.appendingPathComponent("stationboards/2026-09-22/8503670.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        return file
    }

    @Test func anArchivedDayOverTheReadLimitIsKeptNotReplacedByASmallerAnswer() async throws {
        let server = try boardServer()
        defer { server.stop() }
        let archive = RepositoryPaths.temporaryDirectory("archive")
        let file = try archivedDay(archive)
        // 65 MiB (sparse): over the 64 MiB read limit. It was replaced by the 106 KB answer.
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        #expect(truncate(file.path, 65 << 20) == 0)
        let result = try await fetch(into: archive, from: server)
        #expect(result.status == 0, "\(result.status): \(result.stderr)")
        #expect(result.stderr.contains("stationboards/2026-09-22/8503670.json: kept"), "\(result.stderr)")
        #expect(result.stderr.contains("cannot be read"), "\(result.stderr)")
        let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int
        #expect(size == 65 << 20)
    }

    @Test func anArchivedDayThatIsALinkIsNotWrittenThrough() async throws {
        let server = try boardServer()
        defer { server.stop() }
        let archive = RepositoryPaths.temporaryDirectory("archive")
        let file = try archivedDay(archive)
        let outside = RepositoryPaths.temporaryDirectory("outside").appendingPathComponent("victim.json")
        try Data(#"{"station":{"id":"8503670"},"stationboard":[]}"#.utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: outside)
        let result = try await fetch(into: archive, from: server)
        #expect(result.status == 0, "\(result.status): \(result.stderr)")
        #expect(result.stderr.contains("kept; the archived file is a symbolic link"), "\(result.stderr)")
        #expect(text(outside) == #"{"station":{"id":"8503670"},"stationboard":[]}"#)
        #expect(isLink(file))
    }

    @Test func anArchivedDayThatIsAFIFOIsKeptWithoutBlocking() async throws {
        let server = try boardServer()
        defer { server.stop() }
        let archive = RepositoryPaths.temporaryDirectory("archive")
        let file = try archivedDay(archive)
        try fifo(file)
        let result = try await fetch(into: archive, from: server)
        #expect(result.status == 0, "\(result.status): \(result.stderr)")
        #expect(result.stderr.contains("kept") && result.stderr.contains("FIFO"), "\(result.stderr)")
    }

    // MARK: Writes stay where they were asked to go

    /// A first `ratings --publish` into a fresh folder: the folder, its `site` and `out`, and the
    /// published table the manifest names.
    func publishedOnce(_ prefix: String) async throws -> (folder: URL, site: URL, out: URL, table: URL) {
        let folder = RepositoryPaths.temporaryDirectory(prefix)
        let site = folder.appendingPathComponent("site")
        let out = folder.appendingPathComponent("out")
        let first = try await runBounded([
            "ratings", "--data", try RepositoryPaths.copyOfData().path, "--publish", site.path, "--out", out.path,
            "--quiet",
        ])
        #expect(first.status == 0, "\(first.stderr)")
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: site.appendingPathComponent("manifest.json")))
                as? [String: Any])
        return (folder, site, out, site.appendingPathComponent(try #require(manifest["current"] as? String)))
    }

    @Test func publishingThroughALinkedTableNameIsRefused() async throws {
        let (folder, site, out, table) = try await publishedOnce("publish")
        let victim = folder.appendingPathComponent("victim.txt")
        try Data("someone else's file".utf8).write(to: victim)
        try FileManager.default.removeItem(at: table)
        try FileManager.default.createSymbolicLink(at: table, withDestinationURL: victim)
        let second = try await runBounded([
            "ratings", "--data", try RepositoryPaths.copyOfData().path, "--publish", site.path, "--out", out.path,
            "--quiet",
        ])
        #expect(second.status == 73, "\(second.status): \(second.stderr)")
        #expect(second.stderr.contains("is a symbolic link"), "\(second.stderr)")
        #expect(text(victim) == "someone else's file")
    }

    @Test func aReportThatIsALinkIsNotOverwritten() async throws {
        let folder = RepositoryPaths.temporaryDirectory("out")
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let victim = folder.appendingPathComponent("notes.md")
        try Data("my notes".utf8).write(to: victim)
        try FileManager.default.createSymbolicLink(
            at: out.appendingPathComponent("ratings.md"), withDestinationURL: victim)
        let result = try await runBounded(["ratings", "--out", out.path, "--quiet"])
        #expect(result.status == 73, "\(result.status): \(result.stderr)")
        #expect(result.stderr.contains("ratings.md: is a symbolic link"), "\(result.stderr)")
        #expect(text(victim) == "my notes")
    }

    @Test func aManifestNamingAFileOutsideItsFolderIsRefused() async throws {
        let folder = RepositoryPaths.temporaryDirectory("manifest")
        let site = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: CLIFixtures.ratingTable,
            to: folder.appendingPathComponent("outside.json"))
        let manifest =
            #"{"manifestVersion":1,"current":"../outside.json","sha256":"0","bytes":1,"#
            + #""generatedAt":"2026-01-01T00:00:00Z","schemaVersion":4,"ships":17}"#
        try Data(manifest.utf8).write(to: site.appendingPathComponent("manifest.json"))
        let shown = try await runBounded(["ratings", "show", site.path])
        #expect(shown.status == 65, "\(shown.status): \(shown.stderr)")
        #expect(shown.stderr.contains("may name only a file in its own folder"), "\(shown.stderr)")
        let published = try await runBounded([
            "ratings", "publish", "--data", try RepositoryPaths.copyOfData().path, CLIFixtures.ratingTable.path, "--to",
            site.path,
        ])
        #expect(published.status == 65, "\(published.status): \(published.stderr)")
        #expect(published.stderr.contains("may name only a file in its own folder"), "\(published.stderr)")
        // A manifest of another shape names the field it lacks, not JSONDecoder's dump of it.
        try Data(#"{"current":"x.json"}"#.utf8).write(to: site.appendingPathComponent("manifest.json"))
        let other = try await runBounded(["ratings", "show", site.path])
        #expect(other.status == 65, "\(other.status): \(other.stderr)")
        #expect(
            other.stderr.contains("manifest.json: not a publishing manifest: missing field manifestVersion")
                && !other.stderr.contains("CodingKeys"), "\(other.stderr)")
    }

    @Test func namesFromInputAreShownWithTheirControlCharactersEscaped() async throws {
        for arguments in [
            ["plan", "--station", "\u{1B}[31mX\u{1B}]0;owned\u{07}"],
            ["plan", "--days", "\u{1B}[2J5"],
            ["fleet", "show", "\u{1B}[2J.json"],
        ] {
            let result = try await runBounded(arguments)
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
        let result = try await runBounded([
            "plan", "--data", data.path, "--station", "8503670", "--from", "2026-09-22", "--days", "1", "--ics", "-",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("BEGIN:VEVENT"))
        #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x1B }, "the calendar holds an escape")
    }

    // MARK: Names of a sane length and look

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
            let result = try await runBounded(["fleet", "add", "--name", name] + values)
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
        let result = try await runBounded([
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
        let result = try await runBounded(["fleet", "show", "--sources", file.path])
        #expect(result.status == 65, "\(result.status): \(result.stderr.prefix(300))")
        #expect(result.stderr.contains("has 3000003 characters; at most 80"), "\(result.stderr.prefix(300))")
        #expect(result.stderr.count < 1_000)
    }

    // MARK: Durations bounded before they become clock values

    @Test func everyDurationOptionOfEveryFetchingCommandIsBounded() async throws {
        let out = RepositoryPaths.temporaryDirectory("sweep").path
        let commands: [[String]] = [
            ["ratings", "--dry-run", "--out", out], ["wake", "--ship", "MS Panta Rhei"],
            ["grid", "--speeds", "10", "--track-depths", "10"],
            ["archive", "fetch", "--archive", out, "--station", "8503670"],
        ]
        let options = ["--delay", "--timeout", "--max-request-time", "--low-speed-time", "--max-run-time"]
        let values = ["1e19", "1e308", "nan", "-1"]
        // Every command with every option, and the four values in turn (a Latin square: each
        // option meets each value on some command, each command each value), one process each:
        // 20 runs instead of 80, every pair still covered (the options are one shared group).
        for (c, command) in commands.enumerated() {
            for (o, option) in options.enumerated() {
                let value = values[(c + o) % values.count]
                let arguments = command + ["\(option)=\(value)"]
                let result = try await runBounded(arguments, seconds: 30)
                // 64 with the option's range; a trap was 132 (SIGILL).
                #expect(result.status == 64, "\(arguments.joined(separator: " ")): \(result.status)")
                #expect(result.stderr.contains("\(option) must lie in"), "\(result.stderr)")
            }
        }
    }

    @Test func theRunsTimeHoldsWhateverTheDelay() async throws {
        let server = try boardServer()
        defer { server.stop() }
        let archive = RepositoryPaths.temporaryDirectory("archive")
        // 4 stations × 5 days at a 5 s delay would take 100 s; the run has 2. The decision is
        // checked by what reached the server, not by a wall clock (a loaded machine stretches
        // every wait): the first page only; every later one ends before its turn.
        let result = try await runBounded([
            "archive", "fetch", "--archive", archive.path, "--stations", "8503670,8503665,8503651,8503660", "--from",
            "2026-09-22", "--days", "5", "--api-url", server.baseURL.absoluteString, "--no-deployments", "--delay",
            "5", "--max-run-time", "2", "--no-progress",
        ])
        #expect(server.requestLog.count == 1, "the budget ends the run, not one delay per page: \(server.requestLog)")
        // Exit 1: pages failed (the README's table), each named with its reason.
        #expect(result.status == 1, "\(result.status): \(result.stderr)")
        #expect(
            result.stderr.contains("the run's 2 s of fetching (--max-run-time) end before its turn"), "\(result.stderr)"
        )
    }

    // MARK: Outputs never block, and every failure to write is an error

    @Test func aCalendarIntoAFIFOWithoutAReaderIsRefusedAtOnce() async throws {
        let folder = RepositoryPaths.temporaryDirectory("fifo")
        let pipe = folder.appendingPathComponent("plan.ics")
        try fifo(pipe)
        let result = try await runBounded(
            ["plan", "--station", "wadenswil", "--from", "2026-09-22", "--days", "1", "--ics", pipe.path], seconds: 30)
        #expect(result.status == 73, "\(result.status): \(result.stderr)")
        #expect(result.stderr.contains("is a FIFO nobody reads"), "\(result.stderr)")
    }

    @Test func aCalendarThatIsALinkIsNotWrittenThrough() async throws {
        let folder = RepositoryPaths.temporaryDirectory("ics")
        let victim = folder.appendingPathComponent("victim.txt")
        try Data("keep".utf8).write(to: victim)
        let link = folder.appendingPathComponent("plan.ics")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: victim)
        let result = try await runBounded([
            "plan", "--station", "wadenswil", "--from", "2026-09-22", "--days", "1", "--ics", link.path,
        ])
        #expect(result.status == 73, "\(result.status): \(result.stderr)")
        #expect(text(victim) == "keep")
    }

    @Test func everyFormOfThePlanOnAFullDeviceExits73() async throws {
        for form in ["", "--json", "--ics -"] {
            let result = try await CLI.runOffPool(
                [
                    "-c",
                    "\"$0\" plan --station wadenswil --from 2026-09-22 --days 1 \(form) > /dev/full",
                    CLI.binary.path,
                ], executable: URL(fileURLWithPath: "/bin/sh"))
            #expect(result.status == 73, "\(form): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("no space left on device"), "\(result.stderr)")
        }
    }

    // MARK: What was skipped is said

    @Test func aTruncatedArchivedDayIsNamedAndItsDayMarkedIncomplete() async throws {
        let archive = try RepositoryPaths.copyOfArchive()
        let file = archive.appendingPathComponent("stationboards/2026-09-22/8503670.json")
        let whole = try Data(contentsOf: file)
        try whole.prefix(500).write(to: file)
        let plan = try await runBounded([
            "plan", "--archive", archive.path, "--station", "thalwil", "--from", "2026-09-22", "--days", "2", "--quiet",
        ])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stderr.contains("warning: skipped \(file.path)"), "\(plan.stderr)")
        let days = plan.stdout.components(separatedBy: "\n\n")
        #expect(days.first { $0.contains("22 Sep") }?.contains("incomplete") == true, "\(plan.stdout)")
        #expect(days.first { $0.contains("23 Sep") }?.contains("incomplete") == false, "\(plan.stdout)")
        let json = try await runBounded([
            "plan", "--archive", archive.path, "--station", "thalwil", "--from", "2026-09-22", "--days", "2", "--json",
            "--quiet",
        ])
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let flags = try #require(parsed["days"] as? [[String: Any]]).map { $0["incomplete"] as? Bool }
        #expect(flags == [true, false])
        let today = try await runBounded([
            "today", "--archive", archive.path, "--station", "thalwil", "--date", "2026-09-22", "--quiet",
        ])
        #expect(today.status == 0 && today.stdout.contains("incomplete"), "\(today.stdout)")
        // At the station whose only board is the damaged one: not "no departures" but which
        // file could not be read, and what to do.
        let lost = try await runBounded([
            "today", "--archive", archive.path, "--station", "wadenswil", "--date", "2026-09-22", "--quiet",
        ])
        #expect(lost.status != 0)
        #expect(lost.stderr.contains("cannot be read (\(file.path)"), "\(lost.stderr)")
        #expect(lost.stderr.contains("archive fetch"), "\(lost.stderr)")
    }

    @Test func aGTFSFeedWithAFolderForATableFailsTheImport() async throws {
        let fixture = RepositoryPaths.root.appendingPathComponent("Tests/ScheduleArchiveTests/Fixtures/gtfs-mini")
        let feed = try RepositoryPaths.copy(of: fixture, except: "stop_times.txt", label: "gtfs")
        try FileManager.default.createDirectory(
            at: feed.appendingPathComponent("stop_times.txt"), withIntermediateDirectories: true)
        let archive = RepositoryPaths.temporaryDirectory("archive")
        let result = try await runBounded([
            "archive", "import-gtfs", feed.path, "--archive", archive.path, "--no-progress",
        ])
        #expect(result.status == 65, "\(result.status): \(result.stderr)")
        #expect(result.stderr.contains("stop_times.txt") && result.stderr.contains("folder"), "\(result.stderr)")
    }

    // MARK: Publishing is whole

    @Test func aMultiLakePublishIsAllLakesOrNone() async throws {
        let folder = RepositoryPaths.temporaryDirectory("bls")
        let site = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        // Brienzersee's folder is blocked by a file of that name.
        try Data("not a folder".utf8).write(to: site.appendingPathComponent("brienzersee"))
        let result = try await runBounded([
            "ratings", "--operator", "bls", "--data", try RepositoryPaths.copyOfData().path, "--publish", site.path,
            "--out", folder.appendingPathComponent("out").path,
            "--quiet",
        ])
        #expect(result.status == 73, "\(result.status): \(result.stderr)")
        #expect(result.stderr.contains("brienzersee"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("thunersee/manifest.json").path))
    }

    @Test func aDamagedPublishedTableIsRepaired() async throws {
        let (_, site, out, table) = try await publishedOnce("site")
        let good = try Data(contentsOf: table)
        try good.prefix(100).write(to: table)
        let second = try await runBounded([
            "ratings", "--data", try RepositoryPaths.copyOfData().path, "--publish", site.path, "--out", out.path,
            "--quiet",
        ])
        #expect(second.status == 0, "\(second.status): \(second.stderr)")
        #expect(try Data(contentsOf: table) == good)
        #expect(!second.stdout.contains("nothing published"), "\(second.stdout)")
    }
}
