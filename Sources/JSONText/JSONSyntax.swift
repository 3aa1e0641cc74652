package import Foundation

/// Where a JSON reader stopped, as an editor counts: Foundation's readers say only "around
/// character N", a byte offset from the start, which nobody can find in a file they edit.
package enum JSONSyntax {
    /// "line 103, column 9" for the offset `error` (or the error under it) names in `data`;
    /// nil when it names none. Columns count characters (a ü is one column, two bytes).
    package static func place(of error: Error, in data: Data) -> String? {
        var current: NSError? = error as NSError
        var words = ""
        while let ns = current {
            words += " " + ((ns.userInfo[NSDebugDescriptionErrorKey] as? String) ?? "")
            current = ns.userInfo[NSUnderlyingErrorKey] as? NSError
        }
        if case DecodingError.dataCorrupted(let context) = error {
            words +=
                " " + context.debugDescription + " " + ((context.underlyingError as NSError?)?.debugDescription ?? "")
        }
        guard let match = words.firstMatch(of: /character (\d+)/), let offset = Int(match.1), offset <= data.count
        else {
            // JSONDecoder says only "not valid JSON": the serialiser, asked again, says where.
            guard case DecodingError.dataCorrupted(let context) = error, context.codingPath.isEmpty else { return nil }
            do { _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) } catch {
                return error is DecodingError ? nil : place(of: error, in: data)
            }
            return nil
        }
        let before = data.prefix(offset)
        let line = before.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? before.startIndex
        let column = String(decoding: data[lineStart..<before.endIndex], as: UTF8.self).count + 1
        return "line \(line), column \(column)"
    }
}
