public import Foundation
package import JobContract
public import WebPages

/// Fetches pages of one site over HTTP(S), politely and robustly: the one HTTP client of the
/// toolkit (fleet pages, stationboards, the deployment page). Built on the system's libcurl
/// (``Exchange``): a body arrives chunk by chunk, compressed bodies inflate chunk by chunk into
/// a write callback that stops at the limit, so memory stays near
/// ``Configuration/maxBodyBytes`` whatever a server sends.
///
/// - Only URLs on the configured site (scheme, host, port) are fetched; redirects are
///   followed only within it (at most 5), never to another host.
/// - Requests are serialised and at least ``Configuration/requestDelay`` apart.
/// - Timeouts, HTTP 429 and 5xx are retried up to ``Configuration/maxAttempts`` times with
///   exponential backoff (`initialBackoff · 2^(attempt−1)`, capped at `maxBackoff`); a
///   `Retry-After` header (delay-seconds or an HTTP date) is honoured up to the cap. Other
///   statuses fail at once.
/// - Bounds: a body larger than ``Configuration/maxBodyBytes`` (after decompression) is
///   refused; an attempt ends after ``Configuration/timeout`` seconds of silence, when its body
///   arrives slower than ``Configuration/lowSpeedLimit`` bytes/s on average over
///   ``Configuration/lowSpeedTime`` seconds, or after ``Configuration/maxRequestTime`` in all.
///   An attempt ended for being too slow is retried once, not more; once a page has failed for
///   being too slow, later pages of the host fail at once. Every client made from one
///   ``Configuration`` value shares its ``Configuration/runBudget``: together they stop
///   fetching after ``Configuration/maxRunTime``.
/// - A host that does not resolve or refuses connections fails at once, without retries, and
///   every later request to it fails the same way (one look-up, not one per page and attempt).
/// - A page whose `Content-Type` names a charset other than UTF-8 (ISO-8859-1, windows-1252,
///   ASCII) is handed on as UTF-8 with a byte-order mark, so that the HTML parser reads it as
///   the server declared it.
public actor HTTPClient: PageSource {
    public struct Configuration: Sendable {
        /// Seconds without a byte before an attempt times out (≥ 1).
        package var timeout: Double = 20
        /// Attempts per page, including the first (≥ 1).
        package var maxAttempts: Int = 4
        /// First backoff, seconds.
        package var initialBackoff: Double = 1
        /// Longest wait between attempts, seconds (also caps `Retry-After`).
        package var maxBackoff: Double = 30
        /// Minimum seconds between the starts of two requests (politeness; at most a day).
        package var requestDelay: Double = 1
        /// Whether a server on this machine (127.0.0.0/8, ::1, localhost: a mirror, a test's
        /// server) is spared ``requestDelay``: politeness protects other people's servers. Off
        /// when the delay was chosen explicitly.
        package var sparesLoopback = true
        /// Largest body accepted, bytes, as decoded (a gzip body counts what it inflates to).
        package var maxBodyBytes = 32 << 20
        /// Longest one attempt may take from request to last byte, seconds.
        package var maxRequestTime: Double = 120
        /// Slowest body accepted, bytes per second on average over ``lowSpeedTime`` (curl's
        /// `--speed-limit`). The operator's pages (~100 KB) and the archive's answers arrive at
        /// far more than 1 KB/s; a server below it for 20 s is trickling.
        package var lowSpeedLimit: Int = 1000
        /// Seconds over which ``lowSpeedLimit`` is averaged (curl's `--speed-time`).
        package var lowSpeedTime: Double = 20
        /// Longest the clients sharing ``runBudget`` may spend fetching, from the first request
        /// of any of them, seconds.
        package var maxRunTime: Double = 1800
        /// The clock of ``maxRunTime``, shared by every client made from this configuration
        /// (and its copies): one run, one budget, however many hosts it fetches from. Its clock
        /// is the one every waiting decision of the client uses (request gaps, backoff,
        /// `Retry-After` dates): a test gives `RunBudget(clock:)` a clock it owns.
        package var runBudget = RunBudget()
        /// The clock of the client's decisions (``runBudget``'s).
        package var clock: any JobClock { runBudget.clock }

        /// When the run's fetching time ends (now + what is left of ``maxRunTime``): the readers
        /// of what was fetched check it while they parse.
        package var runDeadline: Deadline { Deadline(clock: clock, in: max(0, runBudget.remaining(of: maxRunTime))) }
        package var userAgent = "NextWaveToolkit/1.0 (+https://github.com/pfederi/Next-Wave)"
        /// Further request headers (a `User-Agent` here replaces ``userAgent``).
        package var headers: [String: String] = [:]
        public init() {}
    }

    package let siteRoot: URL
    package let configuration: Configuration
    private let onEvent: (@Sendable (FetchEvent) -> Void)?
    private var lastRequestStart: Double?
    /// The gap between two requests to this host: ``Configuration/requestDelay``, bounded to a
    /// day, and 0 for a loopback host when ``Configuration/sparesLoopback``.
    private let requestGap: Double
    /// Set once the host has proved unreachable (or too slow): why.
    private var unreachableReason: String?

    package init(
        siteRoot: URL, configuration: Configuration = .init(),
        onEvent: (@Sendable (FetchEvent) -> Void)? = nil
    ) {
        precondition(configuration.maxAttempts >= 1, "at least one attempt")
        precondition(configuration.timeout > 0, "a positive timeout")
        precondition(configuration.maxBodyBytes >= 1 && configuration.maxRequestTime > 0, "positive bounds")
        precondition(configuration.lowSpeedLimit >= 0 && configuration.lowSpeedTime > 0, "a low-speed window")
        self.siteRoot = siteRoot
        self.configuration = configuration
        self.onEvent = onEvent
        let host = siteRoot.host?.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]")) ?? ""
        let loopback = host == "localhost" || host.hasPrefix("127.") || host == "::1"
        let delay = configuration.requestDelay.isFinite ? min(max(configuration.requestDelay, 0), 86_400) : 86_400
        requestGap = configuration.sparesLoopback && loopback ? 0 : delay
    }

    private var requestHeaders: [(String, String)] {
        var headers = ["User-Agent": configuration.userAgent, "Accept-Encoding": "gzip, deflate"]
        headers.merge(configuration.headers, uniquingKeysWith: { _, given in given })
        return headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    @_spi(Benchmarks) public func page(at url: URL) async throws -> Data { try await resolvedPage(at: url).data }

    /// The page at `url`, following redirects within the site, with the address it was read from.
    public func resolvedPage(at url: URL) async throws -> ResolvedPage {
        var current = url
        var redirects = 0
        var firstRedirect: Int?
        var attempt = 0
        var slowAttempts = 0
        while true {
            guard SiteURL.isSameSite(current, as: siteRoot) else {
                throw WebFetchError.offSite(url: current.absoluteString, allowedHost: siteRoot.absoluteString)
            }
            if let problem = SiteURL.problem(with: current) {
                throw WebFetchError.invalidURL(url: current.absoluteString, reason: problem)
            }
            attempt += 1
            switch try await request(current, attempt: attempt, slowAttempts: &slowAttempts) {
            case .body(let data):
                return ResolvedPage(data: data, url: current, redirectStatus: firstRedirect)
            case .redirect(let target, let status):
                redirects += 1
                firstRedirect = firstRedirect ?? status
                guard redirects <= 5 else {
                    throw WebFetchError.transport(
                        url: url.absoluteString, reason: "more than 5 redirects", attempts: attempt)
                }
                current = target
                attempt = 0
            case .retry(let retryAfter, let reason):
                try await backOff(url: current, attempt: attempt, retryAfter: retryAfter, reason: reason)
            }
        }
    }

    /// What one request came to, when it did not fail for good.
    enum Outcome {
        case body(Data)
        /// A redirect within the site, and its status.
        case redirect(URL, status: Int)
        /// Worth another attempt (a timeout, 429, 5xx), after `retryAfter` seconds if the server
        /// said so.
        case retry(retryAfter: Double?, reason: String)
    }

    /// One request: waits for its turn, sends it, and classifies the answer.
    /// - Throws: ``WebFetchError`` when the answer is final (a status, a redirect off the site,
    ///   the last attempt failing, a second attempt too slow, a body too large, an unreachable
    ///   host, the run's time up).
    private func request(_ url: URL, attempt: Int, slowAttempts: inout Int) async throws -> Outcome {
        let host = siteRoot.host ?? url.host ?? "the host"
        if let reason = unreachableReason {
            throw WebFetchError.unreachable(url: url.absoluteString, host: host, reason: reason)
        }
        // The run's time is checked before waiting for the request's turn, and the wait never
        // outlasts it: a spent budget ends the run at once, not one delay per remaining page.
        guard configuration.runBudget.remaining(of: configuration.maxRunTime) > 0 else {
            throw WebFetchError.runTimeExceeded(url: url.absoluteString, seconds: configuration.maxRunTime)
        }
        try await waitForTurn(url)
        let remaining = configuration.runBudget.remaining(of: configuration.maxRunTime)
        guard remaining > 0 else {
            throw WebFetchError.runTimeExceeded(url: url.absoluteString, seconds: configuration.maxRunTime)
        }
        onEvent?(.fetching(url: url.absoluteString))
        let lastAttempt = attempt >= configuration.maxAttempts
        let exchange = Exchange(
            bounds: .init(
                limit: configuration.maxBodyBytes, silence: configuration.timeout,
                deadline: min(configuration.maxRequestTime, remaining),
                lowSpeed: .init(bytesPerSecond: configuration.lowSpeedLimit, seconds: configuration.lowSpeedTime)))
        let response: Exchange.Response
        do {
            response = try await exchange.get(url, headers: requestHeaders)
        } catch let failure as Exchange.Failure {
            if configuration.runBudget.remaining(of: configuration.maxRunTime) <= 0 {
                throw WebFetchError.runTimeExceeded(url: url.absoluteString, seconds: configuration.maxRunTime)
            }
            let reason: String
            switch failure {
            case .tooLarge(let limit):
                throw WebFetchError.tooLarge(url: url.absoluteString, limit: limit)
            case .transport(let words, unreachable: true):
                unreachableReason = words
                throw WebFetchError.unreachable(url: url.absoluteString, host: host, reason: words)
            case .transport(let words, unreachable: false): reason = words
            case .badAnswer(let words):
                // The same answer again would not change: one attempt, and the host stays in use.
                throw WebFetchError.transport(url: url.absoluteString, reason: words, attempts: attempt)
            case .silent(let seconds): reason = "timed out: nothing for \(plainSeconds(seconds)) s"
            case .overTime(let seconds):
                reason = "took longer than \(plainSeconds(seconds)) s in all"
                // A body that trickles just above the low-speed limit ends at the request's
                // deadline every time: two such attempts end the host like two slow ones.
                slowAttempts += 1
                if slowAttempts >= 2 {
                    unreachableReason =
                        "its answers took over \(plainSeconds(seconds)) s each; pages of it failed as too slow"
                    throw WebFetchError.transport(url: url.absoluteString, reason: reason, attempts: attempt)
                }
            case .tooSlow(let speed):
                slowAttempts += 1
                if slowAttempts >= 2 {
                    // A second attempt as slow as the first: the host is trickling; spare the
                    // run the same wait for every later page.
                    unreachableReason =
                        "it sends under \(speed.bytesPerSecond) bytes/s; pages of it failed as too slow"
                }
                if slowAttempts >= 2 || lastAttempt {
                    throw WebFetchError.tooSlow(
                        url: url.absoluteString, bytesPerSecond: speed.bytesPerSecond, seconds: speed.seconds,
                        attempts: attempt)
                }
                reason = WebFetchError.slowBodyWords(bytesPerSecond: speed.bytesPerSecond, seconds: speed.seconds)
            }
            if lastAttempt { throw WebFetchError.transport(url: url.absoluteString, reason: reason, attempts: attempt) }
            return .retry(retryAfter: nil, reason: reason)
        }
        let status = response.status
        switch status {
        case 200..<300:
            return .body(Self.utf8Body(response))
        case 301, 302, 303, 307, 308:
            guard let location = response.header("Location"),
                let target = URL(string: location, relativeTo: url)?.absoluteURL
            else { throw WebFetchError.httpStatus(url: url.absoluteString, status: status, attempts: attempt) }
            guard SiteURL.isSameSite(target, as: siteRoot) else {
                throw WebFetchError.offSiteRedirect(url: url.absoluteString, location: target.absoluteString)
            }
            return .redirect(target, status: status)
        case 429, 500...599:
            if lastAttempt {
                throw WebFetchError.httpStatus(url: url.absoluteString, status: status, attempts: attempt)
            }
            let retryAfter = response.header("Retry-After").flatMap {
                Self.retryAfterSeconds($0, now: configuration.clock.date)
            }
            return .retry(retryAfter: retryAfter, reason: "HTTP \(status)")
        default:
            throw WebFetchError.httpStatus(url: url.absoluteString, status: status, attempts: attempt)
        }
    }

    /// The body of an HTML answer whose `Content-Type` names a charset other than UTF-8, as
    /// UTF-8 behind a byte-order mark (which the HTML parser obeys over a `<meta>` in the page);
    /// every other body as it came.
    static func utf8Body(_ response: Exchange.Response) -> Data {
        guard let type = response.header("Content-Type")?.lowercased(), type.contains("html"),
            let charset = type.split(separator: ";").dropFirst().lazy
                .map({ $0.trimmingCharacters(in: .whitespaces) })
                .first(where: { $0.hasPrefix("charset=") })?.dropFirst(8)
                .trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
        else { return response.body }
        let encodings: [String: String.Encoding] = [
            "iso-8859-1": .isoLatin1, "latin1": .isoLatin1, "iso_8859-1": .isoLatin1, "l1": .isoLatin1,
            "windows-1252": .windowsCP1252, "cp1252": .windowsCP1252, "us-ascii": .ascii, "ascii": .ascii,
        ]
        guard let encoding = encodings[charset], let text = String(data: response.body, encoding: encoding)
        else { return response.body }
        return Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8)
    }

    /// Seconds to wait before attempt `attempt + 1`.
    nonisolated func backoffDelay(attempt: Int, retryAfter: Double?) -> Double {
        if let retryAfter, retryAfter >= 0 { return min(retryAfter, configuration.maxBackoff) }
        return min(configuration.initialBackoff * pow(2, Double(attempt - 1)), configuration.maxBackoff)
    }

    private func backOff(url: URL, attempt: Int, retryAfter: Double?, reason: String) async throws {
        let delay = min(
            backoffDelay(attempt: attempt, retryAfter: retryAfter),
            max(0, configuration.runBudget.remaining(of: configuration.maxRunTime)))
        onEvent?(.retrying(url: url.absoluteString, attempt: attempt + 1, after: delay, reason: reason))
        try await configuration.clock.sleep(seconds: delay)
    }

    private func waitForTurn(_ url: URL) async throws {
        let clock = configuration.clock
        if let last = lastRequestStart {
            let wait = last + requestGap - clock.now
            if wait > 0 {
                let remaining = configuration.runBudget.remaining(of: configuration.maxRunTime)
                if wait > remaining {
                    throw WebFetchError.runTimeExceeded(url: url.absoluteString, seconds: configuration.maxRunTime)
                }
                try await clock.sleep(seconds: wait)
            }
        }
        lastRequestStart = clock.now
        configuration.runBudget.start()
    }

    /// A `Retry-After` value in seconds from `now`: delay-seconds (`120`) or an HTTP date
    /// (`Wed, 21 Oct 2015 07:28:00 GMT`; also the obsolete RFC 850 and asctime forms, RFC 9110
    /// §10.2.3). A date in the past means now (0); anything else is ignored (nil).
    package static func retryAfterSeconds(_ text: String, now: Date) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.allSatisfy(\.isASCII), trimmed.allSatisfy(\.isNumber) {
            return Double(trimmed)
        }
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: trimmed) { return max(0, date.timeIntervalSince(now)) }
        }
        return nil
    }
}
