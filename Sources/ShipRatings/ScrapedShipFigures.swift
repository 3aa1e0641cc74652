@_spi(Benchmarks) public import FleetScraper
import Foundation
@_spi(Benchmarks) public import LegacyWakeModel
import ShipRatingTable

/// The legacy CSV's view of one scraped page: its values and, when length, beam and
/// displacement could be read, its wake figures.
public struct ScrapedShipFigures: Sendable {
    public var page: ShipPage
    public var figures: WakeFigures?
}
