package import Foundation

/// The one way the toolkit reads its JSON data files: a bounded read, then a decode whose error
/// names the file and the field (`ships[3].lengthM: Expected to decode Double …`).
package enum JSONFile {
    /// Decodes `T` from the file at `url`.
    /// - Parameters:
    ///   - what: what the file should be, for messages ("rating table", "fleet file").
    ///   - limit: largest file accepted, bytes.
    ///   - makeError: builds the caller's error from (path, reason); default ``FileProblem``.
    package static func decode<T: Decodable>(
        _ type: T.Type, at url: URL, what: String, limit: Int = BoundedFile.defaultLimit,
        makeError: (String, String) -> any Error = { FileProblem(path: $0, reason: $1) }
    ) throws -> T {
        let data: Data
        do { data = try BoundedFile.read(url, limit: limit, what: what) } catch let problem as FileProblem {
            throw makeError(problem.path, problem.reason)
        }
        return try decode(type, from: data, path: url.path, what: what, makeError: makeError)
    }

    /// Decodes `T` from bytes that came from `path` (a file or a URL).
    package static func decode<T: Decodable>(
        _ type: T.Type, from data: Data, path: String, what: String,
        makeError: (String, String) -> any Error = { FileProblem(path: $0, reason: $1) }
    ) throws -> T {
        do { return try JSONDecoder().decode(type, from: data) } catch {
            throw makeError(path, "not a \(what): \(describeDecodingError(error))")
        }
    }
}
