@_spi(Benchmarks) import FleetScraper
public import Foundation
package import JobContract
import RatingsReports
@_spi(Benchmarks) import ShipRatings

/// Where a ratings job takes its fleet from: the operator's vessel pages and the curated fleet
/// file (the ratings, grid and wake jobs read both the same way).
public struct FleetSource: Sendable {
    /// Where the vessel pages come from: a snapshot, the live site, or none.
    public var pages: FleetPages
    /// The curated fleet file.
    public var fleet: URL
    /// How reports and the table cite the fleet file (e.g. "Data/fleet.json"; never a machine
    /// path).
    public var fleetReference: String

    public init(pages: FleetPages, fleet: URL, fleetReference: String) {
        self.pages = pages
        self.fleet = fleet
        self.fleetReference = fleetReference
    }

    /// The same source with its live pages fetched on `clock` (``FleetPages/on(_:)``).
    package func on(_ clock: any JobClock) -> FleetSource {
        var source = self
        source.pages = pages.on(clock)
        return source
    }

    /// The curated fleet joined with the scraped pages: every ship with its sourced dimensions.
    /// - Throws: the fleet file's `RatingsError.invalidFile` (naming the ship and field), or the
    ///   scrape's first failure (`ScrapeError`, `WebFetchError`).
    func resolved(onEvent: (@Sendable (FleetPages.Event) -> Void)?) async throws -> ResolvedFleet {
        let curated = try CuratedFleet.load(from: fleet)
        let (scrape, _) = try await pages.scrape(onEvent: onEvent)
        return ResolvedFleet(pages: scrape.pages, fleet: curated, fleetReference: fleetReference)
    }
}

extension ResolvedFleet.Ship {
    /// The ship as a run over the whole fleet leaves it out for want of dimensions.
    var withoutDimensions: LeftOutShip {
        LeftOutShip(name: name, reason: "no published " + missingDimensions.joined(separator: ", "))
    }
}
