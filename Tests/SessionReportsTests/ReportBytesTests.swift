import CSVText
import CivilTime
import Foundation
import JSONText
import SessionReports
import Testing
import TextFormats

/// The byte writers of the large session reports write exactly what their `String`
/// counterparts write, over random values: times across DST changes and far outside the
/// supported dates, integers to their limits, text with every escape, every CSV style.
@Suite struct ReportBytesTests {
    static func written(_ body: (ReportBytes) -> Void) -> String {
        let text = ReportBytes(capacity: 8)  // small, so that growing is tested too
        body(text)
        return String(decoding: text.bytes, as: UTF8.self)
    }

    @Test func timesAndDatesAreWrittenAsZoneClockWritesThem() {
        var rng = SystemRandomNumberGenerator()
        let clock = ZoneClock.zurich
        for round in 0..<20_000 {
            let unix: Int64 =
                switch round % 4 {
                case 0: Int64.random(in: 1_700_000_000...1_900_000_000, using: &rng)  // the years the toolkit reads
                case 1: Int64.random(in: -(1 << 42)...(1 << 42), using: &rng)  // beyond the clamp
                case 2: [Int64.min, Int64.max, 0, -1, 1 << 40, -(1 << 40)].randomElement(using: &rng)!
                default: 1_774_746_000 + Int64.random(in: -7200...7200, using: &rng)  // DST change, 2026-03-29
                }
            #expect(Self.written { $0.iso8601(unix, clock: clock) } == clock.iso8601(unix), "\(unix)")
            #expect(Self.written { $0.utcISO8601(unix) } == ZoneClock.utcISO8601(unix), "\(unix)")
            #expect(Self.written { $0.hourMinute(unix, clock: clock) } == clock.hourMinute(unix), "\(unix)")
            let date = LocalDate(daysSinceEpoch: Int.random(in: -3_000_000...3_000_000, using: &rng))
            // Twice: the second comes from the writer's cache of the last date.
            #expect(
                Self.written {
                    $0.date(date)
                    $0.date(date)
                } == date.description + date.description)
        }
    }

    /// One writer for many times, as a report uses it: the zone offset it keeps from the last
    /// time must not leak into the next, across DST changes, the ends of the clock's table and a
    /// second zone written in turn.
    @Test func manyTimesInOneWriterAreWrittenAsZoneClockWritesThem() {
        var rng = SystemRandomNumberGenerator()
        let zurich = ZoneClock.zurich
        let newYork = ZoneClock(timeZone: TimeZone(identifier: "America/New_York")!)
        // DST changes in Zurich (2026-03-29 01:00 UTC, 2026-10-25 01:00 UTC) and the clock's
        // table ends (1900-01-01, 2100-01-01).
        let edges: [Int64] = [1_774_746_000, 1_792_890_000, -2_208_988_800, 4_102_444_800]
        for _ in 0..<200 {
            let text = ReportBytes(capacity: 8)
            var expected = ""
            for _ in 0..<100 {
                let unix =
                    Bool.random(using: &rng)
                    ? edges.randomElement(using: &rng)! + Int64.random(in: -3...3, using: &rng)
                    : Int64.random(in: -2_300_000_000...4_200_000_000, using: &rng)
                let clock = Int.random(in: 0..<4, using: &rng) == 0 ? newYork : zurich
                text.iso8601(unix, clock: clock)
                text.byte(0x20)
                text.hourMinute(unix, clock: clock)
                text.byte(0x0A)
                expected += clock.iso8601(unix) + " " + clock.hourMinute(unix) + "\n"
            }
            #expect(String(decoding: text.bytes, as: UTF8.self) == expected)
        }
    }

    /// `fixed` in bytes is `fixed` in text: ties, negative zero, values past the exact range
    /// and decimals outside 0…9 (both fall back to `String(format:)`).
    @Test func fixedNumbersAreWrittenAsFixedWritesThem() {
        var rng = SystemRandomNumberGenerator()
        let special: [Double] = [
            0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.0005, 0.0015, 1e15, 4e15, .nan, .infinity, -.infinity,
        ]
        for value in special {
            for decimals in 0...10 { #expect(Self.written { $0.fixed(value, decimals) } == fixed(value, decimals)) }
        }
        for _ in 0..<20_000 {
            let decimals = Int.random(in: 0...10, using: &rng)
            let value: Double =
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: Double(Int.random(in: -100_000...100_000, using: &rng)) / 2_000  // many exact ties
                case 1: Double.random(in: -1...1, using: &rng)
                default: Double.random(in: -1e17...1e17, using: &rng) / pow(10, Double.random(in: 0...18, using: &rng))
                }
            #expect(Self.written { $0.fixed(value, decimals) } == fixed(value, decimals), "\(value) \(decimals)")
        }
    }

    @Test func integersAndNumbersAreWrittenAsSwiftWritesThem() {
        var rng = SystemRandomNumberGenerator()
        for value in [Int.min, Int.max, 0, -1, 9, 10, -10, 99, 100] {
            #expect(Self.written { $0.int(value) } == String(value))
        }
        for _ in 0..<20_000 {
            let value = Int.random(in: Int.min...Int.max, using: &rng) >> Int.random(in: 0...63, using: &rng)
            #expect(Self.written { $0.int(value) } == String(value))
            let number: Double =
                Bool.random(using: &rng)
                ? Double(Int.random(in: -1000...1000, using: &rng)) / 4
                : Double.random(in: -1e16...1e16, using: &rng) / pow(10, Double.random(in: 0...20, using: &rng))
            // The rule sessions.json has always written numbers by.
            let expected =
                number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : "\(number)"
            #expect(Self.written { $0.jsonNumber(number) } == expected, "\(number)")
        }
        #expect(Self.written { $0.jsonNumber(.nan) } == "null")
    }

    static func randomText(_ rng: inout some RandomNumberGenerator) -> String {
        let pieces = [
            "a", "Zürich", "\"", "\\", "\n", "\r", "\t", "\u{08}", "\u{0C}", "\u{01}", "\u{1F}", ",", ";", ".", "-",
            "=", "+", "@", "1", "2.5", "-3.25", "1e3", "inf", " ", "MS Panta Rhei", "🌊",
        ]
        return (0..<Int.random(in: 0...5, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
    }

    @Test func jsonStringsAreWrittenAsPrettyJSONQuotesThem() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let text = Self.randomText(&rng)
            #expect(Self.written { $0.jsonString(text) } == PrettyJSON.quoted(text), "\(text.debugDescription)")
        }
    }

    @Test func csvRowsAreWrittenAsCSVFormatWritesThem() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<10_000 {
            let fields = (0..<Int.random(in: 1...6, using: &rng)).map { _ in Self.randomText(&rng) }
            for style in [CSVStyle.standard, .excelDE, .excelCH] {
                #expect(
                    Self.written { $0.row(fields, style: style) } == CSVFormat.row(fields, style: style),
                    "\(fields) \(style)")
            }
        }
    }
}
