/// Why a fetch failed. Every case names the URL.
public enum WebFetchError: Error, Equatable, CustomStringConvertible {
    /// An HTTP status that is final (after retries where they apply).
    case httpStatus(url: String, status: Int, attempts: Int)
    /// Transport failure (timeout, connection lost, truncated body) after all retries.
    case transport(url: String, reason: String, attempts: Int)
    /// A redirect to another site, which is not followed.
    case offSiteRedirect(url: String, location: String)
    /// A URL outside the configured site.
    case offSite(url: String, allowedHost: String)
    /// libxml2 could not build a document (empty body).
    case unparseableHTML(url: String)

    public var description: String {
        switch self {
        case .httpStatus(let url, let status, let attempts):
            "\(url): HTTP \(status) (after \(attempts) attempt\(attempts == 1 ? "" : "s"))"
        case .transport(let url, let reason, let attempts):
            "\(url): \(reason) (after \(attempts) attempt\(attempts == 1 ? "" : "s"))"
        case .offSiteRedirect(let url, let location):
            "\(url): redirects to \(location), which is outside the configured site; not followed"
        case .offSite(let url, let host): "\(url): outside the configured site \(host); not fetched"
        case .unparseableHTML(let url): "\(url): empty or unparseable HTML"
        }
    }
}
