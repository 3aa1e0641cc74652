/// Text from an input (a station or ship name, a page, an argument) made safe to show: control
/// characters, which could move the cursor, clear the screen or rewrite a terminal's title,
/// become visible escapes ("\u{1B}" → `\e`, others `\u{…}`), and so do the bidirectional
/// overrides that reorder what a reader sees. Line feeds and tabs stay.
package enum VisibleText {
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isHidden) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar == "\u{1B}" {
                out += "\\e"
            } else if isHidden(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` escaped (above) and cut to `limit` characters with an ellipsis: an input's name as
    /// an error message quotes it, however long the input made it.
    package static func excerpt(_ text: String, limit: Int = 80) -> String {
        let cut = text.count > limit ? String(text.prefix(max(1, limit - 1))) + "…" : text
        return escaped(cut)
    }

    /// C0 controls but line feed and tab, DEL, C1 controls, and the bidirectional embeddings,
    /// overrides and isolates (U+202A–U+202E, U+2066–U+2069).
    package static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v == 0x0A || v == 0x09 { return false }
        return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }

    /// Whether a name holds a character no name should: a hidden one (above), an invisible
    /// format character (a zero-width space or joiner, a soft hyphen, a byte-order mark), a blank
    /// other than the space (a no-break or ideographic space, U+2800 BRAILLE PATTERN BLANK and the
    /// Hangul fillers, which are letters that show nothing: "MS Panta⠀Rhei" reads as "MS Panta
    /// Rhei"), or U+FFFD, which stands for bytes that were not UTF-8.
    package static func hasInvisible(_ text: String) -> Bool {
        text.unicodeScalars.contains {
            isHidden($0) || $0 == "\n" || $0 == "\t" || $0.properties.generalCategory == .format
                || ($0.properties.isWhitespace && $0 != " ") || blankLooking.contains($0.value)
        }
    }

    /// Characters that draw nothing though they are not white space.
    static let blankLooking: Set<UInt32> = [0x2800, 0x115F, 0x1160, 0x3164, 0xFFA0, 0xFFFD]
}
