internal import CBLAS
internal import CWakeKernel
import Dispatch
import LegacyWakeModel
import WakeKernelSupport

/// The cells of the ensemble: per block of rows, BLAS `dgemm` forms the separable parts in
/// cache-resident scratch blocks (Kriebel & Seelig a_KS ⊗ y^(−1/3) and PIANC a_P ⊗ y^(−1/3), rank
/// 1; the Sorensen & Weggel exponent [a_SW n] · [1; ln y] and the central height's log [c0 c1] · [1; ln y],
/// rank 2; β = 0, so the scratch is overwritten, not read), then one fused C pass
/// (`cwk_ensemble_block`) takes the exponentials, carries the ensemble to the rider and computes
/// the energy figures, writing each output once, with the widest instruction set of the processor
/// (``KernelISA``; every path gives the same bits).
enum EnsembleKernel {
    /// Scratch doubles per block and model: the four blocks (256 KiB) stay in L2.
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
        rows.low.withUnsafeBufferPointer { low in
            rows.factor.withUnsafeBufferPointer { factor in
                rows.cap.withUnsafeBufferPointer { cap in
                    rows.groupVelocity.withUnsafeBufferPointer { cg in
                        rows.shorewardShare.withUnsafeBufferPointer { share in
                            rows.wavelength.withUnsafeBufferPointer { lambda in
                                rows.high.withUnsafeBufferPointer { high in
                                    rows.members.withUnsafeBufferPointer { members in
                                        let rowInputs = cwk_ensemble_rows(
                                            factor: factor.baseAddress, low: low.baseAddress, high: high.baseAddress,
                                            cap: cap.baseAddress, group_velocity: cg.baseAddress,
                                            shoreward_share: share.baseAddress, wavelength: lambda.baseAddress,
                                            members: members.baseAddress)
                                        let work = BlockWork(
                                            rows: rows, onesAndLogDistance: rows.onesAndLogDistance(), distances: d,
                                            rowsPerBlock: rowsPerBlock, rowInputs: rowInputs, out: cOut,
                                            energyCoefficient: energyCoefficient, isa: Int32(isa.rawValue))
                                        ParallelFor.run(blocks, workers: max(threads, 1)) { _, range in
                                            work.run(blocks: range)
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

    /// What every worker shares; each writes disjoint cells.
    struct BlockWork: @unchecked Sendable {
        // Invariant: read-only after construction; the C pointers point into arrays the caller
        // keeps alive for the whole run, and workers write disjoint blocks of the outputs.
        let rows: EnsembleRows
        let onesAndLogDistance: [Double]
        let distances: Int
        let rowsPerBlock: Int
        let rowInputs: cwk_ensemble_rows
        let out: cwk_ensemble_out
        let energyCoefficient: Double
        let isa: Int32

        func run(blocks: Range<Int>) {
            let d = distances
            let capacity = rowsPerBlock * d
            let scratch = (0..<4).map { _ in UnsafeMutablePointer<Double>.allocate(capacity: capacity) }
            defer { for buffer in scratch { buffer.deallocate() } }
            let (ks, sw, pi, lg) = (scratch[0], scratch[1], scratch[2], scratch[3])
            rows.ksCoefficient.withUnsafeBufferPointer { aKS in
                rows.piancCoefficient.withUnsafeBufferPointer { aP in
                    rows.swPair.withUnsafeBufferPointer { swPair in
                        rows.ensemblePair.withUnsafeBufferPointer { ensPair in
                            rows.inverseCubeRootDistance.withUnsafeBufferPointer { q in
                                onesAndLogDistance.withUnsafeBufferPointer { lny in
                                    for block in blocks {
                                        let r0 = block * rowsPerBlock
                                        let count = Int32(min(rowsPerBlock, rows.count - r0))
                                        let (n, dd) = (Int32(d), Int32(d))
                                        // KS and PIANC: rank-1 products a ⊗ y^(−1/3); SW and the
                                        // ensemble's log: [a n] · [1; ln y]. β = 0: the scratch's
                                        // old values are not read (OpenBLAS zeroes it in a pass
                                        // of its own, `dgemm_beta`, then adds the product).
                                        cblas_dgemm(
                                            CblasRowMajor, CblasNoTrans, CblasNoTrans, count, n, 1, 1,
                                            aKS.baseAddress! + r0, 1, q.baseAddress!, dd, 0, ks, dd)
                                        cblas_dgemm(
                                            CblasRowMajor, CblasNoTrans, CblasNoTrans, count, n, 1, 1,
                                            aP.baseAddress! + r0, 1, q.baseAddress!, dd, 0, pi, dd)
                                        cblas_dgemm(
                                            CblasRowMajor, CblasNoTrans, CblasNoTrans, count, n, 2, 1,
                                            swPair.baseAddress! + 2 * r0, 2, lny.baseAddress!, dd, 0, sw, dd)
                                        cblas_dgemm(
                                            CblasRowMajor, CblasNoTrans, CblasNoTrans, count, n, 2, 1,
                                            ensPair.baseAddress! + 2 * r0, 2, lny.baseAddress!, dd, 0, lg, dd)
                                        cwk_ensemble_block(
                                            isa, ks, sw, pi, lg, Int(count), d, r0, rowInputs, energyCoefficient, out)
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
