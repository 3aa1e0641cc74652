@_spi(Benchmarks) import FleetScraper
import Foundation
import JSONText
@_spi(Benchmarks) import RatingsReports
import SafeFiles
import ShipRatingTable
@_spi(Benchmarks) import ShipRatings
import Testing
import WaveRating
import _TestSupport

@Suite struct RatingTableTests {
    static func snapshotTable() async throws -> RatingTable {
        let source = try SnapshotPageSource(directory: RepositoryPaths.snapshot)
        let scrape = try await LegacyFleetScraper(siteRoot: URL(string: source.manifest.siteRoot)!).scrape(from: source)
        let fleet = try CuratedFleet.load(from: RepositoryPaths.fleet)
        return try RatingTableBuilder(fleet: fleet, fleetReference: "Data/fleet.json").build(
            from: scrape.pages, generatedAt: Date()
        ).table
    }

    @Test func everyUnitOfTheCuratedFleetHasOneEntry() async throws {
        let table = try await Self.snapshotTable()
        #expect(table.ships.count == 17)
        #expect(Set(table.ships.map(\.name)).count == 17)
        #expect(table.schemaVersion == 5 && table.model.speedKmh == 18 && table.model.trackDepthM == 10)
    }

    @Test func sisterShipPageBecomesThreeEntries() async throws {
        let table = try await Self.snapshotTable()
        let lookup = RatingLookup(table)
        for name in ["MS Albis", "EMS Pfannenstiel", "EMS Uetliberg"] {
            let ship = try #require(lookup.ship(named: name))
            #expect(ship.source.page?.hasSuffix("/ms-albis") == true)
            #expect(ship.lengthM == 42.4 && ship.beamM == 7.3)
        }
        #expect(lookup.ship(named: "EM Uetliberg")?.name == "EMS Uetliberg")
        #expect(lookup.ship(named: "ems pfannenstiel")?.name == "EMS Pfannenstiel")
    }

    @Test func curatedOverridesAreUsedAndRecordedNotSilent() async throws {
        let table = try await Self.snapshotTable()
        let lookup = RatingLookup(table)
        let uetliberg = try #require(lookup.ship(named: "EMS Uetliberg"))
        #expect(uetliberg.displacementT == 192)
        // The conversion changed both its weight and its power: the curated values say why.
        #expect(
            uetliberg.conflicts == [
                .init(
                    field: "displacementT", pageValue: 149, curatedValue: 192, used: .curated,
                    reason: uetliberg.conflicts![0].reason),
                .init(
                    field: "powerKW", pageValue: 500, curatedValue: 320, used: .curated,
                    reason: uetliberg.conflicts![1].reason),
            ])
        // H = 0.04·192·25/(42.4·7.3) by hand
        // (published to 6 significant digits)
        let hand = 0.04 * 192 * 25 / (42.4 * 7.3)
        #expect(abs(uetliberg.waveHeightM! - hand) <= 5e-6 * hand)
        let steamer = try #require(lookup.ship(named: "DS Stadt Zürich"))
        #expect(steamer.beamM == 7.0)
        #expect(steamer.conflicts?.first?.pageValue == 13.5)
        #expect(steamer.source.beamM?.contains("wikipedia.org") == true)
        #expect(steamer.source.lengthM?.hasSuffix("/ds-stadt-zuerich") == true)
        // Albis keeps the page's 149 t: no override there.
        #expect(lookup.ship(named: "MS Albis")?.displacementT == 149)
        #expect(lookup.ship(named: "MS Albis")?.conflicts == nil)
    }

    @Test func shipsWithoutPagesComeFromTheCuratedFileOrAreUnratedWithAReason() async throws {
        let lookup = RatingLookup(try await Self.snapshotTable())
        // Forch has no published dimensions: no model rates it, the riders do (the app's 1).
        let forch = try #require(lookup.ship(named: "MS Forch"))
        #expect(forch.rating == .one && forch.ratingBasis == .riders && forch.unratedReason == nil)
        #expect(forch.ratingsByModel == .init(legacy: nil, wake: nil) && forch.waveHeightM == nil)
        // Without the riders' rating it is unrated, and says why.
        var fleet = try CuratedFleet.load(from: RepositoryPaths.fleet)
        for index in fleet.ships.indices { fleet.ships[index].riderRating = nil }
        var builder = RatingTableBuilder(fleet: fleet, fleetReference: "Data/fleet.json")
        builder.wording = TaggedRemedies()
        let bare = try builder.build(from: [], generatedAt: Date())
        let unrated = try #require(RatingLookup(bare.table).ship(named: "MS Forch"))
        #expect(unrated.rating == nil && unrated.unratedReason?.contains("length") == true)
        #expect(
            bare.warnings.contains {
                $0.hasPrefix("MS Forch: unrated")
                    && $0.contains(
                        #". To rate it: <setFigures(ship: "MS Forch", missing: ["length", "beam", "displacement"])>"#)
            }, "\(bare.warnings)")
        let fluvius = try #require(lookup.ship(named: "EMS Fluvius"))
        #expect(fluvius.source.page == nil)
        #expect(fluvius.lengthM == 22.5 && fluvius.beamM == 3.8 && fluvius.displacementT == 38.19)
        #expect(fluvius.rating != nil)
    }

    @Test func legacyRatingsHoldWhereNoCuratedValueOverrides() async throws {
        // Ratings from the legacy CSV (independent): ships whose inputs did not change.
        let legacy = CSVText.parse(try String(contentsOf: RepositoryPaths.legacyCSV, encoding: .utf8))
        let lookup = RatingLookup(try await Self.snapshotTable())
        for row in legacy.dropFirst() where !row[0].contains("Dampfschiff") && !row[0].contains("Albis") {
            let name = row[0].replacingOccurrences(of: "Motorschiff ", with: "MS ")
            #expect(lookup.ship(named: name)?.ratingsByModel?.legacy?.rawValue == Int(row.last!), "\(name)")
        }
    }

    @Test func jsonRoundTripsAndMatchesTheSchemaKeys() async throws {
        let table = try await Self.snapshotTable()
        let data = try table.jsonData()
        let directory = RepositoryPaths.temporaryDirectory()
        let file = directory.appendingPathComponent("t.json")
        try data.write(to: file)
        #expect(try RatingTable.load(from: file) == table)
        let schema = try JSONSchema(
            contentsOf: RepositoryPaths.root.appendingPathComponent("schemas/ship-ratings.schema.json"))
        #expect(schema.violations(ofJSON: data) == [])
        // The validator can fail: a rating of 4 and an unknown key are caught.
        var broken = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        var ships = broken["ships"] as! [[String: Any]]
        ships[0]["rating"] = 4
        ships[0]["colour"] = "red"
        // … and so are an uncertainty of an unknown cause and a low multiplier above 1.
        let withWake = try #require(ships.indices.first { $0 > 0 && ships[$0]["wake"] is [String: Any] })
        var wake = try #require(ships[withWake]["wake"] as? [String: Any])
        wake["uncertainty"] = ["colour": ["low": 0.9, "high": 1.1], "speed": ["low": 1.2, "high": 1.3]]
        ships[withWake]["wake"] = wake
        broken["ships"] = ships
        let found = schema.violations(of: broken)
        #expect(found.count == 4, "\(found)")
        #expect(found.contains { $0.contains("property name colour") })
        #expect(found.contains { $0.contains("uncertainty.speed.low: 1.2 > 1") })
    }

    @Test func malformedFilesNameThePlace() throws {
        let directory = RepositoryPaths.temporaryDirectory()
        let file = directory.appendingPathComponent("fleet.json")
        try Data(
            #"{"description": "x", "ships": [{"name": "A", "prefix": "MS", "aliases": [], "lengthM": {"value": -3, "source": "s"}}]}"#
                .utf8
        ).write(to: file)
        #expect(
            throws: RatingsError.invalidFile(
                path: file.path, reason: "ships[0] (A), lengthM: -3 is outside the plausible 5…400")
        ) {
            try CuratedFleet.load(from: file)
        }
        try Data(
            #"{"schemaVersion": 1, "generatedAt": "x", "model": {"name": "m", "thresholds": {"energyJPerM2": [1,2], "forceNPerM2": [1,2]}}, "ships": [{"name": "A", "aliases": [], "rating": 7, "source": {}}]}"#
                .utf8
        ).write(to: file)
        #expect(
            throws: RatingsError.invalidFile(
                path: file.path, reason: "not a rating table: ships[0].rating: rating 7 is not 1–3")
        ) {
            try RatingTable.load(from: file)
        }
    }
}
