import Foundation
import Testing
import _TestSupport

@testable import WebFetch

/// What the second hardening probe found in the HTTP layer (issue: hardening, round 2), each
/// against a real server on 127.0.0.1.
@Suite struct HTTPRoundTwoTests {
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
        let started = ContinuousClock.now
        await #expect(
            throws: WebFetchError.transport(
                url: url.absoluteString, reason: "too slow (under 100 bytes/s for 1 s)", attempts: 2)
        ) {
            try await source.page(at: url)
        }
        // Two attempts of about a second each; four attempts would take twice as long. (The bound
        // is loose: a busy test machine stretches every wait.)
        #expect(ContinuousClock.now - started < .seconds(40), "two attempts of about a second each")
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
        let server = try LocalHTTPServer { _, _ in .init(body: Data("x".utf8), delay: 0.6) }
        defer { server.stop() }
        let other = try LocalHTTPServer { _, _ in .html("y") }
        defer { other.stop() }
        var c = HTTPClient.Configuration()
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

/// The attribute bound in front of libxml2 (issue: hardening, round 2: 40,000 attributes on one
/// element took 8.6 s, 200,000 over 200 s).
@Suite struct CrowdedTagTests {
    func page(attributes: Int, spaced: Bool = false) -> Data {
        let list = (0..<attributes).map { spaced ? "a\($0) = \"v\"" : "a\($0)=v" }.joined(separator: " ")
        return Data("<html><body><div \(list)>Länge 50 m</div></body></html>".utf8)
    }

    @Test func aTagWithTheLimitParsesAndOneMoreIsRefusedQuickly() throws {
        let limit = TagScan.maximumAttributes
        #expect(try HTMLDocument(data: page(attributes: limit), url: "ok.html").first("//div")?.text == "Länge 50 m")
        #expect(try HTMLDocument(data: page(attributes: limit, spaced: true), url: "ok.html").first("//div") != nil)
        #expect(
            throws: WebFetchError.malformedHTML(
                url: "x.html", reason: "the tag at byte 12 has more than 1000 attributes")
        ) {
            try HTMLDocument(data: page(attributes: limit + 1), url: "x.html")
        }
        let started = ContinuousClock.now
        #expect(throws: WebFetchError.self) { try HTMLDocument(data: page(attributes: 200_000), url: "big.html") }
        // Milliseconds when quiet; quadratic took over 200 s. (Loose for a busy machine.)
        #expect(ContinuousClock.now - started < .seconds(60), "linear, not quadratic")
    }

    @Test func scriptsCommentsAndQuotedValuesAreNotAttributes() throws {
        let tokens = (0..<3000).map { "x\($0)" }.joined(separator: " ")
        let html = """
            <html><head><script>if (a <b \(tokens)) {}</script><style><p \(tokens)</style></head>
            <body><!-- <div \(tokens)> --><p title="<div \(tokens)>">ok</p></body></html>
            """
        #expect(try HTMLDocument(data: Data(html.utf8), url: "ok.html").first("//p")?.text == "ok")
    }

    @Test func pagesLibxml2WouldReadAsOtherCharactersAreRefused() throws {
        let utf16 = Data("<html><body><p>x</p></body></html>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        #expect(throws: WebFetchError.self) { try HTMLDocument(data: utf16, url: "utf16.html") }
        let ebcdic = Data("<html><head><meta charset=\"IBM037\"></head><body>x</body></html>".utf8)
        #expect(
            throws: WebFetchError.malformedHTML(
                url: "e.html", reason: "it declares the charset \"ibm037\", which this tool does not read")
        ) { try HTMLDocument(data: ebcdic, url: "e.html") }
        let latin1 = Data(
            "<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=ISO-8859-1\">".utf8)
        #expect(try HTMLDocument(data: latin1, url: "l.html").root != nil)
    }

    @Test func theScanReadsNamesAndValuesAsLibxml2Does() {
        func count(_ tag: String, limit: Int) -> Bool {
            let bytes = Array(tag.utf8)
            return bytes.withUnsafeBufferPointer { TagScan.firstCrowdedTag(in: $0, limit: limit) } != nil
        }
        // A name right after a closing quote is a name (libxml2 reads `b`).
        #expect(count("<p a=\"x\"b>", limit: 1))
        // A junk token is skipped to the next blank, quotes and all; the names after it count.
        #expect(count("<p -class=\"<!-- x y z>", limit: 2))
        // A name over 100 characters is read as several.
        #expect(count("<p " + String(repeating: "a", count: 250) + ">", limit: 2))
        #expect(!count("<p a=\"b c d e\" f>", limit: 2))
    }
}
