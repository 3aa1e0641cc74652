import CSVText
import Foundation

extension CSVRecord: RowFields {}

/// Rows of a CSV without quotes, split at commas and line ends in one pass: the fast path for
/// numeric files (a field with a quote sends the whole file to the general parser instead).
struct UnquotedLines: RowFields {
    let bytes: UnsafeBufferPointer<UInt8>
    let ranges: UnsafeMutableBufferPointer<Range<Int>>
    let count: Int
    let line: Int

    func raw(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        guard index < count else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(rebasing: bytes[ranges[index]])
    }

    func string(_ index: Int) -> String { String(decoding: raw(index), as: UTF8.self) }

    /// Calls `body` for each non-blank line (CRLF or LF; a last line without a line end too).
    static func forEach(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UnquotedLines) -> Void) {
        let capacity = 64
        let ranges = UnsafeMutableBufferPointer<Range<Int>>.allocate(capacity: capacity)
        ranges.initialize(repeating: 0..<0)
        defer { ranges.deallocate() }
        var start = 0
        var field = 0
        var line = 1
        var index = 0
        let n = bytes.count
        func emit(end: Int) {
            var stop = end
            if stop > start, bytes[stop - 1] == 0x0D { stop -= 1 }
            if field < capacity { ranges[field] = start..<stop }
            let fields = min(field + 1, capacity)
            if !(fields == 1 && ranges[0].isEmpty) {
                body(UnquotedLines(bytes: bytes, ranges: ranges, count: fields, line: line))
            }
        }
        while index < n {
            let byte = bytes[index]
            if byte == 0x2C {
                if field < capacity { ranges[field] = start..<index }
                field += 1
                start = index + 1
            } else if byte == 0x0A {
                emit(end: index)
                field = 0
                start = index + 1
                line += 1
            }
            index += 1
        }
        if start < n || field > 0 { emit(end: n) }
    }

    /// How often `byte` occurs in `bytes` (memchr steps).
    static func count(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard var cursor = bytes.baseAddress else { return 0 }
        let end = cursor + bytes.count
        var found = 0
        while cursor < end, let hit = memchr(cursor, Int32(byte), end - cursor) {
            found += 1
            cursor = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) + 1
        }
        return found
    }
}
