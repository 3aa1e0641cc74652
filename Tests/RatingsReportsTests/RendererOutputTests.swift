import CSVText
import Foundation
import JSONText
import RatingsReports
import SafeFiles
import ShipRatingTable
import ShipRatings
import Testing
import WaveRating
import _TestSupport

/// The table the apps consume and its CSV, rendered from a table built by hand and compared byte
/// for byte with files written by hand from their documented formats (docs/ARCHITECTURE.md,
/// "`ship-ratings.json`" and "The English CSVs"; schemas/ship-ratings.schema.json). How each was
/// derived: `Expected/README.md`.
///
/// Three ships: MS Panta Rhei (56.6 × 10.7 m, 382 t) and MS Bachtel (33.3 × 6.3 m, 64 t) with the
/// legacy figures at 18 km/h over 10 m (DOMAIN.md §1, worked in Python, 6 significant digits as
/// the table publishes them): H 0.630759 and 0.305067 m, E 487.871 and 114.122 J/m², F 77346.8
/// and 37408.8 N/m², P 2439.36 and 570.61 W/m, Fr_L 0.212191 and 0.276639, Fr_h 0.504819, Re
/// 2.83e8 and 1.665e8; the riders rate Panta Rhei; MS Säntis has no dimensions and is unrated.
@Suite struct RendererOutputTests {
    static let folder = ExpectedOutput.folder()

    static func table() -> RatingTable {
        let panta = "https://www.zsg.ch/de/motorschiff-panta-rhei.html"
        var pantaRhei = ShipRating(
            name: "MS Panta Rhei", aliases: ["Panta Rhei"],
            source: .init(
                page: panta, curated: "Data/fleet.json#Panta Rhei", lengthM: panta, beamM: panta, displacementT: panta))
        pantaRhei.rating = .three
        pantaRhei.ratingBasis = .riders
        pantaRhei.riderRating = RiderRating(
            rating: .three,
            source: "https://github.com/pfederi/Next-Wave/blob/main/Next%20Wave/Utilities/WaveIcon.swift",
            reason: "the Next Wave app's riders' rating")
        (pantaRhei.lengthM, pantaRhei.beamM, pantaRhei.displacementT) = (56.6, 10.7, 382)
        (pantaRhei.waveHeightM, pantaRhei.energyJPerM2, pantaRhei.forceNPerM2) = (0.630759, 487.871, 77346.8)
        (pantaRhei.powerWPerM, pantaRhei.froudeLength, pantaRhei.froudeDepth) = (2439.36, 0.212191, 0.504819)
        pantaRhei.reynolds = 283_000_000
        pantaRhei.ratingsByModel = .init(legacy: .three, wake: .two)
        pantaRhei.wake = ShipRating.Wake(
            speedKmh: 16.87, speedBasis: .courses, speedSource: "Data/operating-speeds.json: 176 legs on 9 days",
            speedSpreadKmh: 0.43, waveHeightM: .init(median: 0.102, min: 0.064, max: 0.171),
            generatedWaveHeightM: .init(median: 0.11, min: 0.069, max: 0.185), heightSpreadFactor: 1.11,
            periodS: 2.45, wavelengthM: 9.1, energyPerWaveJPerM: 116.9, shorewardFluxWPerM: 16.5,
            ensembleModels: ["kriebelSeelig2005", "pianc1987"],
            validModels: ["kriebelSeelig2005", "sorensenWeggel1984", "pianc1987"], flags: [],
            hullDefaults: ["blockCoefficient", "entranceLengthM"],
            uncertainty: ["speed": .init(low: 0.899, high: 1.109), "models": .init(low: 0.704, high: 1.42)])

        let bachtelPage = "https://www.zsg.ch/de/motorschiff-bachtel.html"
        var bachtel = ShipRating(
            name: "MS Bachtel", aliases: [],
            source: .init(page: bachtelPage, lengthM: bachtelPage, beamM: bachtelPage, displacementT: bachtelPage))
        bachtel.rating = .one
        bachtel.ratingBasis = .energyAndForce
        (bachtel.lengthM, bachtel.beamM, bachtel.displacementT) = (33.3, 6.3, 64)
        (bachtel.waveHeightM, bachtel.energyJPerM2, bachtel.forceNPerM2) = (0.305067, 114.122, 37408.8)
        (bachtel.powerWPerM, bachtel.froudeLength, bachtel.froudeDepth) = (570.61, 0.276639, 0.504819)
        bachtel.reynolds = 166_500_000
        bachtel.ratingsByModel = .init(legacy: .one, wake: nil)

        var santis = ShipRating(
            name: "MS Säntis", aliases: ["Säntis"],
            source: .init(page: "https://www.zsg.ch/de/motorschiff-saentis.html"))
        santis.unratedReason = "no length, beam or displacement on its page"

        return RatingTable(
            generatedAt: "2026-11-24T19:05:06Z",
            model: .init(
                name: .legacy, speedKmh: 18, trackDepthM: 10, thresholds: .legacy,
                wake: .init(
                    distanceM: 50, trackDepthM: 10, riderDepthM: 3, speedMode: .operating, speedKmh: nil,
                    thresholdHeightsM: ThresholdPair(0.0812, nil), thresholdsFitted: true,
                    agreementWithApp: .init(matches: 2, of: 2, leaveOneOutMatches: 1, kendallTau: 1))),
            ships: [pantaRhei, bachtel, santis])
    }

    static func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        ExpectedOutput.check(actual, name, in: folder, sourceLocation: sourceLocation)
    }

    /// The expected file also satisfies the published schema: format, expectation and renderer agree.
    @Test func shipRatingsJSON() throws {
        Self.check(String(decoding: try Self.table().jsonData(), as: UTF8.self), "ship-ratings.json")
        let schema = try JSONSchema(
            contentsOf: RepositoryPaths.root.appendingPathComponent("schemas/ship-ratings.schema.json"))
        let expected = try JSONSerialization.jsonObject(
            with: Data(contentsOf: Self.folder.appendingPathComponent("ship-ratings.json")))
        #expect(schema.violations(of: expected) == [])
    }

    /// What `nextwave ratings` prints: the legacy figures to whole J/m² and N/m², heights to the
    /// centimetre, right-aligned; "–" where a ship has none.
    @Test func summaryOnTheTerminal() {
        Self.check(RatingTableText.summary(Self.table()), "summary.txt")
    }

    /// `ratings show --ship`: a rated ship with every source, and an unrated one.
    @Test func shipDetails() {
        let ships = Self.table().ships
        Self.check(RatingTableText.details(ships[0]) + "\n\n" + RatingTableText.details(ships[2]), "ship-details.txt")
    }

    /// The review a maintainer reads before publishing. Against a previous table in which Panta
    /// Rhei was rated 2 with no riders' rating, Bachtel's beam was 6 m, Säntis was missing and
    /// MS Limmat (since retired in the fleet file) and MS Linth were listed; no page has described
    /// Bachtel since 2026-11-23.
    @Test func changesForReview() {
        var previous = Self.table()
        previous.ships[0].rating = .two
        previous.ships[0].riderRating = nil
        previous.ships[1].beamM = 6
        previous.ships.removeLast()
        previous.ships += ["MS Limmat", "MS Linth"].map { ShipRating(name: $0, aliases: [], source: .init()) }
        var current = Self.table()
        current.ships[1].source.pageMissingSince = "2026-11-23"
        let lines = ChangesText.lines(
            RatingDiff(previous: previous, current: current), table: current,
            retired: [(name: "MS Limmat", since: "2026-10-31")])
        Self.check(lines.joined(separator: "\n") + "\n", "changes.txt")
    }

    /// `fleet show` and `fleet show --sources` for a fleet file written here: a ship whose values
    /// come from three addresses on two sites (the sites without "www." and without the root's
    /// trailing dot, each once), one value overriding the page, and a ship with no values yet.
    @Test func fleetShow() throws {
        let file = #"""
            {"ships": [
              {"name": "Panta Rhei", "prefix": "MS",
               "lengthM": {"value": 56.6, "source": "https://www.zsg.ch/de/ms-panta-rhei"},
               "beamM": {"value": 10.7, "source": "https://www.zsg.ch/de/ms-panta-rhei"},
               "displacementT": {"value": 382, "source": "https://de.wikipedia.org./wiki/Panta_Rhei_(Schiff)",
                                 "overridesPage": "the page gives the loaded displacement"},
               "serviceSpeedKmh": {"value": 25, "source": "http://www.zsg.ch/de/flotte"}},
              {"name": "Bachtel", "prefix": "MS"}
            ]}
            """#
        let fleet = try CuratedFleet.decode(Data(file.utf8), path: "fleet.json")
        Self.check(FleetText.summary(fleet), "fleet-summary.txt")
        Self.check(FleetText.sources(fleet), "fleet-sources.txt")
    }

    @Test func shipRatingsCSV() {
        Self.check(RatingsCSV.render(Self.table()), "ship-ratings.csv")
        Self.check(RatingsCSV.render(Self.table(), style: .excelDE), "ship-ratings-excel-de.csv")
    }
}
