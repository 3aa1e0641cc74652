import Foundation

/// Close matches for a name a person typed: the candidates whose folded form contains it, or
/// is within a small edit distance of it, best first. For "no such ship/station" messages.
package enum NameMatch {
    package static func closest(to query: String, in candidates: [String], limit: Int = 5) -> [String] {
        let key = TextKey.fold(query)
        guard !key.isEmpty else { return [] }
        let scored = candidates.compactMap { candidate -> (String, Int)? in
            let folded = TextKey.fold(candidate)
            if folded.contains(key) || key.contains(folded) { return (candidate, 0) }
            // The whole name, its words, and the name without its first word (a type prefix such
            // as "MS"), each also without spaces: "pantarei" is close to "MS Panta Rhei".
            let words = folded.split(separator: " ").map(String.init)
            var forms = [folded, folded.replacingOccurrences(of: " ", with: "")] + words
            if words.count > 1 { forms.append(words.dropFirst().joined()) }
            let squeezed = key.replacingOccurrences(of: " ", with: "")
            let best =
                forms.map { min(editDistance(Array(key), Array($0)), editDistance(Array(squeezed), Array($0))) }
                .min() ?? Int.max
            return best <= max(2, key.count / 3) ? (candidate, best) : nil
        }
        return scored.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(limit).map(\.0)
    }

    /// Levenshtein distance.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
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
