import Foundation

/// Decimal numbers from bytes, correctly rounded, without making a String: `56.6`, `-0.25`,
/// `1e-3`, `2.5E+4`. The common case (at most 15 significant digits, a small exponent) takes
/// Clinger's fast path, exact because the digits and the power of ten are both exact doubles and
/// one multiplication or division rounds once; anything else goes to the C library's `strtod`.
package enum DecimalParser {
    private static let powersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }

    /// The number the bytes spell, or nil when they are not exactly a decimal number
    /// (surrounding spaces are allowed; `nan`, `inf` and hexadecimal are not).
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        if let simple = plain(bytes) { return simple }
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 || bytes[end - 1] == 0x0D { end -= 1 }
        guard start < end else { return nil }
        var i = start
        var negative = false
        if bytes[i] == 0x2D || bytes[i] == 0x2B {
            negative = bytes[i] == 0x2D
            i += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var significant = 0
        var decimalExponent = 0
        var sawPoint = false
        while i < end {
            let b = bytes[i]
            if b >= 0x30 && b <= 0x39 {
                digits += 1
                if mantissa != 0 || b != 0x30 { significant += 1 }
                if significant <= 19 {
                    mantissa = mantissa &* 10 &+ UInt64(b - 0x30)
                    if sawPoint { decimalExponent -= 1 }
                } else if !sawPoint {
                    decimalExponent += 1
                }
            } else if b == 0x2E && !sawPoint {
                sawPoint = true
            } else {
                break
            }
            i += 1
        }
        guard digits > 0 else { return nil }
        if i < end, bytes[i] == 0x65 || bytes[i] == 0x45 {
            i += 1
            var exponentNegative = false
            if i < end, bytes[i] == 0x2D || bytes[i] == 0x2B {
                exponentNegative = bytes[i] == 0x2D
                i += 1
            }
            var exponent = 0
            var exponentDigits = 0
            while i < end, bytes[i] >= 0x30 && bytes[i] <= 0x39 {
                if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[i] - 0x30) }
                exponentDigits += 1
                i += 1
            }
            guard exponentDigits > 0 else { return nil }
            decimalExponent += exponentNegative ? -exponent : exponent
        }
        guard i == end else { return nil }
        if significant <= 15, mantissa < (1 << 53), abs(decimalExponent) <= 22 {
            let value = Double(mantissa)
            let scaled =
                decimalExponent >= 0 ? value * powersOfTen[decimalExponent] : value / powersOfTen[-decimalExponent]
            return negative ? -scaled : scaled
        }
        return slowPath(bytes, start: start, end: end)
    }

    /// The commonest form, `digits[.digits]` with at most 15 digits, in one pass; nil for anything
    /// else (the general path decides).
    @inline(__always)
    private static func plain(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let n = bytes.count
        guard n > 0, n <= 16 else { return nil }
        var mantissa: UInt64 = 0
        var point = -1
        for i in 0..<n {
            let b = bytes[i]
            if b &- 0x30 < 10 {
                mantissa = mantissa &* 10 &+ UInt64(b &- 0x30)
            } else if b == 0x2E && point < 0 {
                point = i
            } else {
                return nil
            }
        }
        guard point != 0, point != n - 1 else { return nil }  // "." must sit between digits
        let decimals = point < 0 ? 0 : n - 1 - point
        guard n - (point < 0 ? 0 : 1) <= 15 else { return nil }
        let value = Double(mantissa)
        return decimals == 0 ? value : value / powersOfTen[decimals]
    }

    private static func slowPath(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> Double? {
        var text = [CChar](repeating: 0, count: end - start + 1)
        for k in start..<end { text[k - start] = CChar(bitPattern: bytes[k]) }
        return text.withUnsafeBufferPointer { buffer -> Double? in
            var tail: UnsafeMutablePointer<CChar>?
            let value = strtod(buffer.baseAddress!, &tail)
            guard let tail, tail - UnsafeMutablePointer(mutating: buffer.baseAddress!) == end - start else {
                return nil
            }
            return value
        }
    }

    /// The number a string spells (see ``parse(_:)``).
    package static func parse(_ text: String) -> Double? {
        var copy = text
        return copy.withUTF8 { parse($0) }
    }
}
