@_spi(Benchmarks) import FleetScraper
import Foundation
import LegacyWakeModel
import ShipRatingTable
@_spi(Benchmarks) import ShipRatings
import Testing
import WaveRating
import _TestSupport

/// Page values must be finite and physically plausible before they reach a model (issue:
/// hardening). Outside the bounds: a warning naming ship, field and text, and the value unused.
@Suite struct PlausibilityTests {
    func page(length: String, beam: String = "10.7 Meter", displacement: String = "382 Tonnen") -> ShipPage {
        ShipPage(
            url: "https://www.zsg.ch/de/ms-x", name: "Motorschiff X",
            specs: [
                .init(key: SpecKey.length, value: length), .init(key: SpecKey.beam, value: beam),
                .init(key: SpecKey.displacement, value: displacement),
            ])
    }

    @Test func hundredsOfDigitsAreReportedNotATrap() throws {
        let digits = String(repeating: "9", count: 400) + " Meter"
        var warnings: [String] = []
        let values = PageValues(page: page(length: digits), warnings: &warnings)
        #expect(values.length == nil && values.hull == nil)
        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.hasPrefix("Motorschiff X (https://www.zsg.ch/de/ms-x): field 'Länge': '999"))
        #expect(warning.hasSuffix("gives inf m, outside the plausible 5…400 m; not used"), "\(warning)")
        // The whole builder runs: the ship is unrated, with its reason, and nothing traps.
        let run = try RatingTableBuilder(fleet: CuratedFleet(description: "", ships: []), fleetReference: "f")
            .build(from: [page(length: digits)], generatedAt: Date())
        #expect(run.table.ships.first?.rating == nil)
        #expect(run.warnings.contains { $0.contains("not used") })
    }

    @Test(arguments: [
        ("0,0000001 m", "Länge", "1e-07 m", "5…400 m"),
        ("56.6 m", "Breite", "0.001 m", "1…80 m"),
        ("56.6 m", "Verdrängung leer", "100000000000 t", "0.5…600000 t"),
    ])
    func absurdButReadableValuesAreNotUsed(_ length: String, _ field: String, _ shown: String, _ range: String) {
        let p: ShipPage
        switch field {
        case "Breite": p = page(length: length, beam: "0.001 m")
        case "Verdrängung leer": p = page(length: length, displacement: "100000000000 t")
        default: p = page(length: length)
        }
        var warnings: [String] = []
        let values = PageValues(page: p, warnings: &warnings)
        #expect(values.hull == nil)
        #expect(
            warnings.contains {
                $0.contains("field '\(field)'")
                    && $0.contains("gives \(shown), outside the plausible \(range); not used")
            }, "\(warnings)")
    }

    @Test func plausibleValuesPassUntouched() {
        var warnings: [String] = []
        let values = PageValues(page: page(length: "56,6 Meter"), warnings: &warnings)
        #expect(warnings.isEmpty)
        #expect(values.hull == Hull(lengthM: 56.6, beamM: 10.7, displacementT: 382))
    }
}

/// The regression guard looks at figures too: a wave height that moves by more than a factor 2
/// at the same operating point must be confirmed.
@Suite struct FigureGuardTests {
    func table(height: Double?, speed: Double = 18) -> RatingTable {
        var ship = ShipRating(name: "MS X", aliases: [], source: .init(page: "p"))
        ship.rating = .two
        ship.waveHeightM = height
        return RatingTable(
            generatedAt: "t",
            model: RatingTable.Model(
                name: .legacy, speedKmh: speed, trackDepthM: 10,
                thresholds: .init(energyJPerM2: .init(150, 250), forceNPerM2: .init(45_000, 55_000))),
            ships: [ship])
    }

    @Test func aHeightTenTimesLargerIsARegression() {
        let problems = RatingDiff.regressions(
            previous: table(height: 0.63), current: table(height: 6.3), wording: TaggedRemedies())
        #expect(
            problems == [
                "MS X: wave height moved from 0.63 m to 6.3 m (more than ×2 at the same operating point): check its "
                    + "figures (<review(ship: \"MS X\")>), then confirm with <acceptRegression>"
            ])
        // A library client reads the steps in plain words; no command line is named.
        let plain = RatingDiff.regressions(previous: table(height: 0.63), current: table(height: 6.3))
        #expect(
            plain == [
                "MS X: wave height moved from 0.63 m to 6.3 m (more than ×2 at the same operating point): check its "
                    + "figures (review the figures of MS X and their sources), then confirm with `acceptRegression`"
            ])
    }

    @Test func anAbsurdHeightIsARegression() {
        let problems = RatingDiff.regressions(previous: table(height: 0.63), current: table(height: 1e19))
        #expect(problems.count == 1 && problems[0].contains("to 1e+19 m"))
    }

    @Test func aCorrectionWithinTheFactorPasses() {
        // The steamers' beam correction 13.5 → 7.0 m moved H by 13.5/7 = 1.93.
        #expect(RatingDiff.regressions(previous: table(height: 0.3), current: table(height: 0.3 * 13.5 / 7)).isEmpty)
    }

    @Test func anotherOperatingPointIsNotCompared() {
        #expect(RatingDiff.regressions(previous: table(height: 0.63), current: table(height: 6.3, speed: 30)).isEmpty)
    }
}
