import CivilTime
import Foundation
import Testing
import _JobEntries

/// The public job entries (issue 52, item 1): every job a library caller can build, run through
/// `run()` with inputs made from random bytes (numbers from a pool of edges and from any bit
/// pattern, counts from Int's edges, dates from a day count at Int's edges or any day of years
/// 1–9999, station and lake names). A refusal or a failure is a correct answer; a trap ends the test process, which fails the suite. Files are the
/// repository's bundled data (read only) and a scratch copy of its archive; outputs go to a
/// scratch folder. The same entries are the libFuzzer target `job-entries` of
/// `nextwave-fuzz-jobs` (scripts/fuzz), a binary of its own: the readers' fuzz binary stays
/// offline by the architecture's rule 8, and the pipelines link the HTTP stack.
@Suite struct JobEntryTests {
    /// Inputs per job and run; each run draws new ones. Each input is saved before it runs
    /// (``JobEntries/lastInput(job:)``), so the one a trap ended on is there to replay.
    static let inputsPerJob = 40

    @Test(arguments: 0..<JobEntries.jobCount)
    func randomInputsEndInAnAnswerNotATrap(job: Int) async {
        var rng = SystemRandomNumberGenerator()
        var done = 0
        for _ in 0..<Self.inputsPerJob {
            let bytes = [UInt8(job)] + (0..<96).map { _ in UInt8.random(in: 0...255, using: &rng) }
            if await JobEntries.run(Data(bytes)) { done += 1 }
        }
        // Not every input is refused: the jobs' work is reached too (the harness's files are
        // right): a quarter of the inputs are plain, and most plain ones are valid.
        #expect(done > 0, "no input of job \(job) got past its validation")
    }

    /// The reader's edges are reached: NaN, an infinity, Int's extremes and a date far out.
    @Test func theReaderReachesItsEdges() {
        var sawNaN = false
        var sawInfinity = false
        var sawExtremeInt = false
        var sawFarDate = false
        for seed in 0..<2_000 {
            var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15
            let bytes = (0..<64).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 56)
            }
            var r = FuzzReader(Data(bytes))
            for _ in 0..<8 {
                let x = r.double()
                sawNaN = sawNaN || x.isNaN
                sawInfinity = sawInfinity || x.isInfinite
                let n = r.int()
                sawExtremeInt = sawExtremeInt || n == .max || n == .min
                if let days = r.date()?.daysSinceEpoch, days > 10_000_000 || days < -10_000_000 { sawFarDate = true }
            }
        }
        #expect(sawNaN && sawInfinity && sawExtremeInt && sawFarDate)
    }
}
