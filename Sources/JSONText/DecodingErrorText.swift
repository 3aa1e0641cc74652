package import Foundation

/// A JSON decoding error as one line naming the place: `missing field stationboard`,
/// `ships[0].lengthM: Expected to decode Double but found a string`, `invalid JSON (…)`.
/// Every reader of the toolkit's JSON files reports through this.
/// With the bytes decoded (`data`), invalid JSON is placed by line and column (``JSONSyntax``).
package func describeDecodingError(_ error: Error, in data: Data? = nil) -> String {
    func path(_ keys: [CodingKey]) -> String {
        keys.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            .trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }
    switch error {
    case DecodingError.keyNotFound(let key, let context):
        return "missing field \(path(context.codingPath + [key]))"
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
        return "\(path(context.codingPath)): \(context.debugDescription)"
    case DecodingError.dataCorrupted(let context):
        let underlying = (context.underlyingError as NSError?)?.localizedDescription
        let place = data.flatMap { JSONSyntax.place(of: error, in: $0) }
        return context.codingPath.isEmpty
            ? "invalid JSON" + (place.map { " at \($0)" } ?? "") + (underlying.map { " (\($0))" } ?? "")
            : "\(path(context.codingPath)): \(context.debugDescription)"
    default:
        return String(describing: error)
    }
}
