import Foundation

/// Close matches for a name a person typed: the candidates whose folded form contains it, or
/// is within a small edit distance of it, best first. For "no such ship/station" messages.
package enum NameMatch {
    /// "did you mean "A", "B"?", for the names ``closest(to:in:limit:)`` found.
    package static func didYouMean(_ names: [String]) -> String {
        "did you mean \(names.map { "\"\($0)\"" }.joined(separator: ", "))?"
    }

    package static func closest(to query: String, in candidates: [String], limit: Int = 5) -> [String] {
        let key = TextKey.fold(query)
        // Edit distances are quadratic in the names' lengths: a text longer than any name is no
        // close match, and neither is a candidate that long (bounded time, whatever the input).
        guard !key.isEmpty, key.count <= longestComparedName else { return [] }
        let scored = candidates.compactMap { candidate -> (String, Int)? in
            guard candidate.utf8.count <= 4 * longestComparedName else { return nil }
            let folded = TextKey.fold(candidate)
            if folded.contains(key) || key.contains(folded) { return (candidate, 0) }
            // The whole name, its words, and the name without its first word (a type prefix such
            // as "MS"), each also without spaces: "pantarei" is close to "MS Panta Rhei".
            let words = folded.split(separator: " ").map(String.init)
            var forms = [folded, folded.replacingOccurrences(of: " ", with: "")] + words
            if words.count > 1 { forms.append(words.dropFirst().joined()) }
            // A short query is the start of a word, typed loosely ("Wädi" for Wädenswil): each
            // word's first letters, as many as the query has, from the query's length of 4 on.
            if key.count >= 4 { forms += words.filter { $0.count > key.count }.map { String($0.prefix(key.count)) } }
            let squeezed = key.replacingOccurrences(of: " ", with: "")
            let best =
                forms.map { min(editDistance(Array(key), Array($0)), editDistance(Array(squeezed), Array($0))) }
                .min() ?? Int.max
            // Never half as many edits as the query has letters: "zz" is no typo of "DS Stadt
            // Zürich", nor "wädi" of "Cantine di Gandria".
            return best <= min(max(2, key.count / 3), (key.count - 1) / 2) ? (candidate, best) : nil
        }
        // Only the near-best: beside a name that contains the query, one two edits away is noise
        // ("panta": MS Panta Rhei, not also EMS Pontus and MS Säntis).
        let best = scored.map(\.1).min() ?? 0
        return scored.filter { $0.1 <= best + 1 }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(limit).map(\.0)
    }

    /// The longest name compared letter by letter (the edit distance is quadratic in the
    /// lengths): a longer text is no ship's or station's name, and never a close match.
    package static let longestComparedName = 64

    /// Whether two names, already folded to keys, are probably one name spelled two ways: their
    /// letters (spaces and hyphens dropped) within an edit distance of 0 for names of up to 4
    /// letters, 1 up to 8 and 2 beyond. "Pantha Rhei" and "Panta Rhei" are; "Rigi" and "Panta
    /// Rhei", "Zürichsee" and "Stadt Zürich" are not.
    package static func isProbableSpelling(_ a: String, of b: String) -> Bool {
        let x = Array(a.filter { $0 != " " && $0 != "-" })
        let y = Array(b.filter { $0 != " " && $0 != "-" })
        guard !x.isEmpty, !y.isEmpty, x.count <= longestComparedName, y.count <= longestComparedName else {
            return false
        }
        let length = max(x.count, y.count)
        let allowed = length <= 4 ? 0 : length <= 8 ? 1 : 2
        guard abs(x.count - y.count) <= allowed else { return false }
        return editDistance(x, y) <= allowed
    }

    /// Levenshtein distance (quadratic in the lengths: bound them first).
    package static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
