internal import CBLAS
internal import CWakeKernel
import Dispatch

/// The per-cell outputs of ``WakeGrid``: H, E, P, F and the rating for ships × speeds × depths,
/// in ship-major order `(i · speeds + j) · depths + k`.
///
/// Memory-bound by design: 33 bytes are written per cell and nothing else is large. Work goes
/// in blocks of a few dozen ships × all depths for one speed:
/// 1. BLAS `dger` writes the block's heights `H₀[i, j] · f[j, k]` (a rank-1 outer product)
///    into a scratch block that stays in L1/L2;
/// 2. one fused pass (C, ``cwk_fuse_block``) derives `E = ρg/8 · H²`, `P = E · c_j`,
///    `F = ρg/2 · c_j² · H` and the rating from each cached H and writes all five outputs once
///    with streaming stores (no zero fill, no read-modify-write, no read-for-ownership of the
///    large arrays).
/// Outputs are allocated uninitialised with huge-page advice (``HugePages``). With `threads`
/// > 1, ship blocks are split between threads; each writes disjoint cells.
struct WakeCells {
    let height: [Double]
    let energy: [Double]
    let power: [Double]
    let force: [Double]
    let rating: [UInt8]

    /// Ships per block: the scratch block (`blockShips × depths` doubles) stays ≤ 64 KiB.
    static func blockShips(depths: Int) -> Int { max(1, 2048 / max(depths, 1)) }

    init(
        baseHeight: [Double], shallowFactor: [Double], celerity: [Double], ships n: Int, speeds m: Int, depths d: Int,
        thresholds: RatingThresholds, threads: Int
    ) {
        precondition(baseHeight.count == n * m && shallowFactor.count == m * d && celerity.count == m, "shapes")
        let count = n * m * d
        let g = PhysicalConstants.gravity
        let rho = PhysicalConstants.waterDensity
        let energyCoefficient = rho * g / 8
        let forceCoefficients = celerity.map { rho * g / 2 * $0 * $0 }
        let (e1, e2) = (thresholds.energyJPerM2[0], thresholds.energyJPerM2[1])
        let (f1, f2) = (thresholds.forceNPerM2[0], thresholds.forceNPerM2[1])
        let blockShips = Self.blockShips(depths: d)
        let blocks = (n + blockShips - 1) / blockShips

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
                            baseHeight.withUnsafeBufferPointer { h0 in
                                shallowFactor.withUnsafeBufferPointer { f in
                                    celerity.withUnsafeBufferPointer { c in
                                        forceCoefficients.withUnsafeBufferPointer { fc in
                                            let inputs = Inputs(
                                                h0: h0.baseAddress!, f: f.baseAddress!, c: c.baseAddress!,
                                                forceCoefficient: fc.baseAddress!, energyCoefficient: energyCoefficient,
                                                e1: e1, e2: e2, f1: f1, f2: f2, ships: n, speeds: m, depths: d)
                                            let workers = min(threads, blocks)
                                            if workers <= 1 {
                                                Self.run(blocks: 0..<blocks, blockShips: blockShips, inputs, out)
                                            } else {
                                                DispatchQueue.concurrentPerform(iterations: workers) { w in
                                                    let range = (blocks * w / workers)..<(blocks * (w + 1) / workers)
                                                    Self.run(blocks: range, blockShips: blockShips, inputs, out)
                                                }
                                            }
                                        }
                                    }
                                }
                            }
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

    /// Raw pointers shared by worker threads; each worker writes disjoint cells.
    struct Outputs: @unchecked Sendable {
        let h: UnsafeMutablePointer<Double>
        let e: UnsafeMutablePointer<Double>
        let p: UnsafeMutablePointer<Double>
        let f: UnsafeMutablePointer<Double>
        let r: UnsafeMutablePointer<UInt8>
    }

    struct Inputs: @unchecked Sendable {
        let h0: UnsafePointer<Double>  // ships × speeds
        let f: UnsafePointer<Double>  // speeds × depths
        let c: UnsafePointer<Double>  // speeds
        let forceCoefficient: UnsafePointer<Double>  // speeds: ρg/2 · c²
        let energyCoefficient: Double
        let e1, e2, f1, f2: Double
        let ships, speeds, depths: Int
    }

    static func run(blocks: Range<Int>, blockShips: Int, _ input: Inputs, _ out: Outputs) {
        let (n, m, d) = (input.ships, input.speeds, input.depths)
        let scratch = UnsafeMutablePointer<Double>.allocate(capacity: blockShips * d)
        defer { scratch.deallocate() }
        for block in blocks {
            let i0 = block * blockShips
            let rows = min(blockShips, n - i0)
            for j in 0..<m {
                // 1. H block = H₀[i0..<i0+rows, j] ⊗ f[j, :] (rank 1), into the cached scratch.
                scratch.update(repeating: 0, count: rows * d)
                cblas_dger(
                    CblasRowMajor, Int32(rows), Int32(d), 1, input.h0 + i0 * m + j, Int32(m), input.f + j * d, 1,
                    scratch, Int32(d))
                // 2. Fused: every output written once, with streaming stores (CWakeKernel).
                let base = (i0 * m + j) * d
                cwk_fuse_block(
                    scratch, rows, d, m * d, input.energyCoefficient, input.c[j], input.forceCoefficient[j], input.e1,
                    input.e2, input.f1, input.f2, out.h + base, out.e + base, out.p + base, out.f + base, out.r + base)
            }
        }
        cwk_fence()
    }
}
