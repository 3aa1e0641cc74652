import ArgumentParser
import Foundation
import RatingsPipeline

/// Every error the CLI prints, as one line (or a short block) that names what and where in
/// words: the toolkit's own errors say it themselves, and ``Advice`` adds the next step in the
/// command line's terms; Foundation's file errors are put into words with the path instead of
/// their error-domain dump.
enum ErrorPresenter {
    static func message(for error: Error) -> String {
        // A job's failure carries the module's own error: its words and its advice.
        if let failure = error as? JobFailure { return message(for: failure.underlying) }
        return Advice.message(for: error, stated: stated(error))
    }

    private static func stated(_ error: Error) -> String {
        switch error {
        case let error as ValidationError: return error.message
        case let error as DecodingError: return describeDecodingError(error)
        case let error as CocoaError:
            let path = error.userInfo[NSFilePathErrorKey] as? String ?? error.userInfo[NSURLErrorKey].map { "\($0)" }
            return (path.map { "\($0): " } ?? "") + FileProblem.words(for: error)
        case let error as CustomStringConvertible where !(type(of: error) is NSError.Type): return error.description
        default:
            let ns = error as NSError
            let path = ns.userInfo[NSFilePathErrorKey] as? String
            return (path.map { "\($0): " } ?? "") + FileProblem.words(for: error)
        }
    }
}
