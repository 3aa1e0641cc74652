import FleetScraper
import Foundation
import ShipRatingTable
import Testing
import WakeModels
import _TestSupport

@testable import ShipRatings

/// The wake model's ratings: thresholds, speeds, and the table it writes.
@Suite struct WakeRatingTests {
    @Test func fittedThresholdsReproduceSeparableLabelsExactly() throws {
        // Heights that separate cleanly into the labels: every ship agrees, and the thresholds
        // lie midway between the classes (0.25 between 0.2 and 0.3; 0.45 between 0.4 and 0.5).
        let fit = try #require(
            HeightThresholds.fitted(heights: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6], labels: [1, 1, 2, 2, 3, 3]))
        #expect(fit.matches == 6)
        #expect(fit.thresholds.waveHeightM == [0.25, 0.45])
        // Labels that no thresholds can reproduce: the best possible agreement, found exhaustively.
        let mixed = try #require(HeightThresholds.fitted(heights: [0.1, 0.2, 0.3, 0.4], labels: [3, 1, 3, 1]))
        #expect(mixed.matches == 2)
        #expect(HeightThresholds(0.25, 0.45).rating(0.25) == 1)  // strict, as the legacy thresholds
        #expect(HeightThresholds(0.25, 0.45).rating(0.2500001) == 2)
    }

    func ship(service: Double?, top: Double?) -> ResolvedFleet.Ship {
        ResolvedFleet.Ship(
            name: "MS X", aliases: [], length: nil, beam: nil, displacement: nil, conflicts: [], source: .init(),
            draft: nil, blockCoefficient: nil, entranceLength: nil,
            serviceSpeed: service.map { .init(value: $0, source: "s") },
            topSpeed: top.map { .init(value: $0, source: "t") })
    }

    @Test func ownSpeedIsServiceThenTopThenTheFallback() {
        let reference = WakeReference(speed: .service(fallbackKmh: 18))
        #expect(reference.speed(of: ship(service: 12, top: 16)) == (12, "service"))
        #expect(reference.speed(of: ship(service: nil, top: 27)) == (27, "top"))
        #expect(reference.speed(of: ship(service: nil, top: nil)) == (18, "fallback"))
        #expect(WakeReference(speed: .fixed(20)).speed(of: ship(service: 12, top: 16)) == (20, "fixed"))
    }

    /// The bundled fleet rated by the wake model: `rating` is the wake rating, both ratings are in
    /// the table, each ship's height is its ensemble median at the reference point.
    @Test func wakeModelRatesTheFleetAtTheReferencePoint() async throws {
        let source = try SnapshotPageSource(directory: RepositoryPaths.snapshot)
        let scrape = try await LegacyFleetScraper(siteRoot: URL(string: source.manifest.siteRoot)!).scrape(from: source)
        var builder = RatingTableBuilder(
            fleet: try CuratedFleet.load(from: RepositoryPaths.fleet), fleetReference: "Data/fleet.json")
        builder.model = .wake
        builder.wakeReference = WakeReference(distanceM: 40, depthM: 6, speed: .service(fallbackKmh: 18))
        builder.heightThresholds = .fixed(HeightThresholds(0.3, 0.5))
        let run = try builder.build(from: scrape.pages)
        #expect(run.table.model.name == "wake-ensemble")
        #expect(run.table.model.wake?.waveHeightM == [0.3, 0.5])
        #expect(run.table.model.wake?.thresholdsFitted == false)
        let panta = try #require(run.table.ships.first { $0.name == "MS Panta Rhei" })
        let wake = try #require(panta.wake)
        #expect(wake.speedKmh == 30 && wake.speedSource == "top")
        #expect(wake.hullDefaults == ["blockCoefficient", "entranceLengthM"])  // draft 1.39 m is published
        // The height is the ensemble's at that point, computed independently here.
        let hull = try WakeHull(lengthM: 56.6, beamM: 10.7, displacementT: 382, draftM: 1.39)
        let p = WakeEnsemble(hulls: [hull], speedsKmh: [30], depthsM: [6], distancesM: [40])
            .point(ship: 0, speed: 0, depth: 0, distance: 0)
        #expect(wake.waveHeightM?.median == p.waveHeightM.map { PublishedPrecision.rounded($0.median) })
        let expected = p.waveHeightM.map { HeightThresholds(0.3, 0.5).rating($0.median) }
        #expect(panta.rating == expected && panta.ratingsByModel?.wake == expected)
        #expect(panta.ratingsByModel?.legacy == 3)
        let fluvius = try #require(run.table.ships.first { $0.name == "EMS Fluvius" })
        #expect(fluvius.wake?.speedKmh == 12 && fluvius.wake?.speedSource == "service")
        let forch = try #require(run.table.ships.first { $0.name == "MS Forch" })
        #expect(forch.wake == nil && forch.rating == nil)
    }

    /// A table of schema version 1 (as the app's hard-coded ratings were first written) still reads.
    @Test func versionOneTablesStillRead() throws {
        let file = RepositoryPaths.temporaryDirectory().appendingPathComponent("v1.json")
        try Data(
            #"""
            {"schemaVersion": 1, "generatedAt": "2025-10-23T00:00:00Z",
             "model": {"name": "next-wave-app-hardcoded", "speedKmh": null, "depthM": null,
                       "thresholds": {"energyJPerM2": [150, 250], "forceNPerM2": [45000, 55000]}},
             "ships": [{"name": "EMS Uetliberg", "aliases": ["EM Uetliberg", "Uetliberg"], "rating": 3,
                        "source": {"page": null, "curated": "Next Wave app"}}]}
            """#.utf8
        ).write(to: file)
        let table = try RatingTable.load(from: file)
        #expect(table.schemaVersion == 1)
        #expect(table.ships.allSatisfy { $0.ratingsByModel == nil && $0.wake == nil })
        #expect(RatingLookup(table).ship(named: "EM Uetliberg")?.rating == 3)
    }
}
