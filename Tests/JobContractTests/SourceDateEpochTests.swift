import Foundation
import JobContract
import Testing

/// `SOURCE_DATE_EPOCH`'s one rule (whole seconds in 1970-01-01 … 2100-01-01, else ignored) and
/// the clock a job runs on from it.
@Suite struct SourceDateEpochTests {
    @Test func aValidStampFixesTheRunsDateAndAnythingElseIsIgnored() {
        // 1 790 000 000 s: 2026-09-21T14:13:20Z (date -u -d @1790000000).
        #expect(
            SourceDateEpoch.clock(in: ["SOURCE_DATE_EPOCH": "1790000000"]).date
                == Date(timeIntervalSince1970: 1_790_000_000))
        #expect(SourceDateEpoch.seconds(in: ["SOURCE_DATE_EPOCH": "4102444800"]) == 4_102_444_800)
        for ignored in ["-1", "4102444801", "1.5", "soon", ""] {
            #expect(SourceDateEpoch.seconds(in: ["SOURCE_DATE_EPOCH": ignored]) == nil, "\(ignored)")
            // Ignored: the system's clock, which reads now (not 1970, not the stamp).
            let date = SourceDateEpoch.clock(in: ["SOURCE_DATE_EPOCH": ignored]).date
            #expect(abs(date.timeIntervalSinceNow) < 60, "\(ignored)")
        }
        #expect(SourceDateEpoch.clock(in: [:]) is SystemClock)
    }
}
