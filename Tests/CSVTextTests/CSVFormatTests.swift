import Foundation
import Testing
import _TestSupport

@testable import CSVText
@testable import JSONText
@testable import TextFormats

@Suite struct CSVFormatTests {
    @Test func fieldsWithSeparatorsQuotesAndLineBreaksAreQuoted() {
        #expect(CSVFormat.row(["a,b", "c\"d", "e"]) == "\"a,b\",\"c\"\"d\",e\n")
        #expect(CSVText.parse("\"a,b\",\"c\"\"d\",e\n") == [["a,b", "c\"d", "e"]])
        #expect(CSVFormat.field("two\nlines") == "\"two\nlines\"")
        #expect(CSVFormat.field("plain") == "plain")
    }
}

@Suite struct EscapingTests {
    /// "\r\n" is a single Character in Swift, equal to neither "\r" nor "\n": a check by
    /// Characters let such a field through unquoted, and the row broke in two.
    @Test func aFieldWithAWindowsLineBreakIsQuoted() {
        #expect(CSVFormat.field("two\r\nlines") == "\"two\r\nlines\"")
        #expect(CSVFormat.field("x;y", style: .excelDE) == "\"x;y\"")
        #expect(CSVFormat.field("x,y", style: .excelDE) == "x,y")
        #expect(CSVText.parse(CSVFormat.row(["two\r\nlines", "b"])) == [["two\r\nlines", "b"]])
    }

    /// JSON string literals, checked against hand-written escapes (RFC 8259 §7).
    @Test func jsonStringsEscapeQuotesBackslashesAndControlCharacters() {
        #expect(PrettyJSON.quoted("Zürich Bürkliplatz") == "\"Zürich Bürkliplatz\"")
        #expect(PrettyJSON.quoted("a\"b\\c") == "\"a\\\"b\\\\c\"")
        #expect(PrettyJSON.quoted("line\nnext\r\ttab") == "\"line\\nnext\\r\\ttab\"")
        #expect(PrettyJSON.quoted("\u{01}\u{08}\u{0C}\u{1F}") == "\"\\u0001\\b\\f\\u001f\"")
        #expect(PrettyJSON.quoted("") == "\"\"")
    }
}

@Suite struct FixedDecimalsTests {
    /// Hand-checked: ties of exact binary values go to the even neighbour, values just below or
    /// above a decimal tie (2.675 is 2.67499999…) go by their exact value, the sign bit is kept.
    @Test func knownRoundings() {
        #expect(fixed(0.125, 2) == "0.12")
        #expect(fixed(0.375, 2) == "0.38")
        #expect(fixed(2.5, 0) == "2")
        #expect(fixed(3.5, 0) == "4")
        #expect(fixed(2.675, 2) == "2.67")
        #expect(fixed(1.005, 2) == "1.00")
        #expect(fixed(0.0015, 3) == "0.002")
        #expect(fixed(-0.001, 2) == "-0.00")
        #expect(fixed(-0.0, 1) == "-0.0")
        #expect(fixed(1234.5678, 0) == "1235")
        #expect(fixed(0.05, 9) == "0.050000000")
        #expect(fixed(1e20, 2) == "100000000000000000000.00")
        #expect(fixed(.nan, 2) == "nan")
    }

    /// The direct computation against the C library's printf (through String(format:)) over random
    /// magnitudes, random ties and their neighbours.
    @Test func agreesWithPrintf() {
        var rng = SplitMix64(seed: 0xF1_7ED)
        for _ in 0..<200_000 {
            let decimals = Int(rng.next() % 10)
            let value: Double
            switch rng.next() % 4 {
            case 0: value = Double(bitPattern: rng.next() % 0x4340_0000_0000_0000) * (rng.next() % 2 == 0 ? 1 : -1)
            case 1: value = Double(Int64(bitPattern: rng.next() % 2_000_000) - 1_000_000) / 1000
            case 2:
                // A decimal tie k + 0.5 at the digit after the last one, and its two neighbours.
                let tie = (Double(rng.next() % 1_000_000) + 0.5) / pow(10, Double(decimals))
                value = [tie, tie.nextUp, tie.nextDown][Int(rng.next() % 3)]
            default: value = Double(rng.next() % 100_000) / 8 / pow(10, Double(decimals))
            }
            let expected = String(format: "%.\(decimals)f", value)
            if let fast = fastFixed(value, decimals) {
                #expect(fast == expected, "\(value.bitPattern) with \(decimals) decimals")
                if fast != expected { return }
            }
        }
    }
}

/// Cells a spreadsheet would run as formulas (issue: hardening, round 2).
@Suite struct CSVFormulaTests {
    @Test func textThatStartsAFormulaIsNeutralisedNumbersAreNot() {
        #expect(CSVFormat.field("=HYPERLINK(\"http://x\")") == "\"'=HYPERLINK(\"\"http://x\"\")\"")
        #expect(CSVFormat.field("+41 44 000") == "'+41 44 000")
        #expect(CSVFormat.field("@SUM(A1)") == "'@SUM(A1)")
        #expect(CSVFormat.field("-cmd|' /C calc'!A0") == "'-cmd|' /C calc'!A0")
        #expect(CSVFormat.field("\tx") == "'\tx")
        for number in ["-1.5", "+3", "-0", "-12e3"] { #expect(CSVFormat.field(number) == number) }
        for plain in ["-", "MS Panta Rhei", "2026-09-22", ""] { #expect(CSVFormat.field(plain) == plain) }
        #expect(CSVFormat.field("-1.5", style: .excelDE) == "-1,5")
    }
}
