import Foundation
import LegacyWakeModel
import Testing
import _TestSupport

@testable import WakeModels

/// The worked examples of the sources, and hand values.
@Suite struct WorkedExampleTests {
    /// USACE Coastal Engineering Manual II-7 (Weggel & Sorensen): a 15-knot ship in 100 fathoms
    /// (deep water) makes cusp waves of 12.2 kn, 4.0 s and 83.4 ft.
    @Test func cemDeepWaterCuspWaves() throws {
        let knot = 1852.0 / 3600
        let waves = try #require(CuspWaves(speed: 15 * knot, depth: 100 * 1.8288))
        #expect(abs(waves.celerityMPerS / knot - 12.2) < 0.05)
        #expect(abs(waves.periodS - 4.0) < 0.05)
        #expect(abs(waves.wavelengthM / 0.3048 - 83.4) < 0.05)
        #expect(abs(waves.groupVelocityFactor - 0.5) < 1e-12)  // deep water
    }

    /// Kriebel & Seelig's reference case (docs/SCIENCE.md §5.1): L 54 m, B 10.5 m, T 1.7 m, C_B 0.55,
    /// L/L_e = 4, 5 m/s over 10 m, 50 m off: F_L = 0.217239, F* = 0.260024, β = 3.940160,
    /// H = 0.263814 m. PIANC there (A = 0.28 · 1.7^1.25 = 0.543525; the track deeper than
    /// h_deep = π · 25 / 9.81 = 8.0061 m counts as that deep): 0.239418 m; the central height their
    /// geometric mean, 0.251320 m.
    @Test func kriebelSeeligReferenceCase() throws {
        let hull = try WakeHull(
            lengthM: 54, beamM: 10.5, displacementT: 0.55 * 54 * 10.5 * 1.7, draftM: 1.7, blockCoefficient: 0.55,
            entranceLengthM: 54.0 / 4)
        let grid = try WakeEnsemble(
            hulls: [hull], speedsKmh: [5 * 3.6], trackDepthsM: [10], riderDepthsM: [10], distancesM: [50])
        #expect(abs(grid.kriebelSeelig[0] - 0.263_814_040) < 1e-8)
        #expect(abs(grid.pianc[0] - 0.239_418_259) < 1e-8)
        #expect(abs(grid.generated[0] - 0.251_320_310) < 1e-8)
        #expect(grid.isValid(.kriebelSeelig2005, source: 0))
    }

    /// Sorensen & Weggel (a reference) at MS Panta Rhei (382 t) at 18 km/h over 10 m, 50 m off, by
    /// hand (docs/SCIENCE.md §5.1, the depth Froude number): F = 0.504819, n = −0.345719,
    /// ln α = −0.732302, H = 1.789960 m — the metre and more that no rider has seen, and why the
    /// model is not in the central height.
    @Test func sorensenWeggelByHand() throws {
        let hull = try WakeHull(lengthM: 56.6, beamM: 10.7, displacementT: 382)
        let grid = try WakeEnsemble(
            hulls: [hull], speedsKmh: [18], trackDepthsM: [10], riderDepthsM: [3], distancesM: [50])
        #expect(abs(grid.sorensenWeggel[0] - 1.789_959_700) < 1e-8)
        #expect(grid.isValid(.sorensenWeggel1984, source: 0))
        #expect(!WakeModel.ensemble.contains(.sorensenWeggel1984))
    }

    /// PIANC with DIPRO's A at 4 m/s, T = 1.2 m (A = 0.28 · 1.2^1.25 = 0.351669), 40 m off: over
    /// 5 m (F_h = 0.571137, between h_0.7 = 3.3285 m and h_deep = 5.1239 m) H = A · 5 · 8^(−1/3) ·
    /// F_h⁴ = 0.093548 m; over 20 m it counts as h_deep: 0.092034 m, a little less, never more.
    @Test func piancByHand() throws {
        let hull = try WakeHull(lengthM: 40, beamM: 8, displacementT: 100, draftM: 1.2)
        let grid = try WakeEnsemble(
            hulls: [hull], speedsKmh: [4 * 3.6], trackDepthsM: [5, 20], riderDepthsM: [2], distancesM: [40])
        #expect(abs(grid.pianc[0] - 0.093_548_438) < 1e-8)
        #expect(abs(grid.pianc[1] - 0.092_034_215) < 1e-8)
        #expect(grid.isValid(.pianc1987, source: 0))
    }

    /// Defaults: C_B 0.55 (also with a published draft: D/(L B T) is not a block coefficient here)
    /// and L_e = L / 3.2; the draft derived from D = ρ_t C_B L B T.
    @Test func hullDefaultsAreReportedAndConsistent() throws {
        let plain = try WakeHull(lengthM: 56.6, beamM: 10.7, displacementT: 382)
        #expect(plain.blockCoefficient == 0.55)
        #expect(abs(plain.entranceLengthM - 56.6 / 3.2) < 1e-12)
        #expect(abs(plain.draftM - 382 / (0.55 * 56.6 * 10.7)) < 1e-12)
        #expect(plain.defaults == ["blockCoefficient", "draftM", "entranceLengthM"])
        #expect(plain.origins[.draftM] == .derived && plain.origins[.blockCoefficient] == .default)
        let drafted = try WakeHull(lengthM: 56.6, beamM: 10.7, displacementT: 382, draftM: 1.39)
        #expect(drafted.blockCoefficient == 0.55 && drafted.draftM == 1.39)
        #expect(drafted.origins[.blockCoefficient] == .default && drafted.origins[.draftM] == .given)
        #expect(throws: WakeInputError.self) { try WakeHull(lengthM: 10, beamM: 2, displacementT: 100, draftM: 0.5) }
        #expect(throws: WakeInputError.self) { try WakeHull(lengthM: 1e-7, beamM: 2, displacementT: 100) }
        #expect(throws: WakeInputError.self) { try WakeHull(lengthM: .infinity, beamM: 2, displacementT: 100) }
    }

    /// The log-space form the calibration compares with is the log of the heights, to rounding.
    @Test func logHeightsAreTheLogsOfTheHeights() throws {
        var rng = SplitMix64(seed: 41)
        for _ in 0..<2000 {
            let hull = try WakeEnsembleTests.randomHull(&rng)
            let evaluator = PointEvaluator(hulls: [hull])
            let (kmh, h, y) = (rng.uniform(4, 35), rng.uniform(1, 80), rng.uniform(5, 400))
            let v = kmh / 3.6
            let heights = evaluator.heights(hull: 0, speedKmh: kmh, trackDepthM: h, distanceM: y)
            let (logs, ensemble) = evaluator.logHeights(
                hull: 0, speedMPerS: v, logSpeed: log(v), trackDepthM: h, logDepth: log(h), logDistance: log(y))
            for model in WakeModel.allCases {
                let (height, valid) = heights[model]
                #expect(logs[model].valid == valid, "\(model)")
                if height > 0 {
                    #expect(abs(logs[model].height - log(height)) < 1e-11 * max(1, abs(log(height))), "\(model)")
                }
            }
            let direct = evaluator.ensemble(hull: 0, speedKmh: kmh, trackDepthM: h, distanceM: y)
            #expect((ensemble == nil) == (direct == nil))
            if let ensemble, let direct {
                // A height of 0 (too slow for Kriebel & Seelig) is −∞ in logs.
                #expect(
                    (ensemble == -.infinity && direct == 0)
                        || abs(ensemble - log(direct)) < 1e-11 * max(1, abs(ensemble)), "\(ensemble) \(direct)")
            }
        }
    }
}
