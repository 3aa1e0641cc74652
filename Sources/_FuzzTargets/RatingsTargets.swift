@_spi(Benchmarks) import FleetScraper
import Foundation
@_spi(Benchmarks) import LegacyWakeModel
import ShipRatingTable
@_spi(Benchmarks) import ShipRatings
@_spi(Benchmarks) import WakeCalibration
@_spi(Benchmarks) import WakeModels

extension FuzzTargets {
    static let siteRoot = URL(string: "https://www.zsg.ch")!

    static let ratingsTargets: [FuzzTarget] = [
        FuzzTarget(
            name: "spec-values",
            summary: "a spec cell's text → SpecValueParser and the plausibility checks of PageValues",
            run: { data in
                let text = String(decoding: data, as: UTF8.self)
                _ = SpecValueParser.quantity(text)
                _ = SpecValueParser.power(text)
                _ = SpecValueParser.years(text)
                let page = ShipPage(
                    url: "https://www.zsg.ch/fuzz", name: "MS Fuzz",
                    specs: [SpecKey.length, SpecKey.beam, SpecKey.displacement, SpecKey.power, SpecKey.buildYear].map {
                        ShipPage.Spec(key: $0, value: text)
                    })
                var warnings: [String] = []
                if let hull = PageValues(page: page, warnings: &warnings).hull {
                    // Both models at the legacy operating point, as `ratings` computes them.
                    _ = WakeGrid(
                        hulls: HullDimensions(
                            lengthM: hull.lengthM, beamM: hull.beamM, displacementT: hull.displacementT),
                        speedsKmh: [18], trackDepthsM: [10])
                    _ = try? WakeHull(lengthM: hull.lengthM, beamM: hull.beamM, displacementT: hull.displacementT)
                }
            },
            seeds: { root in
                SeedFiles.files(in: root.appendingPathComponent("Fuzz/seeds/spec-values"))
            }),
        FuzzTarget(
            name: "legacy-page",
            summary: "HTML → the legacy layout's ship links and spec table (libxml2), then the fleet",
            run: { data in
                _ = try? LegacyFleetLayout.shipLinks(
                    indexHTML: data, indexURL: "https://www.zsg.ch/de/schiffe", base: siteRoot)
                if let page = try? LegacyFleetLayout.shipPage(html: data, url: "https://www.zsg.ch/de/fuzz") {
                    let fleet = CuratedFleet(description: "", ships: [])
                    let resolved = ResolvedFleet(pages: [page], fleet: fleet, fleetReference: "fleet.json")
                    for ship in resolved.ships { _ = try? ship.wakeHull() }
                }
            },
            seeds: { root in
                SeedFiles.files(in: root.appendingPathComponent("Data/snapshots/zsg-2025-01-14"), suffix: ".html")
            }),
        FuzzTarget(
            name: "snapshot-manifest",
            summary: "a snapshot's manifest.json (page files must stay inside the folder)",
            run: { data in _ = try? SnapshotManifest.decode(data, path: "manifest.json") },
            seeds: { root in SeedFiles.file(root, "Data/snapshots/zsg-2025-01-14/manifest.json") }),
        FuzzTarget(
            name: "rating-table",
            summary: "ship-ratings.json / app-ratings.json → RatingTable, lookups and diff",
            run: { data in
                guard let table = try? RatingTable.decode(data, path: "ship-ratings.json") else { return }
                let lookup = RatingLookup(table)
                for ship in table.ships.prefix(50) { _ = lookup.ship(named: ship.name) }
                _ = RatingDiff(previous: table, current: table)
                _ = RatingDiff.regressions(previous: table, current: table)
            },
            seeds: { root in
                SeedFiles.file(root, "Data/app-ratings.json") + SeedFiles.file(root, "reports/ship-ratings.json")
            }),
        FuzzTarget(
            name: "fleet",
            summary: "the curated fleet file → CuratedFleet, the resolved fleet and its wake hulls",
            run: { data in
                guard let fleet = try? CuratedFleet.decode(data, path: "fleet.json") else { return }
                let resolved = ResolvedFleet(pages: [], fleet: fleet, fleetReference: "fleet.json")
                for ship in resolved.ships { _ = try? ship.wakeHull() }
            },
            seeds: { root in SeedFiles.file(root, "Data/fleet.json") }),
        FuzzTarget(
            name: "observations",
            summary: "an observations CSV → rows, and the power-law fit when there are few",
            run: { data in
                guard let result = try? ObservationsFile.parse(data, path: "observations.csv"),
                    result.observations.count <= 200
                else { return }
                _ = try? PowerLawCalibration(table: result.observations, skipped: result.skippedCount)
            },
            seeds: { root in SeedFiles.files(in: root.appendingPathComponent("Data/observations"), suffix: ".csv") }),
        FuzzTarget(
            name: "calibration",
            summary: "calibration.json → PowerLawCalibration; one without problems must predict without trapping",
            run: { data in
                guard let calibration = try? JSONDecoder().decode(PowerLawCalibration.self, from: data),
                    calibration.problems.isEmpty,
                    let hull = try? WakeHull(lengthM: 56, beamM: 10.6, displacementT: 389)
                else { return }
                _ = calibration.predict(hull: hull, speedKmh: 18, trackDepthM: 10, distanceM: 50)
            },
            seeds: { root in SeedFiles.file(root, "reports/calibration/calibration.json") }),
    ]
}
