internal import CBLAS
internal import CWakeKernel
import Dispatch
import LegacyWakeModel
import WakeKernelSupport

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
