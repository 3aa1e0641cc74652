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

    /// Kriebel & Seelig's reference case (docs/SCIENCE.md §5.1): 0.264 m.
    @Test func kriebelSeeligReferenceCase() throws {
        let hull = try WakeHull(
            lengthM: 54, beamM: 10.5, displacementT: 0.55 * 54 * 10.5 * 1.7, draftM: 1.7, blockCoefficient: 0.55,
            entranceLengthM: 54.0 / 4)
        let grid = WakeEnsemble(
            hulls: [hull], speedsKmh: [5 * 3.6], trackDepthsM: [10], riderDepthsM: [10], distancesM: [50])
        #expect(abs(grid.kriebelSeelig[0] - 0.264) < 0.0005)
        #expect(grid.isValid(.kriebelSeelig2005, source: 0))
    }

    /// Sorensen & Weggel at MS Panta Rhei (56.6 m, 382 t) at 18 km/h over 10 m, 50 m off, by hand
    /// (docs/SCIENCE.md §5.1 evaluated step by step): F = 0.21219, n = −0.62266, ln α = −1.59411, H = 0.44300 m.
    @Test func sorensenWeggelByHand() throws {
        let hull = try WakeHull(lengthM: 56.6, beamM: 10.7, displacementT: 382)
        let grid = WakeEnsemble(hulls: [hull], speedsKmh: [18], trackDepthsM: [10], riderDepthsM: [3], distancesM: [50])
        #expect(abs(grid.sorensenWeggel[0] - 0.443_001_698) < 1e-8)
        #expect(abs(grid.froudeLength[0] - 0.212_191_159) < 1e-8)
        #expect(grid.isValid(.sorensenWeggel1984, source: 0))
    }

    /// Over deep water Sorensen & Weggel is held at h_deep = V²/(g · 0.5²): Panta Rhei at 17 km/h,
    /// 50 m off. By hand: h_deep = 4.7222²/(9.81 · 0.25) = 9.0925 m, where the published formula
    /// gives 0.26547 m; as published it would give 0.39077 m over 10 m and 2.9687 m over 20 m
    /// (ln α quadratic in ln h/∇^⅓). Over 8 m, shallower than h_deep, it is as published: 0.15140 m.
    @Test func sorensenWeggelIsHeldOverDeepWater() throws {
        let hull = try WakeHull(lengthM: 56.6, beamM: 10.7, displacementT: 382)
        let grid = WakeEnsemble(
            hulls: [hull], speedsKmh: [17], trackDepthsM: [8, 10, 20, 40], riderDepthsM: [3], distancesM: [50])
        let sw = (0..<4).map {
            grid.sorensenWeggel[grid.cellIndex(ship: 0, speed: 0, trackDepth: $0, riderDepth: 0, distance: 0)]
        }
        #expect(abs(sw[0] - 0.151_400_306) < 1e-8)
        for deep in sw[1...] { #expect(abs(deep - 0.265_466_314) < 1e-8) }
    }

    /// PIANC at 4 m/s over 5 m, 40 m off: F_h = 0.571137, H = 5 · 8^(−1/3) · F_h⁴ = 0.266012 m.
    @Test func piancByHand() throws {
        let hull = try WakeHull(lengthM: 40, beamM: 8, displacementT: 100)
        let grid = WakeEnsemble(
            hulls: [hull], speedsKmh: [4 * 3.6], trackDepthsM: [5], riderDepthsM: [2], distancesM: [40])
        #expect(abs(grid.pianc[0] - 0.266_012_442) < 1e-8)
        #expect(grid.isValid(.pianc1987, source: 0))
    }

    /// Defaults (DHI): C_B 0.6 and L_e = B / 0.4; the draft derived from D = ρ_t C_B L B T, or
    /// C_B derived when the draft is published.
    @Test func hullDefaultsAreReportedAndConsistent() throws {
        let plain = try WakeHull(lengthM: 56.6, beamM: 10.7, displacementT: 382)
        #expect(plain.blockCoefficient == 0.6)
        #expect(abs(plain.entranceLengthM - 26.75) < 1e-12)
        #expect(abs(plain.draftM - 382 / (0.6 * 56.6 * 10.7)) < 1e-12)
        #expect(plain.defaults == ["blockCoefficient", "draftM", "entranceLengthM"])
        #expect(plain.origins[.draftM] == .derived && plain.origins[.blockCoefficient] == .default)
        let drafted = try WakeHull(lengthM: 56.6, beamM: 10.7, displacementT: 382, draftM: 1.39)
        #expect(abs(drafted.blockCoefficient - 382 / (56.6 * 10.7 * 1.39)) < 1e-12)
        #expect(drafted.origins[.blockCoefficient] == .derived && drafted.origins[.draftM] == .given)
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
            let heights = evaluator.heights(hull: 0, speedKmh: kmh, depthM: h, distanceM: y)
            let (logs, ensemble) = evaluator.logHeights(
                hull: 0, speedMPerS: v, logSpeed: log(v), depthM: h, logDepth: log(h), logDistance: log(y))
            for model in WakeModel.allCases {
                let (height, valid) = heights[model]
                #expect(logs[model].valid == valid, "\(model)")
                if height > 0 {
                    #expect(abs(logs[model].height - log(height)) < 1e-11 * max(1, abs(log(height))), "\(model)")
                }
            }
            let direct = evaluator.ensemble(hull: 0, speedKmh: kmh, depthM: h, distanceM: y)
            #expect((ensemble == nil) == (direct == nil))
            if let ensemble, let direct { #expect(abs(ensemble - log(direct)) < 1e-11 * max(1, abs(ensemble))) }
        }
    }
}
