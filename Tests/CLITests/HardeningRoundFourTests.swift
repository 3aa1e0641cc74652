import Foundation
import Testing
import _TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The fourth hostile round (issue: hardening, round 4), through the built binary: each finding
/// with a test that fails without its fix (docs/RELIABILITY.md, "Round 4").
@Suite struct HardeningRoundFourTests {
    func runBounded(_ arguments: [String], seconds: Int = 120, in directory: URL = RepositoryPaths.root)
        async throws -> CLI.Result
    {
        try await CLI.runOffPool(
            ["timeout", "-s", "KILL", "\(seconds)", CLI.binary.path] + arguments, in: directory,
            executable: URL(fileURLWithPath: "/usr/bin/env"))
    }

    func files(_ folder: URL) -> [String: Data] {
        var out: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: folder.path)
        while let path = walker?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) {
                out[path] = data
            }
        }
        return out
    }

    // MARK: 1. Links inside the output path

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
        let board = try Data(
            contentsOf: RepositoryPaths.archive.appendingPathComponent("stationboards/2026-09-22/8503670.json"))
        let server = try LocalHTTPServer { path, _ in
            path == "/v1/stationboard?id=8503670&limit=420&date=2026-09-22" ? .init(body: board) : .status(404)
        }
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
}
