import Foundation

/// The form in which the toolkit compares names typed by people: case, diacritics and width
/// ignored, white space trimmed and folded to single spaces. "Wädenswil", "WADENSWIL" and
/// " wädenswil " share one key.
package enum TextKey {
    package static func fold(_ text: some StringProtocol) -> String {
        String(text).folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// A name as a folder name: folded, lower-case ASCII letters and digits, words joined by "-"
    /// ("Zürichsee" → `zurichsee`, "Lac Léman" → `lac-leman`).
    package static func slug(_ text: some StringProtocol) -> String {
        fold(text).lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? String($0) : "-" }.joined()
            .split(separator: "-").joined(separator: "-")
    }
}

/// Text escaped for XML and SVG content and attribute values.
package func xmlEscaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.count)
    for character in text {
        switch character {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        default: out.append(character)
        }
    }
    return out
}
