import FleetScraper
import Foundation
import ShipRatingTable
import WakePhysics

/// The legacy CSV's view of one scraped page: its values and, when length, beam and
/// displacement could be read, its wake figures.
public struct ScrapedShipFigures: Sendable {
    public var page: ShipPage
    public var figures: WakeFigures?
}

/// Everything one ratings run produces, before anything is written. The operating point and
/// thresholds are those of `table.model`.
public struct RatingRun: Sendable {
    public var table: RatingTable
    /// One per scraped page, in fleet-index order (the rows of `schiffsdaten.csv`).
    public var scraped: [ScrapedShipFigures]
    /// Unreadable values, missing fields, ships not in the curated file, …
    public var warnings: [String]
}

/// Builds the rating table from scraped pages and the curated fleet (``ResolvedFleet``): all
/// figures, of the pages and of the table's ships, come from one ``WakePhysics/WakeGrid`` batch
/// at the operating point.
public struct RatingTableBuilder: Sendable {
    public var fleet: CuratedFleet
    /// How entries cite the curated file, e.g. "Data/fleet.json".
    public var fleetReference: String
    public var point: OperatingPoint
    public var thresholds: RatingThresholds

    public init(
        fleet: CuratedFleet, fleetReference: String, point: OperatingPoint = .legacy,
        thresholds: RatingThresholds = .legacy
    ) {
        self.fleet = fleet
        self.fleetReference = fleetReference
        self.point = point
        self.thresholds = thresholds
    }

    public func build(from pages: [ShipPage], generatedAt: Date = Date()) -> RatingRun {
        let resolved = ResolvedFleet(pages: pages, fleet: fleet, fleetReference: fleetReference)
        var warnings = resolved.warnings

        // One batch: every page with complete values, then every ship with complete values.
        let hulls = resolved.pages.compactMap(\.hull) + resolved.ships.compactMap(\.hull)
        let figures =
            hulls.isEmpty
            ? []
            : WakeGrid.atOperatingPoint(
                HullDimensions(
                    lengthM: hulls.map(\.lengthM), beamM: hulls.map(\.beamM), displacementT: hulls.map(\.displacementT)),
                speedKmh: point.speedKmh, depthM: point.depthM, thresholds: thresholds)
        var next = figures.makeIterator()

        let scraped = resolved.pages.map {
            ScrapedShipFigures(page: $0.page, figures: $0.hull == nil ? nil : next.next())
        }
        var ships: [ShipRating] = []
        for ship in resolved.ships {
            var rating = ShipRating(name: ship.name, aliases: ship.aliases, source: ship.source)
            rating.lengthM = ship.length?.value
            rating.beamM = ship.beam?.value
            rating.displacementT = ship.displacement?.value
            rating.conflicts = ship.conflicts.isEmpty ? nil : ship.conflicts
            if ship.hull != nil, let f = next.next() {
                rating.apply(f)
            } else {
                rating.unratedReason =
                    "no published \(ship.missingDimensions.joined(separator: ", ")) (neither on a page nor in the curated file)"
                warnings.append("\(rating.name): unrated, \(rating.unratedReason!)")
            }
            ships.append(rating)
        }

        let table = RatingTable(
            generatedAt: ISO8601DateFormatter().string(from: generatedAt),
            model: .init(
                name: "vesseldata-legacy", speedKmh: point.speedKmh, depthM: point.depthM,
                thresholds: .init(energyJPerM2: thresholds.energyJPerM2, forceNPerM2: thresholds.forceNPerM2)),
            ships: ships)
        return RatingRun(table: table, scraped: scraped, warnings: warnings)
    }
}

extension ShipRating {
    /// Takes the legacy figures of one cell: rating, its basis and the wave figures.
    mutating func apply(_ f: WakeFigures) {
        rating = f.rating
        ratingBasis =
            f.energyRating == f.forceRating ? "energy and force" : f.energyRating > f.forceRating ? "energy" : "force"
        waveHeightM = f.waveHeightM
        energyJPerM2 = f.energyJPerM2
        forceNPerM2 = f.forceNPerM2
        powerWPerM = f.powerWPerM
        froudeLength = f.froudeLength
        froudeDepth = f.froudeDepth
        reynolds = f.reynolds
    }
}

extension RatingThresholds {
    /// The thresholds a rating table was made with.
    public init(_ table: RatingTable.Thresholds) {
        self.init(energyJPerM2: table.energyJPerM2, forceNPerM2: table.forceNPerM2)
    }
}
