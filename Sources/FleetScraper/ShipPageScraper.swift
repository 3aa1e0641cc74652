public import Foundation
package import WebPages

/// Fetches ship pages from a ``PageSource``: those an index page links, or a given list, each
/// read in a ``PageLayout``.
public struct ShipPageScraper: Sendable {
    /// Where the ship pages are listed.
    public enum Start: Sendable, Equatable {
        /// An index page linking them (its host may differ from the ship pages' site).
        case index(URL)
        /// The pages themselves, in order.
        case pages([URL])
    }

    /// The base that relative links resolve against (with its path), whose site bounds the
    /// ship pages.
    public let base: URL
    public let start: Start
    public let layout: PageLayout

    public init(base: URL, start: Start, layout: PageLayout = .auto) {
        self.base = base
        self.start = start
        self.layout = layout
    }

    /// Fetches the index (if any), then each ship page in order.
    /// - Parameters:
    ///   - source: where ship pages come from; `indexSource` the index (default: `source`).
    ///   - progress: (pages done, pages in all) after each ship page.
    /// - Throws: ``ScrapeError`` or ``WebPages/WebFetchError`` for the first page that fails;
    ///   nothing partial is returned.
    package func scrape(
        from source: any PageSource, indexSource: (any PageSource)? = nil,
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) async throws -> FleetScrape {
        var warnings: [String] = []
        let ships: [URL]
        var indexURL: String?
        switch start {
        case .pages(let urls):
            ships = urls
        case .index(let url):
            let html = try await (indexSource ?? source).page(at: url)
            let links = try layout.shipLinks(indexHTML: html, indexURL: url.absoluteString, base: base)
            warnings += links.offSite.map { "\(url.absoluteString): link to another site skipped: \($0)" }
            ships = links.ships
            indexURL = url.absoluteString
        }
        var pages: [ShipPage] = []
        var vanished: [VanishedPage] = []
        progress?(0, ships.count)
        for (done, url) in ships.enumerated() {
            defer { progress?(done + 1, ships.count) }
            let page: ResolvedPage
            do { page = try await source.resolvedPage(at: url) } catch WebFetchError.httpStatus(_, let status, _)
                where VanishedPage.statuses.contains(status)
            {
                // A listed page that is gone is a change to review (the gate holds it), while a
                // network failure or a server error stays an error.
                vanished.append(VanishedPage(url: url.absoluteString, status: status))
                continue
            }
            if let status = page.redirectStatus, SiteURL.canonical(page.url) != SiteURL.canonical(url) {
                // A page that moved reads as a ship page at its new address (and is cited there);
                // one sent to an overview or the home page is gone, like a 404.
                guard let moved = try? layout.shipPage(html: page.data, url: page.url.absoluteString) else {
                    vanished.append(
                        VanishedPage(url: url.absoluteString, status: status, redirectedTo: page.url.absoluteString))
                    continue
                }
                pages.append(moved)
                continue
            }
            pages.append(try layout.shipPage(html: page.data, url: url.absoluteString))
        }
        if pages.isEmpty, let first = vanished.first {
            // Not one page there: a wrong address or page list, not a fleet that sank overnight.
            throw ScrapeError.allPagesGone(first: first.url, count: vanished.count)
        }
        if pages.count != Set(pages.map(\.name)).count {
            warnings.append("\(indexURL ?? "the page list"): several pages carry the same ship name")
        }
        var scrape = FleetScrape(indexURL: indexURL, pages: pages, warnings: warnings, vanished: vanished)
        scrape.listed = ships.map(\.absoluteString)
        return scrape
    }
}
