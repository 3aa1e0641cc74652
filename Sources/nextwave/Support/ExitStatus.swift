import ArgumentParser
import Foundation
import RatingsPipeline

/// The exit status of a failed command, after the BSD `sysexits.h` conventions, so that a script
/// can tell a mistake in the command line or in an input from a run that could not finish. The
/// the exit status table of docs/commands.md lists them.
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
    /// Another run holds what this one needs; nothing was changed (EX_TEMPFAIL).
    case busy = 75
    /// A folder another user owns would decide the run: refused (EX_NOPERM).
    case noPermission = 77

    /// The status for `error`: the kind of problem every library error states
    /// (``KindedError``), never its words; the command line's own errors say theirs.
    static func of(_ error: Error) -> ExitStatus {
        switch error {
        case is ValidationError: .usage
        case let error as CLIError: error.status
        case is OutputProblem: .cannotCreate
        case let error as any KindedError: of(error.kind)
        case is DecodingError: .dataError
        case let error as CocoaError: of(error)
        default: .failure
        }
    }

    /// The status for a kind of problem.
    static func of(_ kind: ProblemKind) -> ExitStatus {
        switch kind {
        case .usage: .usage
        case .badData: .dataError
        case .missingInput: .noInput
        case .unreachable: .unavailable
        case .cannotWrite: .cannotCreate
        case .busy: .busy
        case .refused, .failed: .failure
        }
    }

    /// A file operation's failure from Foundation: a missing or unreadable input, an output that
    /// cannot be written, bad content, else a failure.
    private static func of(_ error: CocoaError) -> ExitStatus {
        switch error.code {
        case .fileNoSuchFile, .fileReadNoSuchFile, .fileReadNoPermission: .noInput
        case .fileWriteNoPermission, .fileWriteOutOfSpace, .fileWriteVolumeReadOnly, .fileWriteFileExists,
            .fileWriteInvalidFileName, .fileWriteUnknown:
            .cannotCreate
        case .fileReadCorruptFile, .fileReadInapplicableStringEncoding: .dataError
        default: .failure
        }
    }
}
