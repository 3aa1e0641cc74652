package import JobContract

/// Parses CSV (RFC 4180, as GTFS writes it: comma-separated or another separator, optional
/// quotes, CRLF, LF or CR line ends, an optional UTF-8 BOM) from a stream of byte chunks, one
/// record at a time, holding only the current chunk and the unfinished record — which may not
/// grow beyond ``maximumRecordBytes``, so that memory and time stay linear in the input however
/// long a hostile line is.
///
/// Records are handed out as ``CSVRecord`` views into the parser's buffer: valid only inside
/// the handler. Fields are decoded on demand, so skipping a record costs one byte scan.
package struct CSVStreamParser {
    private var buffer: [UInt8] = []
    private var atStart = true
    /// 1-based line number of the last record handed out (its first line).
    package private(set) var line = 0
    /// The field separator (`,` for RFC 4180 and GTFS; `;` for German-locale spreadsheets).
    package let separator: UInt8

    /// The longest record accepted, bytes (the longest real GTFS line is a few hundred bytes).
    package let maximumRecordBytes: Int

    /// A record longer than ``maximumRecordBytes``: `line` is where it starts.
    package struct RecordTooLong: KindedError {
        /// Not a CSV table this reader takes: bad data.
        package var kind: ProblemKind { .badData }
        package let line: Int
        package let limit: Int
        package var description: String {
            "line \(line) is longer than \(limit >> 10) KiB (no line end or an unclosed quote?); not a CSV table"
        }
    }

    package init(separator: UInt8 = UInt8(ascii: ","), maximumRecordBytes: Int = 1 << 20) {
        self.separator = separator
        self.maximumRecordBytes = maximumRecordBytes
    }

    /// Feeds bytes; calls `handler` for every complete record in them.
    /// - Throws: what `handler` throws, or ``RecordTooLong`` once the unfinished record passes
    ///   ``maximumRecordBytes``.
    package mutating func feed(_ bytes: some Collection<UInt8>, _ handler: (CSVRecord) throws -> Void) throws {
        buffer.append(contentsOf: bytes)
        if atStart {
            // A byte order mark only at the very start of the stream, however it is chunked: while
            // the bytes so far could still begin one, nothing is parsed.
            let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
            if buffer.count < 3 && buffer.elementsEqual(mark.prefix(buffer.count)) { return }
            if buffer.starts(with: mark) { buffer.removeFirst(3) }
            atStart = false
        }
        let consumed = try scan(final: false, handler)
        if consumed > 0 { buffer.removeFirst(consumed) }
        if buffer.count > maximumRecordBytes { throw RecordTooLong(line: line + 1, limit: maximumRecordBytes) }
    }

    /// Ends the stream: a last record without a final newline is handed out too.
    package mutating func finish(_ handler: (CSVRecord) throws -> Void) throws {
        atStart = false  // a stream shorter than a byte order mark is data
        _ = try scan(final: true, handler)
        buffer.removeAll()
    }

    private mutating func scan(final: Bool, _ handler: (CSVRecord) throws -> Void) throws -> Int {
        let limit = maximumRecordBytes
        var recordStart = 0
        var lineNumber = line
        let separator = self.separator
        try buffer.withUnsafeBufferPointer { bytes in
            var fields: [Range<Int>] = []
            fields.reserveCapacity(16)
            var quoted: [Bool] = []
            quoted.reserveCapacity(16)
            var index = 0
            let count = bytes.count
            var newlinesInRecord = 0
            while index < count {
                // One record: fields until an unquoted newline.
                fields.removeAll(keepingCapacity: true)
                quoted.removeAll(keepingCapacity: true)
                newlinesInRecord = 0
                var fieldStart = index
                var inQuotes = false
                var wasQuoted = false
                var complete = false
                var scanIndex = index
                while scanIndex < count {
                    let byte = bytes[scanIndex]
                    if inQuotes {
                        if byte == 0x22 {
                            if scanIndex + 1 < count, bytes[scanIndex + 1] == 0x22 {
                                scanIndex += 2
                                continue
                            }
                            if scanIndex + 1 == count && !final { break }  // need the next byte
                            inQuotes = false
                        } else if byte == 0x0A
                            || (byte == 0x0D && scanIndex + 1 < count && bytes[scanIndex + 1] != 0x0A)
                        {
                            newlinesInRecord += 1
                        }
                    } else if byte == 0x22 && scanIndex == fieldStart {
                        inQuotes = true
                        wasQuoted = true
                    } else if byte == separator {
                        fields.append(fieldStart..<scanIndex)
                        quoted.append(wasQuoted)
                        fieldStart = scanIndex + 1
                        wasQuoted = false
                    } else if byte == 0x0A || byte == 0x0D {
                        // LF, CRLF, or a CR alone (old Mac files): one line end. A CR at the end
                        // of the bytes so far waits for the next byte, unless the stream ends.
                        if byte == 0x0D && scanIndex + 1 == count && !final { break }
                        fields.append(fieldStart..<scanIndex)
                        quoted.append(wasQuoted)
                        complete = true
                        scanIndex += byte == 0x0D && scanIndex + 1 < count && bytes[scanIndex + 1] == 0x0A ? 2 : 1
                        break
                    }
                    scanIndex += 1
                }
                if !complete {
                    guard final, scanIndex >= count, index < count else { break }
                    var end = count
                    if end > fieldStart, bytes[end - 1] == 0x0D { end -= 1 }
                    fields.append(fieldStart..<end)
                    quoted.append(wasQuoted)
                    scanIndex = count
                }
                guard scanIndex - index <= limit else { throw RecordTooLong(line: lineNumber + 1, limit: limit) }
                lineNumber += 1
                let isBlank = fields.count == 1 && fields[0].isEmpty
                if !isBlank {
                    let line = lineNumber
                    try fields.withUnsafeBufferPointer { f in
                        try quoted.withUnsafeBufferPointer { q in
                            try handler(CSVRecord(bytes: bytes, fields: f, quoted: q, line: line))
                        }
                    }
                }
                lineNumber += newlinesInRecord
                index = scanIndex
                recordStart = scanIndex
            }
        }
        line = lineNumber
        return recordStart
    }
}
