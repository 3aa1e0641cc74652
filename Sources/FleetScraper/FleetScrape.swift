package import Foundation
import WebPages

/// The result of scraping the fleet.
@_spi(Benchmarks) public struct FleetScrape: Sendable {
    /// The index page the ship pages were found on (nil for a list of pages).
    package var indexURL: String?
    /// One per ship page, in index (or list) order, each page once.
    @_spi(Benchmarks) public var pages: [ShipPage]
    /// Things a person should know (links to other hosts skipped, …).
    package var warnings: [String]
    /// Listed ship pages the site says are gone (HTTP 404 or 410), in list order: a fleet change
    /// to review, not a failed run.
    package var vanished: [VanishedPage] = []

    package init(indexURL: String?, pages: [ShipPage], warnings: [String], vanished: [VanishedPage] = []) {
        self.indexURL = indexURL
        self.pages = pages
        self.warnings = warnings
        self.vanished = vanished
    }
}

extension FleetScrape {
    /// The scrape with every page URL under `mirror` cited under `site` instead: pages read from
    /// a mirror keep the operator's addresses in the table.
    package func citing(mirror: URL, as site: URL) -> FleetScrape {
        func mapped(_ url: String) -> String { SiteURL.rebased(url, from: mirror, to: site) }
        var copy = self
        copy.pages = pages.map { page in
            var p = page
            p.url = mapped(page.url)
            return p
        }
        copy.vanished = vanished.map { VanishedPage(url: mapped($0.url), status: $0.status) }
        copy.indexURL = indexURL.map(mapped)
        return copy
    }
}
