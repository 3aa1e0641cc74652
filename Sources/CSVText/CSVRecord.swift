/// One CSV record: a view of the parser's buffer (valid only inside the handler).
package struct CSVRecord {
    let bytes: UnsafeBufferPointer<UInt8>
    let fields: UnsafeBufferPointer<Range<Int>>
    let quoted: UnsafeBufferPointer<Bool>
    /// 1-based line number where the record starts.
    package let line: Int

    package var count: Int { fields.count }

    /// Raw bytes of field `index` (quotes included when quoted; empty when absent).
    package func raw(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        guard index < fields.count else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(rebasing: bytes[fields[index]])
    }

    /// Field `index` decoded (quotes removed, `""` unescaped, surrounding spaces kept as GTFS
    /// says they are part of the value); `""` when the record is shorter.
    package func string(_ index: Int) -> String {
        guard index < fields.count else { return "" }
        let range = fields[index]
        guard quoted[index], range.count >= 2 else {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var i = range.lowerBound + 1
        let end = range.upperBound - (bytes[range.upperBound - 1] == 0x22 ? 1 : 0)
        while i < end {
            if bytes[i] == 0x22, i + 1 < end, bytes[i + 1] == 0x22 {
                out.append(0x22)
                i += 2
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// FNV-1a hash of field `index`'s value, computed in place without copying; `nil` when the
    /// value holds an escaped quote (then use ``key(_:)``). Equal to ``CSVRecord/fnv1a(_:)`` of
    /// the decoded value's bytes.
    package func valueHash(_ index: Int) -> UInt64? {
        guard index < fields.count else { return Self.fnv1a([]) }
        var range = fields[index]
        if quoted[index], range.count >= 2 {
            range = (range.lowerBound + 1)..<(range.upperBound - (bytes[range.upperBound - 1] == 0x22 ? 1 : 0))
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for i in range {
            let byte = bytes[i]
            if byte == 0x22 { return nil }
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// FNV-1a 64 of a byte string.
    package static func fnv1a(_ value: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in value { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    /// Field `index` as the bytes of its value (unquoted fields only have no copy); used as a
    /// dictionary key without building a String.
    package func key(_ index: Int) -> [UInt8] {
        guard index < fields.count else { return [] }
        if quoted[index] { return Array(string(index).utf8) }
        return Array(UnsafeBufferPointer(rebasing: bytes[fields[index]]))
    }
}
