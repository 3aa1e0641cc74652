package import JobContract
import TextFormats

/// Why a fetch failed. Every case names the URL.
package enum WebFetchError: KindedError, Equatable {
    /// An HTTP status that is final (after retries where they apply).
    case httpStatus(url: String, status: Int, attempts: Int)
    /// Transport failure (timeout, connection lost, truncated body) after all retries.
    case transport(url: String, reason: String, attempts: Int)
    /// The body came slower than the low-speed bound (`bytesPerSecond` for `seconds`) on the last
    /// attempt, or on two attempts in a row.
    case tooSlow(url: String, bytesPerSecond: Int, seconds: Double, attempts: Int)
    /// A redirect to another site, which is not followed.
    case offSiteRedirect(url: String, location: String)
    /// A URL outside the configured site.
    case offSite(url: String, allowedHost: String)
    /// libxml2 could not build a document (empty body).
    case unparseableHTML(url: String)
    /// The body (as decoded) is larger than the client's limit, or announced to be.
    case tooLarge(url: String, limit: Int)
    /// The whole run has used up its time (``HTTPClient/Configuration/maxRunTime``).
    case runTimeExceeded(url: String, seconds: Double)
    /// The host cannot be reached at all (no such host, connection refused): not retried, and
    /// every later request to it fails at once with the same reason.
    case unreachable(url: String, host: String, reason: String)

    /// HTML this tool refuses to parse (a tag with thousands of attributes), and why.
    case malformedHTML(url: String, reason: String)
    /// An address that cannot be fetched at all (not http(s), no host, a port out of range).
    case invalidURL(url: String, reason: String)

    package var description: String {
        switch self {
        case .httpStatus(let url, let status, let attempts):
            "\(url): HTTP \(status)\(Self.after(attempts))"
        case .transport(let url, let reason, let attempts):
            "\(url): \(reason)\(Self.after(attempts))"
        case .tooSlow(let url, let bytesPerSecond, let seconds, let attempts):
            "\(url): \(Self.slowBodyWords(bytesPerSecond: bytesPerSecond, seconds: seconds))\(Self.after(attempts))"
        case .offSiteRedirect(let url, let location):
            "\(url): redirects to \(location), which is outside the configured site; not followed"
        case .offSite(let url, let host): "\(url): outside the configured site \(host); not fetched"
        case .unparseableHTML(let url): "\(url): empty or unparseable HTML"
        case .tooLarge(let url, let limit):
            "\(url): the body is larger than \(Self.bytes(limit)); refused (a page of this site should be far smaller)"
        case .runTimeExceeded(let url, let seconds):
            "\(url): not fetched; the run's \(Int(seconds)) s of fetching end before its turn"
        case .invalidURL(let url, let reason): "\(url): \(reason); check the address"
        case .malformedHTML(let url, let reason): "\(url): \(reason); not a page this tool reads"
        case .unreachable(let url, let host, let reason):
            "\(url): cannot reach \(host) (\(reason)); check the address and the network — not retried"
        }
    }
}

extension WebFetchError {
    /// The words for a body slower than the low-speed bound.
    package static func slowBodyWords(bytesPerSecond: Int, seconds: Double) -> String {
        "too slow (under \(bytesPerSecond) bytes/s for \(plainSeconds(seconds)) s)"
    }

    private static func after(_ attempts: Int) -> String {
        " (after \(counted(attempts, "attempt")))"
    }

    static func bytes(_ count: Int) -> String {
        count >= 1 << 20 ? "\(count >> 20) MiB" : count >= 1 << 10 ? "\(count >> 10) KiB" : "\(count) bytes"
    }
}

extension WebFetchError {
    /// A wrong address is a usage error; a page this tool cannot read, bad data; a site that
    /// does not answer as it should, unreachable.
    package var kind: ProblemKind {
        switch self {
        case .invalidURL: .usage
        case .unparseableHTML, .malformedHTML, .tooLarge, .offSite, .offSiteRedirect: .badData
        case .httpStatus, .transport, .tooSlow, .unreachable, .runTimeExceeded: .unreachable
        }
    }

    package var location: String? {
        switch self {
        case .httpStatus(let url, _, _), .transport(let url, _, _), .tooSlow(let url, _, _, _),
            .offSiteRedirect(let url, _), .offSite(let url, _), .unparseableHTML(let url), .tooLarge(let url, _),
            .runTimeExceeded(let url, _), .unreachable(let url, _, _), .malformedHTML(let url, _),
            .invalidURL(let url, _):
            url
        }
    }
}
