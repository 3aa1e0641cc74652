import Foundation
@_spi(Benchmarks) import LegacyWakeModel
import Testing
import WakeKernelSupport
import _TestSupport

@_spi(Benchmarks) @testable import WakeModels

/// The batch kernel against the literal transcription, over random grids.
@Suite struct WakeEnsembleTests {
    static func randomHull(_ rng: inout SplitMix64) throws -> WakeHull {
        let L = rng.uniform(15, 90)
        let B = rng.uniform(3, 14)
        let D = rng.uniform(0.45, 0.75) * L * B * rng.uniform(0.5, 2.5)  // a physical hull
        switch rng.index(3) {
        case 0: return try WakeHull(lengthM: L, beamM: B, displacementT: D)
        case 1: return try WakeHull(lengthM: L, beamM: B, displacementT: D, draftM: D / (0.55 * L * B))
        default:
            return try WakeHull(
                lengthM: L, beamM: B, displacementT: D, blockCoefficient: rng.uniform(0.4, 0.8),
                entranceLengthM: rng.uniform(0.2, 0.6) * L)
        }
    }

    static func literal(_ hull: WakeHull) -> Literal.Hull {
        Literal.Hull(
            L: hull.lengthM, B: hull.beamM, D: hull.displacementT, T: hull.draftM, CB: hull.blockCoefficient,
            Le: hull.entranceLengthM, entranceDefault: hull.origins.entranceLengthM != .given,
            blockDefault: hull.origins.blockCoefficient == .default, draftGiven: hull.origins.draftM == .given,
            top: hull.topSpeedKmh)
    }

    static func close(_ a: Double?, _ b: Double?, _ tolerance: Double) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return abs(a - b) <= tolerance * max(abs(b), 1e-300)
    }

    /// One cell against the literal models, ensemble and transformation.
    static func check(_ grid: WakeEnsemble, ship i: Int, speed j: Int, track k: Int, rider m: Int, distance l: Int) {
        let s = literal(grid.hulls[i])
        let V = grid.speedsKmh[j] / 3.6
        let (hs, hr, y) = (grid.trackDepthsM[k], grid.riderDepthsM[m], grid.distancesM[l])
        let p = grid.point(ship: i, speed: j, trackDepth: k, riderDepth: m, distance: l)
        // The wave carried: at V, or over a trans-critical track possibly the ship's at the speed
        // where F_h = 0.7 over it (its members' heights then; validity and the reference model at V).
        let Vc = Literal.carriedSpeed(s, V: V, hs: hs, hr: hr, y: y)
        #expect(grid.heldAtSlowerSpeed[grid.rowIndex(ship: i, speed: j, trackDepth: k, riderDepth: m)] == (Vc != V))
        let expected: [(WakeModel, H: Double, valid: Bool)] = [
            (
                .kriebelSeelig2005, Literal.kriebelSeelig(s, V: Vc, h: hs, y: y).H,
                Literal.kriebelSeelig(s, V: V, h: hs, y: y).valid
            ),
            (
                .sorensenWeggel1984, Literal.sorensenWeggel(s, V: V, h: hs, y: y).H,
                Literal.sorensenWeggel(s, V: V, h: hs, y: y).valid
            ),
            (.pianc1987, Literal.pianc(s, V: Vc, h: hs, y: y).H, Literal.pianc(s, V: V, h: hs, y: y).valid),
        ]
        for want in expected {
            let got = p.models[want.0]!
            #expect(close(got.waveHeightM, want.H, 1e-12), "\(want.0) \(got) \(want)")
            #expect(got.valid == want.valid, "\(want.0) validity")
        }
        let generated =
            Vc == V
            ? Literal.ensemble(s, V: V, h: hs, y: y)
            : (Literal.kriebelSeelig(s, V: Vc, h: hs, y: y).H * Literal.pianc(s, V: Vc, h: hs, y: y).H).squareRoot()
        #expect(
            close(p.generated?.median, generated, 1e-11),
            "generated \(String(describing: p.generated)) \(String(describing: generated))")
        let t = Literal.transform(V: Vc, hs: hs, hr: hr)
        guard let generated, let t else {
            #expect(p.waveHeightM == nil && p.energyJPerM2 == nil)
            return
        }
        let cap = 0.78 * hr
        let atRider = min(cap, generated * t.K)
        #expect(close(p.waveHeightM?.median, atRider, 1e-9), "rider \(String(describing: p.waveHeightM)) \(atRider)")
        // The band's top is never under the higher member (where the central height is 0, it is
        // that member).
        let (ksH, pH) = (Literal.kriebelSeelig(s, V: Vc, h: hs, y: y).H, Literal.pianc(s, V: Vc, h: hs, y: y).H)
        let (top, bottom) = (max(ksH, pH) * t.K, min(ksH, pH) * t.K)
        if let band = Literal.band(s, V: Vc, h: hs, y: y, domainOf: V) {
            #expect(
                close(p.waveHeightM?.min, min(cap, min(generated * t.K * exp(-band.lower), bottom)), 1e-9), "band low")
            #expect(
                close(p.waveHeightM?.max, min(cap, max(generated * t.K * exp(band.upper), top)), 1e-9), "band high")
        } else if generated == 0 {
            #expect(p.waveHeightM?.min == 0 && close(p.waveHeightM?.max, min(cap, top), 1e-9), "band without K&S")
        }
        #expect(p.breaking == (generated * t.K > cap))
        #expect(close(p.rider?.shoaling, t.Ks, 1e-9) && close(p.rider?.refraction, t.Kr, 1e-9))
        let e = 1000 * 9.81 * atRider * atRider / 8
        #expect(close(p.energyJPerM2, e, 1e-8))
        #expect(close(p.energyFluxWPerM, e * t.cg, 1e-8))
        #expect(close(p.shorewardFluxWPerM, e * t.cg * t.cosAlpha, 1e-8))
        #expect(close(p.energyPerWaveJPerM, e * t.lambda, 1e-8))
    }

    @Test func everyCellEqualsTheLiteralFormulas() throws {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<30 {
            let hulls = try (0..<(1 + rng.index(4))).map { _ in try Self.randomHull(&rng) }
            let speeds = (0..<(1 + rng.index(4))).map { _ in rng.uniform(5, 35) }
            let tracks = (0..<(1 + rng.index(3))).map { _ in rng.uniform(1.5, 60) }
            let riders = (0..<(1 + rng.index(3))).map { _ in rng.uniform(0.3, 30) }
            let distances = (0..<(1 + rng.index(200))).map { _ in rng.uniform(7.5, 400) }
            let grid = try WakeEnsemble(
                hulls: hulls, speedsKmh: speeds, trackDepthsM: tracks, riderDepthsM: riders, distancesM: distances)
            for i in hulls.indices {
                for j in speeds.indices {
                    for k in tracks.indices {
                        for m in riders.indices {
                            for l in Set([0, distances.count - 1, rng.index(distances.count)]) {
                                Self.check(grid, ship: i, speed: j, track: k, rider: m, distance: l)
                            }
                        }
                    }
                }
            }
        }
    }

    @Test func blocksAndThreadsChangeNothing() throws {
        var rng = SplitMix64(seed: 11)
        let hulls = try (0..<23).map { _ in try Self.randomHull(&rng) }
        let speeds = [8.0, 14, 18, 24, 31]
        let tracks = [4.5, 10, 40]
        let riders = [1.0, 3]
        let distances = (0..<131).map { 8 + Double($0) * 3 }
        let one = try WakeEnsemble(
            hulls: hulls, speedsKmh: speeds, trackDepthsM: tracks, riderDepthsM: riders, distancesM: distances)
        let two = try WakeEnsemble(
            hulls: hulls, speedsKmh: speeds, trackDepthsM: tracks, riderDepthsM: riders, distancesM: distances,
            threads: 2)
        let columns: [KeyPath<WakeEnsemble, DoubleColumn>] = [
            \.kriebelSeelig, \.sorensenWeggel, \.pianc, \.generated, \.median, \.energy, \.flux,
        ]
        for column in columns {
            let differing = zip(one[keyPath: column], two[keyPath: column]).filter { $0.bitPattern != $1.bitPattern }
            #expect(differing.isEmpty, "\(differing.count) cells differ")
        }
        // One ship alone is the batch with n = 1.
        let single = try WakeEnsemble(
            hulls: [hulls[5]], speedsKmh: [18], trackDepthsM: [10], riderDepthsM: [3], distancesM: [50])
        let cell = one.cellIndex(
            ship: 5, speed: speeds.firstIndex(of: 18)!, trackDepth: tracks.firstIndex(of: 10)!,
            riderDepth: riders.firstIndex(of: 3)!, distance: distances.firstIndex(of: 50)!)
        #expect(single.median[0].bitPattern == one.median[cell].bitPattern)
    }

    /// docs/SCIENCE.md §5.4: with the rider in the track's depth nothing changes.
    @Test func theRiderInTheTracksDepthMeetsTheGeneratedWave() throws {
        let hull = try WakeHull(lengthM: 56.6, beamM: 10.7, displacementT: 382, draftM: 1.39)
        for h in [6.0, 10, 30] {
            let grid = try WakeEnsemble(
                hulls: [hull], speedsKmh: [17], trackDepthsM: [h], riderDepthsM: [h], distancesM: [50])
            let p = grid.point(ship: 0, speed: 0, trackDepth: 0, riderDepth: 0, distance: 0)
            let rider = try #require(p.rider)
            #expect(abs(rider.shoaling - 1) < 1e-12 && abs(rider.refraction - 1) < 1e-12, "h \(h): \(rider)")
            #expect(abs(rider.directionToTrackDeg - p.cusp!.thetaDeg) < 1e-9)
            let generated = try #require(p.generated?.median)
            #expect(abs(p.waveHeightM!.median - generated) < 1e-12 * generated)
        }
    }

    /// A shallow rider spot worked by hand: 5 m/s over 10 m, the rider in 1 m. F_h = 0.5048,
    /// θ = 35.18°, c = 4.087 m/s, T = 2.618 s, c_g = 2.044 m/s at the track; at 1 m: k = 0.8499,
    /// c = 2.824 m/s, c_g = 2.320 m/s, α_r = 34.39°; K_s = 0.9387, K_r = 0.8355, K = 0.7843.
    @Test func aShallowRiderSpotAsWorkedByHand() throws {
        let cusp = try #require(CuspWaves(speed: 5, depth: 10))
        let rider = try #require(RiderWaves(cusp: cusp, trackDepthM: 10, riderDepthM: 1))
        #expect(abs(cusp.periodS - 2.618) < 5e-4)
        #expect(abs(rider.wavenumber - 0.8499) < 5e-4)
        #expect(abs(rider.celerityMPerS - 2.824) < 5e-4)
        #expect(abs(rider.groupVelocityMPerS - 2.320) < 5e-4)
        #expect(abs(rider.angleToNormalDeg - 34.39) < 5e-3)
        #expect(abs(rider.shoaling - 0.9387) < 5e-4)
        #expect(abs(rider.refraction - 0.8355) < 5e-4)
        #expect(abs(rider.factor - 0.7843) < 5e-4)
    }

    /// The depth limit: a rider in 0.1 m meets at most 0.078 m, and the point says the wave breaks.
    @Test func theBreakingCapHoldsAndIsSaid() throws {
        let hull = try WakeHull(lengthM: 33.3, beamM: 6.3, displacementT: 64)
        let grid = try WakeEnsemble(
            hulls: [hull], speedsKmh: [18], trackDepthsM: [10], riderDepthsM: [0.1], distancesM: [20])
        let p = grid.point(ship: 0, speed: 0, trackDepth: 0, riderDepth: 0, distance: 0)
        let generated = try #require(p.generated?.median)
        #expect(generated * p.rider!.factor > 0.078)
        #expect(p.waveHeightM?.median == 0.78 * 0.1)
        #expect(p.waveHeightM!.max <= 0.78 * 0.1 && p.breaking)
        #expect(p.flags.contains { $0.hasPrefix("breaking") })
    }

    /// A supercritical track: no height (never a tiny number), and words that say why. A
    /// trans-critical one: the height where F_h = 0.7, flagged as a lower bound — never none, and
    /// never less than over a deeper track (docs/SCIENCE.md §5.1).
    @Test func supercriticalTracksGiveNoHeightAndTransCriticalOnesALowerBound() throws {
        let hull = try WakeHull(lengthM: 56.6, beamM: 10.7, displacementT: 382, draftM: 1.39)
        // 25 km/h over 3 m: F_h = 6.94 / √29.4 = 1.28; 18 km/h over 4 m: F_h = 0.80; 18 km/h over
        // h_0.7 = 5² / (0.49 · 9.81) = 5.2010 m: F_h = 0.7.
        let h07 = 25 / (0.49 * 9.81)
        let grid = try WakeEnsemble(
            hulls: [hull], speedsKmh: [25, 18], trackDepthsM: [3, 4, h07], riderDepthsM: [3], distancesM: [50])
        let p = grid.point(ship: 0, speed: 0, trackDepth: 0, riderDepth: 0, distance: 0)
        #expect(p.regime == .supercritical && p.cusp == nil && p.rider == nil)
        #expect(p.waveHeightM == nil && p.generated == nil && p.energyJPerM2 == nil)
        #expect(p.flags.contains { $0.hasPrefix("supercritical") && $0.contains("no height") })
        let t = grid.point(ship: 0, speed: 1, trackDepth: 1, riderDepth: 0, distance: 0)
        let edge = grid.point(ship: 0, speed: 1, trackDepth: 2, riderDepth: 0, distance: 0)
        #expect(t.regime == .transCritical && t.cusp != nil)
        let lowerBound = try #require(edge.generated?.median)
        #expect(abs(try #require(t.generated?.median) - lowerBound) <= 1e-12 * lowerBound)
        #expect(t.waveHeightM != nil)
        #expect(t.flags.contains { $0.hasPrefix("trans-critical") && $0.contains("a lower bound") })
    }

    /// A hull that draws as much as the track is deep gets no wake, and the point says so.
    @Test func anAgroundHullHasNoWake() throws {
        let hull = try WakeHull(lengthM: 56.6, beamM: 10.7, displacementT: 382, draftM: 1.39)
        #expect(
            hull.isAground(trackDepthM: 1.39) && hull.isAground(trackDepthM: 1) && !hull.isAground(trackDepthM: 1.4))
        let grid = try WakeEnsemble(
            hulls: [hull], speedsKmh: [5], trackDepthsM: [1.2], riderDepthsM: [1.2], distancesM: [50])
        let p = grid.point(ship: 0, speed: 0, trackDepth: 0, riderDepth: 0, distance: 0)
        #expect(p.aground && p.waveHeightM == nil && p.generated == nil)
        #expect(p.flags.first?.hasPrefix("aground") == true)
    }

    /// The central height is the geometric mean of Kriebel & Seelig and PIANC (with DIPRO's A,
    /// which depends on the draft), by hand; Sorensen & Weggel stands beside it, not in it; two
    /// hulls at the same speed differ.
    @Test func theCentralHeightIsTheGeometricMeanOfItsMembers() throws {
        let hull = try WakeHull(lengthM: 56.6, beamM: 10.7, displacementT: 382, draftM: 1.39)
        let grid = try WakeEnsemble(
            hulls: [hull], speedsKmh: [20], trackDepthsM: [10], riderDepthsM: [10], distancesM: [50])
        let p = grid.point(ship: 0, speed: 0, trackDepth: 0, riderDepth: 0, distance: 0)
        let ks = p.models[.kriebelSeelig2005]!
        let pianc = p.models[.pianc1987]!
        #expect(p.ensembleModels == [.kriebelSeelig2005, .pianc1987])
        let geometric = (ks.waveHeightM * pianc.waveHeightM).squareRoot()
        #expect(abs(p.generated!.median - geometric) < 1e-12 * geometric)
        // The models' part of the band spans both members exactly.
        let models = try #require(p.uncertainty[.models])
        #expect(abs(exp(-models.lower) * geometric - min(ks.waveHeightM, pianc.waveHeightM)) < 1e-12)
        #expect(abs(exp(models.upper) * geometric - max(ks.waveHeightM, pianc.waveHeightM)) < 1e-12)
        let small = try WakeHull(lengthM: 33.3, beamM: 6.3, displacementT: 64)
        let both = try WakeEnsemble(
            hulls: [hull, small], speedsKmh: [20], trackDepthsM: [10], riderDepthsM: [10], distancesM: [50])
        let a = both.point(ship: 0, speed: 0, trackDepth: 0, riderDepth: 0, distance: 0)
        let b = both.point(ship: 1, speed: 0, trackDepth: 0, riderDepth: 0, distance: 0)
        #expect(abs(a.waveHeightM!.median / b.waveHeightM!.median - 1) > 0.2)
    }

    /// Weights from observations: a model that matched them four times better (in mean squared
    /// log error) counts four times as much.
    @Test func observationWeightsFavourTheBetterModel() throws {
        let hull = try WakeHull(lengthM: 56.6, beamM: 10.7, displacementT: 382, draftM: 1.39)
        let weights = EnsembleWeights(logMeanSquareErrors: 0.25, 1.0)
        let grid = try WakeEnsemble(
            hulls: [hull], speedsKmh: [20], trackDepthsM: [10], riderDepthsM: [10], distancesM: [50], weights: weights)
        let p = grid.point(ship: 0, speed: 0, trackDepth: 0, riderDepth: 0, distance: 0)
        let ks = p.models[.kriebelSeelig2005]!.waveHeightM
        let pianc = p.models[.pianc1987]!.waveHeightM
        let want = exp((4 * log(ks) + 1 * log(pianc)) / 5)
        #expect(abs(p.generated!.median - want) < 1e-12 * want)
    }

    @Test func theKernelsExpIsTheLibraryExpToAFewUlps() {
        var rng = SplitMix64(seed: 3)
        for _ in 0..<200_000 {
            let x = rng.uniform(-700, 700)
            let got = EnsembleExp.exp(x)
            let want = Foundation.exp(x)
            #expect(abs(got - want) <= 4 * want.ulp, "exp(\(x))")
        }
        #expect(EnsembleExp.exp(0) == 1)
        #expect(EnsembleExp.exp(-800) == 0)
        #expect(EnsembleExp.exp(800) == .infinity)
        #expect(EnsembleExp.exp(-740) > 0)  // subnormal results are kept
    }
}

/// The ensemble is the same whatever computes it: every instruction set this processor runs,
/// into the grid's own columns or, in place, into caller buffers whose alignments differ (so
/// that nothing is streamed), gives the scalar path's bits.
/// The band's causes and how they add up (docs/SCIENCE.md §5.3).
@Suite struct HeightUncertaintyTests {
    /// The total sums the causes by storage slot: the slots are the causes' declared order, so the
    /// sum's order (and with it the band's last bit) is that order.
    @Test func theSlotsAreTheCausesInOrder() {
        #expect(HeightUncertainty.Cause.allCases.map(\.slot) == Array(0..<HeightUncertainty.Cause.allCases.count))
    }

    /// The total in quadrature, each cause bounded at ln 3, by hand: causes (0.3, 0.2) and
    /// (0.4, 5) give √(0.3² + 0.4²) = 0.5 below and √(0.2² + (ln 3)²) above.
    @Test func theTotalIsTheQuadratureSumWithEachCauseBounded() {
        let u = HeightUncertainty(spreads: [
            .entranceLength: .init(lower: 0.3, upper: 0.2), .models: .init(lower: 0.4, upper: 5),
        ])
        #expect(abs(u.total.lower - 0.5) < 1e-15)
        #expect(abs(u.total.upper - (0.04 + log(3.0) * log(3.0)).squareRoot()) < 1e-15)
        #expect(
            u
                == HeightUncertainty(spreads: [
                    .models: .init(lower: 0.4, upper: 5), .entranceLength: .init(lower: 0.3, upper: 0.2),
                ]))
        #expect(u != HeightUncertainty(spreads: [.models: .init(lower: 0.4, upper: 5)]))
    }
}

@Suite struct EnsemblePathTests {
    @Test func everyPathGivesTheScalarBits() throws {
        var rng = SplitMix64(seed: 21)
        let hulls = try (0..<9).map { _ in try WakeEnsembleTests.randomHull(&rng) }
        let (speeds, tracks, riders) = ([9.0, 17, 26], [2.5, 7, 30], [0.5, 3])
        let distances = (0..<77).map { 8 + Double($0) * 5.5 }
        let reference = try WakeEnsemble(
            hulls: hulls, speedsKmh: speeds, trackDepthsM: tracks, riderDepthsM: riders, distancesM: distances,
            isa: .scalar)
        let cells = reference.cellCount
        func columns(_ g: WakeEnsemble) -> [DoubleColumn] {
            [
                g.kriebelSeelig, g.sorensenWeggel, g.pianc, g.generated, g.median, g.minimum, g.maximum, g.energy,
                g.flux, g.shorewardFlux, g.energyPerWave,
            ]
        }
        let want = columns(reference).map { $0.map(\.bitPattern) }
        for isa in KernelISA.supported {
            let grid = try WakeEnsemble(
                hulls: hulls, speedsKmh: speeds, trackDepthsM: tracks, riderDepthsM: riders, distancesM: distances,
                threads: 2, isa: isa)
            for (index, column) in columns(grid).enumerated() {
                #expect(column.map(\.bitPattern) == want[index], "\(isa): output \(index) differs")
            }
            // One buffer offset by one double: the outputs no longer share an alignment.
            let storage = (0..<EnsembleBuffers.outputCount).map { _ in
                UnsafeMutableBufferPointer<Double>.allocate(capacity: cells + 1)
            }
            defer { for buffer in storage { buffer.deallocate() } }
            let views = storage.enumerated().map { index, buffer in
                UnsafeMutableBufferPointer(rebasing: buffer[(index == 4 ? 1 : 0)..<(index == 4 ? cells + 1 : cells)])
            }
            try WakeEnsemble.compute(
                hulls: hulls, speedsKmh: speeds, trackDepthsM: tracks, riderDepthsM: riders, distancesM: distances,
                into: EnsembleBuffers(views), isa: isa)
            for (index, view) in views.enumerated() {
                let differing = zip(view, want[index]).filter { $0.bitPattern != $1 }.count
                #expect(differing == 0, "\(isa) in place, output \(index): \(differing) of \(cells) cells differ")
            }
        }
    }
}
