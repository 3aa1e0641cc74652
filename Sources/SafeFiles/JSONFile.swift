package import Foundation
import JSONText

/// The one way the toolkit reads its JSON data files: a bounded read, then a decode whose error
/// names the file and the field (`ships[3].lengthM: Expected to decode Double …`).
package enum JSONFile {
    /// Decodes `T` from the file at `url`.
    /// - Parameters:
    ///   - what: what the file should be, for messages ("rating table", "fleet file").
    ///   - limit: largest file accepted, bytes.
    ///   - makeError: builds the caller's error from the file's problem (path, reason, kind);
    ///     default: the ``FileProblem`` itself.
    package static func decode<T: Decodable>(
        _ type: T.Type, at url: URL, what: String, limit: Int = BoundedFile.defaultLimit,
        makeError: (FileProblem) -> any Error = { $0 }
    ) throws -> T {
        let data: Data
        do { data = try BoundedFile.read(url, limit: limit, what: what) } catch let problem as FileProblem {
            throw makeError(problem)
        }
        return try decode(type, from: data, path: url.path, what: what, makeError: makeError)
    }

    /// Decodes `T` from bytes that came from `path` (a file or a URL).
    package static func decode<T: Decodable>(
        _ type: T.Type, from data: Data, path: String, what: String,
        makeError: (FileProblem) -> any Error = { $0 }
    ) throws -> T {
        do { return try JSONDecoder().decode(type, from: data) } catch {
            let article = what.first.map { "aeiou".contains($0) } == true ? "an" : "a"
            throw makeError(
                FileProblem(path: path, reason: "not \(article) \(what): \(describeDecodingError(error, in: data))"))
        }
    }
}
