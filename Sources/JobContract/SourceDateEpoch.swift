package import Foundation

/// `SOURCE_DATE_EPOCH` (reproducible-builds.org): the time a run stamps into what it writes
/// (a table's `generatedAt`, a feed index, a calendar's `DTSTAMP`) instead of now, so that the
/// same inputs give the same bytes. Read in one place, with one rule: a whole number of seconds
/// in 1970-01-01 … 2100-01-01 (anything else is ignored, as if unset).
package enum SourceDateEpoch {
    /// The stamp `environment` asks for, in Unix seconds, or nil.
    package static func seconds(in environment: [String: String] = ProcessInfo.processInfo.environment) -> Int64? {
        guard let text = environment["SOURCE_DATE_EPOCH"], let seconds = Int64(text),
            (0...4_102_444_800).contains(seconds)
        else { return nil }
        return seconds
    }

    /// ``seconds(in:)`` as a date.
    package static func date(in environment: [String: String] = ProcessInfo.processInfo.environment) -> Date? {
        seconds(in: environment).map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    /// The clock a job runs on: one that reads ``date(in:)`` when it is set, else the system's.
    package static func clock(in environment: [String: String] = ProcessInfo.processInfo.environment)
        -> any JobClock
    {
        date(in: environment).map { FixedDateClock($0) } ?? SystemClock()
    }
}
