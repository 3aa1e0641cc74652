import Foundation
import Testing
import WakePhysics

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

    /// Kriebel & Seelig's reference case (DOMAIN §8.2): 0.264 m.
    @Test func kriebelSeeligReferenceCase() throws {
        let hull = try WakeHull(
            lengthM: 54, beamM: 10.5, displacementT: 0.55 * 54 * 10.5 * 1.7, draftM: 1.7, blockCoefficient: 0.55,
            entranceLengthM: 54.0 / 4)
        let grid = WakeEnsemble(hulls: [hull], speedsKmh: [5 * 3.6], depthsM: [10], distancesM: [50])
        #expect(abs(grid.kriebelSeelig[0] - 0.264) < 0.0005)
        #expect(grid.isValid(.kriebelSeelig2005, row: 0))
    }

    /// Sorensen & Weggel at MS Panta Rhei (56.6 m, 382 t) at 18 km/h over 10 m, 50 m off, by hand
    /// (DOMAIN §8.1 evaluated step by step): F = 0.21219, n = −0.62266, ln α = −1.59411, H = 0.44300 m.
    @Test func sorensenWeggelByHand() throws {
        let hull = try WakeHull(lengthM: 56.6, beamM: 10.7, displacementT: 382)
        let grid = WakeEnsemble(hulls: [hull], speedsKmh: [18], depthsM: [10], distancesM: [50])
        #expect(abs(grid.sorensenWeggel[0] - 0.443_001_698) < 1e-8)
        #expect(abs(grid.froudeLength[0] - 0.212_191_159) < 1e-8)
        #expect(grid.isValid(.sorensenWeggel1984, row: 0))
    }

    /// PIANC at 4 m/s over 5 m, 40 m off: F_h = 0.571137, H = 5 · 8^(−1/3) · F_h⁴ = 0.266012 m.
    @Test func piancByHand() throws {
        let hull = try WakeHull(lengthM: 40, beamM: 8, displacementT: 100)
        let grid = WakeEnsemble(hulls: [hull], speedsKmh: [4 * 3.6], depthsM: [5], distancesM: [40])
        #expect(abs(grid.pianc[0] - 0.266_012_442) < 1e-8)
        #expect(grid.isValid(.pianc1987, row: 0))
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
}
