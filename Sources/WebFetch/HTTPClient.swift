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
///   `Retry-After` header (seconds) is honoured up to the cap. Other statuses fail at once.
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
        public var userAgent = "NextWaveToolkit/1.0 (+https://github.com/pfederi/Next-Wave)"
        public init() {}
    }

    public let siteRoot: URL
    public let configuration: Configuration
    private let session: URLSession
    private let onEvent: (@Sendable (FetchEvent) -> Void)?
    private var lastRequestStart: ContinuousClock.Instant?

    public init(
        siteRoot: URL, configuration: Configuration = .init(),
        onEvent: (@Sendable (FetchEvent) -> Void)? = nil
    ) {
        precondition(configuration.maxAttempts >= 1, "at least one attempt")
        precondition(configuration.timeout >= 1, "timeout of at least one second")
        self.siteRoot = siteRoot
        self.configuration = configuration
        self.onEvent = onEvent
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = configuration.timeout
        sessionConfiguration.timeoutIntervalForResource = configuration.timeout * 2
        sessionConfiguration.httpAdditionalHeaders = ["User-Agent": configuration.userAgent]
        session = URLSession(configuration: sessionConfiguration, delegate: RedirectRefusal(), delegateQueue: nil)
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
    ///   the last attempt failing).
    private func request(_ url: URL, attempt: Int) async throws -> Outcome {
        try await waitForTurn()
        onEvent?(.fetching(url: url.absoluteString))
        let lastAttempt = attempt >= configuration.maxAttempts
        let data: Data
        let response: HTTPURLResponse
        do {
            var request = URLRequest(url: url)
            request.timeoutInterval = configuration.timeout
            let (body, reply) = try await session.data(for: request)
            guard let http = reply as? HTTPURLResponse else {
                throw WebFetchError.transport(
                    url: url.absoluteString, reason: "not an HTTP response", attempts: attempt)
            }
            (data, response) = (body, http)
        } catch let error as WebFetchError {
            throw error
        } catch {
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
                Double($0.trimmingCharacters(in: .whitespaces))
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
        let delay = backoffDelay(attempt: attempt, retryAfter: retryAfter)
        onEvent?(.retrying(url: url.absoluteString, attempt: attempt + 1, after: delay, reason: reason))
        try await Task.sleep(for: .seconds(delay))
    }

    private func waitForTurn() async throws {
        let clock = ContinuousClock()
        if let last = lastRequestStart {
            let next = last.advanced(by: .seconds(configuration.requestDelay))
            if next > clock.now { try await clock.sleep(until: next) }
        }
        lastRequestStart = clock.now
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

/// Makes URLSession hand 3xx responses back instead of following them, so that the page
/// client decides (same site only).
private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
