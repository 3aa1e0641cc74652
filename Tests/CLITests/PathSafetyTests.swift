import Foundation
import Testing
import _TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Writes stay where they were asked to go: no output is written or removed through a link, a
/// snapshot never replaces a folder that matters, and a data folder another user owns is not
/// used silently.
///
/// Through the built binary, as a user runs it. Each case failed before its fix (the hardening
/// rounds 2, 3 and 4 in docs/RELIABILITY.md).
@Suite struct PathSafetyTests: HostileProbe {
    /// A lake's folder of a site that is a link to a folder elsewhere: `feed` refuses it by name
    /// and neither writes into the other folder nor removes its files (it removed
    /// `v/b.0123456789abcdef.json` as a file "no index names"); so does a language folder of the
    /// pages.
    @Test func aFeedNeverWritesOrRemovesThroughALinkInItsSite() async throws {
        for linked in ["zurichsee", "de/zurichsee", "de"] {
            let folder = RepositoryPaths.temporaryDirectory("links")
            let (elsewhere, site) = (folder.appendingPathComponent("v"), folder.appendingPathComponent("site"))
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
            let link = site.appendingPathComponent(linked)
            try FileManager.default.createDirectory(
                at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: elsewhere.appendingPathComponent("b.0123456789abcdef.json"))
            try Data("<p>mine</p>".utf8).write(to: elsewhere.appendingPathComponent("wadenswil-see.html"))
            #expect(symlink(elsewhere.path, link.path) == 0)
            let before = files(elsewhere)
            let r = try await runBounded([
                "feed", "--from", "2026-09-22", "--days", "2", "--out", site.path, "--quiet",
            ])
            #expect(r.status == 73, "\(linked): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains("\(link.path): is a symbolic link inside the output folder"), "\(r.stderr)")
            #expect(files(elsewhere) == before, "\(linked): the linked folder is as it was")
        }
    }

    /// A lake's folder of a publishing folder that is a link: `ratings --operator bls --publish`
    /// refuses it by name, and nothing is published in any lake.
    @Test func aPublishNeverWritesThroughALinkInItsFolder() async throws {
        let folder = RepositoryPaths.temporaryDirectory("links")
        let (elsewhere, site) = (folder.appendingPathComponent("v"), folder.appendingPathComponent("site"))
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        #expect(symlink(elsewhere.path, site.appendingPathComponent("thunersee").path) == 0)
        let r = try await runBounded([
            "ratings", "--operator", "bls", "--data", try RepositoryPaths.copyOfData().path, "--publish", site.path,
            "--out", folder.appendingPathComponent("out").path, "--quiet",
        ])
        #expect(r.status == 73, "\(r.status): \(r.stderr)")
        #expect(r.stderr.contains("thunersee: is a symbolic link inside the output folder"), "\(r.stderr)")
        #expect(files(elsewhere).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("brienzersee/manifest.json").path))
    }

    /// An archive's day folder that is a link: `archive fetch` refuses to store through it.
    @Test func anArchiveFetchNeverWritesThroughALinkedDayFolder() async throws {
        let server = try boardServer()
        defer { server.stop() }
        let folder = RepositoryPaths.temporaryDirectory("links")
        let (elsewhere, archive) = (folder.appendingPathComponent("v"), folder.appendingPathComponent("archive"))
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: archive.appendingPathComponent("stationboards"), withIntermediateDirectories: true)
        #expect(symlink(elsewhere.path, archive.appendingPathComponent("stationboards/2026-09-22").path) == 0)
        let r = try await runBounded([
            "archive", "fetch", "--archive", archive.path, "--stations", "8503670", "--from", "2026-09-22",
            "--api-url", server.baseURL.absoluteString, "--no-deployments", "--delay", "0", "--no-progress",
        ])
        #expect(r.status != 0, "\(r.status): \(r.stderr)")
        #expect(r.stderr.contains("2026-09-22: is a symbolic link inside the output folder"), "\(r.stderr)")
        #expect(files(elsewhere).isEmpty)
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

    @Test func publishingThroughALinkedTableNameIsRefused() async throws {
        let (folder, site, out, table) = try await publishedOnce("publish")
        let victim = folder.appendingPathComponent("victim.txt")
        try Data("someone else's file".utf8).write(to: victim)
        try FileManager.default.removeItem(at: table)
        try FileManager.default.createSymbolicLink(at: table, withDestinationURL: victim)
        let second = try await runBounded(
            within: 60,
            [
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
        let result = try await runBounded(within: 60, ["ratings", "--out", out.path, "--quiet"])
        #expect(result.status == 73, "\(result.status): \(result.stderr)")
        #expect(result.stderr.contains("ratings.md: is a symbolic link"), "\(result.stderr)")
        #expect(text(victim) == "my notes")
    }

    @Test func aCalendarThatIsALinkIsNotWrittenThrough() async throws {
        let folder = RepositoryPaths.temporaryDirectory("ics")
        let victim = folder.appendingPathComponent("victim.txt")
        try Data("keep".utf8).write(to: victim)
        let link = folder.appendingPathComponent("plan.ics")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: victim)
        let result = try await runBounded(
            within: 60,
            [
                "plan", "--station", "wadenswil", "--from", "2026-09-22", "--days", "1", "--ics", link.path,
            ])
        #expect(result.status == 73, "\(result.status): \(result.stderr)")
        #expect(text(victim) == "keep")
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

    /// A data folder found in a checkout another user owns is refused (exit 77), as git refuses
    /// such a repository; named with --data it is used, with a warning.
    @Test func aDataFolderAnotherUserOwnsIsNotUsedSilently() async throws {
        let checkout = RepositoryPaths.temporaryDirectory("foreign")
        try FileManager.default.copyItem(
            at: RepositoryPaths.root.appendingPathComponent("Package.swift"),
            to: checkout.appendingPathComponent("Package.swift"))
        let data = checkout.appendingPathComponent("Data")
        try FileManager.default.copyItem(at: try RepositoryPaths.copyOfData(), to: data)
        try #require(chown(data.path, 12_345, 12_345) == 0, "the tests run as root in CI: chown must work")
        let environment: [String: String?] = ["NEXTWAVE_DATA": nil]
        let refused = try await CLI.runOffPool(
            ["stations", "--lake", "Zugersee"], in: checkout, environment: environment)
        #expect(refused.status == 77, "\(refused.status): \(refused.stderr)")
        #expect(refused.stderr.contains("belongs to user 12345, not to you"), "\(refused.stderr)")
        let named = try await CLI.runOffPool(
            ["stations", "--lake", "Zugersee", "--data", data.path], in: checkout, environment: environment)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(named.stderr.contains("warning: the data folder"), "\(named.stderr)")
    }
}
