package import Foundation
package import JobContract

/// A file that could not be read, written or locked, or is not what it should be: the path and
/// the reason, in words, which side of the run it was on and the kind of problem. Readers of the
/// toolkit's files throw it, or map it to their own error type (keeping its kind).
package struct FileProblem: KindedError, Equatable, LocalizedError {
    /// Which side of the run the file was on.
    package enum Side: Sendable, Equatable {
        /// Something the run reads.
        case input
        /// Something the run writes (an output, its temporary file, its folder).
        case output
        /// A folder another run holds, or that cannot be locked.
        case lock
    }

    package var path: String
    package var reason: String
    package var side: Side
    /// The class of the problem: by default, from the side (an input's content is bad data, an
    /// output cannot be written, a lock refuses); a file that is not there or cannot be opened is
    /// ``ProblemKind/missingInput`` (``kind(of:)`` reads it from the system's error).
    package var kind: ProblemKind

    package init(path: String, reason: String, side: Side = .input, kind: ProblemKind? = nil) {
        self.path = path
        self.reason = reason
        self.side = side
        self.kind =
            kind
            ?? {
                switch side {
                case .input: .badData
                case .output: .cannotWrite
                case .lock: .refused
                }
            }()
    }

    package var location: String? { path }

    package var description: String { "\(path): \(reason)" }
    package var errorDescription: String? { description }

    /// A Foundation or POSIX error of a file operation in words (`no such file`, `permission
    /// denied`, `no space left on device`), without the error domain's dump.
    package static func words(for error: Error) -> String {
        let ns = error as NSError
        if let code = posixCode(ns) { return String(cString: strerror(code)).lowercased() }
        switch ns.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "no such file"
        case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied"
        case NSFileWriteOutOfSpaceError: return "no space left on the device"
        case NSFileWriteVolumeReadOnlyError: return "the file system is read-only"
        case NSFileReadCorruptFileError, NSFileReadInapplicableStringEncodingError: return "unreadable content"
        default: return ns.localizedDescription
        }
    }

    /// The kind of a failed read: a file that is not there, may not be opened or is a folder is
    /// ``ProblemKind/missingInput``, anything else ``ProblemKind/badData``.
    package static func kind(of error: Error) -> ProblemKind {
        let ns = error as NSError
        if let code = posixCode(ns) { return kind(errno: code) }
        switch ns.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError, NSFileReadNoPermissionError: return .missingInput
        default: return .badData
        }
    }

    /// The kind of a failed `open(2)` or read by its `errno`.
    package static func kind(errno code: Int32) -> ProblemKind {
        [ENOENT, EACCES, EPERM, EISDIR, ENOTDIR, ELOOP, ENAMETOOLONG].contains(code) ? .missingInput : .badData
    }

    /// Creates `directory` (and its parents) when it is not there.
    /// - Throws: a ``FileProblem`` on the output side naming the folder and why.
    package static func createFolder(_ directory: URL) throws {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw FileProblem(
                path: directory.path, reason: "cannot create the folder (\(words(for: error)))", side: .output)
        }
    }

    /// The POSIX error code of a file operation's error: its underlying error's first (on Linux a
    /// Swift `POSIXError`, taken as an Error), else its own; nil when neither is a POSIX error.
    private static func posixCode(_ error: NSError) -> Int32? {
        let underlying = (error.userInfo[NSUnderlyingErrorKey] as? Error).map { $0 as NSError }
        return [underlying, error].compactMap { $0 }.first { $0.domain == NSPOSIXErrorDomain }.map { Int32($0.code) }
    }
}
