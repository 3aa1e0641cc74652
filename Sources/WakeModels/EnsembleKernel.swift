internal import CBLAS
internal import CWakeKernel
import Dispatch
import WakePhysics

/// Where the ensemble kernel writes: ten buffers of one double per cell each, in cell order
/// (ship, speed, depth, distance; distance fastest). Caller-provided buffers (already faulted
/// in, reused across calls) spare the page zeroing a fresh allocation costs.
public struct EnsembleBuffers: @unchecked Sendable {
    public var kriebelSeelig: UnsafeMutableBufferPointer<Double>
    public var sorensenWeggel: UnsafeMutableBufferPointer<Double>
    public var pianc: UnsafeMutableBufferPointer<Double>
    public var median: UnsafeMutableBufferPointer<Double>
    public var minimum: UnsafeMutableBufferPointer<Double>
    public var maximum: UnsafeMutableBufferPointer<Double>
    public var energy: UnsafeMutableBufferPointer<Double>
    public var flux: UnsafeMutableBufferPointer<Double>
    public var shorewardFlux: UnsafeMutableBufferPointer<Double>
    public var energyPerWave: UnsafeMutableBufferPointer<Double>

    public init(
        kriebelSeelig: UnsafeMutableBufferPointer<Double>, sorensenWeggel: UnsafeMutableBufferPointer<Double>,
        pianc: UnsafeMutableBufferPointer<Double>, median: UnsafeMutableBufferPointer<Double>,
        minimum: UnsafeMutableBufferPointer<Double>, maximum: UnsafeMutableBufferPointer<Double>,
        energy: UnsafeMutableBufferPointer<Double>, flux: UnsafeMutableBufferPointer<Double>,
        shorewardFlux: UnsafeMutableBufferPointer<Double>, energyPerWave: UnsafeMutableBufferPointer<Double>
    ) {
        self.kriebelSeelig = kriebelSeelig
        self.sorensenWeggel = sorensenWeggel
        self.pianc = pianc
        self.median = median
        self.minimum = minimum
        self.maximum = maximum
        self.energy = energy
        self.flux = flux
        self.shorewardFlux = shorewardFlux
        self.energyPerWave = energyPerWave
    }

    var all: [UnsafeMutableBufferPointer<Double>] {
        [kriebelSeelig, sorensenWeggel, pianc, median, minimum, maximum, energy, flux, shorewardFlux, energyPerWave]
    }
}

/// The per-row inputs of the kernel (a row is one ship × speed × depth) and the distance factors.
struct EnsembleRows {
    var ksCoefficient: [Double] = []
    var swLogCoefficient: [Double] = []
    var swExponent: [Double] = []
    var piancCoefficient: [Double] = []
    var valid: [UInt8] = []
    var groupVelocity: [Double] = []
    var sinTheta: [Double] = []
    var wavelength: [Double] = []
    /// y^(−1/3) and ln y per distance.
    var inverseCubeRootDistance: [Double] = []
    var logDistance: [Double] = []

    /// The SW exponent's factors: per row (a_SW, n_SW) side by side (rows × 2, row-major) …
    func swPair() -> [Double] {
        var pairs = [Double](repeating: 0, count: 2 * swExponent.count)
        for r in swExponent.indices {
            pairs[2 * r] = swLogCoefficient[r]
            pairs[2 * r + 1] = swExponent[r]
        }
        return pairs
    }

    /// … and per distance (1, ln y) as a 2 × distances row-major matrix.
    func onesAndLogDistance() -> [Double] { [Double](repeating: 1, count: logDistance.count) + logDistance }
}

/// The cells of the ensemble: per block of rows, BLAS `dgemm` forms the three separable parts in
/// cache-resident scratch blocks (Kriebel & Seelig a_KS ⊗ y^(−1/3) and PIANC a_P ⊗ y^(−1/3), rank
/// 1; the Sorensen & Weggel exponent [a_SW n] · [1; ln y], rank 2; β = 0, so the scratch is
/// overwritten, not read), then one fused C pass (`cwk_ensemble_block`) takes the exponential, the
/// ensemble of the valid models and the energy figures, writing each output once, with the
/// widest instruction set of the processor (``KernelISA``; every path gives the same bits).
enum EnsembleKernel {
    /// Scratch doubles per block and model: the three blocks (192 KiB) stay in L2.
    static let blockCells = 8192

    static func run(_ rows: EnsembleRows, distances d: Int, into out: EnsembleBuffers, threads: Int, isa: KernelISA) {
        let r = rows.valid.count
        precondition(out.all.allSatisfy { $0.count == r * d }, "one output per cell")
        guard r > 0, d > 0 else { return }
        let rowsPerBlock = max(1, blockCells / d)
        let blocks = (r + rowsPerBlock - 1) / rowsPerBlock
        let energyCoefficient = PhysicalConstants.waterDensity * PhysicalConstants.gravity / 8
        let cOut = cwk_ensemble_out(
            ks: out.kriebelSeelig.baseAddress, sw: out.sorensenWeggel.baseAddress, pianc: out.pianc.baseAddress,
            median: out.median.baseAddress, minimum: out.minimum.baseAddress, maximum: out.maximum.baseAddress,
            energy: out.energy.baseAddress, flux: out.flux.baseAddress, shoreward: out.shorewardFlux.baseAddress,
            energy_per_wave: out.energyPerWave.baseAddress)
        rows.valid.withUnsafeBufferPointer { valid in
            rows.groupVelocity.withUnsafeBufferPointer { cg in
                rows.sinTheta.withUnsafeBufferPointer { st in
                    rows.wavelength.withUnsafeBufferPointer { lambda in
                        let rowInputs = cwk_ensemble_rows(
                            valid: valid.baseAddress, group_velocity: cg.baseAddress, sin_theta: st.baseAddress,
                            wavelength: lambda.baseAddress)
                        let work = BlockWork(
                            rows: rows, swPair: rows.swPair(), onesAndLogDistance: rows.onesAndLogDistance(),
                            distances: d, rowsPerBlock: rowsPerBlock, rowInputs: rowInputs, out: cOut,
                            energyCoefficient: energyCoefficient, isa: Int32(isa.rawValue))
                        let workers = min(max(threads, 1), blocks)
                        if workers == 1 {
                            work.run(blocks: 0..<blocks)
                        } else {
                            DispatchQueue.concurrentPerform(iterations: workers) { w in
                                work.run(blocks: (blocks * w / workers)..<(blocks * (w + 1) / workers))
                            }
                        }
                    }
                }
            }
        }
    }

    /// What every worker shares; each writes disjoint cells.
    struct BlockWork: @unchecked Sendable {
        let rows: EnsembleRows
        let swPair: [Double]
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
            let ks = UnsafeMutablePointer<Double>.allocate(capacity: capacity)
            let sw = UnsafeMutablePointer<Double>.allocate(capacity: capacity)
            let pi = UnsafeMutablePointer<Double>.allocate(capacity: capacity)
            defer {
                ks.deallocate()
                sw.deallocate()
                pi.deallocate()
            }
            rows.ksCoefficient.withUnsafeBufferPointer { aKS in
                rows.piancCoefficient.withUnsafeBufferPointer { aP in
                    swPair.withUnsafeBufferPointer { swPair in
                        rows.inverseCubeRootDistance.withUnsafeBufferPointer { q in
                            onesAndLogDistance.withUnsafeBufferPointer { lny in
                                for block in blocks {
                                    let r0 = block * rowsPerBlock
                                    let count = Int32(min(rowsPerBlock, rows.valid.count - r0))
                                    let (n, dd) = (Int32(d), Int32(d))
                                    // KS and PIANC: rank-1 products a ⊗ y^(−1/3); SW: [a_SW n_SW] · [1; ln y].
                                    // GEMM with β = 0 overwrites the scratch, so nothing is zeroed first.
                                    cblas_dgemm(
                                        CblasRowMajor, CblasNoTrans, CblasNoTrans, count, n, 1, 1,
                                        aKS.baseAddress! + r0, 1, q.baseAddress!, dd, 0, ks, dd)
                                    cblas_dgemm(
                                        CblasRowMajor, CblasNoTrans, CblasNoTrans, count, n, 1, 1,
                                        aP.baseAddress! + r0, 1, q.baseAddress!, dd, 0, pi, dd)
                                    cblas_dgemm(
                                        CblasRowMajor, CblasNoTrans, CblasNoTrans, count, n, 2, 1,
                                        swPair.baseAddress! + 2 * r0, 2, lny.baseAddress!, dd, 0, sw, dd)
                                    cwk_ensemble_block(
                                        isa, ks, sw, pi, Int(count), d, r0, rowInputs, energyCoefficient, out)
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
