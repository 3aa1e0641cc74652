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
    /// The most start tags and attributes a page may have: libxml2 builds a node of about 120
    /// bytes for each (an attribute two), so a 32 KB compressed body of 30 MiB of `<p>` built a
    /// tree of 1.8–2.2 GB. The operator's pages have a few thousand tags; 200,000 tags and
    /// 400,000 attributes keep a page's tree under about 150 MB however its bytes are spent
    /// (docs/RELIABILITY.md, round 4).
    package static let maximumTags = 200_000
    package static let maximumAttributeTotal = 400_000

    /// What the scan refuses: a start tag with too many attributes, or a declaration whose extent
    /// libxml2 reads by rules this scan does not follow (non-ASCII text in its head).
    package struct Finding: Equatable, Sendable {
        /// The byte offset of the tag's or declaration's `<`.
        package let offset: Int
        /// Why, in words: "the tag at byte 12 has more than 1000 attributes".
        package let reason: String
    }

    /// The byte offset of the first tag ``firstFinding(in:limit:)`` refuses; nil if none.
    package static func firstCrowdedTag(in bytes: UnsafeBufferPointer<UInt8>, limit: Int = maximumAttributes) -> Int? {
        firstFinding(in: bytes, limit: limit)?.offset
    }

    /// The first start tag with more than `limit` attributes, or the first declaration the scan
    /// cannot follow as libxml2 will; nil if none.
    ///
    /// Besides comments and raw text, three constructs make libxml2 (2.9, recovering) pass over
    /// text without reading tags in it, so the scan passes over the same text (a `<!--` inside
    /// them is no comment, and a tag after them is read):
    /// - an end tag, `</name`, runs to the next `>` whatever lies between (htmlParseEndTag);
    /// - `<!DOCTYPE` runs over its name, `SYSTEM` or `PUBLIC` and their quoted literals (which
    ///   may hold `>`), then to the next `>` (htmlParseDocTypeDecl);
    /// - a processing instruction, `<?name`, runs to the next `>` (htmlParsePI).
    /// `maximumTags` and `maximumAttributes` bound the whole page (``maximumTags``,
    /// ``maximumAttributeTotal``; the fuzz target `html-dom-bound` passes small ones).
    package static func firstFinding(
        in bytes: UnsafeBufferPointer<UInt8>, limit: Int = maximumAttributes, maximumTags: Int = maximumTags,
        maximumAttributes maximumAttributeTotal: Int = maximumAttributeTotal
    ) -> Finding? {
        let n = bytes.count
        var i = 0
        var (tags, attributes) = (0, 0)
        while i < n {
            guard bytes[i] == 0x3C, i + 1 < n else {  // "<"
                i += 1
                continue
            }
            let start = i
            if bytes[i + 1] == 0x2F {  // "</"
                i = i + 2 < n && isNameStart(bytes[i + 2]) ? after(bytes, 0x3E, from: i + 2) : i + 2
                continue
            }
            if bytes[i + 1] == 0x21, equalsLowercased(bytes, i + 2..<min(n, i + 9), "doctype") {  // "<!DOCTYPE"
                guard let end = declarationEnd(bytes, from: i + 9) else {
                    return Finding(offset: start, reason: unclear(start, "<!DOCTYPE"))
                }
                i = end
                continue
            }
            if bytes[i + 1] == 0x3F, i + 2 < n {  // "<?"
                let first = bytes[i + 2]
                if first >= 0x80 { return Finding(offset: start, reason: unclear(start, "<?")) }
                if isLetter(first) || first == 0x5F || first == 0x3A {
                    i = after(bytes, 0x3E, from: i + 2)
                    continue
                }
            }
            if starts(bytes, at: i + 1, with: "!--") {
                // A comment ends where libxml2's htmlParseComment ends it: at the first `-->` or
                // `--!>` after the opening `<!--` (`<!-->` and `<!--->` do not end it: ending
                // there, the scan once took a `<script>` inside the comment for raw text and
                // missed the tag after the comment). An unterminated one is scanned on.
                let ends = [
                    find(bytes, "-->", from: i + 4, caseInsensitive: false).map { $0 + 3 },
                    find(bytes, "--!>", from: i + 4, caseInsensitive: false).map { $0 + 4 },
                ].compactMap { $0 }
                i = ends.min() ?? i + 4
                continue
            }
            guard isNameStart(bytes[i + 1]) else {
                i += 1
                continue
            }
            tags += 1
            if tags > maximumTags {
                return Finding(
                    offset: start,
                    reason: "the page has more than \(maximumTags) tags (the tag at byte \(start) is one too many); "
                        + "refused before its tree is built, which would take gigabytes (a real page has a few thousand)"
                )
            }
            // The tag name.
            var j = i + 1
            while j < n, isNameCharacter(bytes[j]) { j += 1 }
            let rawText = ["script", "style"].first { equalsLowercased(bytes, i + 1..<j, $0) }
            // The attributes, up to the tag's end, read as libxml2's htmlParseStartTag reads
            // them: blanks; a name ([A-Za-z_:.] then [A-Za-z0-9_:.-], at most 100 characters —
            // a longer run is several names); blanks; `=`, blanks and a value (quoted to the
            // matching quote, else up to a blank or `>`). Anything else is junk up to a blank.
            // A tag name over 100 characters: libxml2 reads the rest as attribute names, which
            // count toward the page's total as every other attribute does.
            var count = max(0, j - (i + 1) - 1) / 100
            attributes += count
            /// The finding when this tag or the page has too many attributes so far.
            func crowded() -> Finding? {
                if count > limit {
                    return Finding(offset: start, reason: "the tag at byte \(start) has more than \(limit) attributes")
                }
                if attributes > maximumAttributeTotal {
                    return Finding(
                        offset: start,
                        reason:
                            "the page has more than \(maximumAttributeTotal) attributes (at byte \(start)); refused "
                            + "before its tree is built, which would take gigabytes")
                }
                return nil
            }
            if let finding = crowded() { return finding }
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
                let names = (j - nameStart + 99) / 100
                count += names
                attributes += names
                if let finding = crowded() { return finding }
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

    private static func unclear(_ offset: Int, _ construct: String) -> String {
        "the \(construct) at byte \(offset) holds non-ASCII text where its extent cannot be foreseen"
    }

    /// The index after the first `byte` at or after `from`; the end when there is none.
    private static func after(_ bytes: UnsafeBufferPointer<UInt8>, _ byte: UInt8, from: Int) -> Int {
        var i = from
        while i < bytes.count, bytes[i] != byte { i += 1 }
        return min(i + 1, bytes.count)
    }

    /// Where a `<!DOCTYPE` declaration whose keyword ends before `from` ends, read as
    /// htmlParseDocTypeDecl reads it: blanks, a name, blanks, `SYSTEM` and a quoted literal or
    /// `PUBLIC` and up to two, blanks, then everything to the next `>`. Nil where its name or
    /// keyword holds a non-ASCII byte (libxml2 reads those by Unicode's letter classes).
    private static func declarationEnd(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        let n = bytes.count
        var j = from
        func blanks() { while j < n, isBlank(bytes[j]) { j += 1 } }
        func literal() {
            guard j < n, bytes[j] == 0x22 || bytes[j] == 0x27 else { return }
            j = after(bytes, bytes[j], from: j + 1)
        }
        blanks()
        if j < n, isNameStart(bytes[j]), bytes[j] != 0x2E {
            while j < n, isNameCharacter(bytes[j]) { j += 1 }
        }
        guard j >= n || bytes[j] < 0x80 else { return nil }
        blanks()
        if equalsLowercased(bytes, j..<min(n, j + 6), "system") {
            j += 6
            blanks()
            literal()
        } else if equalsLowercased(bytes, j..<min(n, j + 6), "public") {
            j += 6
            blanks()
            literal()
            blanks()
            literal()
        }
        return after(bytes, 0x3E, from: j)
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
