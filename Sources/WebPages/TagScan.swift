package import Foundation

/// A linear pass over HTML bytes that counts the attributes of each start tag, before libxml2
/// sees them: libxml2's HTML parser compares every attribute of a tag with all the tag's
/// earlier ones (to drop duplicates), so a tag with n attributes costs n² string comparisons —
/// 40,000 attributes took 8.6 s, 200,000 over 200 s. Real pages have tags of a few dozen.
///
/// The pass skips comments and the raw text of `script` and `style`, and reads names, values
/// and quotes as libxml2 does. Where the two could differ (junk in a tag, an unterminated
/// comment) it counts more, never fewer: the fuzz target `html-tags` checks that no element
/// libxml2 builds has more attributes than the scan let through.
package enum TagScan {
    /// The most attributes a tag may have: far above any real page, far below the quadratic.
    package static let maximumAttributes = 1000

    /// The byte offset of the first start tag with more than `limit` attributes; nil if none.
    package static func firstCrowdedTag(in bytes: UnsafeBufferPointer<UInt8>, limit: Int = maximumAttributes) -> Int? {
        let n = bytes.count
        var i = 0
        while i < n {
            guard bytes[i] == 0x3C, i + 1 < n else {  // "<"
                i += 1
                continue
            }
            let start = i
            if starts(bytes, at: i + 1, with: "!--") {
                // A comment ends at its earliest possible end (`<!-->` and `--!>` included);
                // an unterminated one is scanned on: libxml2 may parse what follows it.
                let ends = [
                    find(bytes, "-->", from: i + 2, caseInsensitive: false).map { $0 + 3 },
                    find(bytes, "--!>", from: i + 2, caseInsensitive: false).map { $0 + 4 },
                ].compactMap { $0 }
                i = ends.min() ?? i + 4
                continue
            }
            guard isNameStart(bytes[i + 1]) else {
                i += 1
                continue
            }
            // The tag name.
            var j = i + 1
            while j < n, isNameCharacter(bytes[j]) { j += 1 }
            let rawText = ["script", "style"].first { equalsLowercased(bytes, i + 1..<j, $0) }
            // The attributes, up to the tag's end, read as libxml2's htmlParseStartTag reads
            // them: blanks; a name ([A-Za-z_:.] then [A-Za-z0-9_:.-], at most 100 characters —
            // a longer run is several names); blanks; `=`, blanks and a value (quoted to the
            // matching quote, else up to a blank or `>`). Anything else is junk up to a blank.
            // A tag name over 100 characters: libxml2 reads the rest as attribute names.
            var count = max(0, j - (i + 1) - 1) / 100
            while j < n {
                while j < n, isBlank(bytes[j]) { j += 1 }
                guard j < n, bytes[j] != 0x3E else { break }  // ">"
                if bytes[j] == 0x2F, j + 1 < n, bytes[j + 1] == 0x3E { break }  // "/>"
                guard isNameStart(bytes[j]) else {
                    while j < n, !isBlank(bytes[j]), bytes[j] != 0x3E,
                        !(bytes[j] == 0x2F && j + 1 < n && bytes[j + 1] == 0x3E)
                    {
                        j += 1
                    }
                    continue
                }
                let nameStart = j
                while j < n, isNameCharacter(bytes[j]) { j += 1 }
                count += (j - nameStart + 99) / 100
                if count > limit { return start }
                var k = j
                while k < n, isBlank(bytes[k]) { k += 1 }
                guard k < n, bytes[k] == 0x3D else { continue }  // "="
                j = k + 1
                while j < n, isBlank(bytes[j]) { j += 1 }
                guard j < n else { break }
                if bytes[j] == 0x22 || bytes[j] == 0x27 {
                    let quote = bytes[j]
                    j += 1
                    while j < n, bytes[j] != quote { j += 1 }
                    j += 1
                } else {
                    while j < n, !isBlank(bytes[j]), bytes[j] != 0x3E { j += 1 }
                }
            }
            j += 1
            i = j
            if let rawText, let end = find(bytes, "</" + rawText, from: i, caseInsensitive: true) {
                i = end
            }
        }
        return nil
    }

    /// The encodings a page may declare: those in which every ASCII byte is its ASCII
    /// character, so that the byte scan above reads the tags libxml2 will read.
    static let readableCharsets: Set<String> = [
        "utf-8", "utf8", "us-ascii", "ascii", "iso-8859-1", "latin1", "l1", "iso_8859-1", "iso-8859-2",
        "iso-8859-3", "iso-8859-4", "iso-8859-5", "iso-8859-7", "iso-8859-9", "iso-8859-10", "iso-8859-13",
        "iso-8859-14", "iso-8859-15", "windows-1250", "windows-1251", "windows-1252", "windows-1253",
        "windows-1254", "windows-1257", "cp1252",
    ]

    /// Why libxml2 might read `data` as other characters than its bytes (nil when it reads
    /// them as ASCII-compatible text): NUL bytes (UTF-16 or UTF-32 text, which no HTML page of
    /// the operators is) or a declared charset outside ``readableCharsets`` (EBCDIC, UTF-16).
    package static func unreadableEncoding(_ data: Data) -> String? {
        if data.contains(0) { return "it holds NUL bytes (UTF-16 or UTF-32?); only ASCII-compatible pages are read" }
        // Every `charset=` in the page, as libxml2 may obey any <meta> of the head.
        let lower = data.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        let key = Array("charset".utf8)
        var i = 0
        while i + key.count < lower.count {
            guard lower[i] == key[0], lower[i..<(i + key.count)].elementsEqual(key) else {
                i += 1
                continue
            }
            var j = i + key.count
            while j < lower.count, lower[j] == 0x20 || lower[j] == 0x09 { j += 1 }
            guard j < lower.count, lower[j] == 0x3D else {
                i = j
                continue
            }
            j += 1
            while j < lower.count, [0x20, 0x09, 0x22, 0x27].contains(lower[j]) { j += 1 }
            var end = j
            while end < lower.count, end - j < 40,
                (lower[end] >= 0x61 && lower[end] <= 0x7A) || (lower[end] >= 0x30 && lower[end] <= 0x39)
                    || lower[end] == 0x2D || lower[end] == 0x5F
            {
                end += 1
            }
            let name = String(decoding: lower[j..<end], as: UTF8.self)
            if !name.isEmpty, !readableCharsets.contains(name) {
                return "it declares the charset \"\(name)\", which this tool does not read"
            }
            i = end
        }
        return nil
    }

    private static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
    private static func isNameStart(_ c: UInt8) -> Bool { isLetter(c) || c == 0x5F || c == 0x3A || c == 0x2E }
    private static func isNameCharacter(_ c: UInt8) -> Bool {
        isNameStart(c) || (c >= 0x30 && c <= 0x39) || c == 0x2D
    }
    private static func isBlank(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    private static func starts(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, with text: String) -> Bool {
        let pattern = Array(text.utf8)
        guard index + pattern.count <= bytes.count else { return false }
        return pattern.indices.allSatisfy { bytes[index + $0] == pattern[$0] }
    }

    private static func equalsLowercased(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ text: String)
        -> Bool
    {
        let pattern = Array(text.utf8)
        return range.count == pattern.count
            && pattern.indices.allSatisfy { bytes[range.lowerBound + $0] | 0x20 == pattern[$0] }
    }

    /// The first index of `text` at or after `from` (ASCII case folded when asked): at most
    /// `text.count` (≤ 8) comparisons per byte scanned.
    private static func find(_ bytes: UnsafeBufferPointer<UInt8>, _ text: String, from: Int, caseInsensitive: Bool)
        -> Int?
    {
        let pattern = Array(text.utf8)
        var i = from
        while i + pattern.count <= bytes.count {
            var k = 0
            while k < pattern.count {
                let b = caseInsensitive ? bytes[i + k] | 0x20 : bytes[i + k]
                let p = caseInsensitive ? pattern[k] | 0x20 : pattern[k]
                guard b == p else { break }
                k += 1
            }
            if k == pattern.count { return i }
            i += 1
        }
        return nil
    }
}
