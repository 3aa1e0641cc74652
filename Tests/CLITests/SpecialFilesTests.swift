import Foundation
import Testing
import _TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Inputs and outputs that are not regular files (a FIFO, a device, a folder where a table
/// belongs): each is refused by path or kept for what it is, and nothing blocks.
///
/// Through the built binary, as a user runs it. Each case failed before its fix (the hardening
/// rounds 2, 3 and 4 in docs/RELIABILITY.md).
@Suite struct SpecialFilesTests: HostileProbe {
    @Test func aFIFOAsTheRatingTableIsRefusedByPath() async throws {
        let folder = RepositoryPaths.temporaryDirectory("fifo")
        let pipe = folder.appendingPathComponent("ratings.json")
        try fifo(pipe)
        let result = try await runBounded(
            within: 30, ["sessions", "--ratings", pipe.path, "--out", folder.path, "--no-progress"])
        #expect(result.status == 66, "\(result.status): \(result.stderr)")
        #expect(result.stderr.contains("\(pipe.path)") && result.stderr.contains("FIFO"), "\(result.stderr)")
    }

    @Test func aFIFOInTheArchiveIsRefusedByPath() async throws {
        let archive = try RepositoryPaths.copyOfArchive()
        let day = archive.appendingPathComponent("stationboards/2026-09-22")
        let pipe = day.appendingPathComponent("8503999.json")
        try fifo(pipe)
        let out = RepositoryPaths.temporaryDirectory("fifo")
        let result = try await runBounded(
            within: 30, ["sessions", "--archive", archive.path, "--out", out.path, "--no-progress"])
        #expect(result.status != 124, "it must not block")
        #expect(result.stderr.contains(pipe.path), "\(result.stderr)")
    }

    @Test func aFIFOAsASnapshotPageIsRefusedByPath() async throws {
        let source = RepositoryPaths.data.appendingPathComponent("snapshots/zsg-2025-01-14")
        let snapshot = try RepositoryPaths.copy(of: source, except: "ms-albis.html", label: "snapshot")
        try fifo(snapshot.appendingPathComponent("ms-albis.html"))
        let result = try await runBounded(
            within: 30,
            [
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
        let result = try await runBounded(
            within: 30,
            [
                "archive", "import-gtfs", feed.path, "--archive", archive.path, "--no-progress",
            ])
        #expect(result.status == 65, "\(result.status): \(result.stderr)")
        #expect(result.stderr.contains("stop_times.txt") && result.stderr.contains("a device"), "\(result.stderr)")
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

    @Test func aCalendarIntoAFIFOWithoutAReaderIsRefusedAtOnce() async throws {
        let folder = RepositoryPaths.temporaryDirectory("fifo")
        let pipe = folder.appendingPathComponent("plan.ics")
        try fifo(pipe)
        let result = try await runBounded(
            ["plan", "--station", "wadenswil", "--from", "2026-09-22", "--days", "1", "--ics", pipe.path], seconds: 30)
        #expect(result.status == 73, "\(result.status): \(result.stderr)")
        #expect(result.stderr.contains("is a FIFO nobody reads"), "\(result.stderr)")
    }

    /// An archived day that is a FIFO is kept, and the summary says why (it said "the new answer
    /// added nothing").
    @Test func aKeptFIFODayIsSummarisedForWhatItIs() async throws {
        let server = try boardServer()
        defer { server.stop() }
        let archive = RepositoryPaths.temporaryDirectory("fifo-archive")
        let day = archive.appendingPathComponent("stationboards/2026-09-22")
        try FileManager.default.createDirectory(at: day, withIntermediateDirectories: true)
        #expect(mkfifo(day.appendingPathComponent("8503670.json").path, 0o644) == 0)
        let r = try await runBounded([
            "archive", "fetch", "--archive", archive.path, "--stations", "8503670", "--from", "2026-09-22",
            "--api-url", server.baseURL.absoluteString, "--no-deployments", "--delay", "0", "--no-progress",
        ])
        #expect(r.stderr.contains("1 kept (1 archived file that cannot be read or is a link)"), "\(r.stderr)")
        #expect(!r.stderr.contains("added nothing"), "\(r.stderr)")
    }

    @Test func aGTFSFeedWithAFolderForATableFailsTheImport() async throws {
        let fixture = RepositoryPaths.root.appendingPathComponent("Tests/ScheduleArchiveTests/Fixtures/gtfs-mini")
        let feed = try RepositoryPaths.copy(of: fixture, except: "stop_times.txt", label: "gtfs")
        try FileManager.default.createDirectory(
            at: feed.appendingPathComponent("stop_times.txt"), withIntermediateDirectories: true)
        let archive = RepositoryPaths.temporaryDirectory("archive")
        let result = try await runBounded(
            within: 60,
            [
                "archive", "import-gtfs", feed.path, "--archive", archive.path, "--no-progress",
            ])
        #expect(result.status == 65, "\(result.status): \(result.stderr)")
        #expect(result.stderr.contains("stop_times.txt") && result.stderr.contains("folder"), "\(result.stderr)")
    }
}
