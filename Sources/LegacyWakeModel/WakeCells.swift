internal import CBLAS
internal import CWakeKernel
import Dispatch
import WakeKernelSupport
import WaveRating

/// The per-cell outputs of ``WakeGrid``: H, E, P, F and the rating for ships × speeds × depths,
/// in ship-major order `(i · speeds + j) · depths + k`.
///
/// Memory-bound by design: 33 bytes are written per cell and nothing else is large. Work goes
/// in tiles of a few ships × a run of speeds × all depths (``Tiling``):
/// 1. BLAS `dger` writes the tile's heights `H₀[i, j] · f[j, k]` (a rank-1 outer product per
///    speed) into a scratch block that stays in L2;
/// 2. one fused pass per ship (C, `cwk_fuse_rows`) derives `E = ρg/8 · H²`, `P = E · c_j`,
///    `F = ρg/2 · c_j² · H` and the rating from each cached H and writes all five outputs once,
///    the ship's cells of the tile's speeds being one contiguous run of each output: streamed a
///    whole cache line at a time (no zero fill, no read-modify-write, no read-for-ownership of
///    the large arrays, no partial lines but at a run's ends).
/// The fused pass runs with the widest instruction set of the processor (``KernelISA``; every
/// path gives the same bits). Outputs are allocated uninitialised with huge-page advice
/// (``HugePages``), or are the caller's
/// (``WakeGrid/compute(hulls:speedsKmh:trackDepthsM:thresholds:into:threads:isa:)``). With `threads`
/// > 1, ship blocks are split between threads; each writes disjoint cells.
struct WakeCells {
    let height: [Double]
    let energy: [Double]
    let power: [Double]
    let force: [Double]
    let rating: [UInt8]

    /// How the grid is cut into tiles: `ships` ships × `speeds` speeds × all depths.
    struct Tiling: Equatable {
        let ships: Int
        let speeds: Int

        /// Scratch doubles per tile (256 KiB: within the L2 cache of current x86-64 cores).
        static let scratchCells = 32768
        /// Cells a ship's run should have at least: its two partial cache lines (at most) are
        /// then a small share of what it writes.
        static let runCells = 4096

        /// Speeds enough for a run of ``runCells`` (all when fewer), then as many ships as the
        /// scratch holds (at least one of each).
        init(ships n: Int, speeds m: Int, depths d: Int) {
            let depths = max(d, 1)
            speeds = max(1, min(m, (Self.runCells + depths - 1) / depths))
            ships = max(1, min(n, Self.scratchCells / (speeds * depths)))
        }
    }

    init(
        baseHeight: [Double], shallowFactor: [Double], celerity: [Double], ships n: Int, speeds m: Int, depths d: Int,
        thresholds: RatingThresholds, threads: Int, isa: KernelISA
    ) {
        let count = n * m * d
        var energy: [Double] = []
        var power: [Double] = []
        var force: [Double] = []
        var rating: [UInt8] = []
        height = [Double](unsafeUninitializedCapacity: count) { hBuffer, hCount in
            energy = [Double](unsafeUninitializedCapacity: count) { eBuffer, eCount in
                power = [Double](unsafeUninitializedCapacity: count) { pBuffer, pCount in
                    force = [Double](unsafeUninitializedCapacity: count) { fBuffer, fCount in
                        rating = [UInt8](unsafeUninitializedCapacity: count) { rBuffer, rCount in
                            defer { (hCount, eCount, pCount, fCount, rCount) = (count, count, count, count, count) }
                            guard count > 0 else { return }
                            let out = Outputs(
                                h: hBuffer.baseAddress!, e: eBuffer.baseAddress!, p: pBuffer.baseAddress!,
                                f: fBuffer.baseAddress!, r: rBuffer.baseAddress!)
                            for (pointer, size) in [
                                (UnsafeMutableRawPointer(out.h), count * 8),
                                (UnsafeMutableRawPointer(out.e), count * 8),
                                (UnsafeMutableRawPointer(out.p), count * 8),
                                (UnsafeMutableRawPointer(out.f), count * 8),
                                (UnsafeMutableRawPointer(out.r), count),
                            ] {
                                HugePages.advise(pointer, bytes: size)
                            }
                            Self.fill(
                                out, baseHeight: baseHeight, shallowFactor: shallowFactor, celerity: celerity, ships: n,
                                speeds: m, depths: d, thresholds: thresholds, threads: threads, isa: isa)
                        }
                    }
                }
            }
        }
        self.energy = energy
        self.power = power
        self.force = force
        self.rating = rating
    }

    /// Writes every cell into `out` (each output `ships · speeds · depths` long).
    static func fill(
        _ out: Outputs, baseHeight: [Double], shallowFactor: [Double], celerity: [Double], ships n: Int, speeds m: Int,
        depths d: Int, thresholds: RatingThresholds, threads: Int, isa: KernelISA
    ) {
        precondition(baseHeight.count == n * m && shallowFactor.count == m * d && celerity.count == m, "shapes")
        guard n * m * d > 0 else { return }
        let g = PhysicalConstants.gravity
        let rho = PhysicalConstants.waterDensity
        let energyCoefficient = rho * g / 8
        let forceCoefficients = celerity.map { rho * g / 2 * $0 * $0 }
        let (e1, e2) = (thresholds.energyJPerM2.two, thresholds.energyJPerM2.three)
        let (f1, f2) = (thresholds.forceNPerM2.two, thresholds.forceNPerM2.three)
        let tiling = Tiling(ships: n, speeds: m, depths: d)
        let blocks = (n + tiling.ships - 1) / tiling.ships
        baseHeight.withUnsafeBufferPointer { h0 in
            shallowFactor.withUnsafeBufferPointer { f in
                celerity.withUnsafeBufferPointer { c in
                    forceCoefficients.withUnsafeBufferPointer { fc in
                        let inputs = Inputs(
                            h0: h0.baseAddress!, f: f.baseAddress!, c: c.baseAddress!,
                            forceCoefficient: fc.baseAddress!, energyCoefficient: energyCoefficient, e1: e1, e2: e2,
                            f1: f1, f2: f2, ships: n, speeds: m, depths: d, isa: Int32(isa.rawValue))
                        ParallelFor.run(blocks, workers: threads) { _, range in
                            Self.run(blocks: range, tiling: tiling, inputs, out)
                        }
                    }
                }
            }
        }
    }

    /// Raw pointers shared by worker threads; each worker writes disjoint cells.
    struct Outputs: @unchecked Sendable {
        // Invariant: the pointers point into buffers the caller keeps alive for the whole run;
        // each worker writes only the cells of its own ship blocks; nothing reads them until
        // every worker has finished.
        let h: UnsafeMutablePointer<Double>
        let e: UnsafeMutablePointer<Double>
        let p: UnsafeMutablePointer<Double>
        let f: UnsafeMutablePointer<Double>
        let r: UnsafeMutablePointer<UInt8>
    }

    /// Raw pointers to the per-ship and per-speed factors every worker reads.
    struct Inputs: @unchecked Sendable {
        // Invariant: read-only while the workers run; the pointers come from
        // `withUnsafeBufferPointer` calls that enclose the whole parallel run.
        let h0: UnsafePointer<Double>  // ships × speeds
        let f: UnsafePointer<Double>  // speeds × depths
        let c: UnsafePointer<Double>  // speeds
        let forceCoefficient: UnsafePointer<Double>  // speeds: ρg/2 · c²
        let energyCoefficient: Double
        let e1, e2, f1, f2: Double
        let ships, speeds, depths: Int
        let isa: Int32
    }

    static func run(blocks: Range<Int>, tiling: Tiling, _ input: Inputs, _ out: Outputs) {
        _ = BLASThreads.callerOnly
        let (n, m, d) = (input.ships, input.speeds, input.depths)
        let scratch = UnsafeMutablePointer<Double>.allocate(capacity: tiling.ships * tiling.speeds * d)
        defer { scratch.deallocate() }
        for block in blocks {
            let i0 = block * tiling.ships
            let ships = min(tiling.ships, n - i0)
            for j0 in stride(from: 0, to: m, by: tiling.speeds) {
                let speeds = min(tiling.speeds, m - j0)
                // 1. Per speed j: H[i0..<i0+ships, j, :] = H₀[·, j] ⊗ f[j, :] (rank 1), into the
                //    scratch at [j - j0][ship][depth].
                scratch.update(repeating: 0, count: speeds * ships * d)
                for j in j0..<(j0 + speeds) {
                    cblas_dger(
                        CblasRowMajor, Int32(ships), Int32(d), 1, input.h0 + i0 * m + j, Int32(m), input.f + j * d, 1,
                        scratch + (j - j0) * ships * d, Int32(d))
                }
                // 2. Fused, ship by ship: its speeds j0..<j0+speeds are one contiguous run of
                //    each output (CWakeKernel).
                for i in 0..<ships {
                    let base = ((i0 + i) * m + j0) * d
                    cwk_fuse_rows(
                        input.isa, scratch + i * d, ships * d, speeds, d, input.energyCoefficient, input.c + j0,
                        input.forceCoefficient + j0, input.e1, input.e2, input.f1, input.f2, out.h + base,
                        out.e + base, out.p + base, out.f + base, out.r + base)
                }
            }
        }
        cwk_fence()
    }
}
