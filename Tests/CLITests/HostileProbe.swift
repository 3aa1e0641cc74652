import Foundation
import SafeFiles
import Testing
import _TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What the hostile-input suites share (PathSafetyTests, SpecialFilesTests, OversizedInputTests,
/// ArchivedDaysTests, ConcurrentRunsTests, FeedSiteRepairTests, PublishedTableIntegrityTests,
/// HostileNamesTests, FailedWritesTests, BoundedDurationsTests): a bounded run of the binary
/// (two minutes, the fourth round's bound; the earlier rounds' tests keep theirs),
/// special files, a stationboard server, a published table, a feed site's index.
protocol HostileProbe {}

extension HostileProbe {
    /// ``CLI/runBounded(_:seconds:in:)`` with a bound of two minutes: a hang fails the test
    /// instead of holding the run.
    func runBounded(_ arguments: [String], seconds: Int = 120, in directory: URL = RepositoryPaths.root)
        async throws -> CLI.Result
    {
        try await CLI.runBounded(arguments, seconds: seconds, in: directory)
    }

    /// The same with the bound of the round a test came from: the second round's ran within
    /// 30 s, the third's within 60 s, and each keeps its bound.
    func runBounded(within seconds: Int, _ arguments: [String], in directory: URL = RepositoryPaths.root)
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

    /// A transport API on 127.0.0.1 answering Wädenswil's archived board of 2026-09-22, 404 for
    /// anything else.
    func boardServer() throws -> LocalHTTPServer {
        let board = try Data(
            contentsOf: RepositoryPaths.archive.appendingPathComponent("stationboards/2026-09-22/8503670.json"))
        return try LocalHTTPServer { path, _ in
            path == "/v1/stationboard?id=8503670&limit=420&date=2026-09-22" ? .init(body: board) : .status(404)
        }
    }

    func fetch(into archive: URL, from server: LocalHTTPServer) async throws -> CLI.Result {
        try await runBounded(
            within: 60,
            [
                "archive", "fetch", "--archive", archive.path, "--stations", "8503670", "--from", "2026-09-22",
                "--api-url", server.baseURL.absoluteString, "--no-deployments", "--delay", "0", "--no-progress",
            ])
    }

    func archivedDay(_ archive: URL) throws -> URL {
        let file = archive.appendingPathComponent("stationboards/2026-09-22/8503670.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        return file
    }

    /// A first `ratings --publish` into a fresh folder: the folder, its `site` and `out`, and the
    /// published table the manifest names.
    func publishedOnce(_ prefix: String) async throws -> (folder: URL, site: URL, out: URL, table: URL) {
        let folder = RepositoryPaths.temporaryDirectory(prefix)
        let site = folder.appendingPathComponent("site")
        let out = folder.appendingPathComponent("out")
        let first = try await runBounded(
            within: 60,
            [
                "ratings", "--data", try RepositoryPaths.copyOfData().path, "--publish", site.path, "--out", out.path,
                "--quiet",
            ])
        #expect(first.status == 0, "\(first.stderr)")
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: site.appendingPathComponent("manifest.json")))
                as? [String: Any])
        return (folder, site, out, site.appendingPathComponent(try #require(manifest["current"] as? String)))
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

    func index(_ site: URL) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: site.appendingPathComponent("index.json")))
            as! [String: Any]
    }

    func day(_ site: URL, lake: String = "Zürichsee", date: String) throws -> [String: Any]? {
        let lakes = try index(site)["lakes"] as! [[String: Any]]
        return (lakes.first { $0["name"] as? String == lake }?["days"] as? [[String: Any]])?.first {
            $0["date"] as? String == date
        }
    }

    /// Every file the index names is there with the bytes it names.
    func indexHolds(_ site: URL) throws -> [String] {
        var broken: [String] = []
        for lake in try index(site)["lakes"] as! [[String: Any]] {
            for entry in (lake["days"] as! [[String: Any]]) + (lake["ratings"] as! [[String: Any]]) {
                let file = entry["file"] as! String
                let data = FileManager.default.contents(atPath: site.appendingPathComponent(file).path)
                if data.map({ SHA256.hex($0) }) != entry["sha256"] as? String { broken.append(file) }
            }
        }
        return broken
    }

    /// Overwrites a page in the middle of the store's file (as a disk error would).
    func damage(_ store: URL, at fraction: Double = 0.5) throws {
        let handle = try FileHandle(forUpdating: store)
        defer { try? handle.close() }
        let size = try handle.seekToEnd()
        try #require(size > 16_384, "a store of \(size) bytes")
        try handle.seek(toOffset: UInt64(Double(size) * fraction) / 4096 * 4096)
        try handle.write(contentsOf: Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }))
    }
}
