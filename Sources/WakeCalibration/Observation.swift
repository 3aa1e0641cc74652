public import WakeModels

/// One measured wake: the ship, where and how it passed, and the highest wave seen.
public struct Observation: Sendable, Equatable {
    /// The file line it was read from (1 is the header).
    public var line: Int
    public var ship: String?
    public var hull: WakeHull
    /// Ship speed, km/h.
    public var speedKmh: Double
    /// Water depth at the sailing line, m.
    public var depthM: Double
    /// Distance of the observer from the sailing line, m.
    public var distanceM: Double
    /// Observed maximum wave height, m.
    public var heightM: Double

    public init(
        line: Int, ship: String?, hull: WakeHull, speedKmh: Double, depthM: Double, distanceM: Double, heightM: Double
    ) {
        self.line = line
        self.ship = ship
        self.hull = hull
        self.speedKmh = speedKmh
        self.depthM = depthM
        self.distanceM = distanceM
        self.heightM = heightM
    }
}

/// What a calibration is wrong about, named.
package enum CalibrationError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case missingColumns(path: String, columns: [String])
    case tooFewObservations(valid: Int, needed: Int, skipped: Int)
    case rankDeficient(reason: String)
    case lapack(routine: String, info: Int32)

    package var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): \(reason)"
        case .missingColumns(let path, let columns):
            "\(path): missing column(s) \(columns.joined(separator: ", ")); the header needs lengthM, beamM, "
                + "displacementT, speedKmh, depthM, distanceM, heightM (optional: ship, draftM, blockCoefficient, "
                + "entranceLengthM)"
        case .tooFewObservations(let valid, let needed, let skipped):
            "\(valid) valid observation(s) (\(skipped) skipped), but the power law has \(needed) coefficients: "
                + "at least \(needed + 1) are needed"
        case .rankDeficient(let reason):
            "the observations cannot separate the coefficients (rank-deficient design): \(reason)"
        case .lapack(let routine, let info): "LAPACK \(routine) failed (info \(info))"
        }
    }
}
