import Foundation
import WebPages

/// Ship page links gathered from an index page: resolved against the base, each page once (by
/// ``WebPages/SiteURL/canonical(_:)``) in page order; links to other sites set apart, not
/// followed.
struct ShipLinks {
    private(set) var ships: [URL] = []
    private(set) var offSite: [String] = []
    private var seen = Set<String>()
    let base: URL
    /// The page the links are on, when they resolve as a browser resolves them (RFC 3986);
    /// nil: against `base` with its path (``WebPages/SiteURL/resolve(_:against:)``).
    let page: URL?

    init(base: URL, page: URL? = nil) {
        self.base = base
        self.page = page
    }

    /// Adds `href` when `accept` takes it (given the href and its resolved URL).
    mutating func add(_ href: String, accept: (String, URL) -> Bool) {
        let href = href.trimmingCharacters(in: .whitespaces)
        let resolved =
            page.map { URL(string: href, relativeTo: $0)?.absoluteURL } ?? SiteURL.resolve(href, against: base)
        guard let resolved, accept(href, resolved) else { return }
        guard SiteURL.isSameSite(resolved, as: base) else {
            offSite.append(resolved.absoluteString)
            return
        }
        let key = SiteURL.canonical(resolved)
        if seen.insert(key).inserted { ships.append(URL(string: key)!) }
    }

    /// The links, or ``ScrapeError/noShipLinks(url:expected:)`` when there are none.
    func result(indexURL: String, expected: String) throws -> (ships: [URL], offSite: [String]) {
        guard !ships.isEmpty else { throw ScrapeError.noShipLinks(url: indexURL, expected: expected) }
        return (ships, offSite)
    }
}
