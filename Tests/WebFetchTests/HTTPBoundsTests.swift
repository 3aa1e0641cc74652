import CLibCurl
import Foundation
import Testing
import _TestSupport

@testable import WebFetch
@testable import WebPages

#if canImport(Glibc)
    import Glibc
#endif

/// The hard bounds of the HTTP client (issue: hardening), each against a real server on
/// 127.0.0.1 doing what a hostile or broken server does.
@Suite struct HTTPBoundsTests {
    func client(_ root: URL, attempts: Int = 3, configure: (inout HTTPClient.Configuration) -> Void = { _ in })
        -> HTTPClient
    {
        var c = HTTPClient.Configuration()
        c.requestDelay = 0
        c.initialBackoff = 0.05
        c.maxBackoff = 2
        c.maxAttempts = attempts
        c.timeout = 5
        configure(&c)
        return HTTPClient(siteRoot: root, configuration: c)
    }

    @Test func aCompressedBodyIsBoundedByWhatItInflatesTo() async throws {
        // 64 MiB of zeros in about 64 KB of gzip, against a 1 MiB limit.
        let bomb = Gzip.zeros(64 << 20)
        #expect(bomb.count < 1 << 20)
        let server = try LocalHTTPServer { _, _ in
            .init(headers: [("Content-Type", "text/html"), ("Content-Encoding", "gzip")], body: bomb)
        }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("bomb")
        await #expect(throws: WebFetchError.tooLarge(url: url.absoluteString, limit: 1 << 20)) {
            try await client(server.baseURL) { $0.maxBodyBytes = 1 << 20 }.page(at: url)
        }
        #expect(server.requestLog.count == 1, "a body too large is not retried")
    }

    @Test func aSmallCompressedBodyIsDecodedAndAccepted() async throws {
        let body = Gzip.zeros(1000)
        let server = try LocalHTTPServer { _, _ in .init(headers: [("Content-Encoding", "gzip")], body: body) }
        defer { server.stop() }
        let data = try await client(server.baseURL) { $0.maxBodyBytes = 1 << 20 }.page(
            at: server.baseURL.appendingPathComponent("ok"))
        #expect(data == Data(count: 1000))
    }

    @Test func anAnnouncedLengthOverTheLimitIsRefusedBeforeTheBody() async throws {
        let server = try LocalHTTPServer { _, _ in .init(body: Data(count: 300_000)) }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("big")
        await #expect(throws: WebFetchError.tooLarge(url: url.absoluteString, limit: 100_000)) {
            try await client(server.baseURL) { $0.maxBodyBytes = 100_000 }.page(at: url)
        }
    }

    @Test func aTricklingServerCannotHoldAnAttemptPastItsTimeLimit() async throws {
        // One byte every 0.3 s never trips the 5 s silence timeout; the 1.5 s attempt limit must.
        let server = try LocalHTTPServer { _, _ in .init(body: Data(repeating: 65, count: 100), trickle: 0.3) }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("slow")
        let client = client(server.baseURL, attempts: 2) { $0.maxRequestTime = 1.5 }
        // The fetch and its clock run off the cooperative pool: on a 2-core machine other suites'
        // synchronous work can hold every pool thread for half a minute, which is not what is timed.
        let (outcome, elapsed) = await offThePool {
            let started = ContinuousClock.now
            let outcome: Result<Data, any Error>
            do { outcome = .success(try await client.page(at: url)) } catch { outcome = .failure(error) }
            return (outcome, ContinuousClock.now - started)
        }
        do {
            _ = try outcome.get()
            Issue.record("expected the attempt limit to end the transfer")
        } catch let error as WebFetchError {
            guard case .transport(let failed, let reason, let attempts) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(failed == url.absoluteString)
            #expect(reason == "took longer than 1.5 s in all")
            #expect(attempts == 2)
        }
        // Two attempts of 1.5 s; an attempt the limit did not cut would take the trickle's 30 s
        // (and deliver the whole body, recorded above). Generous for a busy machine.
        #expect(elapsed >= .seconds(3) && elapsed < .seconds(25))
    }

    @Test func aHostThatTricklesPastTheAttemptLimitTwiceIsGivenUp() async throws {
        // Round 3: a server trickling just above the low-speed limit ended every one of four
        // attempts at --max-request-time (487 s for one page). Two such attempts end the host:
        // the page fails after two, and the next page of the host at once.
        let server = try LocalHTTPServer { _, _ in .init(body: Data(repeating: 65, count: 100), trickle: 0.3) }
        defer { server.stop() }
        let client = client(server.baseURL, attempts: 4) { $0.maxRequestTime = 1 }
        let (first, second) = await offThePool {
            var failures: [String] = []
            for path in ["slow", "next"] {
                do { _ = try await client.page(at: server.baseURL.appendingPathComponent(path)) } catch {
                    failures.append("\(error)")
                }
            }
            return (failures.first ?? "", failures.last ?? "")
        }
        #expect(first.contains("took longer than 1 s in all") && first.contains("2 attempts"), "\(first)")
        #expect(second.contains("cannot reach") && second.contains("took over 1 s each"), "\(second)")
        #expect(server.requestLog.count == 2, "\(server.requestLog)")
    }

    @Test func theRunStopsFetchingWhenItsTimeIsUsedUp() async throws {
        // Each answer takes 0.6 s on the test's clock (it passes while the server answers).
        let clock = ManualClock()
        let server = try LocalHTTPServer { _, _ in
            clock.pass(0.6)
            return .html("x")
        }
        defer { server.stop() }
        let source = client(server.baseURL, attempts: 1) {
            $0.maxRunTime = 1
            $0.runBudget = RunBudget(clock: clock)
        }
        _ = try? await source.page(at: server.baseURL.appendingPathComponent("a"))
        _ = try? await source.page(at: server.baseURL.appendingPathComponent("b"))
        let third = server.baseURL.appendingPathComponent("c")
        await #expect(throws: WebFetchError.runTimeExceeded(url: third.absoluteString, seconds: 1)) {
            try await source.page(at: third)
        }
        #expect(!server.requestLog.contains("/c"), "nothing is sent once the run's time is up")
    }

    @Test func retryAfterAsAnHTTPDateIsHonoured() async throws {
        let now = Date(timeIntervalSince1970: 1_445_412_480)  // Wed, 21 Oct 2015 07:28:00 GMT
        #expect(HTTPClient.retryAfterSeconds("Wed, 21 Oct 2015 07:28:30 GMT", now: now) == 30)
        #expect(HTTPClient.retryAfterSeconds("Wednesday, 21-Oct-15 07:28:30 GMT", now: now) == 30)
        #expect(HTTPClient.retryAfterSeconds("Wed Oct 21 07:28:30 2015", now: now) == 30)
        #expect(HTTPClient.retryAfterSeconds("Wed, 21 Oct 2015 07:00:00 GMT", now: now) == 0, "a past date: now")
        #expect(HTTPClient.retryAfterSeconds(" 120 ", now: now) == 120)
        #expect(HTTPClient.retryAfterSeconds("soon", now: now) == nil)
        #expect(HTTPClient.retryAfterSeconds("-5", now: now) == nil)

        // Against a server: a date two seconds ahead makes the client wait, not back off 0.05 s.
        let server = try LocalHTTPServer { _, hit in
            guard hit == 1 else { return .html("ok") }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
            return .status(429, headers: [("Retry-After", formatter.string(from: Date().addingTimeInterval(2)))])
        }
        defer { server.stop() }
        let started = ContinuousClock.now
        _ = try await client(server.baseURL).page(at: server.baseURL.appendingPathComponent("p"))
        #expect(ContinuousClock.now - started >= .milliseconds(900))
        #expect(server.requestLog.count == 2)
    }

    @Test func aRefusedConnectionFailsAtOnceAndOncePerHost() async throws {
        let port = try Self.closedPort()
        let root = URL(string: "http://127.0.0.1:\(port)")!
        let events = EventLog()
        var c = HTTPClient.Configuration()
        c.requestDelay = 0
        c.maxAttempts = 4
        c.initialBackoff = 1
        let source = HTTPClient(siteRoot: root, configuration: c) { events.add($0) }
        let first = root.appendingPathComponent("a")
        await #expect(
            throws: WebFetchError.unreachable(
                url: first.absoluteString, host: "127.0.0.1", reason: "connection refused")
        ) {
            try await source.page(at: first)
        }
        let second = root.appendingPathComponent("b")
        await #expect(
            throws: WebFetchError.unreachable(
                url: second.absoluteString, host: "127.0.0.1", reason: "connection refused")
        ) {
            try await source.page(at: second)
        }
        // One request in all: no retry of the first page, no request at all for the second.
        #expect(events.all == ["fetching \(first.absoluteString)"])
    }

    @Test func transportErrorsAreClassifiedInWords() {
        #expect(
            Exchange.classify(CURLE_COULDNT_CONNECT, osError: ECONNREFUSED, limit: 1)
                == .transport("connection refused", unreachable: true))
        #expect(
            Exchange.classify(CURLE_COULDNT_CONNECT, osError: ENETUNREACH, limit: 1)
                == .transport("no route to the host", unreachable: true))
        #expect(
            Exchange.classify(CURLE_COULDNT_RESOLVE_HOST, limit: 1) == .transport("no such host", unreachable: true))
        #expect(
            Exchange.classify(CURLE_OPERATION_TIMEDOUT, limit: 1) == .transport("timed out", unreachable: false),
            "a timeout is retried")
        #expect(Exchange.classify(CURLE_WRITE_ERROR, limit: 7) == .tooLarge(limit: 7))
        #expect(
            Exchange.classify(CURLE_BAD_CONTENT_ENCODING, limit: 7)
                == .transport("the compressed body is corrupt", unreachable: false))
    }

    @Test func theHTMLParserRefusesAPageOverItsLimit() throws {
        let page = Data(count: HTMLDocument.maximumBytes + 1)
        #expect(throws: WebFetchError.tooLarge(url: "big.html", limit: HTMLDocument.maximumBytes)) {
            try HTMLDocument(data: page, url: "big.html")
        }
    }

    /// A port on 127.0.0.1 that nothing listens on (bound, then closed).
    static func closedPort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard ok else { throw POSIXError(.EADDRNOTAVAIL) }
        return UInt16(bigEndian: address.sin_port)
    }
}

final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [String] = []
    func add(_ event: FetchEvent) {
        lock.withLock {
            switch event {
            case .fetching(let url): events.append("fetching \(url)")
            case .retrying(let url, let attempt, _, _): events.append("retrying \(url) \(attempt)")
            }
        }
    }
    var all: [String] { lock.withLock { events } }
}
