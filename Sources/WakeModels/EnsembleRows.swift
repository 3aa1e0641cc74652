import Foundation

/// The per-row inputs of the kernel (a row is one ship × speed × track depth × rider depth) and
/// the distance factors.
struct EnsembleRows {
    var ksCoefficient: [Double] = []
    var piancCoefficient: [Double] = []
    /// Per row (a_SW, n_SW), side by side (rows × 2, row-major): BLAS's left operand.
    var swPair: [Double] = []
    /// Per row e^(c0): the central height at the track is e^(c0) · y^(−1/3) (NaN where there is none).
    var centralCoefficient: [Double] = []
    var factor: [Double] = []
    /// K e^(−U_lo) and K e^(U_hi): the band's ends over the central height at the track.
    var low: [Double] = []
    var high: [Double] = []
    var cap: [Double] = []
    /// K where the row has a central height, NaN where it has none: the band spans both members.
    var members: [Double] = []
    var groupVelocity: [Double] = []
    var shorewardShare: [Double] = []
    var wavelength: [Double] = []
    /// y^(−1/3) and ln y per distance.
    var inverseCubeRootDistance: [Double] = []
    var logDistance: [Double] = []

    mutating func reserve(_ rows: Int) {
        for array in [
            \EnsembleRows.ksCoefficient, \.piancCoefficient, \.centralCoefficient, \.factor, \.low, \.high, \.cap,
            \.members,
            \.groupVelocity, \.shorewardShare, \.wavelength,
        ] {
            self[keyPath: array].reserveCapacity(rows)
        }
        swPair.reserveCapacity(2 * rows)
    }

    /// The number of rows.
    var count: Int { factor.count }

    /// One row: the generation terms of its ship × speed × track depth and the waves at its rider
    /// depth. The central height's log is c0 − ⅓ ln y (both members fall as y^(−1/3)), so the
    /// height is the rank-1 product e^(c0) · y^(−1/3), like its members'.
    mutating func append(_ terms: ModelTerms.Row, rider: RiderTerms, riderDepth: Double) {
        ksCoefficient.append(terms.ksCoefficient)
        piancCoefficient.append(terms.piancCoefficient)
        swPair.append(terms.swLogCoefficient)
        swPair.append(terms.swExponent)
        centralCoefficient.append(EnsembleExp.exp(terms.centralLog))
        let k = rider.factor
        let band = terms.uncertainty.total
        factor.append(k)
        low.append(k * Foundation.exp(-band.lower))
        high.append(band.upper.isFinite ? k * Foundation.exp(band.upper) : .infinity)
        cap.append(RiderWaves.breakingIndex * riderDepth)
        members.append(terms.centralLog.isNaN ? .nan : k)
        groupVelocity.append(rider.groupVelocity)
        shorewardShare.append(rider.shorewardShare)
        wavelength.append(rider.wavelength)
    }

    /// Per distance (1, ln y) as a 2 × distances row-major matrix.
    func onesAndLogDistance() -> [Double] { [Double](repeating: 1, count: logDistance.count) + logDistance }
}

/// What a row takes from the waves at its rider (NaN where no wave reaches the rider; the log of
/// the factor −∞ there), made once per speed × track depth × rider depth instead of once per row.
struct RiderTerms {
    let factor: Double
    let logFactor: Double
    let groupVelocity: Double
    let shorewardShare: Double
    let wavelength: Double

    init(_ waves: RiderWaves?) {
        factor = waves?.factor ?? .nan
        logFactor = log(waves?.factor ?? 0)
        groupVelocity = waves?.groupVelocityMPerS ?? .nan
        shorewardShare = waves?.shorewardShare ?? .nan
        wavelength = waves?.wavelengthM ?? .nan
    }
}
