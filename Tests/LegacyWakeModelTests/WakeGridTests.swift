@_spi(Benchmarks) import LegacyWakeModel
import Testing
import WakeKernelSupport
import WaveRating
import _TestSupport

@Suite struct WakeGridTests {
    /// The batch equals the scalar transcription to 1e-12 relative at random points, covering
    /// both height coefficients and both sides of the shallow-water threshold.
    @Test func gridEqualsScalarFormulasAtRandomPoints() {
        var rng = SplitMix64(seed: 20_250_114)
        let n = 37
        let speeds = (0..<23).map { _ in rng.uniform(3, 40) }
        let depths = (0..<19).map { _ in rng.uniform(0.8, 80) }
        let L = (0..<n).map { _ in rng.uniform(8, 120) }
        let B = (0..<n).map { _ in rng.uniform(2, 20) }
        let D = (0..<n).map { _ in rng.uniform(5, 900) }
        let grid = WakeGrid(
            hulls: .init(lengthM: L, beamM: B, displacementT: D), speedsKmh: speeds, trackDepthsM: depths)
        let model = LegacyScalarModel()
        var sawShallow = false
        var sawDeep = false
        var sawFast = false
        var sawSlow = false
        for _ in 0..<3000 {
            let i = rng.index(n)
            let j = rng.index(speeds.count)
            let k = rng.index(depths.count)
            let want = model.evaluate(
                length: L[i], beam: B[i], displacement: D[i], speedKmh: speeds[j], depth: depths[k])
            let got = grid.figures(ship: i, speed: j, depth: k)
            #expect(relativelyEqual(got.waveHeightM, want.H))
            #expect(relativelyEqual(got.wavelengthM, want.lambda))
            #expect(relativelyEqual(got.periodS, want.T))
            #expect(relativelyEqual(got.celerityMPerS, want.c))
            #expect(relativelyEqual(got.energyJPerM2, want.E))
            #expect(relativelyEqual(got.powerWPerM, want.P))
            #expect(relativelyEqual(got.forceNPerM2, want.F))
            #expect(relativelyEqual(got.froudeLength, want.frL))
            #expect(relativelyEqual(got.froudeDepth, want.frH))
            #expect(relativelyEqual(got.reynolds, want.re))
            #expect(got.rating.rawValue == want.rating)
            if want.frH > 0.7 { sawShallow = true } else { sawDeep = true }
            if want.frL >= 0.4 { sawFast = true } else { sawSlow = true }
        }
        #expect(sawShallow && sawDeep && sawFast && sawSlow)
    }

    /// Several tiles of ships and speeds (the last ones partial), 101 depths (so cache lines are
    /// shared by rows and outputs start off a line boundary) and two or three threads: every
    /// cell equals the scalar formulas, and threading changes no bit.
    @Test func blocksAlignmentAndThreadsChangeNothing() {
        var rng = SplitMix64(seed: 7)
        let n = 45
        let speeds = (0..<5).map { _ in rng.uniform(5, 35) }
        let depths = (0..<101).map { _ in rng.uniform(1, 60) }
        let hulls = HullDimensions(
            lengthM: (0..<n).map { _ in rng.uniform(10, 90) }, beamM: (0..<n).map { _ in rng.uniform(3, 15) },
            displacementT: (0..<n).map { _ in rng.uniform(10, 600) })
        let single = WakeGrid(hulls: hulls, speedsKmh: speeds, trackDepthsM: depths)
        let model = LegacyScalarModel()
        for i in 0..<n {
            for j in 0..<speeds.count {
                for k in 0..<depths.count {
                    let want = model.evaluate(
                        length: hulls.lengthM[i], beam: hulls.beamM[i], displacement: hulls.displacementT[i],
                        speedKmh: speeds[j], depth: depths[k])
                    let got = single.figures(ship: i, speed: j, depth: k)
                    guard relativelyEqual(got.energyJPerM2, want.E), relativelyEqual(got.forceNPerM2, want.F),
                        relativelyEqual(got.powerWPerM, want.P), relativelyEqual(got.waveHeightM, want.H),
                        got.rating.rawValue == want.rating
                    else {
                        Issue.record("cell \(i), \(j), \(k): \(got) ≠ \(want)")
                        return
                    }
                }
            }
        }
        for threads in [2, 3] {
            let threaded = WakeGrid(hulls: hulls, speedsKmh: speeds, trackDepthsM: depths, threads: threads)
            #expect(threaded.waveHeightM == single.waveHeightM)
            #expect(threaded.energyJPerM2 == single.energyJPerM2)
            #expect(threaded.powerWPerM == single.powerWPerM)
            #expect(threaded.forceNPerM2 == single.forceNPerM2)
            #expect(threaded.rating == single.rating)
        }
    }

    @Test func oneShipIsTheBatchWithNEqualsOne() {
        let hulls = HullDimensions(lengthM: [56.6, 33.3], beamM: [10.7, 6.3], displacementT: [382, 64])
        let batch = WakeGrid.atOperatingPoint(hulls, speedKmh: 21, trackDepthM: 4)
        let single = WakeGrid.atOperatingPoint(
            .init(lengthM: 33.3, beamM: 6.3, displacementT: 64), speedKmh: 21, trackDepthM: 4)
        #expect(batch[1] == single[0])
    }

    @Test func layoutIsShipMajorThenSpeedThenDepth() {
        let grid = WakeGrid(
            hulls: .init(lengthM: [30, 60], beamM: [6, 10], displacementT: [50, 300]), speedsKmh: [10, 20, 30],
            trackDepthsM: [3, 30])
        #expect(grid.cellCount == 12)
        #expect(grid.cellIndex(ship: 1, speed: 2, depth: 1) == 11)
        #expect(
            grid.waveHeightM[grid.cellIndex(ship: 1, speed: 0, depth: 0)]
                == grid.figures(ship: 1, speed: 0, depth: 0).waveHeightM)
    }

    @Test func blasHelpersComputeOuterAndElementwiseProducts() {
        #expect(outerProduct([1, 2], [3, 4, 5], scale: 2) == [6, 8, 10, 12, 16, 20])
        #expect(elementwiseProduct([1, 2, 3], [4, 5, 6], scale: 0.5) == [2, 5, 9])
        #expect(outerProduct([], [1]) == [])
    }
}
