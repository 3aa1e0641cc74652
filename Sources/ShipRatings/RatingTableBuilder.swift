@_spi(Benchmarks) public import FleetScraper
public import Foundation
@_spi(Benchmarks) import LegacyWakeModel
package import ShipRatingTable
import TextFormats
@_spi(Benchmarks) import WakeModels
public import WaveRating

/// Builds the rating table from scraped pages and the curated fleet (``ResolvedFleet``).
///
/// - Legacy: all figures, of the pages and of the table's ships, come from one
///   ``LegacyWakeModel/WakeGrid`` batch at the operating point.
/// - Wake: each ship's ensemble at the ``WakeReference`` (one ``WakeModels/WakeEnsemble``
///   batch), rated by height thresholds given or fitted to the app's ratings.
/// Every ship carries both ratings (`ratingsByModel`); `rating` is the selected model's.
@_spi(Benchmarks) public struct RatingTableBuilder: Sendable {
    package var fleet: CuratedFleet
    /// How entries cite the curated file, e.g. "Data/fleet.json".
    package var fleetReference: String
    package var point: OperatingPoint
    package var thresholds: RatingThresholds
    package var model: RatingModel = .legacy
    package var wakeReference: WakeReference = .standard
    package var heightThresholds: HeightThresholdChoice = .fittedToApp
    /// How the run's findings word their remedies (`FleetRemedy` (ShipRatingTable)).
    package var wording: any RemedyWording = PlainRemedyWording()
    /// The app's ratings: the labels height thresholds are fitted to.
    package var appRatings: RatingTable?
    /// Cruising speeds from archived courses (``OperatingSpeeds``), and how reports cite them.
    package var courseSpeeds: CourseSpeedTable?
    package var courseSpeedsReference = CourseSpeedTable.bundledFileName

    @_spi(Benchmarks) public init(
        fleet: CuratedFleet, fleetReference: String, point: OperatingPoint = .legacy,
        thresholds: RatingThresholds = .legacy
    ) {
        self.fleet = fleet
        self.fleetReference = fleetReference
        self.point = point
        self.thresholds = thresholds
    }

    /// - Throws: ``ShipRatingTable/RatingsError/wakeThresholds(_:)`` when thresholds are to be
    ///   fitted but no ship has both a wake height and an app rating.
    @_spi(Benchmarks) public func build(from pages: [ShipPage], generatedAt: Date) throws -> RatingRun {
        let resolved = ResolvedFleet(pages: pages, fleet: fleet, fleetReference: fleetReference, wording: wording)
        var warnings = resolved.warnings
        let wake = try wakeRatings(resolved)

        // One batch: every page with complete values, then every ship with complete values.
        let hulls = resolved.pages.compactMap(\.hull) + resolved.ships.compactMap(\.hull)
        let figures =
            hulls.isEmpty
            ? []
            : WakeGrid.atOperatingPoint(
                HullDimensions(hulls),
                speedKmh: point.speedKmh, trackDepthM: point.trackDepthM, thresholds: thresholds)
        var next = figures.makeIterator()

        let scraped = resolved.pages.map {
            ScrapedShipFigures(page: $0.page, figures: $0.hull == nil ? nil : next.next())
        }
        var ships: [ShipRating] = []
        var disagreements: [RiderDisagreement] = []
        var notes: [String] = []
        for (index, ship) in resolved.ships.enumerated() {
            var rating = ShipRating(name: ship.name, aliases: ship.aliases, source: ship.source)
            rating.lengthM = ship.length?.value
            rating.beamM = ship.beam?.value
            rating.displacementT = ship.displacement?.value
            rating.conflicts = ship.conflicts.isEmpty ? nil : ship.conflicts
            var legacyRating: Rating?
            var legacyFigures: WakeFigures?
            if ship.hull != nil, let f = next.next() {
                rating.apply(f)
                legacyRating = f.rating
                legacyFigures = f
            } else {
                rating.unratedReason =
                    "no published \(ship.missingDimensions.joined(separator: ", ")) (neither on a page nor in the curated file)"
            }
            rating.wake = wake.figures[index]
            let wakeRating = wake.rating(index)
            rating.ratingsByModel = .init(legacy: legacyRating, wake: wakeRating)
            if model == .wake {
                rating.rating = wakeRating
                rating.ratingBasis = wakeRating == nil ? nil : .waveHeightAtRider
                if wakeRating == nil, rating.unratedReason == nil {
                    rating.unratedReason =
                        wake.unrated[index] ?? wake.straddleReason(index) ?? wake.report.fit?.reasonWithout
                        ?? "the wake model gives no height at the reference point"
                }
            }
            let fix = Self.commandToRate(ship, wording: wording)
            if let rider = ship.riderRating {
                rating.riderRating = RiderRating(rating: rider.value, source: rider.source, reason: rider.reason)
                rating.rating = rider.value
                rating.ratingBasis = .riders
                if let reason = rating.unratedReason {
                    notes.append(
                        "\(ship.name): rated \(rider.value.rawValue) by the riders; "
                            + (ship.hull == nil ? "the models cannot" : "the wake model cannot")
                            + " rate it (\(reason))"
                            + (fix.map { ". To let them: \($0)" } ?? ""))
                }
                rating.unratedReason = nil
                if let legacyRating, legacyRating != rider.value, let legacyFigures {
                    disagreements.append(
                        RiderDisagreement(
                            ship: ship.name, riders: rider.value, model: .legacy, modelRating: legacyRating,
                            selected: model == .legacy, why: legacyWhy(legacyFigures)))
                }
                if let wakeRating, wakeRating != rider.value, let thresholds = wake.thresholds,
                    let height = rating.wake?.waveHeightM
                {
                    disagreements.append(
                        RiderDisagreement(
                            ship: ship.name, riders: rider.value, model: .wake, modelRating: wakeRating,
                            selected: model == .wake, why: Self.wakeWhy(height, thresholds: thresholds)))
                }
            } else if let reason = rating.unratedReason {
                warnings.append(
                    "\(rating.name): unrated, \(reason)" + (fix.map { ". To rate it: \($0)" } ?? ""))
            }
            ships.append(rating)
        }

        if model == .wake, wake.thresholds == nil, let reason = wake.report.fit?.reasonWithout {
            warnings.append("the wake model rates no ship at the reference point: \(reason)")
        }
        let table = RatingTable(
            generatedAt: ISO8601DateFormatter().string(from: generatedAt),
            model: .init(
                name: model.tableName, speedKmh: point.speedKmh, trackDepthM: point.trackDepthM,
                thresholds: .init(energyJPerM2: thresholds.energyJPerM2, forceNPerM2: thresholds.forceNPerM2),
                wake: wake.settings),
            ships: ships
        ).withPublishedPrecision()
        return RatingRun(
            table: table, scraped: scraped, warnings: warnings, wake: wake.report, fleet: resolved,
            held: resolved.probableDuplicates, disagreements: disagreements, notes: notes)
    }

    /// The step that gives a ship what the models need: its missing dimensions with a source.
    static func commandToRate(_ ship: ResolvedFleet.Ship, wording: any RemedyWording) -> String? {
        let missing = [("length", ship.length), ("beam", ship.beam), ("displacement", ship.displacement)]
            .filter { $0.1 == nil }.map(\.0)
        guard !missing.isEmpty else { return nil }
        return wording.words(for: .setFigures(ship: ship.name, missing: missing))
    }

    /// The legacy figures against the thresholds, in words.
    func legacyWhy(_ f: WakeFigures) -> String {
        let e = thresholds.energyJPerM2
        let force = thresholds.forceNPerM2
        return
            "energy \(Int(f.energyJPerM2.rounded())) J/m² (2 above \(Int(e.two)), 3 above \(Int(e.three))) and force "
            + "\(Int(f.forceNPerM2.rounded())) N/m² (2 above \(Int(force.two)), 3 above \(Int(force.three))) at "
            + "\(plain(point.speedKmh)) km/h over \(plain(point.trackDepthM)) m"
    }

    /// The wake height at the rider against the height thresholds, in words.
    static func wakeWhy(_ h: ShipRating.Wake.HeightRange, thresholds: HeightThresholds) -> String {
        func m(_ x: Double) -> String { String(format: "%.3f", x) }
        return "height at the rider \(m(h.median)) m (band \(m(h.min))–\(m(h.max)) m; \(thresholds.words))"
    }
}

extension ShipRating {
    /// Takes the legacy figures of one cell: rating, its basis and the wave figures.
    mutating func apply(_ f: WakeFigures) {
        rating = f.rating
        ratingBasis =
            f.energyRating == f.forceRating ? .energyAndForce : f.energyRating > f.forceRating ? .energy : .force
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
    package init(_ table: RatingTable.Thresholds) {
        self.init(energyJPerM2: table.energyJPerM2, forceNPerM2: table.forceNPerM2)
    }
}
