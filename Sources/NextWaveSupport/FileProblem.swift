import Foundation

/// A data file that could not be read or is not what it should be: the path and the reason, in
/// words. Readers of the toolkit's files throw it, or map it to their own error type.
package struct FileProblem: Error, Equatable, CustomStringConvertible, LocalizedError {
    package var path: String
    package var reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    package var description: String { "\(path): \(reason)" }
    package var errorDescription: String? { description }

    /// A Foundation or POSIX error of a file operation in words (`no such file`, `permission
    /// denied`, `no space left on device`), without the error domain's dump.
    package static func words(for error: Error) -> String {
        let ns = error as NSError
        // On Linux the underlying error is a Swift POSIXError, not an NSError: take it as an Error.
        let underlying = (ns.userInfo[NSUnderlyingErrorKey] as? Error).map { $0 as NSError }
        if let posix = underlying.flatMap(posixText) ?? posixText(ns) { return posix }
        switch ns.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "no such file"
        case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied"
        case NSFileWriteOutOfSpaceError: return "no space left on the device"
        case NSFileWriteVolumeReadOnlyError: return "the file system is read-only"
        case NSFileReadCorruptFileError, NSFileReadInapplicableStringEncodingError: return "unreadable content"
        default: return ns.localizedDescription
        }
    }

    private static func posixText(_ error: NSError) -> String? {
        guard error.domain == NSPOSIXErrorDomain else { return nil }
        return String(cString: strerror(Int32(error.code))).lowercased()
    }
}
