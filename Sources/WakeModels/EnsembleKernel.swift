internal import CBLAS
internal import CWakeKernel
import Dispatch
import LegacyWakeModel
import WakeKernelSupport

/// Where the ensemble kernel writes: eleven buffers of one double per cell each, in cell order
/// (ship, speed, track depth, rider depth, distance; distance fastest). Caller-provided buffers
/// (already faulted in, reused across calls) spare the page zeroing a fresh allocation costs.
@_spi(Benchmarks) public struct EnsembleBuffers: @unchecked Sendable {
    // Invariant: the buffers are the caller's; the kernel writes disjoint cells of each from its
    // workers and never reads them, so sharing the pointers across threads is safe.
    package var kriebelSeelig: UnsafeMutableBufferPointer<Double>
    package var sorensenWeggel: UnsafeMutableBufferPointer<Double>
    package var pianc: UnsafeMutableBufferPointer<Double>
    package var generated: UnsafeMutableBufferPointer<Double>
    package var median: UnsafeMutableBufferPointer<Double>
    package var minimum: UnsafeMutableBufferPointer<Double>
    package var maximum: UnsafeMutableBufferPointer<Double>
    package var energy: UnsafeMutableBufferPointer<Double>
    package var flux: UnsafeMutableBufferPointer<Double>
    package var shorewardFlux: UnsafeMutableBufferPointer<Double>
    package var energyPerWave: UnsafeMutableBufferPointer<Double>

    /// How many outputs the kernel writes.
    @_spi(Benchmarks) public static let outputCount = 11

    /// The outputs in the kernel's order: kriebelSeelig, sorensenWeggel, pianc, generated, median,
    /// minimum, maximum, energy, flux, shorewardFlux, energyPerWave.
    @_spi(Benchmarks) public init(_ outputs: [UnsafeMutableBufferPointer<Double>]) {
        precondition(outputs.count == Self.outputCount, "eleven outputs")
        kriebelSeelig = outputs[0]
        sorensenWeggel = outputs[1]
        pianc = outputs[2]
        generated = outputs[3]
        median = outputs[4]
        minimum = outputs[5]
        maximum = outputs[6]
        energy = outputs[7]
        flux = outputs[8]
        shorewardFlux = outputs[9]
        energyPerWave = outputs[10]
    }

    var all: [UnsafeMutableBufferPointer<Double>] {
        [
            kriebelSeelig, sorensenWeggel, pianc, generated, median, minimum, maximum, energy, flux, shorewardFlux,
            energyPerWave,
        ]
    }
}

/// The per-row inputs of the kernel (a row is one ship × speed × track depth × rider depth) and
/// the distance factors.
struct EnsembleRows {
    var ksCoefficient: [Double] = []
    var piancCoefficient: [Double] = []
    /// Per row (a_SW, n_SW) and (c0, c1) of the ensemble's log, side by side (rows × 2, row-major).
    var swPair: [Double] = []
    var ensemblePair: [Double] = []
    var valid: [UInt8] = []
    var factor: [Double] = []
    var cap: [Double] = []
    var groupVelocity: [Double] = []
    var shorewardShare: [Double] = []
    var wavelength: [Double] = []
    /// y^(−1/3) and ln y per distance.
    var inverseCubeRootDistance: [Double] = []
    var logDistance: [Double] = []

    mutating func reserve(_ rows: Int) {
        for array in [
            \EnsembleRows.ksCoefficient, \.piancCoefficient, \.factor, \.cap, \.groupVelocity,
            \.shorewardShare, \.wavelength,
        ] {
            self[keyPath: array].reserveCapacity(rows)
        }
        swPair.reserveCapacity(2 * rows)
        ensemblePair.reserveCapacity(2 * rows)
        valid.reserveCapacity(rows)
    }

    /// One row: the generation terms of its ship × speed × track depth and the waves at its rider depth.
    mutating func append(
        _ terms: ModelTerms.Row, mask: UInt8, log: (c0: Double, c1: Double), waves: RiderWaves?, riderDepth: Double
    ) {
        ksCoefficient.append(terms.ksCoefficient)
        piancCoefficient.append(terms.piancCoefficient)
        swPair += [terms.swLogCoefficient, terms.swExponent]
        ensemblePair += [log.c0, log.c1]
        valid.append(mask)
        factor.append(waves?.factor ?? .nan)
        cap.append(RiderWaves.breakingIndex * riderDepth)
        groupVelocity.append(waves?.groupVelocityMPerS ?? .nan)
        shorewardShare.append(waves?.shorewardShare ?? .nan)
        wavelength.append(waves?.wavelengthM ?? .nan)
    }

    /// Per distance (1, ln y) as a 2 × distances row-major matrix.
    func onesAndLogDistance() -> [Double] { [Double](repeating: 1, count: logDistance.count) + logDistance }
}

/// The cells of the ensemble: per block of rows, BLAS `dgemm` forms the separable parts in
/// cache-resident scratch blocks (Kriebel & Seelig a_KS ⊗ y^(−1/3) and PIANC a_P ⊗ y^(−1/3), rank
/// 1; the Sorensen & Weggel exponent [a_SW n] · [1; ln y] and the ensemble's log [c0 c1] · [1; ln y],
/// rank 2; β = 0, so the scratch is overwritten, not read), then one fused C pass
/// (`cwk_ensemble_block`) takes the exponentials, carries the ensemble to the rider and computes
/// the energy figures, writing each output once, with the widest instruction set of the processor
/// (``KernelISA``; every path gives the same bits).
enum EnsembleKernel {
    /// Scratch doubles per block and model: the four blocks (256 KiB) stay in L2.
    static let blockCells = 8192

    static func run(_ rows: EnsembleRows, distances d: Int, into out: EnsembleBuffers, threads: Int, isa: KernelISA) {
        _ = BLASThreads.callerOnly
        let r = rows.valid.count
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
        rows.valid.withUnsafeBufferPointer { valid in
            rows.factor.withUnsafeBufferPointer { factor in
                rows.cap.withUnsafeBufferPointer { cap in
                    rows.groupVelocity.withUnsafeBufferPointer { cg in
                        rows.shorewardShare.withUnsafeBufferPointer { share in
                            rows.wavelength.withUnsafeBufferPointer { lambda in
                                let rowInputs = cwk_ensemble_rows(
                                    valid: valid.baseAddress, factor: factor.baseAddress, cap: cap.baseAddress,
                                    group_velocity: cg.baseAddress, shoreward_share: share.baseAddress,
                                    wavelength: lambda.baseAddress)
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
                                        let count = Int32(min(rowsPerBlock, rows.valid.count - r0))
                                        let (n, dd) = (Int32(d), Int32(d))
                                        // KS and PIANC: rank-1 products a ⊗ y^(−1/3); SW and the
                                        // ensemble's log: [a n] · [1; ln y]. GEMM with β = 0
                                        // overwrites the scratch, so nothing is zeroed first.
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
