import WakeModels

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
