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
    /// What the run fetched, to keep as a snapshot once the run has succeeded (nil when no
    /// snapshot was asked for): a failed run leaves none.
    package var pendingSnapshot: PendingSnapshot?
    /// Every ship page the run asked for, in order, those gone included.
    package var listed: [String] = []

    /// The warnings and one line for each vanished page, with the addresses as the table cites
    /// them (after ``citing(mirror:as:)``, the operator's, never the mirror's).
    package var allWarnings: [String] { warnings + vanished.map(\.warning) }

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
        copy.vanished = vanished.map {
            VanishedPage(url: mapped($0.url), status: $0.status, redirectedTo: $0.redirectedTo.map(mapped))
        }
        copy.indexURL = indexURL.map(mapped)
        return copy
    }
}

/// A snapshot recorded during a scrape, saved only when the run that asked for it succeeds.
package struct PendingSnapshot: Sendable {
    package var directory: URL
    package var save: @Sendable () async throws -> Int

    package init(directory: URL, save: @escaping @Sendable () async throws -> Int) {
        self.directory = directory
        self.save = save
    }
}
