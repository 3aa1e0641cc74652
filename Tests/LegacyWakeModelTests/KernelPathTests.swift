@_spi(Benchmarks) import LegacyWakeModel
import Testing
import WakeKernelSupport
import _TestSupport

/// The grid is the same whatever computes it: every instruction set this processor runs, and
/// the in-place entry point into caller buffers (aligned alike, so streamed, or not), give the
/// scalar path's bits. (CWakeKernelTests check the C passes themselves, AVX-512 included.)
@Suite struct KernelPathTests {
    static func randomHulls(_ n: Int, _ rng: inout SplitMix64) -> HullDimensions {
        HullDimensions(
            lengthM: (0..<n).map { _ in rng.uniform(10, 90) }, beamM: (0..<n).map { _ in rng.uniform(3, 15) },
            displacementT: (0..<n).map { _ in rng.uniform(10, 600) })
    }

    /// Caller buffers for a grid, each output `offsets[o]` elements into its own allocation.
    final class Buffers {
        let storage: [UnsafeMutableBufferPointer<Double>]
        let ratingStorage: UnsafeMutableBufferPointer<UInt8>
        let buffers: WakeGridBuffers
        init(cells: Int, offsets: [Int]) {
            let doubles = (0..<4).map { _ in UnsafeMutableBufferPointer<Double>.allocate(capacity: cells + 8) }
            let ratings = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: cells + 8)
            for buffer in doubles { buffer.initialize(repeating: -1) }
            ratings.initialize(repeating: 0)
            let views = (0..<4).map {
                UnsafeMutableBufferPointer(rebasing: doubles[$0][offsets[$0]..<(offsets[$0] + cells)])
            }
            storage = doubles
            ratingStorage = ratings
            buffers = WakeGridBuffers(
                waveHeightM: views[0], energyJPerM2: views[1], powerWPerM: views[2], forceNPerM2: views[3],
                rating: UnsafeMutableBufferPointer(rebasing: ratings[offsets[4]..<(offsets[4] + cells)]))
        }
        deinit {
            for buffer in storage { buffer.deallocate() }
            ratingStorage.deallocate()
        }
    }

    /// Ships × speeds × depths: several tiles, one cell, rows shorter than a line, many speeds
    /// per tile, rows longer than a tile's run.
    static let shapes = [[45, 5, 101], [3, 60, 100], [1, 1, 1], [70, 3, 7], [2, 200, 33], [5, 2, 5000]]

    @Test(arguments: shapes)
    func everyPathGivesTheScalarBits(dimensions: [Int]) {
        let shape = (ships: dimensions[0], speeds: dimensions[1], depths: dimensions[2])
        var rng = SplitMix64(seed: UInt64(shape.ships * 1_000_003 + shape.speeds * 1009 + shape.depths))
        let hulls = Self.randomHulls(shape.ships, &rng)
        let speeds = (0..<shape.speeds).map { _ in rng.uniform(3, 40) }
        let depths = (0..<shape.depths).map { _ in rng.uniform(0.8, 60) }
        let reference = WakeGrid(hulls: hulls, speedsKmh: speeds, trackDepthsM: depths, isa: .scalar)
        func same(_ h: [Double], _ e: [Double], _ p: [Double], _ f: [Double], _ r: [UInt8]) -> Bool {
            h.map(\.bitPattern) == reference.waveHeightM.map(\.bitPattern)
                && e.map(\.bitPattern) == reference.energyJPerM2.map(\.bitPattern)
                && p.map(\.bitPattern) == reference.powerWPerM.map(\.bitPattern)
                && f.map(\.bitPattern) == reference.forceNPerM2.map(\.bitPattern) && r == reference.rating
        }
        #expect(KernelISA.supported.contains(.scalar))
        for isa in KernelISA.supported {
            let grid = WakeGrid(hulls: hulls, speedsKmh: speeds, trackDepthsM: depths, threads: 2, isa: isa)
            #expect(
                same(grid.waveHeightM, grid.energyJPerM2, grid.powerWPerM, grid.forceNPerM2, grid.rating),
                "\(isa), \(shape)")
            // In place: outputs at one offset within a cache line, then at different ones.
            for offsets in [[3, 3, 3, 3, 5], [0, 1, 2, 3, 0]] {
                let out = Buffers(cells: reference.cellCount, offsets: offsets)
                WakeGrid.compute(hulls: hulls, speedsKmh: speeds, trackDepthsM: depths, into: out.buffers, isa: isa)
                let b = out.buffers
                #expect(
                    same(
                        Array(b.waveHeightM), Array(b.energyJPerM2), Array(b.powerWPerM), Array(b.forceNPerM2),
                        Array(b.rating)), "\(isa) in place, offsets \(offsets), \(shape)")
                // Nothing outside the cells was written.
                for o in 0..<4 {
                    let untouched = (0..<(reference.cellCount + 8)).filter {
                        $0 < offsets[o] || $0 >= offsets[o] + reference.cellCount
                    }
                    #expect(untouched.allSatisfy { out.storage[o][$0] == -1 }, "\(isa) wrote outside output \(o)")
                }
            }
        }
    }

    @Test func instructionSetsByName() {
        #expect(KernelISA(name: "avx2") == .avx2)
        #expect(KernelISA(name: "AVX-512") == .avx512)
        #expect(KernelISA(name: "SSE2") == .sse2)
        #expect(KernelISA(name: "scalar") == .scalar)
        #expect(KernelISA(name: "neon") == nil)
        #expect(KernelISA.scalar.isSupported)
        #expect(KernelISA.active.isSupported)
        #expect(KernelISA.widest == KernelISA.supported.last)
        #expect(KernelISA.avx512.lanes == 8 && KernelISA.avx512.description == "AVX-512")
    }
}
