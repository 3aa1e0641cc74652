internal import CBLAS
internal import CWakeKernel
import WakeKernelSupport

/// The cells of the ensemble: per block of rows, BLAS `dgemm` forms Sorensen & Weggel's exponent
/// [a_SW n] · [1; ln y] (rank 2; β = 0, so the scratch block is overwritten, not read) in a
/// cache-resident scratch block, then one fused C pass (`cwk_ensemble_block`) takes its
/// exponential, makes the rank-1 heights a_KS · y^(−1/3), a_P · y^(−1/3) and the central
/// e^(c0) · y^(−1/3) as it goes (one multiply a cell: a product of BLAS's would be one more pass
/// over memory), carries the ensemble to the rider and computes the energy figures, writing each
/// output once, with the widest instruction set of the processor (``KernelISA``; every path gives
/// the same bits).
enum EnsembleKernel {
    /// Scratch doubles per block: the block (64 KiB) stays in L2.
    static let blockCells = 8192

    static func run(_ rows: EnsembleRows, distances d: Int, into out: EnsembleBuffers, threads: Int, isa: KernelISA) {
        _ = BLASThreads.callerOnly
        let r = rows.count
        precondition(out.all.allSatisfy { $0.count == r * d }, "one output per cell")
        guard r > 0, d > 0 else { return }
        let rowsPerBlock = max(1, blockCells / d)
        let blocks = (r + rowsPerBlock - 1) / rowsPerBlock
        let energyCoefficient = PhysicalConstants.waterDensity * PhysicalConstants.gravity / 8
        let cOut = cwk_ensemble_out(
            ks: out.kriebelSeelig.baseAddress, sw: out.sorensenWeggel.baseAddress, pianc: out.pianc.baseAddress,
            generated: out.generated.baseAddress, median: out.median.baseAddress, minimum: out.minimum.baseAddress,
            maximum: out.maximum.baseAddress, energy: out.energy.baseAddress, flux: out.flux.baseAddress,
            shoreward: out.shorewardFlux.baseAddress, energy_per_wave: out.energyPerWave.baseAddress)
        let perRow = [
            rows.ksCoefficient, rows.piancCoefficient, rows.centralCoefficient, rows.factor, rows.low, rows.high,
            rows.cap, rows.groupVelocity, rows.shorewardShare, rows.wavelength, rows.members, rows.swPair,
            rows.inverseCubeRootDistance, rows.onesAndLogDistance(),
        ]
        withBaseAddresses(of: perRow) { p in
            let rowInputs = cwk_ensemble_rows(
                ks_coefficient: p[0], pianc_coefficient: p[1], central_coefficient: p[2], factor: p[3], low: p[4],
                high: p[5], cap: p[6], group_velocity: p[7], shoreward_share: p[8], wavelength: p[9], members: p[10])
            let work = BlockWork(
                rowCount: r, swPair: p[11]!, distanceFactor: p[12]!, onesAndLogDistance: p[13]!, distances: d,
                rowsPerBlock: rowsPerBlock, rowInputs: rowInputs, out: cOut, energyCoefficient: energyCoefficient,
                isa: Int32(isa.rawValue))
            ParallelFor.run(blocks, workers: max(threads, 1)) { _, range in work.run(blocks: range) }
        }
    }

    /// What every worker shares; each writes disjoint cells.
    struct BlockWork: @unchecked Sendable {
        // Invariant: read-only after construction; the C pointers point into arrays the caller
        // keeps alive for the whole run, and workers write disjoint blocks of the outputs.
        let rowCount: Int
        /// Per row (a_SW, n_SW); per distance y^(−1/3); (1, ln y) as 2 × distances.
        let swPair: UnsafePointer<Double>
        let distanceFactor: UnsafePointer<Double>
        let onesAndLogDistance: UnsafePointer<Double>
        let distances: Int
        let rowsPerBlock: Int
        let rowInputs: cwk_ensemble_rows
        let out: cwk_ensemble_out
        let energyCoefficient: Double
        let isa: Int32

        func run(blocks: Range<Int>) {
            let d = Int32(distances)
            let sw = UnsafeMutablePointer<Double>.allocate(capacity: rowsPerBlock * distances)
            defer { sw.deallocate() }
            for block in blocks {
                let r0 = block * rowsPerBlock
                let count = min(rowsPerBlock, rowCount - r0)
                // Sorensen & Weggel's exponent [a n] · [1; ln y]. β = 0: the scratch's old values are
                // not read (OpenBLAS zeroes it in a pass of its own, `dgemm_beta`, then adds the
                // product).
                cblas_dgemm(
                    CblasRowMajor, CblasNoTrans, CblasNoTrans, Int32(count), d, 2, 1, swPair + 2 * r0, 2,
                    onesAndLogDistance, d, 0, sw, d)
                cwk_ensemble_block(
                    isa, sw, distanceFactor, count, distances, r0, rowInputs, energyCoefficient, out)
            }
        }
    }
}
