import Testing

@testable import CSVText
@testable import TextFormats

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

    /// A filtered parse hands out exactly the records of the unfiltered parse that the filter
    /// accepts, with the same fields and line numbers, and fails where it fails: over random
    /// tables with quoted line ends, lone CRs, quotes inside fields, short records and records
    /// longer than the limit, random chunkings, columns and predicates.
    @Test func aFilteredParseIsTheUnfilteredParseLessTheRejectedRecords() throws {
        var rng = SystemRandomNumberGenerator()
        let pieces = [
            "a", "ship-1", "", "\"ship-1\"", "\"q,uoted\"", "\"say \"\"hi\"\"\"", "\"multi\nline\"", "\"cr\rcr\"",
            "a\"b", "\"x\"y", "\"\"", "8503670:0:1", String(repeating: "z", count: 40),
        ]
        let ends = ["\n", "\r\n", "\r", "\n\n"]
        struct Parsed: Equatable {
            var records: [[String]] = []
            var lines: [Int] = []
            var failure: Int?
        }
        for round in 0..<3000 {
            var text = Bool.random(using: &rng) ? "\u{FEFF}" : ""
            for _ in 0..<Int.random(in: 1...10, using: &rng) {
                let fields = (0..<Int.random(in: 1...5, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
                text += fields.joined(separator: ",") + ends.randomElement(using: &rng)!
            }
            if Bool.random(using: &rng) { text.removeLast() }
            let bytes = Array(text.utf8)
            let column = Int.random(in: 0...3, using: &rng)
            let accepted = Set(
                pieces.filter { _ in Bool.random(using: &rng) }.map { piece in
                    CSVStreamParserTests.reference(piece + "\n").first?.first ?? ""
                })
            let limit = round % 3 == 0 ? 64 : 1 << 20
            func parse(filtered: Bool) -> Parsed {
                var parser = CSVStreamParser(maximumRecordBytes: limit)
                let filter = filtered ? CSVFilter(column: column) { accepted.contains($0.string(column)) } : nil
                var result = Parsed()
                let take = { (record: CSVRecord) in
                    let fields = (0..<record.count).map(record.string)
                    if filtered || accepted.contains(column < fields.count ? fields[column] : "") {
                        result.records.append(fields)
                        result.lines.append(record.line)
                    }
                }
                var generator = SystemRandomNumberGenerator()
                var index = 0
                do {
                    while index < bytes.count {
                        let end = min(bytes.count, index + Int.random(in: 1...9, using: &generator))
                        try parser.feed(bytes[index..<end], filter: filter, take)
                        index = end
                    }
                    try parser.finish(filter: filter, take)
                } catch let long as CSVStreamParser.RecordTooLong {
                    result.failure = long.line
                } catch {
                    result.failure = -1
                }
                return result
            }
            let plain = parse(filtered: false)
            let filtered = parse(filtered: true)
            if plain.failure == nil {
                #expect(filtered == plain, "column \(column) of \(text.debugDescription)")
            } else {
                // Both refuse the table; the filtered parse may reach the long record sooner or later
                // within the same chunking, so only the refusal and its records before it are compared.
                #expect(filtered.failure != nil, "column \(column) of \(text.debugDescription)")
                #expect(plain.records.starts(with: filtered.records) || filtered.records.starts(with: plain.records))
            }
        }
    }
}
