import Foundation
import Testing
import TextFormats
import _TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The classes of failure found by probing the tool as a hostile user would (issue: hardening),
/// through the binary: each must end in a clear message with the previous outputs intact.
@Suite(.serialized) struct HardeningCLITests {
    /// The snapshot served over HTTP with Helvetia's length replaced by `length`.
    func server(helvetiaLength length: String) throws -> LocalHTTPServer {
        let original = try String(
            contentsOf: RepositoryPaths.snapshot.appendingPathComponent("ms-helvetia.html"), encoding: .utf8)
        let page = original.replacingOccurrences(
            of: "Länge</td><td>56 Meter</td>", with: "Länge</td><td>\(length)</td>")
        return try LocalHTTPServer(
            handler: SnapshotServer.handler { path, _ in path.hasSuffix("/ms-helvetia") ? .html(page) : nil })
    }

    func outputs(_ out: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: out.path) {
            result[name] = try Data(contentsOf: out.appendingPathComponent(name))
        }
        return result
    }

    /// The curated fleet without Helvetia's length, so that only the page can give it.
    func fleetWithoutHelvetiaLength() throws -> URL {
        var fleet = try JSONSerialization.jsonObject(with: Data(contentsOf: RepositoryPaths.fleet)) as! [String: Any]
        var ships = fleet["ships"] as! [[String: Any]]
        let index = try #require(ships.firstIndex { $0["name"] as? String == "Helvetia" })
        ships[index]["lengthM"] = nil
        fleet["ships"] = ships
        let url = RepositoryPaths.temporaryDirectory().appendingPathComponent("fleet.json")
        try JSONSerialization.data(withJSONObject: fleet).write(to: url)
        return url
    }

    func helvetia(_ out: URL) throws -> [String: Any] {
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("ship-ratings.json")))
            as! [String: Any]
        return try #require((json["ships"] as! [[String: Any]]).first { $0["name"] as? String == "MS Helvetia" })
    }

    /// On a terminal (a pseudo-terminal from util-linux's `script`), the progress line is drawn in
    /// place, and every message begins a line of its own: the line is cleared before a warning,
    /// never continued by it (`ship pages 3/11warning: …`).
    @Test func onATerminalEveryMessageBeginsALineOfItsOwn() async throws {
        let server = try server(helvetiaLength: "0,0000001 Meter")
        defer { server.stop() }
        let out = RepositoryPaths.temporaryDirectory("tty")
        let quoted = [
            CLI.binary.path, "ratings", "--base-url", server.baseURL.absoluteString, "--delay", "0", "--out",
            out.path,
        ].map(FleetCommandText.shellWord)
        let r = try await CLI.runOffPool(
            ["-qec", quoted.joined(separator: " "), "/dev/null"], executable: URL(fileURLWithPath: "/usr/bin/script"),
            environment: ["NO_COLOR": "1", "COLUMNS": "100"])
        #expect(r.status == 0, "\(r.stdout)")
        let clear = "\r\u{1B}[K"
        #expect(r.stdout.contains(clear + "ship pages 1/"), "the progress is drawn: \(r.stdout.debugDescription)")
        var messages = 0
        for line in r.stdout.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n") {
            // What the line shows: the text after its last clearing.
            let shown = line.components(separatedBy: clear).last ?? ""
            if shown.contains("warning:") {
                messages += 1
                #expect(shown.hasPrefix("warning:"), "a message continues a progress line: \(line.debugDescription)")
            }
        }
        #expect(messages >= 1, "the implausible length is warned of: \(r.stdout.debugDescription)")
    }

    @Test(arguments: [
        (String(repeating: "9", count: 400) + " Meter", "gives inf m, outside the plausible 5…400 m; not used"),
        ("0,0000001 Meter", "gives 1e-07 m, outside the plausible 5…400 m; not used"),
    ])
    func anImplausiblePageValueIsAWarningAndNotUsed(_ length: String, _ warning: String) async throws {
        let server = try server(helvetiaLength: length)
        defer { server.stop() }
        let site = ["--base-url", server.baseURL.absoluteString, "--delay", "0"]
        // With the curated file's length at hand, it fills the gap: the table is as good as before.
        let out = RepositoryPaths.temporaryDirectory()
        #expect(try await CLI.runOffPool(["ratings", "--out", out.path]).status == 0)
        let before = try helvetia(out)
        let r = try await CLI.runOffPool(["ratings"] + site + ["--out", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("field 'Länge': '") && r.stderr.contains(warning), "\(r.stderr)")
        let after = try helvetia(out)
        #expect(
            after["lengthM"] as? Double == 56 && after["waveHeightM"] as? Double == before["waveHeightM"] as? Double)

        // Without it, Helvetia loses its figures: a regression; the good table stays.
        let fleet = try fleetWithoutHelvetiaLength()
        let strict = RepositoryPaths.temporaryDirectory()
        #expect(try await CLI.runOffPool(["ratings", "--out", strict.path, "--fleet", fleet.path]).status == 0)
        let good = try outputs(strict)
        let worse = try await CLI.runOffPool(["ratings"] + site + ["--out", strict.path, "--fleet", fleet.path])
        #expect(worse.status == 1)
        #expect(worse.stderr.contains("MS Helvetia was rated"), "\(worse.stderr)")
        #expect(try outputs(strict) == good)
        // The grid over the same pages runs, without Helvetia.
        let grid = try await CLI.runOffPool(
            ["grid"] + site + ["--fleet", fleet.path, "--speeds", "18", "--depths", "10"])
        #expect(grid.status == 0, "\(grid.stderr)")
        #expect(!grid.stdout.contains("MS Helvetia,") && grid.stdout.contains("MS Linth,"))
    }

    @Test func aPlausibleValueThatMovesTheFiguresTooFarIsARegression() async throws {
        let out = RepositoryPaths.temporaryDirectory()
        #expect(try await CLI.runOffPool(["ratings", "--out", out.path]).status == 0)
        let before = try outputs(out)
        // 5.6 m instead of 56 m: within the bounds, but H grows tenfold.
        let server = try server(helvetiaLength: "5,6 Meter")
        defer { server.stop() }
        let args = ["ratings", "--base-url", server.baseURL.absoluteString, "--delay", "0", "--out", out.path]
        let r = try await CLI.runOffPool(args)
        #expect(r.status == 1)
        #expect(r.stderr.contains("MS Helvetia: wave height moved from"), "\(r.stderr)")
        #expect(try outputs(out) == before)
        let accepted = try await CLI.runOffPool(args + ["--accept-regression"])
        #expect(accepted.status == 0, "\(accepted.stderr)")
    }

    @Test func anUnreadableExistingTableIsAnErrorNotAPass() async throws {
        let out = RepositoryPaths.temporaryDirectory()
        try Data("{ not json".utf8).write(to: out.appendingPathComponent("ship-ratings.json"))
        let r = try await CLI.runOffPool(["ratings", "--out", out.path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("ship-ratings.json cannot be read"), "\(r.stderr)")
        #expect(r.stderr.contains("--accept-regression"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["ship-ratings.json"])
        let accepted = try await CLI.runOffPool(["ratings", "--out", out.path, "--accept-regression"])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stderr.contains("replaced, as regressions are accepted"))
    }

    @Test func aGridThatWouldNotFitIsRefusedBeforeAllocating() async throws {
        let started = ContinuousClock.now
        let r = try await CLI.runOffPool([
            "grid", "--speeds", "1:100:0.001", "--depths", "1:1000:0.01", "--out", "/tmp/never.csv",
        ])
        #expect(r.status == 64)
        #expect(
            r.stderr.contains(
                "15 ships × 99001 speeds × 99901 depths = 148354483515 rows (4.5 TiB in memory); the grid's limit is 20000000 rows"
            ), "\(r.stderr)")
        #expect(ContinuousClock.now - started < .seconds(20))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never.csv"))
    }

    @Test func aFineDecimalRangeIsTakenExactly() async throws {
        let r = try await CLI.runOffPool(["grid", "--speeds", "1:100:0.01", "--depths", "10"])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = r.stdout.split(separator: "\n").dropFirst()
        #expect(rows.count == 15 * 9_901)
        let speeds = Set(rows.map { $0.split(separator: ",")[1] })
        #expect(speeds.contains("100.0") && speeds.contains("1.0") && speeds.contains("1.07"))
        #expect(speeds.count == 9_901)
    }

    @Test func anEmptyOutputPathIsRefusedInWords() async throws {
        for args in [
            ["ratings", "--out", ""], ["sessions", "--out", ""],
            ["grid", "--speeds", "18", "--depths", "10", "--out", ""],
        ] {
            let r = try await CLI.runOffPool(args)
            #expect(r.status != 0)
            #expect(r.stderr.contains("--out is empty; give a path (for the current folder: --out .)"), "\(r.stderr)")
        }
    }

    @Test func oneDateRuleForSunAndSessions() async throws {
        let sun = try await CLI.runOffPool(["sun", "--lat", "47.37", "--lon", "8.54", "--date", "0001-01-01"])
        let sessions = try await CLI.runOffPool([
            "sessions", "--from", "0001-01-01", "--to", "0001-01-02", "--out", "/tmp/x",
        ])
        let fetch = try await CLI.runOffPool([
            "archive", "fetch", "--archive", "/tmp/x", "--stations", "8503670", "--from", "2100-01-01",
        ])
        // The parser holds the rule, so no command can leave it out: the option and its value, then why.
        #expect(sun.stderr.contains("'--date <DATE>': 0001-01-01 lies outside 1901–2099"), "\(sun.stderr)")
        #expect(sessions.stderr.contains("'--from <DATE>': 0001-01-01 lies outside 1901–2099"), "\(sessions.stderr)")
        #expect(fetch.stderr.contains("'--from <DATE>': 2100-01-01 lies outside 1901–2099"), "\(fetch.stderr)")
        #expect(sun.status == 64 && sessions.status == 64 && fetch.status == 64)
    }

    @Test func aWriteBeyondTheFileSizeLimitLeavesTheOutputsAndSaysWhich() async throws {
        let out = RepositoryPaths.temporaryDirectory()
        #expect(try await CLI.runOffPool(["ratings", "--out", out.path]).status == 0)
        let before = try outputs(out)
        let r = try await CLI.runOffPool(
            ["-c", "ulimit -f 4; exec \"$0\" ratings --speed 25 --out \"$1\"", CLI.binary.path, out.path],
            executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(r.status == 73)
        #expect(r.stderr.contains("\(out.path)/ship-ratings.json: cannot write (file too large)"), "\(r.stderr)")
        #expect(!r.stderr.contains(".nwtmp-"))
        #expect(try outputs(out) == before)

        // The same for sessions (large, streamed outputs), on an archive whose store is built.
        let archive = RepositoryPaths.temporaryDirectory("archive")
        for folder in ["stationboards", "deployments"] {
            try FileManager.default.copyItem(
                at: RepositoryPaths.archive.appendingPathComponent(folder), to: archive.appendingPathComponent(folder))
        }
        let sessionsOut = RepositoryPaths.temporaryDirectory()
        #expect(
            try await CLI.runOffPool(["sessions", "--archive", archive.path, "--out", sessionsOut.path]).status == 0)
        let sessionsBefore = try outputs(sessionsOut)
        // 64 KiB: sessions.json (about 110 KB) cannot be written.
        let s = try await CLI.runOffPool(
            [
                "-c", "ulimit -f 64; exec \"$0\" sessions --archive \"$1\" --out \"$2\"", CLI.binary.path, archive.path,
                sessionsOut.path,
            ], executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(s.status == 73)
        #expect(s.stderr.contains("\(sessionsOut.path)/sessions.json: cannot write (file too large)"), "\(s.stderr)")
        #expect(try outputs(sessionsOut) == sessionsBefore)
    }

    @Test func anInterruptedGridLeavesNoTemporaryFile() async throws {
        let out = RepositoryPaths.temporaryDirectory()
        let target = out.appendingPathComponent("grid.csv")
        for signal in [SIGINT, SIGTERM] {
            let process = try CLI.start([
                "grid", "--speeds", "1:100:0.01", "--depths", "2:100:1", "--out", target.path, "--no-progress",
            ])
            try waitForTemporaryFile(in: out)
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
            #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty, "signal \(signal)")
        }
        // SIGKILL cannot be caught: the next run into the folder sweeps what it left.
        let killed = try CLI.start([
            "grid", "--speeds", "1:100:0.01", "--depths", "2:100:1", "--out", target.path, "--no-progress",
        ])
        try waitForTemporaryFile(in: out)
        kill(killed.processIdentifier, SIGKILL)
        killed.waitUntilExit()
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).contains { $0.contains(".nwtmp-") })
        #expect(
            try await CLI.runOffPool(["grid", "--speeds", "18", "--depths", "10", "--out", target.path]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["grid.csv"])
    }

    func waitForTemporaryFile(in folder: URL) throws {
        for _ in 0..<600 {
            if try FileManager.default.contentsOfDirectory(atPath: folder.path).contains(where: {
                $0.contains(".nwtmp-")
            }
            ) {
                return
            }
            usleep(20_000)
        }
        Issue.record("no temporary file appeared in \(folder.path)")
    }

    @Test func aRunIntoAFolderAnotherRunHoldsWaitsForIt() async throws {
        let out = RepositoryPaths.temporaryDirectory()
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = [out.path, "sleep", "2"]
        try holder.run()
        defer { holder.waitUntilExit() }
        usleep(300_000)
        let r = try await CLI.runOffPool(["ratings", "--out", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("waiting for another nextwave run that is using"), "\(r.stderr)")
    }

    @Test func twoRunsIntoOneFolderNeverMixTheirOutputs() async throws {
        let out = RepositoryPaths.temporaryDirectory()
        // Two different operating points written into one folder at once.
        let a = try CLI.start(["ratings", "--out", out.path, "--speed", "18", "--accept-regression"])
        let b = try CLI.start(["ratings", "--out", out.path, "--speed", "25", "--accept-regression"])
        await CLI.exit(of: a)
        await CLI.exit(of: b)
        #expect(a.terminationStatus == 0 && b.terminationStatus == 0)
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("ship-ratings.json")))
            as! [String: Any]
        let speed = try #require((json["model"] as? [String: Any])?["speedKmh"] as? Double)
        let markdown = try String(contentsOf: out.appendingPathComponent("ratings.md"), encoding: .utf8)
        #expect(
            markdown.contains("formulas at v = \(speed) km/h"), "ratings.md is of the same run as ship-ratings.json")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.contains(".nwtmp-") }.isEmpty)
    }

    @Test func twoSessionRunsOnOneNewArchiveBothSucceed() async throws {
        let archive = RepositoryPaths.temporaryDirectory("archive")
        for folder in ["stationboards", "deployments"] {
            try FileManager.default.copyItem(
                at: RepositoryPaths.archive.appendingPathComponent(folder), to: archive.appendingPathComponent(folder))
        }
        let outA = RepositoryPaths.temporaryDirectory()
        let outB = RepositoryPaths.temporaryDirectory()
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let out = index == 0 ? outA : outB
            results.set(
                index, try? CLI.run(["sessions", "--archive", archive.path, "--out", out.path, "--no-progress"]))
        }
        for result in results.all {
            #expect(result?.status == 0, "\(result?.stderr ?? "did not run")")
        }
        let csvA = try Data(contentsOf: outA.appendingPathComponent("sessions.csv"))
        let csvB = try Data(contentsOf: outB.appendingPathComponent("sessions.csv"))
        #expect(csvA == csvB, "both read the same, complete store")
    }
}

final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int: CLI.Result] = [:]
    func set(_ index: Int, _ value: CLI.Result?) { lock.withLock { values[index] = value } }
    var all: [CLI.Result?] { lock.withLock { [values[0], values[1]] } }
}
