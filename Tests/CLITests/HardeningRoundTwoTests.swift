import Foundation
import Testing
import _TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What the second hardening probe found, through the tool as a user runs it (issue: hardening,
/// round 2). Each case failed before its fix: a trap (status 132), a hang, a silent loss.
@Suite struct HardeningRoundTwoTests {
    /// ``CLI/runBounded(_:seconds:in:)`` with this round's bound.
    func runBounded(_ arguments: [String], seconds: Int = 30) async throws -> CLI.Result {
        try await CLI.runBounded(arguments, seconds: seconds)
    }

    func fifo(_ url: URL) throws {
        guard mkfifo(url.path, 0o644) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    }

    // MARK: Inputs that are not regular files

    @Test func aFIFOAsTheRatingTableIsRefusedByPath() async throws {
        let folder = RepositoryPaths.temporaryDirectory("fifo")
        let pipe = folder.appendingPathComponent("ratings.json")
        try fifo(pipe)
        let result = try await runBounded(["sessions", "--ratings", pipe.path, "--out", folder.path, "--no-progress"])
        #expect(result.status == 66, "\(result.status): \(result.stderr)")
        #expect(result.stderr.contains("\(pipe.path)") && result.stderr.contains("FIFO"), "\(result.stderr)")
    }

    @Test func aFIFOInTheArchiveIsRefusedByPath() async throws {
        let archive = try RepositoryPaths.copyOfArchive()
        let day = archive.appendingPathComponent("stationboards/2026-09-22")
        let pipe = day.appendingPathComponent("8503999.json")
        try fifo(pipe)
        let out = RepositoryPaths.temporaryDirectory("fifo")
        let result = try await runBounded(["sessions", "--archive", archive.path, "--out", out.path, "--no-progress"])
        #expect(result.status != 124, "it must not block")
        #expect(result.stderr.contains(pipe.path), "\(result.stderr)")
    }

    @Test func aFIFOAsASnapshotPageIsRefusedByPath() async throws {
        let source = RepositoryPaths.data.appendingPathComponent("snapshots/zsg-2025-01-14")
        let snapshot = try RepositoryPaths.copy(of: source, except: "ms-albis.html", label: "snapshot")
        try fifo(snapshot.appendingPathComponent("ms-albis.html"))
        let result = try await runBounded([
            "ratings", "--snapshot", snapshot.path, "--dry-run", "--out", RepositoryPaths.temporaryDirectory().path,
        ])
        #expect(result.status == 66, "\(result.status): \(result.stderr)")
        #expect(result.stderr.contains("ms-albis.html") && result.stderr.contains("FIFO"), "\(result.stderr)")
    }

    @Test func aGTFSTableLinkedToDevZeroIsRefusedByPath() async throws {
        let feed = RepositoryPaths.temporaryDirectory("gtfs")
        let fixture = RepositoryPaths.root.appendingPathComponent("Tests/ScheduleArchiveTests/Fixtures/gtfs-mini")
        for name in try FileManager.default.contentsOfDirectory(atPath: fixture.path) where name != "stop_times.txt" {
            try FileManager.default.copyItem(
                at: fixture.appendingPathComponent(name), to: feed.appendingPathComponent(name))
        }
        try FileManager.default.createSymbolicLink(
            atPath: feed.appendingPathComponent("stop_times.txt").path, withDestinationPath: "/dev/zero")
        let archive = RepositoryPaths.temporaryDirectory("archive")
        let result = try await runBounded([
            "archive", "import-gtfs", feed.path, "--archive", archive.path, "--no-progress",
        ])
        #expect(result.status == 65, "\(result.status): \(result.stderr)")
        #expect(result.stderr.contains("stop_times.txt") && result.stderr.contains("a device"), "\(result.stderr)")
    }

    // MARK: Files that would trap or take all memory

    @Test func aCalibrationWhoseCovarianceIsNot5x5IsRefusedInWords() async throws {
        let folder = RepositoryPaths.temporaryDirectory("calibration")
        let good = try JSONSerialization.jsonObject(
            with: Data(contentsOf: CLIFixtures.calibration))
        for cut in [0, 3, 4] {
            var calibration = try #require(good as? [String: Any])
            var law = try #require(calibration["powerLaw"] as? [String: Any])
            law["covariance"] = Array(try #require(law["covariance"] as? [[Double]]).prefix(cut))
            calibration["powerLaw"] = law
            let file = folder.appendingPathComponent("c\(cut).json")
            try JSONSerialization.data(withJSONObject: calibration).write(to: file)
            let result = try await runBounded(["wake", "--ship", "MS Panta Rhei", "--calibration", file.path])
            #expect(result.status == 65, "\(result.status): \(result.stderr)")
            #expect(result.stderr.contains("covariance is \(cut)×"), "\(result.stderr)")
        }
    }

    @Test func aHugeRatingTableIsRefusedBeforeDecoding() async throws {
        let folder = RepositoryPaths.temporaryDirectory("table")
        let table = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: CLIFixtures.ratingTable))
                as? [String: Any])
        let ships = try #require(table["ships"] as? [[String: Any]]).map {
            String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self)
        }
        var rest = table
        rest["ships"] = [String]()
        let head = String(decoding: try JSONSerialization.data(withJSONObject: rest), as: UTF8.self)
        // 50,000 ships (about 100 MB), written as text: the shape of the probe's table.
        let list = (0..<50_000).map { ships[$0 % ships.count] }.joined(separator: ",")
        let file = folder.appendingPathComponent("ship-ratings.json")
        try Data(head.replacingOccurrences(of: "\"ships\":[]", with: "\"ships\":[\(list)]").utf8).write(to: file)
        let result = try await runBounded(["sessions", "--ratings", file.path, "--out", folder.path, "--no-progress"])
        #expect(result.status == 65, "\(result.status): \(result.stderr)")
        #expect(result.stderr.contains("larger than 4 MiB"), "\(result.stderr)")
    }

    @Test func aPageWithACrowdedTagIsRefusedQuickly() async throws {
        let folder = RepositoryPaths.temporaryDirectory("crowded")
        let page = folder.appendingPathComponent("ms-crowded.html")
        let attributes = (0..<200_000).map { "a\($0)=\"v\"" }.joined(separator: " ")
        try Data("<html><body><h1 \(attributes)>MS Crowded</h1><p>Länge: 50 m</p></body></html>".utf8).write(to: page)
        let body = try Data(contentsOf: page)
        let server = try LocalHTTPServer { _, _ in .init(headers: [("Content-Type", "text/html")], body: body) }
        defer { server.stop() }
        let list = folder.appendingPathComponent("pages.txt")
        try Data("/de/ms-crowded.html\n".utf8).write(to: list)
        let started = ContinuousClock.now
        let result = try await runBounded([
            "ratings", "--pages", list.path, "--base-url", server.baseURL.absoluteString, "--dry-run", "--out",
            folder.path, "--delay", "0",
        ])
        // Linear: 0.4 s on a quiet machine; quadratic took over 200 s. (Loose: a busy CI machine.)
        #expect(ContinuousClock.now - started < .seconds(100), "linear, not 200 s")
        #expect(result.status == 65, "\(result.status): \(result.stderr)")
        #expect(result.stderr.contains("more than 1000 attributes"), "\(result.stderr)")
    }

    // MARK: Data lost or mixed

    @Test func eightFleetAddsAtOnceKeepEveryShip() async throws {
        let folder = RepositoryPaths.temporaryDirectory("fleet")
        let fleet = folder.appendingPathComponent("fleet.json")
        try FileManager.default.copyItem(at: RepositoryPaths.data.appendingPathComponent("fleet.json"), to: fleet)
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            results.set(
                index,
                try? CLI.run([
                    "fleet", "add", "--name", "MS Probe \(index)", "--length", "40", "--beam", "8", "--displacement",
                    "200", "--source", "https://example.org/probe", fleet.path,
                ]))
        }
        for result in results.all { #expect(result?.status == 0, "\(result?.stderr ?? "did not run")") }
        let text = try String(contentsOf: fleet, encoding: .utf8)
        for index in 0..<8 { #expect(text.contains("\"Probe \(index)\""), "MS Probe \(index) lost") }
    }

    // MARK: Broken promises

    /// The archive as a user who cannot write it sees it: as `nobody` when the tests run as
    /// root (root may write anything), else with the write bits taken away.
    @Test func aReadOnlyArchiveWithAStoreIsReadAsItIs() async throws {
        let archive = try RepositoryPaths.copyOfArchive()
        #expect(try await CLI.runOffPool(["archive", "status", "--archive", archive.path]).status == 0)
        #expect(FileManager.default.fileExists(atPath: archive.appendingPathComponent("schedule.sqlite").path))
        let out = RepositoryPaths.temporaryDirectory("ro-out")
        _ = try await CLI.runOffPool(
            ["chmod", "-R", "a-w,a+rX", archive.path], executable: URL(fileURLWithPath: "/usr/bin/env"))
        defer {
            _ = try? CLI.run(["chmod", "-R", "u+w", archive.path], executable: URL(fileURLWithPath: "/usr/bin/env"))
        }
        chmod(out.path, 0o777)
        let asUser: [String] =
            getuid() == 0
            ? ["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", "env", "HOME=/tmp"] : []
        for arguments in [
            ["archive", "status", "--archive", archive.path],
            ["sessions", "--archive", archive.path, "--out", out.path, "--no-progress"],
        ] {
            let result = try await CLI.runOffPool(
                asUser + [CLI.binary.path] + arguments, executable: URL(fileURLWithPath: "/usr/bin/env"))
            #expect(result.status == 0, "\(arguments[0]): \(result.stderr)")
            #expect(!result.stderr.contains("readonly database"), "\(result.stderr)")
            if arguments[0] == "archive" { #expect(result.stdout.contains("(read-only)"), "\(result.stdout)") }
        }
    }

    /// A command that reads an archive, pointed at a folder that holds none (a typo, the wrong
    /// folder), says so and leaves the folder as it was; it used to put an empty store into it and
    /// report "0 departures" (status) or "holds no departures" (sessions).
    @Test func aFolderThatHoldsNoArchiveIsRefusedAndLeftAlone() async throws {
        let folder = RepositoryPaths.temporaryDirectory("not-an-archive")
        try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        for arguments in [
            ["archive", "status"], ["sessions", "--out", RepositoryPaths.temporaryDirectory().path],
            ["plan", "--station", "wadenswil"], ["today", "--station", "wadenswil"],
            ["feed", "--out", RepositoryPaths.temporaryDirectory().path], ["fleet", "speeds"],
        ] {
            let result = try await CLI.runOffPool(arguments + ["--archive", folder.path, "--quiet"])
            #expect(result.status == 66, "\(arguments[0]): \(result.stderr)")
            #expect(
                result.stderr.contains("\(folder.path): not a schedule archive: it holds no stationboards/"),
                "\(arguments): \(result.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"], "\(arguments)")
        }
    }

    @Test func aSnapshotNeverReplacesTheCurrentHomeRootOrARepository() async throws {
        let server = try LocalHTTPServer(handler: SnapshotServer.handler())
        defer { server.stop() }
        let work = RepositoryPaths.temporaryDirectory("cwd")
        try Data("mine".utf8).write(to: work.appendingPathComponent("notes.txt"))
        let repository = RepositoryPaths.temporaryDirectory("repo")
        try FileManager.default.createDirectory(
            at: repository.appendingPathComponent("project/.git"), withIntermediateDirectories: true)
        for (target, reason) in [
            (".", "it is or holds the current folder"), ("..", "it is or holds the current folder"),
            ("/", "it is the root folder"), (repository.path, "it holds the git repository project"),
        ] {
            let result = try await CLI.runOffPool(
                [
                    "ratings", "--base-url", server.baseURL.absoluteString, "--save-snapshot", target, "--force",
                    "--dry-run", "--out", RepositoryPaths.temporaryDirectory().path, "--delay", "0",
                ], in: work)
            #expect(result.status == 73, "\(target): \(result.stderr)")
            #expect(result.stderr.contains(reason), "\(target): \(result.stderr)")
        }
        #expect(try String(contentsOf: work.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine")
        #expect(FileManager.default.fileExists(atPath: repository.appendingPathComponent("project/.git").path))
    }

    @Test func everyCommandFailsWhenStdoutCannotBeWritten() async throws {
        let out = RepositoryPaths.temporaryDirectory("full")
        for arguments in [
            ["stations", "--json"], ["stations"], ["sun", "--station", "Wädenswil", "--date", "2026-06-21"],
            ["fleet", "show"], ["wake", "--ship", "MS Panta Rhei"], ["wake", "--ship", "MS Panta Rhei", "--json"],
            ["sessions", "--out", out.path, "--no-progress"],
            ["archive", "status", "--archive", RepositoryPaths.archive.path],
            ["fleet", "speeds", "--json"],
        ] {
            let status: Int32 = try await withCheckedThrowingContinuation { continuation in
                Thread.detachNewThread {
                    do {
                        let process = Process()
                        process.executableURL = CLI.binary
                        process.arguments = arguments
                        process.currentDirectoryURL = RepositoryPaths.root
                        var environment = ProcessInfo.processInfo.environment
                        environment["NEXTWAVE_DATA"] = RepositoryPaths.data.path
                        process.environment = environment
                        process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
                        process.standardError = FileHandle.nullDevice
                        try process.run()
                        process.waitUntilExit()
                        continuation.resume(returning: process.terminationStatus)
                    } catch {
                        continuation.resume(throwing: error)
                    }
                }
            }
            #expect(status == 73, "\(arguments.joined(separator: " ")) into /dev/full: exit \(status)")
        }
        // The message names standard output.
        let named = try await CLI.runOffPool(
            ["sh", "-c", "\"$0\" stations > /dev/full", CLI.binary.path],
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            environment: ["NEXTWAVE_DATA": RepositoryPaths.data.path])
        #expect(named.stderr.contains("cannot write to standard output (no space left on device)"), "\(named.stderr)")
    }

    /// A day folder the user cannot read is an error naming it, not a day whose files were
    /// removed (issue 23: the archive listing swallowed the error with `try?`).
    @Test func anUnreadableDayFolderIsNamedNotDropped() async throws {
        let archive = try RepositoryPaths.copyOfArchive()
        #expect(try await CLI.runOffPool(["archive", "status", "--archive", archive.path]).status == 0)
        let day = archive.appendingPathComponent("stationboards/2026-09-23")
        chmod(archive.path, 0o777)
        chmod(day.path, 0o000)
        defer { chmod(day.path, 0o755) }
        let asUser: [String] =
            getuid() == 0
            ? ["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", "env", "HOME=/tmp"] : []
        let result = try await CLI.runOffPool(
            asUser + [CLI.binary.path, "archive", "status", "--archive", archive.path],
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(result.status == 66, "\(result.stdout)\n\(result.stderr)")
        #expect(
            result.stderr.contains("2026-09-23") && result.stderr.contains("cannot list the folder"), "\(result.stderr)"
        )
    }
}
