import Foundation

/// Numbers in the operator's and encyclopaedias' spec cells.
///
/// Accepted forms: `56.6 Meter`, `56,6 m` (decimal comma), `1'000` / `1’000` (Swiss thousands
/// separator), `382 t`, `ca. 382 Tonnen`, `2x442` / `2 × 442` (count × per-engine value),
/// `2x442 / 2x600` and `2 × 442 kW / 600 PS` (power in kW / PS), `1997 / 1998 / 1999` (years).
package enum SpecValueParser {
    /// The first quantity in the text; `N x V` (or `N × V`) gives the product `N·V`.
    /// `nil` when the text holds no number.
    package static func quantity(_ text: String) -> Double? {
        let tokens = numberTokens(in: text)
        guard let first = tokens.first else { return nil }
        if let multiplied = multiplication(startingAt: 0, in: tokens, text: text) { return multiplied.value }
        return first.value
    }

    /// Engine power as (kW, PS). The text is split at `/`; a part with a unit (`kW`, `PS`) is
    /// that unit, parts without one are kW then PS (the operator's "KW / PS" column). A count
    /// (`2x442`) multiplies its part; a count written only once, before the first part
    /// (`2 × 442 kW / 600 PS`), applies to every part. `nil` when no part holds a number.
    package static func power(_ text: String) -> (kW: Double?, ps: Double?)? {
        let parts = text.split(separator: "/").map(String.init)
        var kW: Double?
        var ps: Double?
        var leadingCount: Double?
        var unitless: [Double] = []
        for (index, part) in parts.enumerated() {
            let tokens = numberTokens(in: part)
            guard !tokens.isEmpty else { continue }
            var value: Double
            if let product = multiplication(startingAt: 0, in: tokens, text: part) {
                value = product.value
                if index == 0 { leadingCount = product.count }
            } else {
                value = tokens[0].value
                if index > 0, let count = leadingCount { value *= count }
            }
            let lower = part.lowercased()
            if lower.contains("kw") {
                kW = value
            } else if lower.contains("ps") {
                ps = value
            } else {
                unitless.append(value)
            }
        }
        for value in unitless {
            if kW == nil { kW = value } else if ps == nil { ps = value }
        }
        guard kW != nil || ps != nil else { return nil }
        return (kW, ps)
    }

    /// Every year (1800…2100) in the text, in order: `1997 / 1998 / 1999` → [1997, 1998, 1999].
    package static func years(_ text: String) -> [Int] {
        numberTokens(in: text).compactMap { token in
            guard token.isInteger, token.value >= 1800, token.value <= 2100 else { return nil }
            return Int(token.value)
        }
    }

    // MARK: - Tokens

    struct NumberToken {
        var value: Double
        var isInteger: Bool
        /// Offsets (in Characters) of the token in its text.
        var start: Int
        var end: Int
    }

    /// Numbers with optional `'`/`’` thousands groups and one decimal `.` or `,`.
    static func numberTokens(in text: String) -> [NumberToken] {
        let chars = Array(text)
        var tokens: [NumberToken] = []
        var i = 0
        while i < chars.count {
            guard chars[i].isASCII, chars[i].isNumber else {
                i += 1
                continue
            }
            let start = i
            var digits = ""
            var isInteger = true
            while i < chars.count {
                let c = chars[i]
                if c.isASCII && c.isNumber {
                    digits.append(c)
                    i += 1
                } else if c == "'" || c == "’",
                    i + 3 < chars.count
                        && chars[(i + 1)...(i + 3)].allSatisfy({ $0.isASCII && $0.isNumber })
                {
                    i += 1  // thousands separator between digit groups
                } else if c == "." || c == ",", isInteger, i + 1 < chars.count, chars[i + 1].isASCII,
                    chars[i + 1].isNumber
                {
                    digits.append(".")
                    isInteger = false
                    i += 1
                } else {
                    break
                }
            }
            if let value = Double(digits) {
                tokens.append(NumberToken(value: value, isInteger: isInteger, start: start, end: i))
            }
        }
        return tokens
    }

    /// `N x V` / `N × V` / `N X V` at token `index`: returns (N·V, N).
    static func multiplication(startingAt index: Int, in tokens: [NumberToken], text: String)
        -> (value: Double, count: Double)?
    {
        guard index + 1 < tokens.count, tokens[index].isInteger else { return nil }
        let chars = Array(text)
        let between = String(chars[tokens[index].end..<tokens[index + 1].start])
            .trimmingCharacters(in: .whitespaces)
        guard between == "x" || between == "×" || between == "X" else { return nil }
        return (tokens[index].value * tokens[index + 1].value, tokens[index].value)
    }
}
