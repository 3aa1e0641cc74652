import Foundation

/// Why a scrape failed. Every case names where: the URL, and the field or element.
public enum ScrapeError: Error, Equatable, CustomStringConvertible {
    /// libxml2 could not build a document (empty body).
    case unparseableHTML(url: String)
    /// The fleet index has no ship links: the operator's layout has changed.
    case noShipLinks(url: String, expected: String)
    /// A ship page lacks the element the legacy layout puts there.
    case layoutChanged(url: String, missing: String)
    /// An HTTP status that is final (after retries where they apply).
    case httpStatus(url: String, status: Int, attempts: Int)
    /// Transport failure (timeout, connection lost, truncated body) after all retries.
    case transport(url: String, reason: String, attempts: Int)
    /// A redirect to another host, which the scraper does not follow.
    case offSiteRedirect(url: String, location: String)
    /// A URL outside the configured site.
    case offSite(url: String, allowedHost: String)
    /// A snapshot lacks a page or is malformed.
    case snapshot(path: String, reason: String)

    public var description: String {
        switch self {
        case .unparseableHTML(let url): "\(url): empty or unparseable HTML"
        case .noShipLinks(let url, let expected):
            "\(url): no ship links found (\(expected)); the site's layout has probably changed"
        case .layoutChanged(let url, let missing):
            "\(url): \(missing) not found; the ship page layout has probably changed"
        case .httpStatus(let url, let status, let attempts):
            "\(url): HTTP \(status) (after \(attempts) attempt\(attempts == 1 ? "" : "s"))"
        case .transport(let url, let reason, let attempts):
            "\(url): \(reason) (after \(attempts) attempt\(attempts == 1 ? "" : "s"))"
        case .offSiteRedirect(let url, let location):
            "\(url): redirects to \(location), which is outside the configured site; not followed"
        case .offSite(let url, let host): "\(url): outside the configured site \(host); not fetched"
        case .snapshot(let path, let reason): "snapshot \(path): \(reason)"
        }
    }
}
