@_spi(Benchmarks) import FleetScraper
import Foundation
public import ShipRatingTable

/// Everything one ratings run produces, before anything is written. The operating point and
/// thresholds are those of `table.model`.
public struct RatingRun: Sendable {
    public var table: RatingTable
    /// One per scraped page, in fleet-index order (the rows of `schiffsdaten.csv`).
    public var scraped: [ScrapedShipFigures]
    /// Unreadable values, missing fields, ships not in the curated file, …
    public var warnings: [String]
    /// The wake side: speeds, heights, the thresholds' fit and its agreement with the app.
    public var wake: WakeRatingReport
    /// The fleet with each ship's resolved hull values and sources.
    public var fleet: ResolvedFleet
    /// Changes a person must confirm before the table replaces the previous one, besides what
    /// the comparison finds (a page ship that is probably a curated one under another name).
    public var held: [String] = []
    /// Ships whose riders' rating a model disagrees with (the riders' is published).
    public var disagreements: [RiderDisagreement] = []
    /// Notes on ships the models cannot rate, each with the command that would let them (a ship
    /// the riders rate is still published; these are not warnings then).
    public var notes: [String] = []
    /// Ships the fleet file marks retired, with the day they left.
    public var retired: [(name: String, since: String)] { fleet.retired }
}
