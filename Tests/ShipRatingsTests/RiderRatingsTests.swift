@_spi(Benchmarks) import FleetScraper
import Foundation
import ShipRatingTable
@_spi(Benchmarks) import ShipRatings
import Testing
import TextFormats
import WaveRating
import _TestSupport

/// The riders' ratings as data (issue 27): kept through every edit, published whatever a model
/// computes, and new ships, misspellings and renames told apart.
@Suite struct RiderRatingsTests {
    static let spec = [
        ShipPage.Spec(key: "Länge", value: "50 m"), ShipPage.Spec(key: "Breite", value: "9 m"),
        ShipPage.Spec(key: "Verdrängung", value: "200 t"),
    ]

    func fleet(_ json: String) throws -> CuratedFleet { try CuratedFleet.decode(Data(json.utf8), path: "f") }

    // MARK: The fleet file

    @Test func aRidersRatingIsSetKeptAndRemovedAndEveryBadOneIsNamed() throws {
        let data = Data(#"{"ships": [{"name": "Linth", "prefix": "MS"}]}"#.utf8)
        let set = try FleetFile.settingRiderRating(
            "M/S Linth", rating: 2, source: "https://example.org/club", reason: "the club's survey", in: data,
            path: "f")
        let ship = try #require(try CuratedFleet.decode(set, path: "f").ships.first)
        #expect(ship.riderRating?.value == .two && ship.riderRating?.source == "https://example.org/club")
        #expect(ship.riderRating?.reason == "the club's survey")
        // Canonical form: value, source, reason in that order, right before `note`.
        #expect(
            String(decoding: set, as: UTF8.self).contains(
                #""value": 2,\#n        "source": "https://example.org/club",\#n        "reason": "the club's survey""#)
        )
        let removed = try FleetFile.removingRiderRating("Linth", in: set, path: "f")
        #expect(try CuratedFleet.decode(removed, path: "f").ships.first?.riderRating == nil)
        #expect(throws: RatingsError.self) {
            try FleetFile.settingRiderRating("Linth", rating: 4, source: "s", reason: "r", in: data, path: "f")
        }
        for (entry, problem) in [
            (#"{"value": 4, "source": "s", "reason": "r"}"#, "value must be 1, 2 or 3"),
            (#"{"value": 2, "reason": "r"}"#, "source missing"), (#"{"value": 2, "source": "s"}"#, "reason missing"),
            (#"{"value": true, "source": "s", "reason": "r"}"#, "value must be 1, 2 or 3"),
            (#"{"value": 2, "source": "s", "reason": "r", "by": "x"}"#, "unknown key \"by\""), ("3", "must be {"),
        ] {
            let (_, problems) = FleetFile.check(
                Data(#"{"ships": [{"name": "Linth", "prefix": "MS", "riderRating": \#(entry)}]}"#.utf8))
            #expect(
                problems.map(\.description).contains { $0.contains("riderRating: \(problem)") }, "\(entry): \(problems)"
            )
        }
    }

    @Test func aliasesAreAddedOnceAndAnotherShipsNameIsRefused() throws {
        let data = Data(#"{"ships": [{"name": "Panta Rhei", "prefix": "MS"}, {"name": "Linth", "prefix": "MS"}]}"#.utf8)
        let once = try FleetFile.addingAliases(
            ["Pantha Rhei", "pantha rhei", "Panta Rhei"], to: "MS Panta Rhei", in: data, path: "f")
        let panta = try #require(try CuratedFleet.decode(once, path: "f").ships.first)
        #expect(panta.names.filter { ShipNames.key($0) == ShipNames.key("Pantha Rhei") }.count == 1)
        #expect(!panta.names.contains("Panta Rhei") || panta.names.filter { $0 == "Panta Rhei" }.count == 1)
        #expect(throws: RatingsError.self) {
            try FleetFile.addingAliases(["Linth"], to: "Panta Rhei", in: data, path: "f")
        }
    }

    @Test func aRenameKeepsTheEntryItsSourcesAndRidersRatingWithTheOldNamesAsAliases() throws {
        let data = Data(
            #"""
            {"ships": [{"name": "Linth", "prefix": "MS", "aliases": ["M/S Linth", "Linth"],
              "lengthM": {"value": 54, "source": "https://www.zsg.ch/linth"},
              "riderRating": {"value": 2, "source": "https://example.org/app", "reason": "the app"}},
             {"name": "Albis", "prefix": "MS"}]}
            """#.utf8)
        let renamed = try FleetFile.renaming("Linth", to: "MS Glärnisch", in: data, path: "f")
        let ships = try CuratedFleet.decode(renamed, path: "f").ships
        let ship = try #require(ships.first)
        #expect(ship.fullName == "MS Glärnisch" && ships.count == 2)
        #expect(ship.lengthM?.source == "https://www.zsg.ch/linth" && ship.riderRating?.value == .two)
        for old in ["MS Linth", "M/S Linth", "Linth"] { #expect(ship.names.contains(old), "\(old)") }
        #expect(ship.names.contains("M/S Glärnisch") && !ship.names.contains("MS Glärnisch"))
        // A bare new name keeps the prefix; the new name of another entry is refused.
        #expect(
            try CuratedFleet.decode(FleetFile.renaming("Linth", to: "Tödi", in: data, path: "f"), path: "f").ships[0]
                .fullName == "MS Tödi")
        #expect(throws: RatingsError.self) { try FleetFile.renaming("Linth", to: "MS Albis", in: data, path: "f") }
        #expect(throws: RatingsError.self) { try FleetFile.renaming("Säntis", to: "MS Tödi", in: data, path: "f") }
    }

    // MARK: New ships, misspellings, renames

    /// The issue's cases: 'Rigi' and 'Zürichsee' are new ships, not Panta Rhei and Stadt Zürich
    /// under other spellings; 'Pantha Rhei' is a misspelling; a page the fleet cites for a ship
    /// no page describes now, naming another, is a rename.
    @Test func newShipsMisspellingsAndRenamesAreToldApart() throws {
        let curated = try CuratedFleet.load(from: RepositoryPaths.fleet)
        for name in ["Rigi", "Zürichsee", "Glärnisch", "Stadt Luzern", "Limmatnixe"] {
            let page = ShipPage(url: "https://x/\(name.count)", name: "Motorschiff \(name)", specs: Self.spec)
            let resolved = ResolvedFleet(pages: [page], fleet: curated, fleetReference: "f", wording: TaggedRemedies())
            #expect(resolved.probableDuplicates.isEmpty, "\(name): \(resolved.probableDuplicates)")
            #expect(
                resolved.warnings.contains {
                    $0.contains("MS \(name) is new")
                        && $0.contains(
                            "to curate it: <add(ship: \"MS \(name)\", differentShip: false)> with its figures")
                })
            #expect(resolved.ships.contains { $0.name == "MS \(name)" })
        }
        for (typo, ship) in [
            ("Pantha Rhei", "MS Panta Rhei"), ("Helvetla", "MS Helvetia"), ("Waedenswill", "MS Wädenswil"),
        ] {
            let page = ShipPage(url: "https://x/typo", name: "Motorschiff \(typo)", specs: Self.spec)
            let held = ResolvedFleet(pages: [page], fleet: curated, fleetReference: "f", wording: TaggedRemedies())
                .probableDuplicates
            #expect(held.count == 1 && held[0].contains("probably \(ship)"), "\(typo): \(held)")
            #expect(held.first?.contains("If it is: <alias(ship: \"\(ship)\", alias: \"\(typo)\")>;") == true)
            #expect(held.first?.contains("another ship: <add(ship: \"MS \(typo)\", differentShip: true)>") == true)
        }
        // The fleet file cites the legacy Linth page for Linth's figures; that page now names
        // another ship, and no page describes Linth.
        let linthPage = "https://www.zsg.ch/de/gruppen-firmen/eventlocation-mieten/schiff-mieten/ms-linth"
        let renamed = ResolvedFleet(
            pages: [ShipPage(url: linthPage, name: "Motorschiff Tödi", specs: Self.spec)], fleet: curated,
            fleetReference: "f", wording: TaggedRemedies())
        #expect(renamed.probableDuplicates.count == 1)
        #expect(
            renamed.probableDuplicates.first?.contains(#"renamed: <rename(ship: "MS Linth", to: Optional("MS Tödi"))>"#)
                == true)
        // While a page still describes Linth, another ship on a page it cites is not a rename.
        let both = ResolvedFleet(
            pages: [
                ShipPage(url: linthPage, name: "Motorschiff Tödi", specs: Self.spec),
                ShipPage(url: "https://x/linth-new", name: "Motorschiff Linth", specs: Self.spec),
            ], fleet: curated, fleetReference: "f")
        #expect(both.probableDuplicates.isEmpty, "\(both.probableDuplicates)")
    }

    /// `isProbableSpelling` over random names: symmetric, true for the name itself and for one
    /// edit of a name longer than 4 letters, false for names whose lengths differ by more than
    /// the edits allowed, and never for overlong text.
    @Test func probableSpellingsOverRandomNames() {
        var rng = SplitMix64(seed: 27)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        for _ in 0..<5000 {
            let count = 1 + Int(rng.next() % 20)
            let a = String((0..<count).map { _ in letters[Int(rng.next() % 26)] })
            var edited = Array(a)
            let position = Int(rng.next() % UInt64(edited.count))
            switch rng.next() % 3 {
            case 0: edited[position] = letters[Int(rng.next() % 26)]
            case 1: edited.insert(letters[Int(rng.next() % 26)], at: position)
            default: edited.remove(at: position)
            }
            let b = String(edited)
            #expect(NameMatch.isProbableSpelling(a, of: a) || a.isEmpty)
            #expect(NameMatch.isProbableSpelling(a, of: b) == NameMatch.isProbableSpelling(b, of: a))
            if min(a.count, b.count) > 4 && !b.isEmpty { #expect(NameMatch.isProbableSpelling(a, of: b), "\(a) \(b)") }
            let far = a + String(repeating: "x", count: 3)
            #expect(!NameMatch.isProbableSpelling(a, of: far), "\(a) \(far)")
        }
        #expect(!NameMatch.isProbableSpelling(String(repeating: "a", count: 65), of: String(repeating: "a", count: 65)))
    }

    // MARK: Published ratings

    /// Over random fleets and operating points, for either model: a ship with a riders' rating is
    /// published with it (basis "riders"), whatever the model computes; its model rating stays in
    /// ratingsByModel; a disagreement is listed exactly when the model differs; a ship without
    /// one is rated by the selected model.
    @Test func aModelNeverChangesARiderRatedShipsPublishedRating() throws {
        var rng = SplitMix64(seed: 2027)
        func uniform(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + Double(rng.next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
        }
        for round in 0..<60 {
            var ships: [String] = []
            var riders: [String: Int] = [:]
            for index in 0..<6 {
                let length = uniform(15...70)
                let beam = length / uniform(4...8)
                let displacement = length * beam * uniform(0.3...1.2)
                var entry =
                    #"{"name": "S\#(index)", "prefix": "MS", "lengthM": {"value": \#(length), "source": "s"}, "#
                    + #""beamM": {"value": \#(beam), "source": "s"}, "displacementT": {"value": \#(displacement), "source": "s"}"#
                if rng.next() % 3 != 0 {
                    let rating = 1 + Int(rng.next() % 3)
                    riders["MS S\(index)"] = rating
                    entry += #", "riderRating": {"value": \#(rating), "source": "s", "reason": "r"}"#
                }
                ships.append(entry + "}")
            }
            var builder = RatingTableBuilder(
                fleet: try fleet(#"{"ships": [\#(ships.joined(separator: ","))]}"#), fleetReference: "f",
                point: OperatingPoint(speedKmh: uniform(8...30), trackDepthM: uniform(3...40)))
            builder.model = round % 2 == 0 ? .legacy : .wake
            builder.heightThresholds = .fixed(try HeightThresholds(0.05, 0.15))
            let run = try builder.build(from: [], generatedAt: Date())
            for ship in run.table.ships {
                let byModel = builder.model == .legacy ? ship.ratingsByModel?.legacy : ship.ratingsByModel?.wake
                if let rider = riders[ship.name] {
                    #expect(ship.rating?.rawValue == rider && ship.ratingBasis == .riders, "\(ship.name)")
                    #expect(ship.riderRating?.rating.rawValue == rider)
                    let listed = run.disagreements.contains { $0.ship == ship.name && $0.selected }
                    #expect(listed == (byModel != nil && byModel?.rawValue != rider), "\(ship.name)")
                } else {
                    #expect(ship.rating == byModel && ship.riderRating == nil)
                    #expect(ship.ratingBasis != .riders)
                }
            }
        }
    }
}
