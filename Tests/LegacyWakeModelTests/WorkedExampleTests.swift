import Foundation
@_spi(Benchmarks) import LegacyWakeModel
import Testing
import WaveRating

/// docs/SCIENCE.md §1 check values, and hand calculations of the formulas.
@Suite struct WorkedExampleTests {
    @Test func pantaRheiMatchesTheLegacyCheckValues() {
        let f = WakeGrid.atOperatingPoint(
            .init(lengthM: 56.6, beamM: 10.7, displacementT: 382), speedKmh: 18, trackDepthM: 10)[0]
        // Hand calculation: v = 5 m/s, Fr_L = 5/√(9.81·56.6) = 0.2122 < 0.4 → c_H = 0.04;
        // H = 0.04·382·25/(56.6·10.7) = 382/605.62 = 0.630759…
        #expect(abs(f.waveHeightM - 382.0 / 605.62) < 1e-12)
        #expect(String(format: "%.2f", f.waveHeightM) == "0.63")
        #expect(String(format: "%.0f", f.energyJPerM2) == "488")
        #expect(String(format: "%.0f", f.forceNPerM2) == "77347")
        #expect(String(format: "%.0f", f.powerWPerM) == "2439")
        #expect(String(format: "%.3f", f.froudeLength) == "0.212")
        #expect(String(format: "%.3f", f.froudeDepth) == "0.505")
        #expect(f.rating == .three)
        // Re = L v / ν = 56.6 · 5 / 1e-6
        #expect(abs(f.reynolds - 2.83e8) < 1)
    }

    @Test func bachtelMatchesTheLegacyCheckValues() {
        let f = WakeGrid.atOperatingPoint(
            .init(lengthM: 33.3, beamM: 6.3, displacementT: 64), speedKmh: 18, trackDepthM: 10)[0]
        #expect(String(format: "%.2f", f.waveHeightM) == "0.31")
        #expect(String(format: "%.0f", f.energyJPerM2) == "114")
        #expect(String(format: "%.0f", f.forceNPerM2) == "37409")
        #expect(f.rating == .one)
        #expect(f.energyRating == .one && f.forceRating == .one)
    }

    @Test func transverseWaveAtFiveMetresPerSecond() {
        let f = WakeGrid.atOperatingPoint(
            .init(lengthM: 50, beamM: 10, displacementT: 100), speedKmh: 18, trackDepthM: 10)[
                0]
        // λ = 2π·25/9.81 = 16.0122 m, T = 2π·5/9.81 = 3.2024 s, c = v = 5 m/s.
        #expect(abs(f.wavelengthM - 16.012194972) < 1e-8)
        #expect(abs(f.periodS - 3.2024389944) < 1e-8)
        #expect(abs(f.celerityMPerS - 5) < 1e-12)
        #expect(abs(f.kelvinAngleDeg - 19.471220634490691) < 1e-12)
    }

    @Test func shallowWaterCorrectionAppliesAboveDepthFroude07() {
        // h = 2.5 m: Fr_h = 5/√(9.81·2.5) = 1.00964 > 0.7 → H × (1 + 0.30964).
        let deep = WakeGrid.atOperatingPoint(
            .init(lengthM: 40, beamM: 8, displacementT: 100), speedKmh: 18, trackDepthM: 10)[0]
        let shallow = WakeGrid.atOperatingPoint(
            .init(lengthM: 40, beamM: 8, displacementT: 100), speedKmh: 18, trackDepthM: 2.5)[0]
        let frH = 5 / (9.81 * 2.5).squareRoot()
        #expect(abs(shallow.froudeDepth - frH) < 1e-15)
        #expect(abs(shallow.waveHeightM / deep.waveHeightM - (1 + (frH - 0.7))) < 1e-12)
        // h where Fr_h is just under 0.7 leaves H alone.
        let atLimit = WakeGrid.atOperatingPoint(
            .init(lengthM: 40, beamM: 8, displacementT: 100), speedKmh: 18, trackDepthM: 5.21)[0]
        #expect(atLimit.froudeDepth < 0.7)
        #expect(atLimit.waveHeightM == deep.waveHeightM)
    }

    @Test func fastShipsUseTheSmallerHeightCoefficient() {
        // Fr_L ≥ 0.4 → c_H = 0.02: L = 10 m at 18 km/h gives Fr_L = 0.505.
        let f = WakeGrid.atOperatingPoint(
            .init(lengthM: 10, beamM: 3, displacementT: 6), speedKmh: 18, trackDepthM: 50)[0]
        #expect(f.froudeLength >= 0.4)
        #expect(abs(f.waveHeightM - 0.02 * 6 * 25 / 30) < 1e-15)
    }
}

@Suite struct RatingThresholdTests {
    @Test(arguments: [
        (150.0, 45_000.0, UInt8(1)), (150.0001, 0.0, 2), (250.0, 0.0, 2), (250.0001, 0.0, 3),
        (0.0, 45_000.0, 1), (0.0, 45_000.1, 2), (0.0, 55_000.0, 2), (0.0, 55_000.1, 3), (300.0, 46_000.0, 3),
    ])
    func thresholdsAreStrict(energy: Double, force: Double, expected: UInt8) {
        #expect(RatingThresholds.legacy.rating(energyJPerM2: energy, forceNPerM2: force).rawValue == Int(expected))
    }
}
