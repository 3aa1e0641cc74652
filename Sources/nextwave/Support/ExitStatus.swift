import ArgumentParser
import FleetScraper
import Foundation
import NextWaveSupport
import RatingsPipeline
import ScheduleArchive
import SessionsPipeline
import ShipRatingTable
import WakeCalibration
import WakeModels
import WebPages

/// The exit status of a failed command, after the BSD `sysexits.h` conventions, so that a script
/// can tell a mistake in the command line or in an input from a run that could not finish. The
/// README's "Exit status" table lists them.
enum ExitStatus: Int32, CaseIterable {
    /// The run could not finish, or a safety check refused its result (nothing was replaced).
    case failure = 1
    /// The command line is wrong: an unknown option, a value out of range, names that match
    /// nothing (EX_USAGE).
    case usage = 64
    /// An input's content is wrong: a malformed file, feed, page or archive (EX_DATAERR).
    case dataError = 65
    /// An input does not exist or cannot be opened (EX_NOINPUT).
    case noInput = 66
    /// A site could not be reached or did not answer as it should (EX_UNAVAILABLE).
    case unavailable = 69
    /// An output could not be written (EX_CANTCREAT).
    case cannotCreate = 73

    /// The status for `error`. Libraries state what went wrong; the class of the problem is
    /// the CLI's reading of it.
    static func of(_ error: Error) -> ExitStatus {
        switch error {
        case is ValidationError, is InvalidInput, is OperatorCatalogue.Unknown, is StationQueryError: return .usage
        case let error as CLIError: return error.status
        case is DecodingError, is CSVStreamParser.RecordTooLong: return .dataError
        case is OutputProblem: return .cannotCreate
        case let error as WebFetchError: return of(error)
        case let error as ScrapeError: return of(error)
        case let error as ArchiveError: return of(error)
        case let error as RatingsError: return of(error)
        case let error as CalibrationError: return of(error)
        case is WakeInputError: return .dataError
        case let error as WakeJobError:
            if case .noDimensions = error { return .dataError }
            return .usage
        case is GridJobError: return .usage
        case let error as FleetPagesChoice.Problem:
            if case .noSnapshot = error { return .noInput }
            return .usage
        // No departures where and when asked is one situation with one status, whichever
        // command met it (README, "Exit status"): 1; a plan of 0 or 40 days is a usage error.
        case let error as PlanJobError:
            if case .days = error { return .usage }
            return .failure
        case let error as SessionsJobError:
            switch error {
            case .emptyArchive: return .dataError
            case .noDepartures: return .failure
            default: return .usage
            }
        case let error as FileProblem:
            switch error.side {
            case .output: return .cannotCreate
            case .lock: return .failure
            case .input: return fileStatus(reason: error.reason)
            }
        case let error as CocoaError: return fileStatus(error)
        default: return .failure
        }
    }

    private static func of(_ error: WebFetchError) -> ExitStatus {
        switch error {
        case .invalidURL: .usage
        case .unparseableHTML, .malformedHTML, .tooLarge, .offSite, .offSiteRedirect: .dataError
        case .httpStatus, .transport, .tooSlow, .unreachable, .runTimeExceeded: .unavailable
        }
    }

    private static func of(_ error: ScrapeError) -> ExitStatus {
        switch error {
        case .noShipLinks, .layoutChanged, .pageList, .pageOffSite: .dataError
        case .snapshot(_, let reason): fileStatus(reason: reason, otherwise: .dataError)
        case .snapshotNotEmpty, .snapshotTargetRefused: .cannotCreate
        case .allPagesGone: .unavailable
        }
    }

    private static func of(_ error: ArchiveError) -> ExitStatus {
        switch error {
        case .malformed, .gtfs, .gtfsNeedsWindow: .dataError
        case .unreadable(_, let reason): fileStatus(reason: reason, otherwise: .noInput)
        case .store: .failure
        case .badResponse: .unavailable
        }
    }

    private static func of(_ error: RatingsError) -> ExitStatus {
        switch error {
        case .invalidFile(_, let reason): fileStatus(reason: reason, otherwise: .dataError)
        case .shipExists: .usage
        case .regression, .localSources, .unreadableExisting, .wakeThresholds: .failure
        }
    }

    private static func of(_ error: CalibrationError) -> ExitStatus {
        switch error {
        case .unreadable(_, let reason): fileStatus(reason: reason, otherwise: .noInput)
        case .missingColumns, .tooFewObservations, .rankDeficient: .dataError
        case .lapack: .failure
        }
    }

    /// A file operation's failure: a missing or unreadable input, an output that cannot be
    /// written, else `otherwise`.
    private static func fileStatus(_ error: CocoaError) -> ExitStatus {
        switch error.code {
        case .fileNoSuchFile, .fileReadNoSuchFile, .fileReadNoPermission: .noInput
        case .fileWriteNoPermission, .fileWriteOutOfSpace, .fileWriteVolumeReadOnly, .fileWriteFileExists,
            .fileWriteInvalidFileName, .fileWriteUnknown:
            .cannotCreate
        case .fileReadCorruptFile, .fileReadInapplicableStringEncoding: .dataError
        default: .failure
        }
    }

    /// An input's failure from the reader's words: missing or unopenable (the words
    /// `FileProblem.words(for:)` and the bounded reader use), else `otherwise`.
    private static func fileStatus(reason: String, otherwise: ExitStatus = .dataError) -> ExitStatus {
        let missing = ["no such file", "permission denied", "is a folder", "not a regular file"]
        return missing.contains { reason.contains($0) } ? .noInput : otherwise
    }
}
