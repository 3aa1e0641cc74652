import Foundation
import TextFormats

/// What a ship's name (or alias) in a fleet file may be: at most ``maximumLength`` characters,
/// no control or invisible character (a zero-width space makes a second "MS Panta Rhei" that
/// looks like the first), no character Markdown or HTML reads as markup (`|` would end a
/// table cell of `ratings.md`), and letters of the Latin script only (a Cyrillic "а" in "Pаnta Rhei"
/// is another name that reads the same). Every lake operator's ships are named in Latin letters.
package enum ShipNameRules {
    /// The longest name: the longest ship name of the ten fleets is 30 characters.
    package static let maximumLength = 80

    /// Why `name` is not a ship's name; nil when it may be one.
    package static func problem(_ name: String) -> String? {
        // Counting characters breaks the text into graphemes, slow for a name of megabytes: a
        // long one is counted once, by its scalars when it is long enough not to matter (a
        // character is at least one scalar), by its bytes when it is ASCII.
        let bytes = name.utf8.count
        if bytes > maximumLength {
            let characters =
                name.utf8.allSatisfy({ $0 < 0x80 }) ? bytes : bytes > 16_384 ? name.unicodeScalars.count : name.count
            if characters > maximumLength { return "has \(characters) characters; at most \(maximumLength)" }
        }
        if name.unicodeScalars.contains("\u{FFFD}") {
            return "holds U+FFFD REPLACEMENT CHARACTER: the name was not valid UTF-8 (write it in UTF-8)"
        }
        if let hidden = name.unicodeScalars.first(where: { VisibleText.hasInvisible(String($0)) }) {
            return "holds an invisible, blank or control character (\(describe(hidden))), which makes a name that "
                + "looks like another"
        }
        if let markup = name.first(where: { Self.markup.contains($0) }) {
            return "holds \"\(markup)\", which the reports' Markdown and the pages' HTML read as their own (a table "
                + "cell's end, a link, a tag); no ship's name has it"
        }
        if let foreign = name.unicodeScalars.first(where: { $0.properties.isAlphabetic && !isLatin($0) }) {
            return "holds \(describe(foreign)), a letter outside the Latin script that can look like a Latin one"
        }
        return nil
    }

    /// Characters Markdown or HTML give a meaning: `|` ends a table cell, `[` `]` make a link,
    /// `<` `>` a tag, `` ` `` and `*` code and emphasis, `\` an escape.
    static let markup: Set<Character> = ["|", "[", "]", "<", ">", "`", "*", "\\"]

    static func describe(_ scalar: Unicode.Scalar) -> String {
        "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(4)
            + (scalar.properties.name.map { " \($0)" } ?? "")
    }

    /// Latin letters: Basic Latin, Latin-1 Supplement, Latin Extended A and B, Latin Extended
    /// Additional; combining marks that accents use are not letters.
    static func isLatin(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xAA, 0xBA, 0xC0...0x24F, 0x1E00...0x1EFF: true
        default: false
        }
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
