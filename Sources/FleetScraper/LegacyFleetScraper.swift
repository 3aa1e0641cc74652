public import Foundation
public import WebFetch

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

/// A listed ship page the site answered with "not found" or "gone".
public struct VanishedPage: Sendable, Equatable {
    public var url: String
    /// 404 or 410.
    public var status: Int

    public init(url: String, status: Int) {
        self.url = url
        self.status = status
    }

    /// The statuses that mean the page is gone, not that the fetch failed.
    package static let statuses: Set<Int> = [404, 410]
}

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
    /// - Throws: ``ScrapeError`` or ``WebFetch/WebFetchError`` for the first page that fails;
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
            let html: Data
            do { html = try await source.page(at: url) } catch WebFetchError.httpStatus(_, let status, _)
                where VanishedPage.statuses.contains(status)
            {
                // A listed page that is gone is a change to review (the gate holds it), while a
                // network failure or a server error stays an error.
                vanished.append(VanishedPage(url: url.absoluteString, status: status))
                warnings.append("\(url.absoluteString): HTTP \(status); the page is gone")
                progress?(done + 1, ships.count)
                continue
            }
            pages.append(try layout.shipPage(html: html, url: url.absoluteString))
            progress?(done + 1, ships.count)
        }
        if pages.isEmpty, let first = vanished.first {
            // Not one page there: a wrong address or page list, not a fleet that sank overnight.
            throw ScrapeError.allPagesGone(first: first.url, count: vanished.count)
        }
        if pages.count != Set(pages.map(\.name)).count {
            warnings.append("\(indexURL ?? "the page list"): several pages carry the same ship name")
        }
        return FleetScrape(indexURL: indexURL, pages: pages, warnings: warnings, vanished: vanished)
    }
}

/// The operator's fleet as `vesseldata.py` scraped it: the legacy index and its ship pages.
@_spi(Benchmarks) public struct LegacyFleetScraper: Sendable {
    package let siteRoot: URL
    package let indexURL: URL

    /// - Parameters:
    ///   - siteRoot: the site (a base with a path is kept, for a mirror under a folder).
    ///   - indexPath: path of the fleet index below it.
    @_spi(Benchmarks) public init(siteRoot: URL, indexPath: String = LegacyFleetLayout.indexPath) {
        self.siteRoot = siteRoot
        self.indexURL = SiteURL.resolve(indexPath, against: siteRoot)!
    }

    @_spi(Benchmarks) public func scrape(
        from source: any PageSource, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) async throws -> FleetScrape {
        try await ShipPageScraper(base: siteRoot, start: .index(indexURL), layout: .legacy)
            .scrape(from: source, progress: progress)
    }
}
