import Testing

@testable import NextWaveSupport

/// The streaming CSV parser against a plain whole-text parser, over random chunkings.
@Suite struct CSVStreamParserTests {
    /// Reference: RFC 4180 parsed in one go, character by character.
    static func reference(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var field = ""
        var record: [String] = []
        var inQuotes = false
        var chars = Array(text.unicodeScalars)
        if chars.first == "\u{FEFF}" { chars.removeFirst() }
        var i = 0
        var fieldStarted = false
        while i < chars.count {
            let c = chars[i]
            if inQuotes {
                if c == "\"" {
                    if i + 1 < chars.count, chars[i + 1] == "\"" {
                        field.unicodeScalars.append("\"")
                        i += 1
                    } else {
                        inQuotes = false
                    }
                } else {
                    field.unicodeScalars.append(c)
                }
            } else if c == "\"" && !fieldStarted {
                inQuotes = true
                fieldStarted = true
            } else if c == "," {
                record.append(field)
                field = ""
                fieldStarted = false
            } else if c == "\n" {
                if field.hasSuffix("\r") { field.removeLast() }
                record.append(field)
                if !(record.count == 1 && record[0].isEmpty) { records.append(record) }
                record = []
                field = ""
                fieldStarted = false
            } else {
                field.unicodeScalars.append(c)
                fieldStarted = true
            }
            i += 1
        }
        if fieldStarted || !record.isEmpty || !field.isEmpty {
            if field.hasSuffix("\r") { field.removeLast() }
            record.append(field)
            if !(record.count == 1 && record[0].isEmpty) { records.append(record) }
        }
        return records
    }

    @Test func anyChunkingParsesLikeTheWholeText() throws {
        var rng = SystemRandomNumberGenerator()
        let pieces = [
            "a", "Zürich", "8503670:0:1", "", "x y", "\"q,uoted\"", "\"say \"\"hi\"\"\"", "\"multi\nline\"", "25:10:00",
        ]
        for _ in 0..<300 {
            var text = Bool.random(using: &rng) ? "\u{FEFF}" : ""
            for _ in 0..<Int.random(in: 1...12, using: &rng) {
                let fields = (0..<Int.random(in: 1...5, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
                text += fields.joined(separator: ",") + (Bool.random(using: &rng) ? "\r\n" : "\n")
            }
            if Bool.random(using: &rng) { text.removeLast() }  // no final newline
            let bytes = Array(text.utf8)
            var parser = CSVStreamParser()
            var got: [[String]] = []
            var index = 0
            while index < bytes.count {
                let size = Int.random(in: 1...7, using: &rng)
                let end = min(bytes.count, index + size)
                try parser.feed(bytes[index..<end]) { record in got.append((0..<record.count).map(record.string)) }
                index = end
            }
            try parser.finish { record in got.append((0..<record.count).map(record.string)) }
            #expect(got == Self.reference(text), "\(text.debugDescription)")
        }
    }

    /// Found by fuzzing (Fuzz/regressions/gtfs-csv): a first chunk shorter than a byte order mark
    /// was parsed, and the mark was then looked for at the start of the next line instead.
    @Test func aByteOrderMarkCountsOnlyAtTheStartOfTheStream() throws {
        for text in ["\n\u{FEFF}\"S\n", "\u{FEFF}a,b\nc\n", "a\n\u{FEFF}b\n", "\u{FEFF}", "x"] {
            let bytes = Array(text.utf8)
            for cut in 0...bytes.count {
                var parser = CSVStreamParser()
                var got: [[String]] = []
                try parser.feed(bytes[..<cut]) { got.append((0..<$0.count).map($0.string)) }
                try parser.feed(bytes[cut...]) { got.append((0..<$0.count).map($0.string)) }
                try parser.finish { got.append((0..<$0.count).map($0.string)) }
                #expect(got == Self.reference(text), "\(text.debugDescription) cut at \(cut)")
            }
        }
    }
}
