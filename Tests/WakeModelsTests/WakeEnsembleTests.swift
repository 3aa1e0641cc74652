import Foundation
import Testing
import WakePhysics
import _TestSupport

@testable import WakeModels

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

    @Test func everyCellEqualsTheLiteralFormulas() throws {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<40 {
            let hulls = try (0..<(1 + rng.index(4))).map { _ in try Self.randomHull(&rng) }
            let speeds = (0..<(1 + rng.index(4))).map { _ in rng.uniform(5, 35) }
            let depths = (0..<(1 + rng.index(4))).map { _ in rng.uniform(1.5, 60) }
            let distances = (0..<(1 + rng.index(300))).map { _ in rng.uniform(5, 400) }
            let grid = WakeEnsemble(hulls: hulls, speedsKmh: speeds, depthsM: depths, distancesM: distances)
            for (i, hull) in hulls.enumerated() {
                let s = Literal.Hull(
                    L: hull.lengthM, B: hull.beamM, D: hull.displacementT, T: hull.draftM, CB: hull.blockCoefficient,
                    Le: hull.entranceLengthM)
                for (j, kmh) in speeds.enumerated() {
                    for (k, h) in depths.enumerated() {
                        for l in Set([0, distances.count - 1, rng.index(distances.count)]) {
                            let V = kmh / 3.6
                            let y = distances[l]
                            let p = grid.point(ship: i, speed: j, depth: k, distance: l)
                            let expected: [(WakeModel, (H: Double, valid: Bool))] = [
                                (.kriebelSeelig2005, Literal.kriebelSeelig(s, V: V, h: h, y: y)),
                                (.sorensenWeggel1984, Literal.sorensenWeggel(s, V: V, h: h, y: y)),
                                (.pianc1987, Literal.pianc(s, V: V, h: h, y: y)),
                            ]
                            for (model, want) in expected {
                                let got = try #require(p.models[model])
                                #expect(abs(got.waveHeightM - want.H) <= 1e-12 * want.H, "\(model) \(got) \(want)")
                                #expect(got.valid == want.valid, "\(model) validity")
                            }
                            let valid = expected.filter { $0.1.valid }.map { $0.1.H }.sorted()
                            if valid.isEmpty {
                                #expect(p.waveHeightM == nil && p.energyJPerM2 == nil)
                            } else {
                                let median =
                                    valid.count % 2 == 1
                                    ? valid[valid.count / 2] : (valid[valid.count / 2 - 1] + valid[valid.count / 2]) / 2
                                let range = try #require(p.waveHeightM)
                                #expect(abs(range.median - median) <= 1e-12 * median)
                                #expect(abs(range.min - valid.first!) <= 1e-12 * valid.first!)
                                #expect(abs(range.max - valid.last!) <= 1e-12 * valid.last!)
                                let e = 1000 * 9.81 * median * median / 8
                                #expect(abs(p.energyJPerM2! - e) <= 1e-11 * e)
                                if let cusp = p.cusp {
                                    let theta = cusp.thetaDeg * Double.pi / 180
                                    let cg = cusp.groupVelocityMPerS
                                    #expect(abs(p.energyFluxWPerM! - e * cg) <= 1e-11 * e * cg)
                                    #expect(abs(p.shorewardFluxWPerM! - e * cg * sin(theta)) <= 1e-11 * e * cg)
                                    #expect(
                                        abs(p.energyPerWaveJPerM! - e * cusp.wavelengthM) <= 1e-11 * e
                                            * cusp.wavelengthM)
                                } else {
                                    #expect(p.froudeDepth >= 1)
                                    #expect(p.energyFluxWPerM == nil && p.shorewardFluxWPerM == nil)
                                    #expect(p.energyPerWaveJPerM == nil)
                                }
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
        let depths = [2.0, 4.5, 10, 40]
        let distances = (0..<131).map { 5 + Double($0) * 3 }
        let one = WakeEnsemble(hulls: hulls, speedsKmh: speeds, depthsM: depths, distancesM: distances)
        let two = WakeEnsemble(hulls: hulls, speedsKmh: speeds, depthsM: depths, distancesM: distances, threads: 2)
        for column in [\WakeEnsemble.kriebelSeelig, \.sorensenWeggel, \.pianc, \.median, \.energy, \.flux] {
            let differing = zip(one[keyPath: column], two[keyPath: column]).filter { $0.bitPattern != $1.bitPattern }
            #expect(differing.isEmpty, "\(differing.count) cells differ")
        }
        // One ship alone is the batch with n = 1.
        let single = WakeEnsemble(hulls: [hulls[5]], speedsKmh: [18], depthsM: [10], distancesM: [50])
        let j = speeds.firstIndex(of: 18)!
        let k = depths.firstIndex(of: 10)!
        let l = distances.firstIndex(of: 50)!
        #expect(single.median[0] == one.median[one.cellIndex(ship: 5, speed: j, depth: k, distance: l)])
    }

    @Test func supercriticalPointsHaveNoCuspWavesAndSayWhy() throws {
        let hull = try WakeHull(lengthM: 42.4, beamM: 7.3, displacementT: 149)
        // 30 km/h over 2 m: F_h = 8.33 / √(19.62) = 1.88.
        let grid = WakeEnsemble(hulls: [hull], speedsKmh: [30, 18], depthsM: [2, 4], distancesM: [50])
        let p = grid.point(ship: 0, speed: 0, depth: 0, distance: 0)
        #expect(p.cusp == nil && p.energyFluxWPerM == nil && p.energyPerWaveJPerM == nil)
        #expect(p.flags.contains { $0.hasPrefix("supercritical") })
        // 18 km/h over 4 m: F_h = 0.80, trans-critical.
        let t = grid.point(ship: 0, speed: 1, depth: 1, distance: 0)
        #expect(t.flags.contains { $0.hasPrefix("trans-critical") })
        #expect(t.flags.contains { $0.contains("PIANC") })
        #expect(t.cusp != nil)
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
@Suite struct EnsemblePathTests {
    @Test func everyPathGivesTheScalarBits() throws {
        var rng = SplitMix64(seed: 21)
        let hulls = try (0..<9).map { _ in try WakeEnsembleTests.randomHull(&rng) }
        let (speeds, depths) = ([9.0, 17, 26], [2.5, 7, 30])
        let distances = (0..<77).map { 4 + Double($0) * 5.5 }
        let reference = WakeEnsemble(
            hulls: hulls, speedsKmh: speeds, depthsM: depths, distancesM: distances, isa: .scalar)
        let cells = reference.cellCount
        func columns(_ g: WakeEnsemble) -> [DoubleColumn] {
            [
                g.kriebelSeelig, g.sorensenWeggel, g.pianc, g.median, g.minimum, g.maximum, g.energy, g.flux,
                g.shorewardFlux, g.energyPerWave,
            ]
        }
        let want = columns(reference).map { $0.map(\.bitPattern) }
        for isa in KernelISA.supported {
            let grid = WakeEnsemble(
                hulls: hulls, speedsKmh: speeds, depthsM: depths, distancesM: distances, threads: 2, isa: isa)
            for (index, column) in columns(grid).enumerated() {
                #expect(column.map(\.bitPattern) == want[index], "\(isa): output \(index) differs")
            }
            // One buffer offset by one double: the ten outputs no longer share an alignment.
            let storage = (0..<10).map { _ in UnsafeMutableBufferPointer<Double>.allocate(capacity: cells + 1) }
            defer { storage.forEach { $0.deallocate() } }
            let views = storage.enumerated().map { index, buffer in
                UnsafeMutableBufferPointer(rebasing: buffer[(index == 4 ? 1 : 0)..<(index == 4 ? cells + 1 : cells)])
            }
            WakeEnsemble.compute(
                hulls: hulls, speedsKmh: speeds, depthsM: depths, distancesM: distances,
                into: EnsembleBuffers(
                    kriebelSeelig: views[0], sorensenWeggel: views[1], pianc: views[2], median: views[3],
                    minimum: views[4], maximum: views[5], energy: views[6], flux: views[7], shorewardFlux: views[8],
                    energyPerWave: views[9]), isa: isa)
            for (index, view) in views.enumerated() {
                let differing = zip(view, want[index]).filter { $0.bitPattern != $1 }.count
                #expect(differing == 0, "\(isa) in place, output \(index): \(differing) of \(cells) cells differ")
            }
        }
    }
}
