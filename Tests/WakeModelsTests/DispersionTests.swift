import Foundation
import LegacyWakeModel
import Testing
import WakeKernelSupport

@testable import WakeModels

/// The dispersion solve against its identities and limits.
@Suite struct DispersionTests {
    let g = PhysicalConstants.gravity

    @Test func solutionsSatisfyTheDispersionRelationToRounding() throws {
        for h in [0.5, 2, 5, 10, 50, 300] {
            for fraction in [0.01, 0.2, 0.5, 0.8, 0.95, 0.999] {
                let c = fraction * (g * h).squareRoot()
                let k = try #require(LinearWaves.wavenumber(phaseSpeed: c, depth: h))
                // c² k / g = tanh(k h)
                #expect(abs(c * c * k / g - tanh(k * h)) <= 4e-16 * max(1, tanh(k * h)), "h \(h) c \(c)")
            }
        }
    }

    @Test func deepWaterLimitIsKEqualsGOverCSquared() throws {
        let c = 3.0
        let k = try #require(LinearWaves.wavenumber(phaseSpeed: c, depth: 1000))
        #expect(abs(k - g / (c * c)) <= 2e-16 * k)
        #expect(LinearWaves.groupVelocityFactor(kh: k * 1000) == 0.5)
    }

    @Test func shallowWaterLimitApproachesTheLongWaveSpeed() throws {
        // c² = g h (1 − (kh)²/3 + …): close to √(gh) the wave is long and n → 1.
        let h = 3.0
        let c = 0.99999 * (g * h).squareRoot()
        let k = try #require(LinearWaves.wavenumber(phaseSpeed: c, depth: h))
        let kh = k * h
        #expect(kh < 0.01)
        #expect(abs(c * c / (g * h) - (1 - kh * kh / 3)) < 1e-8)
        #expect(abs(LinearWaves.groupVelocityFactor(kh: kh) - 1) < 1e-4)
    }

    @Test func noWaveTravelsFasterThanTheLongWave() {
        #expect(LinearWaves.wavenumber(phaseSpeed: (g * 4).squareRoot(), depth: 4) == nil)
        #expect(LinearWaves.wavenumber(phaseSpeed: 0, depth: 4) == nil)
        #expect(CuspWaves(speed: (g * 4).squareRoot(), depth: 4) == nil)  // F_h = 1: supercritical
        #expect(CuspWaves(speed: 0.99 * (g * 4).squareRoot(), depth: 4) != nil)
    }

    /// The period-conserving solve (§8.5): ω² = g k tanh(k h) to rounding, and its limits.
    @Test func thePeriodSolveSatisfiesItsRelationAndLimits() throws {
        for h in [0.05, 0.3, 1, 3, 10, 100] {
            for T in [0.5, 1.5, 2.6, 4, 8] {
                let k = try #require(LinearWaves.wavenumber(period: T, depth: h))
                let w = 2 * Double.pi / T
                #expect(abs(w * w - g * k * tanh(k * h)) <= 4e-15 * w * w, "h \(h) T \(T)")
            }
        }
        // Deep water: k = ω²/g; shallow water: k → ω/√(g h).
        let w = 2 * Double.pi / 2.0
        let deep = try #require(LinearWaves.wavenumber(period: 2, depth: 500))
        #expect(abs(deep - w * w / g) <= 1e-15 * deep)
        let shallow = try #require(LinearWaves.wavenumber(period: 60, depth: 0.5))
        #expect(abs(shallow / ((2 * Double.pi / 60) / (g * 0.5).squareRoot()) - 1) < 1e-4)
        #expect(LinearWaves.wavenumber(period: 0, depth: 1) == nil)
        #expect(LinearWaves.wavenumber(period: 2, depth: -1) == nil)
        #expect(LinearWaves.wavenumber(period: .infinity, depth: 1) == nil)
    }
}
