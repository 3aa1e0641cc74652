@_spi(Benchmarks) import FleetScraper
import Foundation
import LegacyWakeModel
@_spi(Benchmarks) import RatingsReports
import ShipRatingTable
@_spi(Benchmarks) import ShipRatings
import Testing
import WaveRating
import _TestSupport

/// The 2025-01-14 output of the legacy script, reproduced from the bundled snapshot.
@Suite struct LegacyCSVReproductionTests {
    func run(speed: Double = 18, depth: Double = 10) async throws -> RatingRun {
        let source = try SnapshotPageSource(directory: RepositoryPaths.snapshot)
        let scrape = try await LegacyFleetScraper(siteRoot: URL(string: source.manifest.siteRoot)!).scrape(from: source)
        let fleet = try CuratedFleet.load(from: RepositoryPaths.fleet)
        return try RatingTableBuilder(
            fleet: fleet, fleetReference: "Data/fleet.json", point: .init(speedKmh: speed, trackDepthM: depth)
        )
        .build(from: scrape.pages, generatedAt: Date())
    }

    @Test func everyCellOfTheLegacyCSVIsReproduced() async throws {
        let expected = CSVText.parse(try String(contentsOf: RepositoryPaths.legacyCSV, encoding: .utf8))
        let produced = CSVText.parse(LegacyShipDataCSV.render(try await run().scraped))
        #expect(produced.count == expected.count)
        #expect(produced.first == expected.first)  // header: columns and order
        for (r, (got, want)) in zip(produced, expected).enumerated() {
            #expect(got.count == want.count, "row \(r)")
            for (c, (g, w)) in zip(got, want).enumerated() where g != w {
                Issue.record("row \(r) (\(want[0])), column \(expected[0][c]): got '\(g)', legacy '\(w)'")
            }
        }
    }

    @Test func fileIsByteIdenticalToTheLegacyOutput() async throws {
        let expected = try Data(contentsOf: RepositoryPaths.legacyCSV)
        #expect(Data(LegacyShipDataCSV.render(try await run().scraped).utf8) == expected)
    }

    @Test func otherOperatingPointsFollowTheLegacyFormulas() async throws {
        // 25 km/h over 3 m: shallow-water correction active (Fr_h = 6.94/√29.43 = 1.28).
        let r = try await run(speed: 25, depth: 3)
        let panta = try #require(r.scraped.first?.figures)
        let v = 25 / 3.6
        let g = 9.81
        var h = 0.04 * 382 * v * v / (56.6 * 10.7)
        let frH = v / (g * 3).squareRoot()
        h *= 1 + (frH - 0.7)
        #expect(abs(panta.waveHeightM - h) <= 1e-12 * h)
        #expect(abs(panta.energyJPerM2 - 1000 * g * h * h / 8) <= 1e-9)
    }
}

@Suite struct LegacyCSVEdgeCaseTests {
    func page(_ name: String, _ specs: [(String, String)]) -> ShipPage {
        ShipPage(
            url: "https://www.zsg.ch/de/x/\(name.lowercased())", name: "Motorschiff \(name)",
            specs: specs.map { .init(key: $0.0, value: $0.1) })
    }

    @Test func missingDimensionGivesEmptyWaveCellsAndAWarning() throws {
        let fleet = CuratedFleet(description: "", ships: [])
        let run = try RatingTableBuilder(fleet: fleet, fleetReference: "f").build(
            from: [
                page("Ohnebreite", [("Länge", "40 Meter"), ("Verdrängung leer", "100 Tonnen"), ("Farbe", "weiss")])
            ], generatedAt: Date())
        let rows = CSVText.parse(LegacyShipDataCSV.render(run.scraped))
        #expect(rows[0].last == "Farbe")  // other keys follow, sorted
        let waveStart = 2 + LegacyShipDataCSV.specColumns.count
        #expect(rows[1][waveStart..<(waveStart + LegacyShipDataCSV.waveColumns.count)].allSatisfy { $0.isEmpty })
        #expect(rows[1].last == "weiss")
        #expect(run.warnings.contains { $0.contains("Ohnebreite") && $0.contains("no beam on the page") })
        #expect(run.table.ships[0].rating == nil)
    }

    @Test func approximateValuesAreReadCorrectlyUnlikeTheLegacyScript() throws {
        let run = try RatingTableBuilder(fleet: .init(description: "", ships: []), fleetReference: "f").build(
            from: [
                page("Ungefähr", [("Länge", "56,6 m"), ("Breite", "10,7 m"), ("Verdrängung leer", "ca. 382 Tonnen")])
            ], generatedAt: Date())
        // Legacy: 0.382 t → H 0.0006 m. Correct: as Panta Rhei, 0.63 m, rating 3.
        #expect(String(format: "%.2f", run.scraped[0].figures!.waveHeightM) == "0.63")
        #expect(run.table.ships[0].rating == .three)
    }

    @Test func unreadableValueIsAWarningNamingShipFieldAndText() throws {
        let run = try RatingTableBuilder(fleet: .init(description: "", ships: []), fleetReference: "f").build(
            from: [
                page(
                    "Rätsel",
                    [("Länge", "vierzig"), ("Breite", "8 m"), ("Verdrängung leer", "90 t"), ("KW / PS", "viel")])
            ], generatedAt: Date())
        #expect(
            run.warnings.contains {
                $0.contains("Motorschiff Rätsel") && $0.contains("'Länge'") && $0.contains("'vierzig'")
            })
        #expect(run.warnings.contains { $0.contains("'KW / PS'") && $0.contains("'viel'") })
    }
}
