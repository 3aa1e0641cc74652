import Foundation
import Testing
import _TestSupport

@_spi(Benchmarks) @testable import WakeModels

/// The properties the physics must hold (issue 28, docs/SCIENCE.md §5.2), each over at least
/// 10,000 random hulls and operating points. A property is checked on the central height the
/// tool reports, with a relative slack of 1e-12 for rounding.
@Suite struct WakePropertyTests {
    static let slack = 1e-12

    /// A random physical hull: any mix of published and defaulted values.
    static func hull(_ rng: inout SplitMix64) throws -> WakeHull { try WakeEnsembleTests.randomHull(&rng) }

    /// (a) At a fixed speed and rider spot, the height at the track does not fall as the track
    /// shoals toward F_h = 0.7 (nor beyond, where it is the value at 0.7).
    @Test func aShoalingTrackNeverGivesASmallerWave() throws {
        var rng = SplitMix64(seed: 0xA)
        var points = 0
        while points < 10_000 {
            let hull = try Self.hull(&rng)
            let kmh = rng.uniform(3, 45)
            let v = kmh / 3.6
            let h07 = v * v / (9.81 * 0.49)
            let shallowest = max(0.8 * h07, hull.draftM * 1.01)
            let deepest = max(shallowest * 1.5, rng.uniform(20, 200))
            let tracks = (0..<40).map { deepest * pow(shallowest / deepest, Double($0) / 39) }  // deep → shallow
            let grid = try WakeEnsemble(
                hulls: [hull], speedsKmh: [kmh], trackDepthsM: tracks, riderDepthsM: [rng.uniform(0.5, 5)],
                distancesM: [rng.uniform(7.5, 500)])
            var previous = 0.0
            for k in tracks.indices {
                let p = grid.point(ship: 0, speed: 0, trackDepth: k, riderDepth: 0, distance: 0)
                guard p.regime != .supercritical, let h = p.generated?.median else { continue }
                #expect(h >= previous * (1 - Self.slack), "\(hull) \(kmh) km/h: \(previous) → \(h) over \(tracks[k]) m")
                previous = h
                points += 1
            }
        }
    }

    /// (a) and (e) at the rider's spot (issue: one wave from track to rider): over a trans-critical
    /// track (0.7 ≤ F_h < 1) the held wave is carried to the rider, so the height there neither
    /// falls as the track shoals at a fixed speed nor as the speed rises toward F_h = 1 over a
    /// fixed track, and every such point that a wave reaches has a height at the rider.
    @Test func atTheRiderATransCriticalTrackNeverGivesASmallerWave() throws {
        var rng = SplitMix64(seed: 0xA2)
        var points = 0
        while points < 10_000 {
            let hull = try Self.hull(&rng)
            let (riderDepth, distance) = (rng.uniform(0.3, 5), rng.uniform(hull.beamM, 500))
            // At one speed, tracks from F_h = 0.7 (h_0.7) to F_h = 0.999 (shallowest last).
            let kmh = rng.uniform(5, 45)
            let v = kmh / 3.6
            let (h07, h1) = (v * v / (9.81 * 0.49), v * v / (9.81 * 0.998))
            let tracks = (0..<30).map { 0.9999 * h07 * pow(h1 / h07, Double($0) / 29) }.filter { $0 > hull.draftM }
            // Over one track, speeds from F_h = 0.7 to 0.999 (fastest last).
            let track = max(hull.draftM * rng.uniform(1.05, 4), 0.5)
            let c = (9.81 * track).squareRoot() * 3.6
            let speeds = (0..<30).map { c * (0.7001 + 0.2989 * Double($0) / 29) }
            let byTrack = try WakeEnsemble(
                hulls: [hull], speedsKmh: [kmh], trackDepthsM: tracks.isEmpty ? [h07] : tracks,
                riderDepthsM: [riderDepth], distancesM: [distance])
            let bySpeed = try WakeEnsemble(
                hulls: [hull], speedsKmh: speeds, trackDepthsM: [track], riderDepthsM: [riderDepth],
                distancesM: [distance])
            for (grid, count, along) in [(byTrack, tracks.count, "track"), (bySpeed, speeds.count, "speed")] {
                var previous = 0.0
                for n in 0..<count {
                    let p = grid.point(
                        ship: 0, speed: along == "speed" ? n : 0, trackDepth: along == "track" ? n : 0,
                        riderDepth: 0, distance: 0)
                    #expect(p.regime == .transCritical, "F_h \(p.froudeDepth)")
                    guard p.generated != nil, p.rider != nil else { continue }
                    let h = try #require(p.waveHeightM?.median, "\(hull) \(p.speedKmh) km/h over \(p.trackDepthM) m")
                    #expect(
                        h >= previous * (1 - Self.slack),
                        "\(hull), along \(along): \(previous) → \(h) m at \(p.speedKmh) km/h over \(p.trackDepthM) m")
                    previous = h
                    points += 1
                }
            }
        }
    }

    /// (b) No switch-on cliffs: across the accepted speeds (1–100 km/h) in +2 % steps, the central
    /// height never rises faster than its steepest member model.
    @Test func theCentralHeightNeverRisesFasterThanItsSteepestMember() throws {
        var rng = SplitMix64(seed: 0xB)
        var points = 0
        let speeds = (0..<233).map { pow(1.02, Double($0)) }.filter { $0 <= 100 }
        while points < 10_000 {
            let hull = try Self.hull(&rng)
            let track = max(hull.draftM * 1.2, rng.uniform(1, 120))
            let grid = try WakeEnsemble(
                hulls: [hull], speedsKmh: speeds, trackDepthsM: [track], riderDepthsM: [rng.uniform(0.5, 5)],
                distancesM: [rng.uniform(7.5, 500)])
            for j in 1..<speeds.count {
                let a = grid.point(ship: 0, speed: j - 1, trackDepth: 0, riderDepth: 0, distance: 0)
                let b = grid.point(ship: 0, speed: j, trackDepth: 0, riderDepth: 0, distance: 0)
                guard let ha = a.generated?.median, let hb = b.generated?.median, ha > 0, hb > 0 else { continue }
                let steepest = WakeModel.ensemble.map {
                    log(b.models[$0]!.waveHeightM / a.models[$0]!.waveHeightM)
                }.max()!
                #expect(log(hb / ha) <= steepest + Self.slack, "\(hull): \(speeds[j - 1]) → \(speeds[j]) km/h")
                points += 1
            }
        }
    }

    /// (c) The height at the rider never rises with distance.
    @Test func theWaveNeverGrowsWithDistance() throws {
        var rng = SplitMix64(seed: 0xC)
        var points = 0
        while points < 10_000 {
            let hull = try Self.hull(&rng)
            let distances = (0..<100).map { _ in rng.uniform(7.5, 2000) }.sorted()
            let grid = try WakeEnsemble(
                hulls: [hull], speedsKmh: [rng.uniform(3, 40)],
                trackDepthsM: [max(hull.draftM * 1.2, rng.uniform(1, 80))],
                riderDepthsM: [rng.uniform(0.3, 8)], distancesM: distances)
            var previous = Double.infinity
            for l in distances.indices {
                let p = grid.point(ship: 0, speed: 0, trackDepth: 0, riderDepth: 0, distance: l)
                guard let h = p.waveHeightM?.median else { continue }
                #expect(h <= previous * (1 + Self.slack), "\(hull) at \(distances[l]) m: \(previous) → \(h)")
                previous = h
                points += 1
            }
        }
    }

    /// (d) At equal length, beam, speed and track, more displacement never gives a smaller wave:
    /// with the draft following the displacement, with a published draft, and with a published
    /// block coefficient.
    @Test func moreDisplacementNeverGivesASmallerWave() throws {
        var rng = SplitMix64(seed: 0xD)
        var points = 0
        while points < 10_000 {
            let (L, B) = (rng.uniform(15, 90), rng.uniform(3, 14))
            let kind = rng.index(3)
            let draft = rng.uniform(0.5, 3)
            let cb = rng.uniform(0.4, 0.8)
            let displacements = (0..<25).map { _ in rng.uniform(0.2, 0.9) * L * B * (kind == 1 ? draft : 1.5) }.sorted()
            let hulls = try displacements.map { d in
                switch kind {
                case 0: try WakeHull(lengthM: L, beamM: B, displacementT: d)
                case 1: try WakeHull(lengthM: L, beamM: B, displacementT: d, draftM: draft)
                default: try WakeHull(lengthM: L, beamM: B, displacementT: d, blockCoefficient: cb)
                }
            }
            let deepest = hulls.map(\.draftM).max()!
            let grid = try WakeEnsemble(
                hulls: hulls, speedsKmh: [rng.uniform(3, 40)], trackDepthsM: [deepest * rng.uniform(1.05, 30)],
                riderDepthsM: [rng.uniform(0.5, 5)], distancesM: [rng.uniform(7.5, 500)])
            var previous = 0.0
            for i in hulls.indices {
                let p = grid.point(ship: i, speed: 0, trackDepth: 0, riderDepth: 0, distance: 0)
                guard let h = p.generated?.median else { continue }
                #expect(h >= previous * (1 - Self.slack), "\(hulls[i]): \(previous) → \(h)")
                previous = h
                points += 1
            }
        }
    }

    /// (e) Every point with 0.7 ≤ F_h < 1 over a track the hull floats in has a height, flagged
    /// trans-critical as a lower bound (inside the domain).
    @Test func everyTransCriticalPointHasAHeight() throws {
        var rng = SplitMix64(seed: 0xE)
        for _ in 0..<10_000 {
            let hull = try Self.hull(&rng)
            let fh = rng.uniform(0.7, 0.999_999)
            let track = max(hull.draftM * rng.uniform(1.05, 5), 0.3)
            let kmh = fh * (9.81 * track).squareRoot() * 3.6
            let grid = try WakeEnsemble(
                hulls: [hull], speedsKmh: [kmh], trackDepthsM: [track], riderDepthsM: [rng.uniform(0.5, 5)],
                distancesM: [rng.uniform(7.5, 500)])
            let p = grid.point(ship: 0, speed: 0, trackDepth: 0, riderDepth: 0, distance: 0)
            #expect(p.regime == .transCritical, "F_h \(p.froudeDepth)")
            // Beyond the domain's limits no model speaks (the test above): not a trans-critical matter.
            guard p.domain.standing != .outside else { continue }
            let h = try #require(p.generated?.median, "\(hull) at F_h \(fh)")
            #expect(h >= 0 && h.isFinite)
            #expect(p.flags.contains { $0.hasPrefix("trans-critical") && $0.contains("lower bound") })
        }
    }

    /// The domain (docs/SCIENCE.md §5.2): no point has a central height beyond a stated limit;
    /// none has an unflagged one where a member is outside its fitted range; the standing is
    /// the literal table's (`Literal.inDomain`); an extrapolated point names each member that
    /// left its range.
    @Test func noCentralHeightOutsideTheDomainAndNoneUnflaggedPastAFittedRange() throws {
        var rng = SplitMix64(seed: 0xD0)
        var (inside, extrapolated, outside) = (0, 0, 0)
        while inside < 3_000 || extrapolated < 3_000 || outside < 3_000 {
            var hull = try Self.hull(&rng)
            if rng.index(2) == 0 { hull.topSpeedKmh = rng.uniform(8, 40) }
            let speeds = (0..<6).map { _ in rng.uniform(2, 70) }
            let tracks = (0..<4).map { _ in max(hull.draftM * 1.05, rng.uniform(1, 150)) }
            let grid = try WakeEnsemble(
                hulls: [hull], speedsKmh: speeds, trackDepthsM: tracks, riderDepthsM: [rng.uniform(0.3, 5)],
                distancesM: [rng.uniform(hull.beamM, 500)])
            let literal = WakeEnsembleTests.literal(hull)
            for j in speeds.indices {
                for k in tracks.indices {
                    let p = grid.point(ship: 0, speed: j, trackDepth: k, riderDepth: 0, distance: 0)
                    guard p.regime != .supercritical else { continue }
                    let expected = Literal.inDomain(literal, V: speeds[j] / 3.6, h: tracks[k])
                    #expect((p.domain.standing != .outside) == expected, "\(hull) \(speeds[j]) km/h \(tracks[k]) m")
                    switch p.domain.standing {
                    case .outside:
                        outside += 1
                        #expect(p.generated == nil && p.waveHeightM == nil && p.ensembleModels.isEmpty)
                        #expect(p.flags.contains { $0.hasPrefix("outside the models' range") })
                    case .extrapolated:
                        extrapolated += 1
                        let flag = try #require(p.flags.first { $0.hasPrefix("extrapolated") }, "\(p.flags)")
                        for member in p.domain.extrapolatedMembers {
                            #expect(flag.contains(member == .kriebelSeelig2005 ? "Kriebel & Seelig" : "PIANC"))
                        }
                        #expect(p.generated != nil)
                    case .inside:
                        inside += 1
                    }
                    // A member outside its fitted range never leaves the central height unflagged.
                    if p.generated != nil, p.ensembleModels.contains(where: { !p.models[$0]!.valid }) {
                        #expect(
                            p.flags.contains {
                                $0.hasPrefix("extrapolated") || $0.hasPrefix("trans-critical")
                                    || $0.hasPrefix("too slow")
                            }, "\(p.flags)")
                    }
                }
            }
        }
    }

    /// Where Kriebel & Seelig's wave vanishes (F* = 0.1) the central height falls continuously
    /// to 0 and stays there below, and the band's top runs continuously into the higher member
    /// (PIANC's wave): across F* = 0.1, a 10⁻⁷ step in speed moves neither by more than 10⁻⁴ of
    /// PIANC's height, at the track and at the rider.
    @Test func heightAndBandAreContinuousWhereKriebelSeeligsWaveVanishes() throws {
        var rng = SplitMix64(seed: 0x01)
        for _ in 0..<10_000 {
            let hull = try Self.hull(&rng)
            let track = max(hull.draftM * rng.uniform(2, 20), 3)
            // F* = F_L e^(2.35 (1 − C_B) T / h) = 0.1 over a track deeper than h_0.7 (slow ships).
            let v0 =
                0.1 / exp(2.35 * (1 - hull.blockCoefficient) * hull.draftM / track)
                * (9.81 * hull.lengthM).squareRoot()
            let kmh = v0 * 3.6
            let grid = try WakeEnsemble(
                hulls: [hull], speedsKmh: [kmh * (1 - 1e-7), kmh * (1 + 1e-7)], trackDepthsM: [track],
                riderDepthsM: [rng.uniform(0.5, 5)], distancesM: [rng.uniform(hull.beamM, 500)])
            let below = grid.point(ship: 0, speed: 0, trackDepth: 0, riderDepth: 0, distance: 0)
            let above = grid.point(ship: 0, speed: 1, trackDepth: 0, riderDepth: 0, distance: 0)
            let pianc = try #require(above.models[.pianc1987]?.waveHeightM)
            let (gb, ga) = (try #require(below.generated), try #require(above.generated))
            #expect(gb.median == 0, "no wave from Kriebel & Seelig below F* = 0.1: \(gb)")
            #expect(abs(ga.median - gb.median) <= 1e-4 * pianc, "central: \(gb.median) → \(ga.median)")
            #expect(abs(ga.max - gb.max) <= 1e-4 * pianc, "band's top: \(gb.max) → \(ga.max) (PIANC \(pianc))")
            #expect(abs(gb.max - pianc) <= 1e-4 * pianc, "below, the band reaches PIANC's wave")
            if let rb = below.waveHeightM, let ra = above.waveHeightM, let rider = below.rider {
                #expect(abs(ra.max - rb.max) <= 1e-4 * pianc && abs(ra.median - rb.median) <= 1e-4 * pianc)
                let reach = min(rider.breakingHeightM, pianc * rider.factor)
                #expect(abs(rb.max - reach) <= 1e-4 * pianc, "at the rider the band reaches PIANC's wave: \(rb)")
            }
        }
    }

    /// (f) The band always contains the central height, at the track and at the rider.
    @Test func theBandContainsTheCentralHeight() throws {
        var rng = SplitMix64(seed: 0xF)
        var points = 0
        while points < 10_000 {
            let hulls = try (0..<4).map { _ in try Self.hull(&rng) }
            let grid = try WakeEnsemble(
                hulls: hulls, speedsKmh: (0..<5).map { _ in rng.uniform(1, 100) },
                trackDepthsM: (0..<5).map { _ in rng.uniform(0.3, 200) }, riderDepthsM: [rng.uniform(0.1, 10)],
                distancesM: (0..<5).map { _ in rng.uniform(7.5, 3000) })
            for i in 0..<4 {
                for j in 0..<5 {
                    for k in 0..<5 {
                        for l in 0..<5 {
                            let p = grid.point(ship: i, speed: j, trackDepth: k, riderDepth: 0, distance: l)
                            for range in [p.generated, p.waveHeightM].compactMap({ $0 }) {
                                #expect(range.min <= range.median && range.median <= range.max, "\(range)")
                            }
                            points += 1
                        }
                    }
                }
            }
        }
    }
}
