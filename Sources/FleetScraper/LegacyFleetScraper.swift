import Foundation
import WebFetch

/// The result of scraping the fleet in the legacy layout.
public struct FleetScrape: Sendable {
    public var indexURL: String
    /// One per ship page, in fleet-index order, each page once.
    public var pages: [ShipPage]
    /// Things a person should know (links to other hosts skipped, …).
    public var warnings: [String]
}

/// Scrapes the fleet index and every ship page from a ``PageSource``.
public struct LegacyFleetScraper: Sendable {
    public let siteRoot: URL
    public let indexURL: URL

    /// - Parameters:
    ///   - siteRoot: `scheme://host[:port]` that links resolve against and that bounds the crawl.
    ///   - indexPath: path of the fleet index on that site.
    public init(siteRoot: URL, indexPath: String = LegacyFleetLayout.indexPath) {
        self.siteRoot = SiteURL.root(of: siteRoot) ?? siteRoot
        self.indexURL = SiteURL.resolve(indexPath, against: self.siteRoot)!
    }

    /// Fetches the index, then each ship page in index order.
    /// - Parameter progress: called with (pages done, pages in all) after each ship page.
    /// - Throws: ``ScrapeError`` or ``WebFetch/WebFetchError`` for the first page that fails;
    ///   nothing partial is returned.
    public func scrape(
        from source: any PageSource, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) async throws -> FleetScrape {
        let indexHTML = try await source.page(at: indexURL)
        let links = try LegacyFleetLayout.shipLinks(
            indexHTML: indexHTML, indexURL: indexURL.absoluteString, siteRoot: siteRoot)
        var warnings = links.offSite.map { "\(indexURL.absoluteString): link to another site skipped: \($0)" }
        var pages: [ShipPage] = []
        progress?(0, links.ships.count)
        for (done, url) in links.ships.enumerated() {
            let html = try await source.page(at: url)
            pages.append(try LegacyFleetLayout.shipPage(html: html, url: url.absoluteString))
            progress?(done + 1, links.ships.count)
        }
        if pages.count != Set(pages.map(\.name)).count {
            warnings.append("\(indexURL.absoluteString): several pages carry the same ship name")
        }
        return FleetScrape(indexURL: indexURL.absoluteString, pages: pages, warnings: warnings)
    }
}
