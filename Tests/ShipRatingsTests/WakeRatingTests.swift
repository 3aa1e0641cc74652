@_spi(Benchmarks) import FleetScraper
import Foundation
import ShipRatingTable
import Testing
@_spi(Benchmarks) import WakeModels
import WaveRating
import _TestSupport

@_spi(Benchmarks) @testable import ShipRatings

/// The wake model's ratings: thresholds that the physics can stand behind, their honest
/// agreement, operating speeds, and the table it writes.
@Suite struct WakeRatingTests {
    typealias Ship = WakeRatingFit.Ship

    static func ship(_ name: String, _ h: Double, u: Double = 0, models: [Double?]? = nil, label: Int?) -> Ship {
        Ship(
            name: name, heightM: h, logSpread: u, modelHeightsM: models ?? [h, h],
            label: label.flatMap(Rating.init(rawValue:)))
    }

    /// All six labels are reproduced by thresholds at the geometric midpoints of the classes. Left
    /// out, S1 (0.2, labelled 1) faces 0.1 below and 0.3 above it and is rated 2; S3 (0.4,
    /// labelled 2) faces 0.3 and 0.5 and is rated 3: 4 of 6, by hand.
    @Test func cleanlySeparatedLabelsAreReproducedAtGeometricMidpoints() throws {
        let ships = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6].enumerated().map { i, h in
            Self.ship("S\(i)", h, label: [1, 1, 2, 2, 3, 3][i])
        }
        let fit = WakeRatingFit(ships)
        let t = try #require(fit.thresholds)
        #expect(fit.matches == 6 && fit.compared == 6 && fit.leaveOneOutMatches == 4)
        #expect(fit.leaveOneOut["S1"] == .two && fit.leaveOneOut["S3"] == .three)
        #expect(abs(try #require(t.two) - (0.2 * 0.3).squareRoot()) < 1e-15)
        #expect(abs(try #require(t.three) - (0.4 * 0.5).squareRoot()) < 1e-15)
        #expect(try HeightThresholds(0.25, 0.45).rating(0.25) == .one)  // strict, as the legacy thresholds
        #expect(try HeightThresholds(0.25, 0.45).rating(0.2500001) == .two)
    }

    /// No threshold inside a ship's own uncertainty: two ships 10 % apart whose heights are each
    /// uncertain by a factor e^0.2 rate alike, and the report says why.
    @Test func noThresholdSitsInAGapNarrowerThanTheUncertainty() throws {
        let ships = [
            Self.ship("A", 0.10, u: 0.2, label: 1), Self.ship("B", 0.11, u: 0.2, label: 3),
            Self.ship("C", 0.30, label: 3),
        ]
        let fit = WakeRatingFit(ships)
        let t = try #require(fit.thresholds)
        #expect(t.rating(0.10) == t.rating(0.11))
        for threshold in t.present {
            for s in ships where s.logSpread > 0 { #expect(abs(log(s.heightM / threshold)) > s.logSpread) }
        }
        // Never below or above every ship: no threshold where no ship is near.
        for threshold in t.present { #expect(threshold > 0.10 && threshold < 0.30) }
        let gap = try #require(fit.gaps.first { $0.lower == "A" && $0.upper == "B" })
        #expect(!gap.separable && gap.reason?.contains("uncertainty") == true)
    }

    /// Where the models order two ships differently, no threshold goes between them; with no
    /// other gap there are no thresholds at all (none below or above every ship), and the fit
    /// says why.
    @Test func modelsThatDisagreeOnTheOrderKeepShipsTogether() throws {
        let ships = [
            Self.ship("A", 0.10, models: [0.05, 0.30], label: 1), Self.ship("B", 0.20, models: [0.10, 0.25], label: 3),
        ]
        let fit = WakeRatingFit(ships)
        #expect(fit.thresholds == nil && fit.leaveOneOut.isEmpty)
        #expect(fit.gaps.first?.reason == "the models order the ships on either side differently")
        #expect(
            fit.reasonWithout
                == "the physics cannot separate the ships here: of 1 neighbouring pair in height, 1 is ordered "
                + "differently by Kriebel & Seelig and PIANC")
    }

    /// One admissible gap gives one threshold, on the side the labels ask for: a 2|3 split rates
    /// nobody 1 rather than putting a threshold below every ship.
    @Test func oneSeparableGapGivesOneThreshold() throws {
        let ships = [
            Self.ship("A", 0.10, label: 2), Self.ship("B", 0.11, label: 2), Self.ship("C", 0.30, label: 3),
            Self.ship("D", 0.32, label: 3),
        ]
        let t = try #require(WakeRatingFit(ships).thresholds)
        #expect(t.two == nil)
        let three = try #require(t.three)
        #expect(abs(three - (0.11 * 0.30).squareRoot()) < 1e-15)
        #expect(t.rating(0.10) == .two && t.rating(0.32) == .three)
        #expect(t.words == "3 above 0.182 m, 2 below (none rates 1)")
    }

    /// Kendall's τ-b by hand: heights 0.1…0.4, labels 1, 2, 2, 3: 5 concordant pairs, 0
    /// discordant, one pair tied in the labels: τ_b = 5 / √(6 · 5) = 0.912871.
    @Test func kendallTauAsWorkedByHand() throws {
        let tau = try #require(WakeRatingFit.kendallTauB([(0.1, 1), (0.2, 2), (0.3, 2), (0.4, 3)]))
        #expect(abs(tau - 5 / 30.0.squareRoot()) < 1e-15)
        #expect(WakeRatingFit.kendallTauB([(1, 1), (1, 2)]) == nil)
        #expect(WakeRatingFit.kendallTauB([(0.4, 1), (0.3, 2), (0.2, 3)]) == -1)
    }

    /// Leave-one-out, transcribed literally from docs/SCIENCE.md §5.6: ships whose speed moves
    /// their height by more than e^0.25 either way are set aside (no thresholds, no rating here);
    /// for each other labelled ship, every pair of admissible thresholds among the other such
    /// ships is tried, the one rating the most of them as labelled wins (ties: the larger least
    /// margin, then the fewer), and the ship is rated by it — unless a threshold lies within its
    /// own speed range, which leaves it unrated.
    @Test func leaveOneOutEqualsItsLiteralTranscription() throws {
        var rng = SplitMix64(seed: 99)
        var setAside = 0
        var straddling = 0
        for _ in 0..<60 {
            let n = 3 + rng.index(8)
            let ships = (0..<n).map { i -> Ship in
                let h = rng.uniform(0.02, 0.6)
                return Ship(
                    name: "S\(i)", heightM: h, logSpread: rng.index(3) == 0 ? rng.uniform(0, 0.4) : 0,
                    modelHeightsM: [h * rng.uniform(0.2, 0.5), h * rng.uniform(2, 5)],
                    label: rng.index(5) == 0 ? nil : Rating(rawValue: 1 + rng.index(3)))
            }
            let fit = WakeRatingFit(ships)
            let basis = ships.filter { $0.logSpread <= 0.25 }
            #expect(fit.setAside == ships.filter { $0.logSpread > 0.25 }.map(\.name))
            setAside += ships.count - basis.count
            var matches = 0
            for s in ships where s.label != nil && s.logSpread > 0.25 {
                #expect(fit.leaveOneOut[s.name] == nil, "\(s.name) is set aside")
            }
            for (i, s) in basis.enumerated() {
                guard let label = s.label?.rawValue else { continue }
                let others = basis.enumerated().filter { $0.offset != i }.map(\.element)
                guard let t = Self.literalFit(others) else {
                    #expect(fit.leaveOneOut[s.name] == nil, "\(s.name)")
                    continue
                }
                if [t.0, t.1].contains(where: { t in
                    t.map { s.logSpread > 0 && abs(log(s.heightM / $0)) <= s.logSpread } == true
                }) {
                    #expect(fit.leaveOneOut[s.name] == nil, "\(s.name) straddles a threshold")
                    straddling += 1
                    continue
                }
                let rating = t.1.map { s.heightM > $0 } == true ? 3 : (t.0.map { s.heightM > $0 } ?? true) ? 2 : 1
                #expect(fit.leaveOneOut[s.name]?.rawValue == rating, "\(s.name)")
                if rating == label { matches += 1 }
            }
            #expect(fit.leaveOneOutMatches == matches)
        }
        #expect(setAside > 10 && straddling > 0, "the draws exercise both rules: \(setAside), \(straddling)")
    }

    /// A ship whose speed is an estimate too uncertain to place a threshold is set aside, and
    /// rated only where its whole speed range lies on one side of every threshold (by hand:
    /// A 0.03 and B 0.06 place t = √(0.03 · 0.06) = 0.0424; C 0.05 × e^(±0.5) = 0.030…0.082
    /// spans it; D 0.20 × e^(±0.3) = 0.148…0.270 does not).
    @Test func uncertainSpeedsPlaceNoThresholdAndSpanningShipsAreUnrated() throws {
        let ships = [
            Self.ship("A", 0.03, label: 1), Self.ship("B", 0.06, u: 0.05, label: 2),
            Self.ship("C", 0.05, u: 0.5, label: 2), Self.ship("D", 0.20, u: 0.3, label: 3),
        ]
        let fit = WakeRatingFit(ships)
        #expect(fit.setAside == ["C", "D"])
        let t = try #require(fit.thresholds)
        let two = try #require(t.two)
        #expect(t.three == nil && abs(two - (0.03 * 0.06).squareRoot()) < 1e-15)
        #expect(t.rating(0.05, logSpread: 0.5) == nil && t.straddled(0.05, logSpread: 0.5) == t.two)
        #expect(t.rating(0.20, logSpread: 0.3) == .two)
        #expect(t.rating(0.03, logSpread: 0) == .one)
        #expect(fit.gaps.count == 1 && fit.compared == 2)
        // With only set-aside ships labelled, the reason names them.
        let none = WakeRatingFit([Self.ship("C", 0.05, u: 0.5, label: 2), Self.ship("D", 0.2, u: 0.3, label: 3)])
        #expect(none.thresholds == nil)
        #expect(none.reasonWithout?.contains("2 more ships' speeds are estimates too uncertain") == true)
    }

    /// The fit's rule, written out without the implementation's structure: thresholds only between
    /// neighbours, either may be absent (not both), the most matches, then the larger least
    /// margin, then the fewer thresholds, then the lower.
    static func literalFit(_ ships: [Ship]) -> (Double?, Double?)? {
        guard ships.contains(where: { $0.label != nil }) else { return nil }
        let heights = ships.map(\.heightM).sorted()
        var candidates: [(t: Double, margin: Double)] = []
        for (a, b) in zip(heights, heights.dropFirst()) where b > a {
            let t = (a * b).squareRoot()
            var ok = true
            var margin = Double.infinity
            for s in ships {
                let d = abs(log(s.heightM / t))
                if d <= s.logSpread { ok = false }
                if s.logSpread > 0 { margin = min(margin, d / s.logSpread) }
            }
            for m in 0..<2 {
                let below = ships.filter { $0.heightM < t }.compactMap { $0.modelHeightsM[m] }
                let above = ships.filter { $0.heightM > t }.compactMap { $0.modelHeightsM[m] }
                if let lo = below.max(), let hi = above.min(), lo >= hi { ok = false }
            }
            if ok { candidates.append((t, margin)) }
        }
        guard !candidates.isEmpty else { return nil }
        candidates.sort { $0.t < $1.t }
        let options: [(t: Double, margin: Double)?] = [nil] + candidates.map { $0 }
        var best: (Double?, Double?, Int, Double, Int)?
        for two in options {
            for three in options {
                if two == nil && three == nil { continue }
                if let a = two, let b = three, a.t >= b.t { continue }
                let matches = ships.filter { s in
                    guard let label = s.label?.rawValue else { return false }
                    let rating =
                        three.map { s.heightM > $0.t } == true ? 3 : (two.map { s.heightM > $0.t } ?? true) ? 2 : 1
                    return rating == label
                }.count
                let margin = min(two?.margin ?? .infinity, three?.margin ?? .infinity)
                let count = (two == nil ? 0 : 1) + (three == nil ? 0 : 1)
                if best == nil || matches > best!.2 || (matches == best!.2 && margin > best!.3)
                    || (matches == best!.2 && margin == best!.3 && count < best!.4)
                {
                    best = (two?.t, three?.t, matches, margin, count)
                }
            }
        }
        return best.map { ($0.0, $0.1) }
    }

    // MARK: - Operating speeds

    func resolved(
        _ name: String, length: Double? = 40, beam: Double? = 8, service: Double? = nil, top: Double? = nil,
        displacement: Double? = 150, power: Double? = 500
    ) -> ResolvedFleet.Ship {
        func s(_ v: Double?) -> ResolvedFleet.Sourced? { v.map { .init(value: $0, source: "src") } }
        return ResolvedFleet.Ship(
            name: name, aliases: [], length: s(length), beam: s(beam), displacement: s(displacement), conflicts: [],
            source: .init(), draft: nil, blockCoefficient: nil, entranceLength: nil, serviceSpeed: s(service),
            topSpeed: s(top), power: s(power))
    }

    /// Published, then the courses, then a sister ship, then the Admiralty relation; a top speed
    /// never. The Admiralty constant by hand: C = Δ^(2/3) V³ / P with V in knots.
    @Test func operatingSpeedsFollowTheEvidenceInOrder() throws {
        let courses = CourseSpeedTable(
            archive: "A", from: "2026-09-22", to: "2026-10-01", estimator: "e",
            ships: [
                .init(
                    name: "MS B", cruisingSpeedKmh: 17, standardErrorKmh: 0.4, lostTimePerLegS: 120, residualS: 60,
                    legs: 50, days: 5)
            ])
        let ships = [
            resolved("MS A", length: 25, service: 12, top: 16, displacement: 38, power: 110),
            resolved("MS B", top: 30, displacement: 382, power: 884),
            resolved("MS C", top: 30, displacement: 382, power: 884),  // B's sister
            resolved("MS F", top: 30, displacement: 440, power: 320),  // refitted, heavier: still a sister
            resolved("MS G", length: 40.5, top: 30, displacement: 382, power: 884),  // 1.2 % longer: another hull
            resolved("MS D", length: 30, top: 25, displacement: 149, power: 500),
            resolved("MS E", length: 35, top: 25, displacement: nil, power: 500),
        ]
        let speeds = OperatingSpeeds(ships: ships, courses: courses, coursesReference: "courses.json")
        #expect(speeds.speeds["MS A"] == OperatingSpeed(kmh: 12, basis: .published, source: "src"))
        #expect(speeds.speeds["MS B"]?.kmh == 17 && speeds.speeds["MS B"]?.basis == .courses)
        #expect(speeds.speeds["MS B"]?.spreadKmh == 0.4)
        #expect(speeds.speeds["MS C"]?.kmh == 17 && speeds.speeds["MS C"]?.basis == .sisterShip)
        #expect(speeds.speeds["MS F"]?.kmh == 17 && speeds.speeds["MS F"]?.basis == .sisterShip)
        #expect(speeds.speeds["MS G"]?.basis == .admiralty)  // neither legs nor a sister
        let d = try #require(speeds.speeds["MS D"])
        #expect(d.basis == .admiralty)
        // By hand: ln C_A = ⅔ ln 38 + 3 ln(12/1.852) − ln 110, ln C_B = ⅔ ln 382 + 3 ln(17/1.852) − ln 884.
        let lnA = 2.0 / 3 * log(38.0) + 3 * log(12 / 1.852) - log(110.0)
        let lnB = 2.0 / 3 * log(382.0) + 3 * log(17 / 1.852) - log(884.0)
        let lnC = (lnA + lnB) / 2
        let sd = abs(lnA - lnB) / 2.0.squareRoot()
        let knots = exp((lnC + log(500.0) - 2.0 / 3 * log(149.0)) / 3)
        #expect(abs(d.kmh - knots * 1.852) < 1e-9)
        #expect(abs(d.spreadKmh! - d.kmh * sd / 3) < 1e-9)
        #expect(speeds.speeds["MS E"] == nil && speeds.missing["MS E"]?.contains("displacement") == true)
        #expect(speeds.speeds.values.allSatisfy { $0.kmh != 30 && $0.kmh != 25 && $0.kmh != 16 })
    }

    /// Sisters are one hull in the Admiralty fit: three e-boats of one design with one published
    /// speed are one observation, not three that agree. Counted apart they pulled C toward their
    /// hull and made the spread look smaller; alone they made it 0 (every estimate "± 0.0 km/h").
    @Test func sistersAreOneHullInTheAdmiraltyFit() throws {
        let ships = [
            resolved("MS A", length: 25, service: 12, displacement: 38, power: 110),
            resolved("EMS B1", length: 30, beam: 7, service: 17, displacement: 90, power: 300),
            resolved("EMS B2", length: 30, beam: 7, service: 17, displacement: 90, power: 300),
            resolved("EMS B3", length: 30.2, beam: 7, service: 17, displacement: 90, power: 300),
            resolved("MS D", length: 50, beam: 9, displacement: 149, power: 500),
        ]
        let speeds = OperatingSpeeds(ships: ships, courses: nil, coursesReference: "c")
        let fit = try #require(speeds.admiralty)
        #expect(fit.hulls == 2 && fit.ships.count == 4)
        // By hand, over the two hulls: ln C_A and ln C_B (the three sisters alike), their mean and
        // their sample standard deviation |ln C_A − ln C_B| / √2.
        let lnA = 2.0 / 3 * log(38.0) + 3 * log(12 / 1.852) - log(110.0)
        let lnB = 2.0 / 3 * log(90.0) + 3 * log(17 / 1.852) - log(300.0)
        #expect(abs(fit.logCoefficient - (lnA + lnB) / 2) < 1e-12)
        #expect(abs(fit.logSpread - abs(lnA - lnB) / 2.0.squareRoot()) < 1e-12)
        let d = try #require(speeds.speeds["MS D"])
        let knots = exp(((lnA + lnB) / 2 + log(500.0) - 2.0 / 3 * log(149.0)) / 3)
        #expect(d.basis == .admiralty && abs(d.kmh - knots * 1.852) < 1e-9)
        #expect(d.source.contains("C fitted on 4 ships of 2 hulls"))

        // One hull alone has no spread to give: no estimate, and the reason says so.
        let alone = OperatingSpeeds(ships: Array(ships.dropFirst()), courses: nil, coursesReference: "c")
        #expect(alone.admiralty?.hulls == 1 && alone.admiralty?.ships.count == 3)
        #expect(alone.speeds["MS D"] == nil)
        #expect(alone.missing["MS D"]?.contains("ships of two hulls (not sisters)") == true)
    }

    /// Over random fleets: a sister of a fitted ship with the same figures, added or not, leaves
    /// the Admiralty fit and every estimate as they were (it is the same hull measured again).
    @Test func aSisterMoreLeavesTheAdmiraltyFitAsItWas() throws {
        var rng = SplitMix64(seed: 0xAD)
        for _ in 0..<2_000 {
            // Hulls 10 % apart in length: never sisters of one another.
            let known = (0..<(2 + rng.index(5))).map { i in
                resolved(
                    "MS K\(i)", length: 20 * pow(1.1, Double(i)), beam: 6, service: rng.uniform(8, 30),
                    displacement: rng.uniform(20, 500), power: rng.uniform(50, 1500))
            }
            let unknown = resolved("MS U", length: 100, beam: 12, displacement: 300, power: 900)
            let copied = known[rng.index(known.count)]
            let sister = resolved(
                "MS Sister", length: copied.length!.value, beam: copied.beam!.value,
                service: copied.serviceSpeed!.value,
                displacement: copied.displacement!.value, power: copied.power!.value)
            let before = OperatingSpeeds(ships: known + [unknown], courses: nil, coursesReference: "c")
            let after = OperatingSpeeds(ships: known + [sister, unknown], courses: nil, coursesReference: "c")
            let (a, b) = (try #require(before.admiralty), try #require(after.admiralty))
            #expect(a.hulls == b.hulls && b.ships.count == a.ships.count + 1)
            #expect(abs(a.logCoefficient - b.logCoefficient) <= 1e-12 * max(1, abs(a.logCoefficient)))
            #expect(abs(a.logSpread - b.logSpread) <= 1e-12)
            #expect(
                before.speeds["MS U"]?.kmh == nil || abs(before.speeds["MS U"]!.kmh - after.speeds["MS U"]!.kmh) < 1e-9)
        }
    }

    /// A class of sisters none of which has its own evidence sails at its fastest member's
    /// Admiralty estimate: the converted sister with less power keeps the class's timetable
    /// (EMS Uetliberg with Albis); a sister without a power rating takes it too.
    @Test func aClassWithoutEvidenceSailsAtItsFastestMembersEstimate() throws {
        let courses = CourseSpeedTable(
            archive: "A", from: "2026-09-22", to: "2026-10-01", estimator: "e",
            ships: [
                .init(
                    name: "MS B", cruisingSpeedKmh: 17, standardErrorKmh: 0.4, lostTimePerLegS: 120, residualS: 60,
                    legs: 50, days: 5)
            ])
        let ships = [
            resolved("MS A", length: 56, beam: 10, service: 16, displacement: 380, power: 900),
            resolved("MS B", length: 50, beam: 9, displacement: 300, power: 700),
            resolved("MS Albis", length: 42.4, beam: 7.3, displacement: 149, power: 500),
            resolved("EMS Uetliberg", length: 42.4, beam: 7.3, displacement: 192, power: 320),
            resolved("EMS Pfannenstiel", length: 42.4, beam: 7.3, displacement: 192, power: nil),
        ]
        let speeds = OperatingSpeeds(ships: ships, courses: courses, coursesReference: "c")
        let albis = try #require(speeds.speeds["MS Albis"])
        #expect(albis.basis == .admiralty)
        for sister in ["EMS Uetliberg", "EMS Pfannenstiel"] {
            let s = try #require(speeds.speeds[sister])
            #expect(s.kmh == albis.kmh && s.basis == .sisterShip && s.source.contains("MS Albis"), "\(sister)")
        }
        // Uetliberg's own 320 kW would give less: the class's speed is not its power curve.
        let own = try #require(speeds.admiralty).speedKmh(displacementT: 192, powerKW: 320).kmh
        #expect(own < albis.kmh - 1)
    }

    // MARK: - The table

    /// The bundled fleet rated by the wake model at a reference of its own: `rating` is the wake
    /// rating, each ship's height is the ensemble at the rider, computed independently here.
    @Test func wakeModelRatesTheFleetAtTheReferencePoint() async throws {
        let source = try SnapshotPageSource(directory: RepositoryPaths.snapshot)
        let scrape = try await LegacyFleetScraper(siteRoot: URL(string: source.manifest.siteRoot)!).scrape(from: source)
        var builder = RatingTableBuilder(
            fleet: try CuratedFleet.load(from: RepositoryPaths.fleet), fleetReference: "Data/fleet.json")
        builder.model = .wake
        builder.wakeReference = WakeReference(distanceM: 40, trackDepthM: 12, riderDepthM: 2, speed: .fixed(20))
        builder.heightThresholds = .fixed(try HeightThresholds(0.1, 0.2))
        let run = try builder.build(from: scrape.pages, generatedAt: Date())
        #expect(run.table.schemaVersion == 5)
        #expect(run.table.model.name == .wakeEnsemble)
        let settings = try #require(run.table.model.wake)
        #expect(settings.thresholdHeightsM == ThresholdPair(0.1, 0.2) && !settings.thresholdsFitted)
        #expect(settings.trackDepthM == 12 && settings.riderDepthM == 2 && settings.distanceM == 40)
        let panta = try #require(run.table.ships.first { $0.name == "MS Panta Rhei" })
        let wake = try #require(panta.wake)
        #expect(wake.speedKmh == 20 && wake.speedBasis == .fixed)
        #expect(wake.hullDefaults == ["blockCoefficient", "entranceLengthM"])  // draft 1.39 m is published
        let hull = try WakeHull(lengthM: 56.6, beamM: 10.7, displacementT: 382, draftM: 1.39)
        let p = try WakeEnsemble(
            hulls: [hull], speedsKmh: [20], trackDepthsM: [12], riderDepthsM: [2], distancesM: [40]
        )
        .point(ship: 0, speed: 0, trackDepth: 0, riderDepth: 0, distance: 0)
        #expect(wake.waveHeightM?.median == p.waveHeightM.map { PublishedPrecision.rounded($0.median) })
        #expect(wake.generatedWaveHeightM?.median == p.generated.map { PublishedPrecision.rounded($0.median) })
        let expected = try p.waveHeightM.map { try HeightThresholds(0.1, 0.2).rating($0.median) }
        #expect(panta.ratingsByModel?.wake == expected && panta.ratingsByModel?.legacy == .three)
        // The riders' rating is published; the wake model's stays beside it, and where they
        // differ the run lists it.
        #expect(panta.rating == .three && panta.ratingBasis == .riders)
        #expect(
            run.disagreements.contains { $0.ship == "MS Panta Rhei" && $0.model == .wake && $0.selected }
                == (expected != .three))
        let forch = try #require(run.table.ships.first { $0.name == "MS Forch" })
        #expect(forch.wake == nil && forch.rating == .one && forch.ratingsByModel?.wake == nil)
        #expect(run.notes.contains { $0.hasPrefix("MS Forch: rated 1 by the riders; the models cannot rate it") })
    }

    /// At its operating speed the fleet's heights at the rider differ by ship, and a ship too
    /// deep for the reference track is unrated by name.
    @Test func operatingSpeedsSeparateTheHeightsAndAgroundIsUnrated() async throws {
        let source = try SnapshotPageSource(directory: RepositoryPaths.snapshot)
        let scrape = try await LegacyFleetScraper(siteRoot: URL(string: source.manifest.siteRoot)!).scrape(from: source)
        var builder = RatingTableBuilder(
            fleet: try CuratedFleet.load(from: RepositoryPaths.fleet), fleetReference: "Data/fleet.json")
        builder.courseSpeeds = try CourseSpeedTable.load(
            from: RepositoryPaths.data.appendingPathComponent("operating-speeds.json"))
        builder.wakeReference = WakeReference(distanceM: 50, trackDepthM: 10, riderDepthM: 3, speed: .operating)
        let run = try builder.build(from: scrape.pages, generatedAt: Date())
        let heights = run.table.ships.compactMap { $0.wake?.waveHeightM?.median }
        #expect(heights.count >= 12 && Set(heights).count >= 8, "\(heights)")
        #expect(run.table.ships.compactMap(\.wake).allSatisfy { $0.speedBasis != .top && $0.speedBasis != .fixed })
        builder.wakeReference = WakeReference(distanceM: 50, trackDepthM: 1.2, riderDepthM: 1, speed: .fixed(8))
        let shallow = try builder.build(from: scrape.pages, generatedAt: Date())
        let panta = try #require(shallow.wake.unrated["MS Panta Rhei"])
        #expect(panta.hasPrefix("aground"))
    }

    /// Tables of schema versions 1 and 2 still read; a version 2 wake block maps onto version 3.
    @Test func olderTablesStillRead() throws {
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
        #expect(RatingLookup(table).ship(named: "EM Uetliberg")?.rating == .three)
        let v2 = RatingTable.decodeFixture(
            #"""
            {"schemaVersion": 2, "generatedAt": "2026-11-22T16:08:57Z",
             "model": {"name": "vesseldata-legacy", "speedKmh": 18, "depthM": 10,
               "thresholds": {"energyJPerM2": [150, 250], "forceNPerM2": [45000, 55000]},
               "wake": {"distanceM": 50, "depthM": 10, "speedMode": "service", "speedKmh": null,
                        "fallbackSpeedKmh": 18, "waveHeightM": [0.379, 0.381], "thresholdsFitted": true,
                        "agreementWithApp": {"matches": 6, "of": 15}}},
             "ships": [{"name": "MS Panta Rhei", "aliases": [], "rating": 3, "source": {},
               "ratingsByModel": {"legacy": 3, "wake": 2},
               "wake": {"speedKmh": 30, "speedSource": "top", "waveHeightM": {"median": 0.38, "min": 0.06, "max": 0.44},
                        "periodS": 2.6, "wavelengthM": 10.7, "energyPerWaveJPerM": 1892, "shorewardFluxWPerM": 208,
                        "validModels": ["pianc1987"], "flags": [], "hullDefaults": []}}]}
            """#)
        let settings = try #require(v2?.model.wake)
        #expect(settings.trackDepthM == 10 && settings.riderDepthM == 10 && settings.speedMode == .operating)
        let wake = try #require(v2?.ships.first?.wake)
        #expect(wake.speedBasis == .top && wake.ensembleModels == ["pianc1987"] && !wake.breaking)
    }
}

extension RatingTable {
    static func decodeFixture(_ text: String) -> RatingTable? { try? decode(Data(text.utf8), path: "fixture") }
}
