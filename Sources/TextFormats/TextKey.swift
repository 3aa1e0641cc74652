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

/// A name as people type it, compared two ways: folded (case, accents and spacing ignored:
/// "wadenswil"), and with the umlauts written out first, as German is without them ("Waedenswil",
/// "Zuerichsee", "Flueelen"). A query matches a name when either way matches.
package struct NameKey: Sendable {
    /// ``TextKey/fold(_:)``.
    package let folded: String
    /// ä, ö, ü written ae, oe, ue, then folded.
    package let writtenOut: String

    package init(_ text: some StringProtocol) {
        folded = TextKey.fold(text)
        var spelled = String(text)
        for (umlaut, pair) in [("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("Ä", "Ae"), ("Ö", "Oe"), ("Ü", "Ue")] {
            spelled = spelled.replacingOccurrences(of: umlaut, with: pair)
        }
        writtenOut = TextKey.fold(spelled)
    }

    package var isEmpty: Bool { folded.isEmpty }

    /// The same name, either way.
    package func matches(_ name: NameKey) -> Bool { folded == name.folded || writtenOut == name.writtenOut }

    /// The start of `name`, either way.
    package func starts(_ name: NameKey) -> Bool {
        name.folded.hasPrefix(folded) || name.writtenOut.hasPrefix(writtenOut)
    }

    /// Part of `name`, either way.
    package func occurs(in name: NameKey) -> Bool {
        name.folded.contains(folded) || name.writtenOut.contains(writtenOut)
    }
}
