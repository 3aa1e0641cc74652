/// A linear pass over HTML bytes that counts the attributes of each start tag, before libxml2
/// sees them: libxml2's HTML parser compares every attribute of a tag with all the tag's
/// earlier ones (to drop duplicates), so a tag with n attributes costs n² string comparisons —
/// 40,000 attributes took 8.6 s, 200,000 over 200 s. Real pages have tags of a few dozen.
///
/// The pass skips comments and the raw text of `script` and `style`; a value after `=` is not
/// an attribute; quotes are honoured. It may count a stray token as an attribute (never fewer
/// than libxml2 would parse), which only matters near the limit.
enum TagScan {
    /// The most attributes a tag may have: far above any real page, far below the quadratic.
    static let maximumAttributes = 1000

    /// The byte offset of the first start tag with more than `limit` attributes; nil if none.
    static func firstCrowdedTag(in bytes: UnsafeBufferPointer<UInt8>, limit: Int = maximumAttributes) -> Int? {
        let n = bytes.count
        var i = 0
        while i < n {
            guard bytes[i] == 0x3C, i + 1 < n else {  // "<"
                i += 1
                continue
            }
            let start = i
            if starts(bytes, at: i + 1, with: "!--") {
                i = find(bytes, "-->", from: i + 4, caseInsensitive: false).map { $0 + 3 } ?? n
                continue
            }
            guard isLetter(bytes[i + 1]) else {
                i += 1
                continue
            }
            // The tag name.
            var j = i + 1
            while j < n, isLetter(bytes[j]) || (bytes[j] >= 0x30 && bytes[j] <= 0x39) || bytes[j] == 0x2D { j += 1 }
            let rawText = ["script", "style"].first { equalsLowercased(bytes, i + 1..<j, $0) }
            // The attributes, up to the tag's end.
            var count = 0
            var quote: UInt8 = 0
            var afterSpace = true
            var expectingValue = false
            while j < n {
                let c = bytes[j]
                j += 1
                if quote != 0 {
                    if c == quote { quote = 0 }
                    continue
                }
                if c == 0x3E { break }  // ">"
                if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C || c == 0x2F {
                    afterSpace = true
                    continue
                }
                if c == 0x3D {  // "="
                    expectingValue = true
                    afterSpace = true
                    continue
                }
                if afterSpace {
                    if expectingValue {
                        expectingValue = false
                    } else {
                        count += 1
                        if count > limit { return start }
                    }
                }
                if c == 0x22 || c == 0x27 { quote = c }
                afterSpace = false
            }
            i = j
            if let rawText {
                i = find(bytes, "</" + rawText, from: i, caseInsensitive: true) ?? n
            }
        }
        return nil
    }

    private static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }

    private static func starts(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, with text: String) -> Bool {
        let pattern = Array(text.utf8)
        guard index + pattern.count <= bytes.count else { return false }
        return pattern.indices.allSatisfy { bytes[index + $0] == pattern[$0] }
    }

    private static func equalsLowercased(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ text: String)
        -> Bool
    {
        let pattern = Array(text.utf8)
        return range.count == pattern.count && pattern.indices.allSatisfy { bytes[range.lowerBound + $0] | 0x20 == pattern[$0] }
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
