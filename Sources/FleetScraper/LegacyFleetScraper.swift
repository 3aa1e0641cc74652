public import Foundation
public import WebPages

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
