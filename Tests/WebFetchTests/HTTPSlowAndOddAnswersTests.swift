import Foundation
import Testing
import WebPages
import _TestSupport

@testable import WebFetch

/// Slow and odd answers over HTTP, each against a real server on 127.0.0.1: a too slow attempt
/// and a slow but steady body, Latin-1 header bytes and declared charsets, a port out of range,
/// and one run's time shared by its clients (found by the second hardening round,
/// docs/RELIABILITY.md).
@Suite struct HTTPSlowAndOddAnswersTests {
    func client(
        _ root: URL, events: EventLog? = nil, configure: (inout HTTPClient.Configuration) -> Void = { _ in }
    ) -> HTTPClient {
        var c = HTTPClient.Configuration()
        c.requestDelay = 0
        c.initialBackoff = 0.05
        c.maxBackoff = 1
        c.maxAttempts = 4
        c.timeout = 5
        configure(&c)
        return HTTPClient(siteRoot: root, configuration: c) { events?.add($0) }
    }

    @Test func aTooSlowAttemptIsRetriedOnceAndThenTheHostIsSkipped() async throws {
        // One byte every 0.2 s (5 bytes/s) against a limit of 100 bytes/s over 1 s; the silence
        // timeout (20 s) and the attempt limit (120 s) never come into it.
        let server = try LocalHTTPServer { _, _ in .init(body: Data(repeating: 65, count: 400), trickle: 0.2) }
        defer { server.stop() }
        let source = client(server.baseURL, events: EventLog()) {
            $0.lowSpeedLimit = 100
            $0.lowSpeedTime = 1
            $0.timeout = 20
        }
        let url = server.baseURL.appendingPathComponent("slow")
        // Timed off the cooperative pool, which other suites' synchronous work can hold for long.
        let (outcome, elapsed) = await offThePool {
            let started = ContinuousClock.now
            let outcome: Result<Data, any Error>
            do { outcome = .success(try await source.page(at: url)) } catch { outcome = .failure(error) }
            return (outcome, ContinuousClock.now - started)
        }
        #expect(throws: WebFetchError.tooSlow(url: url.absoluteString, bytesPerSecond: 100, seconds: 1, attempts: 2)) {
            try outcome.get()
        }
        // Two attempts of about a second each; four attempts would take twice as long. (The bound
        // is loose: a busy test machine stretches every wait.)
        #expect(elapsed < .seconds(40), "two attempts of about a second each")
        #expect(server.requestLog.count == 2, "retried once, not up to the 4 attempts")
        // The next page of the trickling host is not requested at all.
        let next = server.baseURL.appendingPathComponent("next")
        await #expect(throws: WebFetchError.self) { try await source.page(at: next) }
        #expect(server.requestLog.count == 2)
    }

    @Test func aSlowButSteadyBodyIsNotCut() async throws {
        // 50 bytes every 0.1 s (500 bytes/s) for 1.5 s clears a 100 bytes/s limit.
        let body = Data(repeating: 66, count: 7_500)
        let server = try LocalHTTPServer { _, _ in .init(body: body, trickle: 0.0002) }
        defer { server.stop() }
        let data = try await client(server.baseURL) {
            $0.lowSpeedLimit = 100
            $0.lowSpeedTime = 0.5
        }.page(at: server.baseURL.appendingPathComponent("steady"))
        #expect(data == body)
    }

    @Test func aLatin1ByteInAResponseHeaderDoesNotFailTheFetch() async throws {
        var response = LocalHTTPServer.Response.html("<p>ok</p>")
        response.rawHeaderLines = [Array("X-Ort: Z".utf8) + [0xFC] + Array("rich".utf8)]
        let server = try LocalHTTPServer { [response] _, _ in response }
        defer { server.stop() }
        let data = try await client(server.baseURL).page(at: server.baseURL.appendingPathComponent("p"))
        #expect(String(decoding: data, as: UTF8.self) == "<p>ok</p>")
        #expect(server.requestLog.count == 1, "not retried")
    }

    @Test func aCharsetInTheContentTypeIsObeyed() async throws {
        // "Zürich" in ISO-8859-1 (ü = 0xFC), declared only by the HTTP header, and a page whose
        // own <meta> wrongly claims UTF-8: the header wins, as browsers do.
        let page =
            Data("<html><head><meta charset=\"utf-8\"></head><body><p>Z".utf8) + Data([0xFC])
            + Data("rich</p></body></html>".utf8)
        let server = try LocalHTTPServer { _, _ in
            .init(headers: [("Content-Type", "text/html; charset=ISO-8859-1")], body: page)
        }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("latin1")
        let data = try await client(server.baseURL).page(at: url)
        let document = try HTMLDocument(data: data, url: url.absoluteString)
        #expect(document.first("//p")?.text == "Zürich")
    }

    @Test func aPageDeclaringItsCharsetIsReadInIt() throws {
        let page =
            Data("<html><head><meta charset=\"iso-8859-1\"></head><body><p>Z".utf8) + Data([0xFC])
            + Data("rich</p></body></html>".utf8)
        #expect(try HTMLDocument(data: page, url: "latin1.html").first("//p")?.text == "Zürich")
        let utf8 = Data("<html><body><p>Zürich</p></body></html>".utf8)
        #expect(try HTMLDocument(data: utf8, url: "utf8.html").first("//p")?.text == "Zürich")
    }

    @Test func aPortOutOfRangeIsNamedAtOnce() async throws {
        let root = try #require(URL(string: "http://127.0.0.1:99999"))
        let url = root.appendingPathComponent("x")
        let events = EventLog()
        let source = HTTPClient(siteRoot: root) { events.add($0) }
        await #expect(
            throws: WebFetchError.invalidURL(url: url.absoluteString, reason: "port 99999 is not a port (1…65535)")
        ) {
            try await source.page(at: url)
        }
        #expect(events.all.isEmpty, "nothing sent, nothing retried")
    }

    @Test func clientsOfOneConfigurationShareTheRunsTime() async throws {
        // Each answer of the first host takes 0.6 s on the test's clock.
        let clock = ManualClock()
        let server = try LocalHTTPServer { _, _ in
            clock.pass(0.6)
            return .html("x")
        }
        defer { server.stop() }
        let other = try LocalHTTPServer { _, _ in .html("y") }
        defer { other.stop() }
        var c = HTTPClient.Configuration()
        c.runBudget = RunBudget(clock: clock)
        c.requestDelay = 0
        c.maxAttempts = 1
        c.maxRunTime = 1
        let first = HTTPClient(siteRoot: server.baseURL, configuration: c)
        let second = HTTPClient(siteRoot: other.baseURL, configuration: c)
        _ = try? await first.page(at: server.baseURL.appendingPathComponent("a"))
        _ = try? await first.page(at: server.baseURL.appendingPathComponent("b"))
        let url = other.baseURL.appendingPathComponent("c")
        await #expect(throws: WebFetchError.runTimeExceeded(url: url.absoluteString, seconds: 1)) {
            try await second.page(at: url)
        }
        #expect(other.requestLog.isEmpty, "the second host's client knows the run's time is up")
    }
}
