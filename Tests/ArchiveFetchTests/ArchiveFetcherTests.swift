import ArchiveFetch
import CivilTime
import Foundation
import Testing
import WebFetch
import _TestSupport

@_spi(Benchmarks) @testable import ScheduleArchive

/// `archive fetch` against a real HTTP server on 127.0.0.1 playing the transport API and the
/// operator's deployment page.
@Suite struct ArchiveFetcherTests {
    static let day = LocalDate(iso: "2026-09-22")!
    static let wadenswil = try! Data(
        contentsOf: RepositoryPaths.archive.appendingPathComponent("stationboards/2026-09-22/8503670.json"))
    static let stafa = try! Data(
        contentsOf: RepositoryPaths.archive.appendingPathComponent("stationboards/2026-09-22/8503665.json"))

    func fetcher(_ server: LocalHTTPServer, deployments: Bool = true, attempts: Int = 3, timeout: Double = 5)
        -> ArchiveFetcher
    {
        var http = HTTPClient.Configuration()
        http.requestDelay = 0
        http.initialBackoff = 0.05
        http.maxBackoff = 1
        http.maxAttempts = attempts
        http.timeout = timeout
        return ArchiveFetcher(
            apiRoot: server.baseURL, deploymentRoot: deployments ? server.baseURL : nil, limit: 420, http: http)
    }

    /// Serves the bundled boards and a deployment page; `override` may replace any answer.
    func server(_ override: (@Sendable (String, Int) -> LocalHTTPServer.Response?)? = nil) throws -> LocalHTTPServer {
        try LocalHTTPServer { path, hit in
            if let answer = override?(path, hit) { return answer }
            if path.hasPrefix("/v1/stationboard?id=8503670&limit=420&date=2026-09-22") {
                return .init(headers: [("Content-Type", "application/json")], body: Self.wadenswil)
            }
            if path.hasPrefix("/v1/stationboard?id=8503665&limit=420&date=2026-09-22") {
                return .init(headers: [("Content-Type", "application/json")], body: Self.stafa)
            }
            if path.hasPrefix("/schiffeinsatz?timestamp=") { return .html(DeploymentPageFixture.flatSpans) }
            return .status(404)
        }
    }

    @Test func writesBoardsAndAssignmentsAndReRunningChangesNothing() async throws {
        let server = try server()
        defer { server.stop() }
        let archive = RepositoryPaths.temporaryDirectory("fetch")
        defer { try? FileManager.default.removeItem(at: archive) }
        let first = await fetcher(server).fetch(stations: [8_503_670, 8_503_665], dates: [Self.day], into: archive)
        #expect(first.failed.isEmpty)
        #expect(
            first.written.sorted() == [
                "deployments/2026-09-22.json", "stationboards/2026-09-22/8503665.json",
                "stationboards/2026-09-22/8503670.json",
            ])
        #expect(
            try Data(contentsOf: archive.appendingPathComponent("stationboards/2026-09-22/8503670.json"))
                == Self.wadenswil)
        #expect(server.requestLog.contains("/v1/stationboard?id=8503670&limit=420&date=2026-09-22"))
        let second = await fetcher(server).fetch(stations: [8_503_670, 8_503_665], dates: [Self.day], into: archive)
        #expect(second.written.isEmpty && second.unchanged.count == 3)
        // Indexing after two fetches holds each departure once.
        let opened = try ScheduleArchive(directory: archive)
        let report = try opened.refresh()
        #expect(report.skipped.isEmpty)
        let assignments = try opened.store.assignments(from: Self.day, to: Self.day)
        #expect(assignments[Self.day]?["2533"] == "MS Forch")
        let files = try FileManager.default.contentsOfDirectory(
            atPath: archive.appendingPathComponent("stationboards/2026-09-22").path)
        #expect(files.sorted() == ["8503665.json", "8503670.json"], "no temporary files left behind")
    }

    @Test func rateLimitAndServerErrorsAreRetried() async throws {
        let server = try server { path, hit in
            if path.contains("id=8503670"), hit == 1 { return .status(429, headers: [("Retry-After", "0")]) }
            if path.contains("id=8503665"), hit == 1 { return .status(500) }
            return nil
        }
        defer { server.stop() }
        let archive = RepositoryPaths.temporaryDirectory("fetch")
        defer { try? FileManager.default.removeItem(at: archive) }
        let report = await fetcher(server, deployments: false).fetch(
            stations: [8_503_670, 8_503_665], dates: [Self.day], into: archive)
        #expect(report.failed.isEmpty)
        #expect(report.written.count == 2)
        #expect(server.requestLog.count == 4)
    }

    @Test func failuresKeepTheEarlierFileAndAreNamed() async throws {
        let archive = RepositoryPaths.temporaryDirectory("fetch")
        defer { try? FileManager.default.removeItem(at: archive) }
        // A good earlier state.
        let good = try server()
        _ = await fetcher(good).fetch(stations: [8_503_670, 8_503_665], dates: [Self.day], into: archive)
        good.stop()
        let before = try Data(contentsOf: archive.appendingPathComponent("stationboards/2026-09-22/8503670.json"))
        let deploymentsBefore = try Data(contentsOf: archive.appendingPathComponent("deployments/2026-09-22.json"))

        let bad = try server { path, _ in
            if path.contains("id=8503670") {  // truncated body: Content-Length says more
                return .init(body: Self.wadenswil, truncateBodyTo: 1000)
            }
            if path.contains("id=8503665") { return .init(body: Data("{\"errors\": [{\"message\": \"x\"}]}".utf8)) }
            if path.hasPrefix("/schiffeinsatz") { return .html("<html><body>Wartung</body></html>") }
            return nil
        }
        defer { bad.stop() }
        let report = await fetcher(bad, attempts: 2).fetch(
            stations: [8_503_670, 8_503_665], dates: [Self.day], into: archive)
        #expect(report.written.isEmpty)
        #expect(report.failed.count == 3)
        #expect(report.failed.contains { $0.contains("id=8503670") })
        #expect(report.failed.contains { $0.contains("id=8503665") && $0.contains("missing field stationboard") })
        #expect(
            report.failed.contains { $0.contains("/schiffeinsatz?timestamp=") && $0.contains("no ship with a course") })
        #expect(try Data(contentsOf: archive.appendingPathComponent("stationboards/2026-09-22/8503670.json")) == before)
        #expect(
            try Data(contentsOf: archive.appendingPathComponent("deployments/2026-09-22.json")) == deploymentsBefore)
    }

    /// Offline, a lake's five days are 100 requests or more: the host that proved unreachable is
    /// listed once, and the requests not tried after it are counted (each was a line of its own).
    @Test func anUnreachableHostIsListedOnceAndTheRestCounted() async throws {
        let gone = try server { _, _ in nil }
        gone.stop()  // nothing listens on its port now: connection refused
        let archive = RepositoryPaths.temporaryDirectory("fetch")
        defer { try? FileManager.default.removeItem(at: archive) }
        let report = await fetcher(gone).fetch(
            stations: [8_503_670, 8_503_665], dates: [Self.day, Self.day.adding(days: 1)], into: archive)
        // 2 stations × 2 days and 2 days of assignments, all to 127.0.0.1.
        #expect(report.failed.count == 1 && report.failed[0].contains("connection refused"), "\(report.failed)")
        #expect(report.notTried == ["127.0.0.1": 5] && report.failures == 6)
        #expect(
            report.summary(archive: "a").hasPrefix(
                "0 files written, 0 unchanged, 6 failed, 5 of them not tried because 127.0.0.1 was unreachable"))
    }

    @Test func aTimeoutIsRetriedThenReported() async throws {
        let server = try server { path, _ in
            path.contains("id=8503670") ? .init(body: Self.wadenswil, delay: 3) : nil
        }
        defer { server.stop() }
        let archive = RepositoryPaths.temporaryDirectory("fetch")
        defer { try? FileManager.default.removeItem(at: archive) }
        let started = ContinuousClock.now
        let report = await fetcher(server, deployments: false, attempts: 2, timeout: 1).fetch(
            stations: [8_503_670, 8_503_665], dates: [Self.day], into: archive)
        #expect(ContinuousClock.now - started >= .seconds(2), "two attempts of one second each")
        #expect(report.failed.count == 1)
        #expect(report.failed.first?.contains("timed out: nothing for 1 s (after 2 attempts)") == true)
        #expect(report.written == ["stationboards/2026-09-22/8503665.json"], "the other station is still fetched")
    }
}
