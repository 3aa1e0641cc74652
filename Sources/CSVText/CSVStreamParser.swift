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
    package mutating func feed(
        _ bytes: some Collection<UInt8>, filter: CSVFilter? = nil, _ handler: (CSVRecord) throws -> Void
    ) throws {
        // Parsed where they lie when they can be: only the unfinished record is copied.
        let inPlace = try bytes.withContiguousStorageIfAvailable { chunk -> Bool in
            guard !atStart else { return false }
            try feedInPlace(chunk, filter: filter, handler)
            return true
        }
        guard inPlace != true else { return }
        buffer.append(contentsOf: bytes)
        if atStart {
            // A byte order mark only at the very start of the stream, however it is chunked: while
            // the bytes so far could still begin one, nothing is parsed.
            let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
            if buffer.count < 3 && buffer.elementsEqual(mark.prefix(buffer.count)) { return }
            if buffer.starts(with: mark) { buffer.removeFirst(3) }
            atStart = false
        }
        try scanBuffer(final: false, filter: filter, handler)
    }

    /// ``feed(_:filter:_:)`` for contiguous bytes: the record left unfinished by the last chunk is
    /// completed with this one's first line (more only when that is not enough), then the rest is
    /// parsed in place and only its unfinished tail is kept.
    private mutating func feedInPlace(
        _ chunk: UnsafeBufferPointer<UInt8>, filter: CSVFilter?, _ handler: (CSVRecord) throws -> Void
    ) throws {
        var rest = chunk
        if !buffer.isEmpty {
            let newline = rest.firstIndex(of: 0x0A).map { $0 + 1 } ?? rest.count
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: rest[..<newline]))
            rest = UnsafeBufferPointer(rebasing: rest[newline...])
            try scanBuffer(final: false, filter: filter, handler)
            if !buffer.isEmpty {
                // Still unfinished (a quoted line end): the rest goes through the buffer.
                buffer.append(contentsOf: rest)
                try scanBuffer(final: false, filter: filter, handler)
                return
            }
        }
        guard !rest.isEmpty else { return }
        let consumed = try Self.scan(
            rest, final: false, filter: filter, line: &line, limit: maximumRecordBytes, separator: separator, handler)
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: rest[consumed...]))
        if buffer.count > maximumRecordBytes { throw RecordTooLong(line: line + 1, limit: maximumRecordBytes) }
    }

    /// Parses the buffered bytes, keeping only the unfinished record.
    private mutating func scanBuffer(final: Bool, filter: CSVFilter?, _ handler: (CSVRecord) throws -> Void) throws {
        var line = self.line
        let (limit, separator) = (maximumRecordBytes, self.separator)
        let consumed = try buffer.withUnsafeBufferPointer { bytes in
            try Self.scan(bytes, final: final, filter: filter, line: &line, limit: limit, separator: separator, handler)
        }
        self.line = line
        if final {
            buffer.removeAll()
            return
        }
        if consumed > 0 { buffer.removeFirst(consumed) }
        if buffer.count > maximumRecordBytes { throw RecordTooLong(line: line + 1, limit: maximumRecordBytes) }
    }

    /// Ends the stream: a last record without a final newline is handed out too.
    package mutating func finish(filter: CSVFilter? = nil, _ handler: (CSVRecord) throws -> Void) throws {
        atStart = false  // a stream shorter than a byte order mark is data
        try scanBuffer(final: true, filter: filter, handler)
    }

    /// Hands out the complete records of `bytes` (from a record start); returns how many bytes
    /// they took. `line` is the number of the last line handed out, before and after.
    private static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, final: Bool, filter: CSVFilter?, line: inout Int, limit: Int,
        separator: UInt8, _ handler: (CSVRecord) throws -> Void
    ) throws -> Int {
        var recordStart = 0
        var lineNumber = line
        do {
            var fields: [Range<Int>] = []
            fields.reserveCapacity(16)
            var quoted: [Bool] = []
            quoted.reserveCapacity(16)
            let count = bytes.count
            var index = 0
            // With a filter, a record is first read only up to the filter's column, then to its
            // end without keeping fields; only a record the filter accepts is read again whole.
            // The filter as it stands is read again only after a record is handed out (a
            // handler may activate it), not per record.
            var cap = filter?.column.map { $0 + 1 } ?? Int.max
            var accepts = filter?.accepts
            /// The filter's verdict on the record at `index`, when the fast path below has asked.
            var verdict: Bool?
            // The one-field record the fast path shows the filter.
            let firstField = UnsafeMutablePointer<Range<Int>>.allocate(capacity: 1)
            let firstQuoted = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
            defer {
                firstField.deallocate()
                firstQuoted.deallocate()
            }
            /// Hands out the record just read (when the filter accepts it) and moves on.
            func hand(next: Int, newlines: Int, whole: Bool) throws {
                guard next - index <= limit else { throw RecordTooLong(line: lineNumber + 1, limit: limit) }
                lineNumber += 1
                let isBlank = whole && fields.count == 1 && fields[0].isEmpty
                if !isBlank {
                    let line = lineNumber
                    var accepted = true
                    if let known = verdict {
                        accepted = known
                        if accepted && !whole {
                            _ = Self.record(
                                bytes, from: index, final: final, separator: separator, cap: .max, fields: &fields,
                                quoted: &quoted)
                        }
                    } else if cap != Int.max, let accepts {
                        accepted = fields.withUnsafeBufferPointer { f in
                            quoted.withUnsafeBufferPointer { q in
                                accepts(CSVRecord(bytes: bytes, fields: f, quoted: q, line: line))
                            }
                        }
                        if accepted && !whole {
                            _ = Self.record(
                                bytes, from: index, final: final, separator: separator, cap: .max, fields: &fields,
                                quoted: &quoted)
                        }
                    }
                    if accepted {
                        try fields.withUnsafeBufferPointer { f in
                            try quoted.withUnsafeBufferPointer { q in
                                try handler(CSVRecord(bytes: bytes, fields: f, quoted: q, line: line))
                            }
                        }
                        cap = filter?.column.map { $0 + 1 } ?? Int.max
                        accepts = filter?.accepts
                    }
                }
                lineNumber += newlines
                index = next
                recordStart = next
                verdict = nil
            }
            while index < count {
                // The fast path of a filter on the first field (trip_id in stop_times.txt): the
                // field read in one loop, the line's end found, then the filter asked; only what
                // it accepts, and anything unusual (a quoted line end, an escaped quote in the
                // field, a blank line), goes the general way below.
                if cap == 1, let accepts, let base = bytes.baseAddress,
                    let field = Self.simpleFirstField(base, from: index, count: count, separator: separator),
                    case .complete(let next, _) = Self.skipRest(
                        bytes, from: field.end + 1, final: final, separator: separator)
                {
                    firstField.pointee = index..<field.end
                    firstQuoted.pointee = field.quoted
                    let record = CSVRecord(
                        bytes: bytes, fields: UnsafeBufferPointer(start: firstField, count: 1),
                        quoted: UnsafeBufferPointer(start: firstQuoted, count: 1), line: lineNumber + 1)
                    if !accepts(record) {
                        guard next - index <= limit else { throw RecordTooLong(line: lineNumber + 1, limit: limit) }
                        lineNumber += 1
                        index = next
                        recordStart = next
                        continue
                    }
                    verdict = true
                }
                var end = Self.record(
                    bytes, from: index, final: final, separator: separator, cap: cap, fields: &fields,
                    quoted: &quoted)
                var whole = true
                if case .capped(let resume, let before) = end {
                    whole = false
                    end = Self.skipRest(bytes, from: resume, final: final, separator: separator)
                    if case .complete(let next, _) = end { end = .complete(next: next, newlines: before) }
                    if case .multiline = end {
                        // A quoted line end after the filter's column: the record is read whole.
                        whole = true
                        end = Self.record(
                            bytes, from: index, final: final, separator: separator, cap: .max, fields: &fields,
                            quoted: &quoted)
                    }
                }
                guard case .complete(let next, let newlines) = end else { break }
                try hand(next: next, newlines: newlines, whole: whole)
            }
        }
        line = lineNumber
        return recordStart
    }

    /// The first field of the record at `start` when it is plain: unquoted without quotes, or
    /// quoted without line ends or escaped quotes, and followed by a separator. Its end is the
    /// separator's index. Nil otherwise (then the general reader decides).
    static func simpleFirstField(_ base: UnsafePointer<UInt8>, from start: Int, count: Int, separator: UInt8)
        -> (end: Int, quoted: Bool)?
    {
        var i = start
        guard i < count else { return nil }
        if base[i] == 0x22 {
            i += 1
            while i < count {
                let byte = base[i]
                if byte == 0x22 || byte == 0x0A || byte == 0x0D { break }
                i += 1
            }
            guard i + 1 < count, base[i] == 0x22, base[i + 1] == separator else { return nil }
            return (i + 1, true)
        }
        while i < count {
            let byte = base[i]
            if byte == separator || byte == 0x22 || byte == 0x0A || byte == 0x0D { break }
            i += 1
        }
        guard i < count, base[i] == separator else { return nil }
        return (i, false)
    }

    /// How far ``record(_:from:final:separator:cap:fields:quoted:)`` read.
    enum RecordEnd {
        /// The record ends before `next`, having spanned `newlines` quoted line ends.
        case complete(next: Int, newlines: Int)
        /// `cap` fields were read; the rest starts at `resume`, at a field start.
        case capped(resume: Int, newlines: Int)
        /// The bytes end before the record does.
        case incomplete
        /// Only from ``skipRest(_:from:final:separator:)``: a quoted line end, read the record whole.
        case multiline
    }

    /// Reads one record from `start` into `fields` and `quoted` (RFC 4180: a quote opens a quoted
    /// field only at the field's start, `""` inside quotes is a quote, and LF, CRLF or a CR alone
    /// end a record outside quotes), stopping early once `cap` fields are read.
    static func record(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, final: Bool, separator: UInt8, cap: Int,
        fields: inout [Range<Int>], quoted: inout [Bool]
    ) -> RecordEnd {
        fields.removeAll(keepingCapacity: true)
        quoted.removeAll(keepingCapacity: true)
        let count = bytes.count
        var newlinesInRecord = 0
        var fieldStart = start
        var inQuotes = false
        var wasQuoted = false
        var scanIndex = start
        while scanIndex < count {
            let byte = bytes[scanIndex]
            if inQuotes {
                if byte == 0x22 {
                    if scanIndex + 1 < count, bytes[scanIndex + 1] == 0x22 {
                        scanIndex += 2
                        continue
                    }
                    if scanIndex + 1 == count && !final { return .incomplete }  // need the next byte
                    inQuotes = false
                } else if byte == 0x0A || (byte == 0x0D && scanIndex + 1 < count && bytes[scanIndex + 1] != 0x0A) {
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
                if fields.count == cap { return .capped(resume: fieldStart, newlines: newlinesInRecord) }
            } else if byte == 0x0A || byte == 0x0D {
                // LF, CRLF, or a CR alone (old Mac files): one line end. A CR at the end of the
                // bytes so far waits for the next byte, unless the stream ends.
                if byte == 0x0D && scanIndex + 1 == count && !final { return .incomplete }
                fields.append(fieldStart..<scanIndex)
                quoted.append(wasQuoted)
                let next = scanIndex + (byte == 0x0D && scanIndex + 1 < count && bytes[scanIndex + 1] == 0x0A ? 2 : 1)
                return .complete(next: next, newlines: newlinesInRecord)
            }
            scanIndex += 1
        }
        // The stream's last record without a line end.
        guard final, start < count else { return .incomplete }
        var end = count
        if end > fieldStart, bytes[end - 1] == 0x0D { end -= 1 }
        fields.append(fieldStart..<end)
        quoted.append(wasQuoted)
        return .complete(next: count, newlines: newlinesInRecord)
    }

    /// Finds the end of a record from a field start without keeping its fields, by the rules of
    /// ``record(_:from:final:separator:cap:fields:quoted:)``: only quotes, separators and line ends
    /// are looked at. A quoted line end answers ``RecordEnd/multiline``.
    static func skipRest(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, final: Bool, separator: UInt8)
        -> RecordEnd
    {
        guard let base = bytes.baseAddress else { return final ? .multiline : .incomplete }
        let count = bytes.count
        var i = start
        // One field per turn, from its start: a quoted part first when it opens with a quote, then
        // the unquoted rest up to a separator or a line end (a quote there is literal).
        while i < count {
            if base[i] == 0x22 {
                i += 1
                while true {
                    while i < count {
                        let byte = base[i]
                        if byte == 0x22 || byte == 0x0A || byte == 0x0D { break }
                        i += 1
                    }
                    guard i < count else { return final ? .multiline : .incomplete }
                    if base[i] != 0x22 { return .multiline }  // a line end inside quotes
                    if i + 1 < count, base[i + 1] == 0x22 {
                        i += 2  // an escaped quote
                        continue
                    }
                    if i + 1 == count && !final { return .incomplete }  // need the next byte
                    i += 1  // the closing quote
                    break
                }
            }
            while i < count {
                let byte = base[i]
                if byte == separator || byte == 0x0A || byte == 0x0D { break }
                i += 1
            }
            guard i < count else { break }
            let byte = base[i]
            if byte == separator {
                i += 1
                continue
            }
            if byte == 0x0D && i + 1 == count && !final { return .incomplete }
            return .complete(next: i + (byte == 0x0D && i + 1 < count && base[i + 1] == 0x0A ? 2 : 1), newlines: 0)
        }
        // The last record without a line end: read it whole.
        return final ? .multiline : .incomplete
    }
}

/// Which records a ``CSVStreamParser`` hands out: once active, those whose fields up to
/// `column` pass `accepts`. The parser reads a record only up to that column, finds its end
/// without keeping fields, and reads it whole only when it is accepted, so skipping most of a
/// large table costs little more than finding its line ends. What is handed out is exactly what
/// the unfiltered parser would hand out, less the rejected records.
///
/// A reference, so that a handler can activate it from the header it has just been handed.
package final class CSVFilter {
    /// The last field `accepts` looks at (0-based); nil while inactive (every record passes).
    package private(set) var column: Int?
    /// Decides from a record holding the fields `0…column` (fewer when the record is shorter).
    package private(set) var accepts: (CSVRecord) -> Bool = { _ in true }

    /// An inactive filter.
    package init() {}

    /// A filter active from the start.
    package convenience init(column: Int, accepts: @escaping (CSVRecord) -> Bool) {
        self.init()
        activate(column: column, accepts: accepts)
    }

    /// Filters every record after the current one.
    package func activate(column: Int, accepts: @escaping (CSVRecord) -> Bool) {
        self.column = max(0, column)
        self.accepts = accepts
    }
}
