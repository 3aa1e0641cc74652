import Foundation
import JobContract
import Testing
import _TestSupport

@testable import WakeModels

/// The batch a library caller builds directly refuses what no model can take, as a thrown
/// ``InvalidInput`` naming the axis and the value, never a trap (issue: a codebase a newcomer
/// can carry on). The jobs check narrower ranges first (`JobValidationTests`).
@Suite struct EnsembleRefusalTests {
    static let hull = try! WakeHull(lengthM: 42.4, beamM: 7.3, displacementT: 149)  // MS Panta Rhei's figures
    static let fields = ["speedsKmh", "trackDepthsM", "riderDepthsM", "distancesM"]
    static let poison: [Double] = [0, -0.0, -1e-300, -18, .nan, .infinity, -.infinity, -Double.greatestFiniteMagnitude]

    func ensemble(_ axes: [[Double]], ships: Int = 1) throws(InvalidInput) -> WakeEnsemble {
        try WakeEnsemble(
            hulls: Array(repeating: Self.hull, count: ships), speedsKmh: axes[0], trackDepthsM: axes[1],
            riderDepthsM: axes[2], distancesM: axes[3])
    }

    /// 3,000 random grids, each with one value no model can take put at a random place of a
    /// random axis: the refusal names that axis and the first such value of it.
    @Test func aValueNoModelCanTakeIsRefusedNamingItsAxis() {
        var rng = SplitMix64(seed: 0x5EED_0A7E)
        let ranges: [ClosedRange<Double>] = [5...40, 2...60, 0.5...8, 5...300]
        for trial in 0..<3_000 {
            var axes = ranges.map { range in
                (0..<(1 + rng.index(4))).map { _ in rng.uniform(range.lowerBound, range.upperBound) }
            }
            let axis = rng.index(4)
            let bad = Self.poison[rng.index(Self.poison.count)]
            axes[axis].insert(bad, at: rng.index(axes[axis].count + 1))
            do {
                _ = try ensemble(axes)
                Issue.record("trial \(trial): \(Self.fields[axis]) with \(bad) was accepted")
            } catch {
                #expect(error.field == Self.fields[axis], "trial \(trial)")
                #expect(error.value == "\(bad)", "trial \(trial)")
                #expect(error.kind == .usage)
            }
        }
    }

    /// The same axes without the poison are computed: the refusal is of the value, not the grid.
    @Test func positiveFiniteAxesAreComputed() throws {
        let grid = try ensemble([[8, 18], [3, 12], [1, 4], [20, 150]])
        #expect(grid.cellCount == 16)
        #expect(grid.median.allSatisfy { $0.isNaN || ($0 > 0 && $0.isFinite) })
    }

    /// A grid beyond the machine's memory is refused from its counts before anything is
    /// allocated: here 10⁵ speeds × 10⁵ distances × 100 ships (10¹² cells, 88 TB of outputs).
    @Test func aGridBeyondMemoryIsRefusedNamingItsCells() {
        let many = (1...100_000).map { 5 + Double($0) * 1e-4 }
        let distances = (1...100_000).map { Double($0) }
        do {
            _ = try ensemble([many, [10], [2], distances], ships: 100)
            Issue.record("a grid of 10¹² cells was accepted")
        } catch {
            #expect(error.field == "cells")
            #expect(
                error.value
                    == "100 ships × 100000 speeds × 1 track depths × 1 rider depths × 100000 distances = 1000000000000 cells"
            )
            #expect(error.accepted.contains("88 bytes a cell"))
        }
    }

    /// A column whose bytes overflow `Int`, or that no machine maps, is nil (the batch throws
    /// `cells`), not a trap; an ordinary one is there.
    @Test func aColumnThatCannotBeHadIsNil() {
        #expect(DoubleColumn(uninitializedCount: Int.max) == nil)
        #expect(DoubleColumn(uninitializedCount: Int.max / 16) == nil)  // 2^62 bytes: no mapping
        #expect(DoubleColumn(uninitializedCount: 1_000)?.count == 1_000)
    }

    /// The estimate by hand: 11 outputs × 8 bytes per cell plus 512 bytes per (ship + 1) ×
    /// speed × track × rider; overflow is nil, never a trap.
    @Test func theMemoryEstimateByHandAndAtOverflow() {
        #expect(
            WakeEnsemble.memoryEstimate(ships: 10, speeds: 4, trackDepths: 3, riderDepths: 2, distances: 50)
                == 10 * 4 * 3 * 2 * 50 * 88 + 11 * 4 * 3 * 2 * 512)
        #expect(
            WakeEnsemble.memoryEstimate(ships: 0, speeds: 7, trackDepths: 1, riderDepths: 1, distances: 0) == 7 * 512)
        #expect(
            WakeEnsemble.memoryEstimate(ships: Int.max, speeds: 1, trackDepths: 1, riderDepths: 1, distances: 1) == nil)
        #expect(
            WakeEnsemble.memoryEstimate(
                ships: 1 << 20, speeds: 1 << 20, trackDepths: 1 << 20, riderDepths: 1, distances: 1)
                == nil)
        // The per-row allowance covers what a row holds: the kernel's 13 doubles, the rider's
        // waves and the per-source terms.
        #expect(
            WakeEnsemble.bytesPerRow
                >= 13 * 8 + MemoryLayout<RiderWaves?>.stride + MemoryLayout<HeightUncertainty>.stride + 3 * 8 + 2)
    }
}
