@_spi(Benchmarks) import FleetScraper
import Foundation
import Testing
import _TestSupport

@testable import WebFetch
@testable import WebPages

/// The HTTP page source against a real server on 127.0.0.1.
@Suite struct HTTPClientTests {
    func source(
        _ server: LocalHTTPServer, attempts: Int = 3, timeout: Double = 5, clock: ManualClock? = nil,
        maxBackoff: Double = 2
    ) -> HTTPClient {
        var c = HTTPClient.Configuration()
        if let clock { c.runBudget = RunBudget(clock: clock) }
        c.requestDelay = 0
        c.initialBackoff = 0.05
        c.maxBackoff = maxBackoff
        c.maxAttempts = attempts
        c.timeout = timeout
        return HTTPClient(siteRoot: server.baseURL, configuration: c)
    }

    @Test func scrapesTheSnapshotServedOverHTTP() async throws {
        let server = try LocalHTTPServer(handler: SnapshotServer.handler())
        defer { server.stop() }
        let scrape = try await LegacyFleetScraper(siteRoot: server.baseURL).scrape(from: source(server))
        #expect(scrape.pages.count == 10)
        #expect(scrape.pages.first?.name == "Motorschiff Panta Rhei")
        #expect(
            scrape.pages.first?.url == server.baseURL.absoluteString
                + "/de/gruppen-firmen/eventlocation-mieten/schiff-mieten/ms-panta-rhei")
        #expect(server.requestLog.count == 11)
    }

    @Test func notFoundFailsAtOnceNamingTheURL() async throws {
        let server = try LocalHTTPServer { _, _ in .status(404) }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("missing")
        await #expect(throws: WebFetchError.httpStatus(url: url.absoluteString, status: 404, attempts: 1)) {
            try await source(server).page(at: url)
        }
        #expect(server.requestLog.count == 1)
    }

    @Test func serverErrorThenSuccessIsRetried() async throws {
        let server = try LocalHTTPServer { _, hit in hit == 1 ? .status(500) : .html("<p>ok</p>") }
        defer { server.stop() }
        let data = try await source(server).page(at: server.baseURL.appendingPathComponent("p"))
        #expect(String(decoding: data, as: UTF8.self) == "<p>ok</p>")
        #expect(server.requestLog.count == 2)
    }

    @Test func persistentServerErrorGivesUpAfterTheAttempts() async throws {
        let server = try LocalHTTPServer { _, _ in .status(503) }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("p")
        await #expect(throws: WebFetchError.httpStatus(url: url.absoluteString, status: 503, attempts: 3)) {
            try await source(server).page(at: url)
        }
        #expect(server.requestLog.count == 3)
    }

    @Test func tooManyRequestsHonoursRetryAfter() async throws {
        let server = try LocalHTTPServer { _, hit in
            hit == 1 ? .status(429, headers: [("Retry-After", "1")]) : .html("ok")
        }
        defer { server.stop() }
        let clock = ManualClock()
        _ = try await source(server, clock: clock).page(at: server.baseURL.appendingPathComponent("p"))
        #expect(clock.sleeps == [1], "waited as told, not the 0.05 s backoff")
        #expect(server.requestLog.count == 2, "\(server.requestLog)")
    }

    @Test func retryAfterAsADateIsReadAgainstTheClock() async throws {
        // The clock reads Wed, 21 Oct 2015 07:28:00 GMT; the server says 07:28:20: 20 s.
        let clock = ManualClock(date: Date(timeIntervalSince1970: 1_445_412_480))
        let server = try LocalHTTPServer { _, hit in
            hit == 1 ? .status(503, headers: [("Retry-After", "Wed, 21 Oct 2015 07:28:20 GMT")]) : .html("ok")
        }
        defer { server.stop() }
        _ = try await source(server, clock: clock, maxBackoff: 60).page(at: server.baseURL.appendingPathComponent("p"))
        #expect(clock.sleeps == [20])
    }

    @Test func backoffDoublesUpToItsCap() async throws {
        let server = try LocalHTTPServer { _, hit in hit < 5 ? .status(503) : .html("ok") }
        defer { server.stop() }
        let clock = ManualClock()
        _ = try await source(server, attempts: 5, clock: clock, maxBackoff: 0.3).page(
            at: server.baseURL.appendingPathComponent("p"))
        // initialBackoff · 2^(attempt − 1): 0.05, 0.1, 0.2, then the cap 0.3.
        #expect(clock.sleeps == [0.05, 0.1, 0.2, 0.3])
    }

    @Test func retryAfterIsCappedAtMaxBackoff() {
        var c = HTTPClient.Configuration()
        c.maxBackoff = 30
        c.initialBackoff = 1
        let s = HTTPClient(siteRoot: URL(string: "http://127.0.0.1")!, configuration: c)
        #expect(s.backoffDelay(attempt: 1, retryAfter: 3600) == 30)
        #expect(s.backoffDelay(attempt: 3, retryAfter: nil) == 4)
        #expect(s.backoffDelay(attempt: 9, retryAfter: nil) == 30)
    }

    @Test func timeoutIsRetriedThenReported() async throws {
        let server = try LocalHTTPServer { _, _ in .init(body: Data("late".utf8), delay: 3) }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("slow")
        let started = ContinuousClock.now
        defer { #expect(ContinuousClock.now - started >= .seconds(2), "two attempts of one second each") }
        do {
            _ = try await source(server, attempts: 2, timeout: 1).page(at: url)
            Issue.record("expected a timeout")
        } catch let error as WebFetchError {
            guard case .transport(let failed, let reason, let attempts) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(failed == url.absoluteString)
            #expect(reason.contains("timed out"))
            #expect(attempts == 2)
        }
    }

    @Test func truncatedBodyIsATransportError() async throws {
        let body = Data(String(repeating: "<p>ship</p>", count: 200).utf8)
        let server = try LocalHTTPServer { _, _ in .init(body: body, truncateBodyTo: 100) }
        defer { server.stop() }
        await #expect(throws: WebFetchError.self) {
            try await source(server, attempts: 2).page(at: server.baseURL.appendingPathComponent("cut"))
        }
        #expect(server.requestLog.count == 2)
    }

    @Test func redirectToAnotherHostIsNotFollowed() async throws {
        let server = try LocalHTTPServer { _, _ in .status(302, headers: [("Location", "http://203.0.113.9/ms-x")]) }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("ms-x")
        await #expect(
            throws: WebFetchError.offSiteRedirect(url: url.absoluteString, location: "http://203.0.113.9/ms-x")
        ) {
            try await source(server).page(at: url)
        }
        #expect(server.requestLog == ["/ms-x"])
    }

    @Test func redirectWithinTheSiteIsFollowed() async throws {
        let server = try LocalHTTPServer { path, _ in
            path == "/old" ? .status(301, headers: [("Location", "/new")]) : .html("new page")
        }
        defer { server.stop() }
        let data = try await source(server).page(at: server.baseURL.appendingPathComponent("old"))
        #expect(String(decoding: data, as: UTF8.self) == "new page")
        #expect(server.requestLog == ["/old", "/new"])
    }

    @Test func urlsOutsideTheSiteAreRefused() async throws {
        let server = try LocalHTTPServer { _, _ in .html("x") }
        defer { server.stop() }
        await #expect(throws: WebFetchError.self) {
            try await source(server).page(at: URL(string: "http://203.0.113.9/x")!)
        }
        #expect(server.requestLog.isEmpty)
    }

    @Test func requestsAreSpacedByTheDelay() async throws {
        // 0.2 s of the test's clock pass while the server answers: the client waits the rest.
        let clock = ManualClock()
        let server = try LocalHTTPServer { _, _ in
            clock.pass(0.2)
            return .html("x")
        }
        defer { server.stop() }
        var c = HTTPClient.Configuration()
        c.requestDelay = 0.5
        c.sparesLoopback = false
        c.runBudget = RunBudget(clock: clock)
        let polite = HTTPClient(siteRoot: server.baseURL, configuration: c)
        for p in ["a", "b", "c"] { _ = try await polite.page(at: server.baseURL.appendingPathComponent(p)) }
        #expect(clock.sleeps.map { ($0 * 1e6).rounded() / 1e6 } == [0.3, 0.3])
    }

    @Test func aLoopbackServerIsSparedTheDelayUnlessItWasChosen() async throws {
        let server = try LocalHTTPServer { _, _ in .html("x") }
        defer { server.stop() }
        for spares in [true, false] {
            let clock = ManualClock()
            var c = HTTPClient.Configuration()
            c.requestDelay = 2
            c.sparesLoopback = spares
            c.runBudget = RunBudget(clock: clock)
            let client = HTTPClient(siteRoot: server.baseURL, configuration: c)
            for p in ["a", "b"] { _ = try await client.page(at: server.baseURL.appendingPathComponent(p)) }
            #expect(clock.sleeps == (spares ? [] : [2]))
        }
    }

    @Test func recordedPagesReplayAsASnapshot() async throws {
        let server = try LocalHTTPServer(handler: SnapshotServer.handler())
        defer { server.stop() }
        let recorder = RecordingPageSource(upstream: source(server))
        let scraper = LegacyFleetScraper(siteRoot: server.baseURL)
        let live = try await scraper.scrape(from: recorder)
        let directory = RepositoryPaths.temporaryDirectory()
        try await recorder.save(
            to: directory, siteRoot: scraper.siteRoot, indexURL: scraper.indexURL, capturedAt: Date())
        server.stop()
        let replayed = try await scraper.scrape(from: SnapshotPageSource(directory: directory))
        #expect(replayed.pages == live.pages)
    }
}
