package import JobContract
package import SafeFiles
import TextFormats
import WakeModels

/// What a calibration is wrong about, named.
package enum CalibrationError: KindedError, Equatable {
    case unreadable(path: String, reason: String, kind: ProblemKind = .missingInput)
    case missingColumns(path: String, columns: [String])
    case tooFewObservations(valid: Int, needed: Int, skipped: Int)
    case rankDeficient(reason: String)
    case lapack(routine: String, info: Int32)

    package var description: String {
        switch self {
        case .unreadable(let path, let reason, _): "\(path): \(reason)"
        case .missingColumns(let path, let columns):
            "\(path): missing \(columns.count == 1 ? "column" : "columns") \(columns.joined(separator: ", ")); the header needs lengthM, beamM, "
                + "displacementT, speedKmh, trackDepthM (or its old name depthM), distanceM, heightM (optional: ship, "
                + "draftM, blockCoefficient, entranceLengthM)"
        case .tooFewObservations(let valid, let needed, let skipped):
            "\(counted(valid, "valid observation")) (\(skipped) skipped), but the power law has \(needed) coefficients: "
                + "at least \(needed + 1) are needed"
        case .rankDeficient(let reason):
            "the observations cannot separate the coefficients (rank-deficient design): \(reason)"
        case .lapack(let routine, let info): "LAPACK \(routine) failed (info \(info))"
        }
    }
}

extension CalibrationError {
    /// An observations file that could not be read, keeping the reader's kind of problem.
    package static func unreadable(_ problem: FileProblem) -> CalibrationError {
        .unreadable(path: problem.path, reason: problem.reason, kind: problem.kind)
    }

    package var kind: ProblemKind {
        switch self {
        case .unreadable(_, _, let kind): kind
        case .missingColumns, .tooFewObservations, .rankDeficient: .badData
        case .lapack: .failed
        }
    }

    package var location: String? {
        switch self {
        case .unreadable(let path, _, _), .missingColumns(let path, _): path
        case .tooFewObservations, .rankDeficient, .lapack: nil
        }
    }
}
