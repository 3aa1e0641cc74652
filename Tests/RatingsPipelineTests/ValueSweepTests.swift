import Foundation
import RatingsPipeline
import Testing
import _TestSupport

/// The grammar of a sweep's values (`start:stop:step`, one value, a comma list): worked examples,
/// each refusal with its reason, and properties over thousands of random texts.
@Suite struct ValueSweepTests {
    @Test func theThreeFormsGiveTheValuesWritten() throws {
        #expect(try ValueSweep("20:200:20").values == [20, 40, 60, 80, 100, 120, 140, 160, 180, 200])
        #expect(try ValueSweep("18").values == [18])
        #expect(try ValueSweep(" 14, 17 ,20").values == [14, 17, 20])
        #expect(try ValueSweep("20,14").values == [20, 14], "a list keeps its order")
        // The stop is included only when a step lands on it.
        #expect(try ValueSweep("1:2:0.3").values == [1, 1.3, 1.6, 1.9])
        #expect(try ValueSweep("5:5:1").values == [5])
        #expect(try ValueSweep("-2:2:2").values == [-2, 0, 2], "signs are the job's business, not the grammar's")
        // Exponent notation steps in floating point, clamped to the stop.
        #expect(try ValueSweep("1e1:3e1:1e1").values == [10, 20, 30])
    }

    @Test func aFineDecimalRangeEndsExactlyOnItsStop() throws {
        let values = try ValueSweep("0.01:100:0.01").values
        #expect(values.count == 10_000)
        // Each value is the double that typing it gives: "0.01", "0.02", …, "100.00".
        for (index, value) in values.enumerated() {
            let hundredths = index + 1
            let typed = Double("\(hundredths / 100).\(String(format: "%02d", hundredths % 100))")!
            #expect(value == typed, "value \(index)")
        }
        #expect(values.last == 100)
    }

    @Test func eachRefusalSaysWhatIsWrong() {
        let cases: [(String, ValueSweep.Problem)] = [
            ("", .empty), (",", .empty), ("10::2", .empty), ("x", .notANumber("x")), ("10,x", .notANumber("x")),
            ("inf", .notFinite("inf")), ("1:nan:1", .notFinite("nan")), ("10:20", .notThreeParts(2)),
            ("1:2:3:4", .notThreeParts(4)), ("1:2:0", .stepNotPositive("0")), ("1:2:-1", .stepNotPositive("-1")),
            ("200:20:20", .stopBelowStart(start: "200", stop: "20")), ("0:1e9:0.001", .tooMany),
            ("0:100000:1", .tooMany), ("0:1:0.000001", .tooMany),
            (Array(repeating: "1", count: 100_001).joined(separator: ","), .tooMany),
        ]
        for (text, problem) in cases {
            #expect(throws: problem, "'\(text.prefix(20))'") { try ValueSweep(text) }
            #expect(problem.kind == .usage)
        }
        #expect(
            ValueSweep.Problem.stopBelowStart(start: "200", stop: "20").description
                == "the stop 20 lies below the start 200; a range runs upwards, e.g. 20:200:STEP")
        // An option that takes one more form names it among the forms to write.
        #expect(
            ValueSweep.Problem.stepNotPositive("0").description(alsoAccepting: "service")
                == "the step 0 is not above 0; write start:stop:step (e.g. 20:200:20), one value, a comma list, "
                + "or service")
        #expect(
            ValueSweep.Problem.notANumber("x").description
                == "'x' is not a number; write start:stop:step (e.g. 20:200:20), one value, or a comma list")
        // Just under the limit is taken.
        #expect((try? ValueSweep("1:100000:1"))?.values.count == 100_000)
    }

    /// Random decimal ranges: every value is the double its decimal text gives, built here from
    /// whole numbers of units (an oracle without the sweep's arithmetic).
    @Test func randomDecimalRangesGiveTheTypedDoubles() throws {
        var rng = SplitMix64(seed: 0x5EED_0001)
        for _ in 0..<3_000 {
            let places = Int.random(in: 0...4, using: &rng)
            let start = Int.random(in: -50_000...50_000, using: &rng)
            let step = Int.random(in: 1...5_000, using: &rng)
            let count = Int.random(in: 1...40, using: &rng)
            let stop = start + step * (count - 1) + Int.random(in: 0..<step, using: &rng)
            let text = [start, stop, step].map { Self.decimal($0, places: places) }.joined(separator: ":")
            let values = try ValueSweep(text).values
            let expected = (0..<count).map { Double(Self.decimal(start + $0 * step, places: places))! }
            #expect(values == expected, "\(text)")
        }
    }

    /// Any text: either a reason, or finite values, at most the maximum, ascending for a range.
    @Test func anyTextGivesFiniteValuesOrAReason() {
        var rng = SplitMix64(seed: 0x5EED_0002)
        let alphabet = Array("0123456789.:,-+e ix")
        var taken = 0
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...14, using: &rng)
            let text = String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] })
            guard let sweep = try? ValueSweep(text) else { continue }
            taken += 1
            let count = sweep.values.count
            #expect(count > 0 && count <= ValueSweep.maximumCount, "\(text)")
            #expect(sweep.values.allSatisfy { $0.isFinite }, "\(text)")
            if !text.contains(",") && text.contains(":") {
                #expect(zip(sweep.values, sweep.values.dropFirst()).allSatisfy { $0 < $1 }, "ascending: \(text)")
                let parts = text.split(separator: ":").map { Double($0.trimmingCharacters(in: .whitespaces))! }
                #expect(sweep.values.first == parts[0] && sweep.values.last! <= parts[1], "within: \(text)")
            }
        }
        #expect(taken > 1_000, "the alphabet makes valid texts too (\(taken))")
    }

    /// `units` × 10^−places written out as a plain decimal, e.g. (-1205, 2) → "-12.05".
    static func decimal(_ units: Int, places: Int) -> String {
        guard places > 0 else { return "\(units)" }
        let digits = String(abs(units))
        let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
        let sign = units < 0 ? "-" : ""
        return sign + padded.dropLast(places) + "." + padded.suffix(places)
    }
}
