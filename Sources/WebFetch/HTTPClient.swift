import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches pages of one site over HTTP(S), politely and robustly: the one HTTP client of the
/// toolkit (fleet pages, stationboards, the deployment page).
///
/// - Only URLs on the configured site (scheme, host, port) are fetched; redirects are
///   followed only within it (at most 5), never to another host.
/// - Requests are serialised and at least ``Configuration/requestDelay`` apart.
/// - Timeouts, HTTP 429 and 5xx are retried up to ``Configuration/maxAttempts`` times with
///   exponential backoff (`initialBackoff · 2^(attempt−1)`, capped at `maxBackoff`); a
///   `Retry-After` header (delay-seconds or an HTTP date) is honoured up to the cap. Other
///   statuses fail at once.
/// - Bounds: a body larger than ``Configuration/maxBodyBytes`` (after decompression) is
///   refused; one attempt may take ``Configuration/maxRequestTime`` in all (a server trickling
///   bytes cannot hold it longer); the client stops fetching after
///   ``Configuration/maxRunTime``.
/// - A host that does not resolve or refuses connections fails at once, without retries, and
///   every later request to it fails the same way (one look-up, not one per page and attempt).
public actor HTTPClient: PageSource {
    public struct Configuration: Sendable {
        /// Seconds before one request times out (≥ 1: FoundationNetworking on Linux times a
        /// sub-second timeout out at once).
        public var timeout: Double = 20
        /// Attempts per page, including the first (≥ 1).
        public var maxAttempts: Int = 4
        /// First backoff, seconds.
        public var initialBackoff: Double = 1
        /// Longest wait between attempts, seconds (also caps `Retry-After`).
        public var maxBackoff: Double = 30
        /// Minimum seconds between the starts of two requests (politeness).
        public var requestDelay: Double = 1
        /// Largest body accepted, bytes, as decoded (a gzip body counts what it inflates to).
        public var maxBodyBytes = 32 << 20
        /// Longest one attempt may take from request to last byte, seconds.
        public var maxRequestTime: Double = 120
        /// Longest the client may spend fetching, from its first request, seconds.
        public var maxRunTime: Double = 7200
        public var userAgent = "NextWaveToolkit/1.0 (+https://github.com/pfederi/Next-Wave)"
        /// Further request headers (a `User-Agent` here replaces ``userAgent``).
        public var headers: [String: String] = [:]
        public init() {}
    }

    public let siteRoot: URL
    public let configuration: Configuration
    private let session: URLSession
    private let transfer: BodyTransfer
    private let onEvent: (@Sendable (FetchEvent) -> Void)?
    private var lastRequestStart: ContinuousClock.Instant?
    private var firstRequestStart: ContinuousClock.Instant?
    /// Set once the host has proved unreachable: why.
    private var unreachableReason: String?

    public init(
        siteRoot: URL, configuration: Configuration = .init(),
        onEvent: (@Sendable (FetchEvent) -> Void)? = nil
    ) {
        precondition(configuration.maxAttempts >= 1, "at least one attempt")
        precondition(configuration.timeout >= 1, "timeout of at least one second")
        precondition(configuration.maxBodyBytes >= 1 && configuration.maxRequestTime > 0, "positive bounds")
        self.siteRoot = siteRoot
        self.configuration = configuration
        self.onEvent = onEvent
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = configuration.timeout
        sessionConfiguration.timeoutIntervalForResource = configuration.maxRequestTime
        sessionConfiguration.httpAdditionalHeaders = ["User-Agent": configuration.userAgent].merging(
            configuration.headers, uniquingKeysWith: { _, given in given })
        transfer = BodyTransfer()
        session = URLSession(configuration: sessionConfiguration, delegate: transfer, delegateQueue: nil)
    }

    public func page(at url: URL) async throws -> Data {
        var current = url
        var redirects = 0
        var attempt = 0
        while true {
            guard SiteURL.isSameSite(current, as: siteRoot) else {
                throw WebFetchError.offSite(url: current.absoluteString, allowedHost: siteRoot.absoluteString)
            }
            attempt += 1
            switch try await request(current, attempt: attempt) {
            case .body(let data):
                return data
            case .redirect(let target):
                redirects += 1
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
        /// A redirect within the site.
        case redirect(URL)
        /// Worth another attempt (a timeout, 429, 5xx), after `retryAfter` seconds if the server
        /// said so.
        case retry(retryAfter: Double?, reason: String)
    }

    /// One request: waits for its turn, sends it, and classifies the answer.
    /// - Throws: ``WebFetchError`` when the answer is final (a status, a redirect off the site,
    ///   the last attempt failing, a body too large, an unreachable host, the run's time up).
    private func request(_ url: URL, attempt: Int) async throws -> Outcome {
        let host = siteRoot.host ?? url.host ?? "the host"
        if let reason = unreachableReason {
            throw WebFetchError.unreachable(url: url.absoluteString, host: host, reason: reason)
        }
        try await waitForTurn(url)
        let remaining = remainingRunTime()
        guard remaining > 0 else {
            throw WebFetchError.runTimeExceeded(url: url.absoluteString, seconds: configuration.maxRunTime)
        }
        onEvent?(.fetching(url: url.absoluteString))
        let lastAttempt = attempt >= configuration.maxAttempts
        let data: Data
        let response: HTTPURLResponse
        do {
            var request = URLRequest(url: url)
            request.timeoutInterval = configuration.timeout
            (data, response) = try await transfer.run(
                request, on: session, limit: configuration.maxBodyBytes,
                deadline: min(configuration.maxRequestTime, remaining))
        } catch BodyTransfer.Failure.tooLarge(let limit, _) {
            throw WebFetchError.tooLarge(url: url.absoluteString, limit: limit)
        } catch BodyTransfer.Failure.tooSlow(let seconds) {
            if remainingRunTime() <= 0 {
                throw WebFetchError.runTimeExceeded(url: url.absoluteString, seconds: configuration.maxRunTime)
            }
            let reason = "took longer than \(plainSeconds(seconds)) s in all"
            if lastAttempt { throw WebFetchError.transport(url: url.absoluteString, reason: reason, attempts: attempt) }
            return .retry(retryAfter: nil, reason: reason)
        } catch BodyTransfer.Failure.transport(let error) {
            if let reason = Self.unreachable(error) {
                unreachableReason = reason
                throw WebFetchError.unreachable(url: url.absoluteString, host: host, reason: reason)
            }
            let reason = Self.describe(error)
            if lastAttempt { throw WebFetchError.transport(url: url.absoluteString, reason: reason, attempts: attempt) }
            return .retry(retryAfter: nil, reason: reason)
        }
        let status = response.statusCode
        switch status {
        case 200..<300:
            return .body(data)
        case 301, 302, 303, 307, 308:
            guard let location = response.value(forHTTPHeaderField: "Location"),
                let target = URL(string: location, relativeTo: url)?.absoluteURL
            else { throw WebFetchError.httpStatus(url: url.absoluteString, status: status, attempts: attempt) }
            guard SiteURL.isSameSite(target, as: siteRoot) else {
                throw WebFetchError.offSiteRedirect(url: url.absoluteString, location: target.absoluteString)
            }
            return .redirect(target)
        case 429, 500...599:
            if lastAttempt {
                throw WebFetchError.httpStatus(url: url.absoluteString, status: status, attempts: attempt)
            }
            let retryAfter = response.value(forHTTPHeaderField: "Retry-After").flatMap {
                Self.retryAfterSeconds($0, now: Date())
            }
            return .retry(retryAfter: retryAfter, reason: "HTTP \(status)")
        default:
            throw WebFetchError.httpStatus(url: url.absoluteString, status: status, attempts: attempt)
        }
    }

    /// Seconds to wait before attempt `attempt + 1`.
    nonisolated func backoffDelay(attempt: Int, retryAfter: Double?) -> Double {
        if let retryAfter, retryAfter >= 0 { return min(retryAfter, configuration.maxBackoff) }
        return min(configuration.initialBackoff * pow(2, Double(attempt - 1)), configuration.maxBackoff)
    }

    private func backOff(url: URL, attempt: Int, retryAfter: Double?, reason: String) async throws {
        let delay = min(backoffDelay(attempt: attempt, retryAfter: retryAfter), max(0, remainingRunTime()))
        onEvent?(.retrying(url: url.absoluteString, attempt: attempt + 1, after: delay, reason: reason))
        try await Task.sleep(for: .seconds(delay))
    }

    private func waitForTurn(_ url: URL) async throws {
        let clock = ContinuousClock()
        if let last = lastRequestStart {
            let next = last.advanced(by: .seconds(configuration.requestDelay))
            if next > clock.now { try await clock.sleep(until: next) }
        }
        lastRequestStart = clock.now
        if firstRequestStart == nil { firstRequestStart = clock.now }
    }

    /// Seconds left of ``Configuration/maxRunTime``.
    private func remainingRunTime() -> Double {
        guard let first = firstRequestStart else { return configuration.maxRunTime }
        let used = ContinuousClock().now - first
        return configuration.maxRunTime - (Double(used.components.seconds) + Double(used.components.attoseconds) / 1e18)
    }

    /// A `Retry-After` value in seconds from `now`: delay-seconds (`120`) or an HTTP date
    /// (`Wed, 21 Oct 2015 07:28:00 GMT`; also the obsolete RFC 850 and asctime forms, RFC 9110
    /// §10.2.3). A date in the past means now (0); anything else is ignored (nil).
    public static func retryAfterSeconds(_ text: String, now: Date) -> Double? {
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

    /// Errors that mean the host cannot be reached at all (no retry helps), in words.
    static func unreachable(_ error: Error) -> String? {
        guard let urlError = error as? URLError else { return nil }
        switch urlError.code {
        case .cannotFindHost, .dnsLookupFailed: return "no such host"
        case .cannotConnectToHost: return "connection refused"
        default: return nil
        }
    }

    static func describe(_ error: Error) -> String {
        if let urlError = error as? URLError {
            switch urlError.code {
            case .timedOut: return "timed out"
            case .networkConnectionLost: return "connection lost (truncated body?)"
            case .cannotConnectToHost: return "cannot connect"
            default: return "network error \(urlError.code.rawValue): \(urlError.localizedDescription)"
            }
        }
        return String(describing: error)
    }
}

func plainSeconds(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
}
