import CivilTime
import Foundation
import SessionCore
import WaveFeed

/// SessionKit's public API on any values a caller can pass (issue: no traps in SessionKit's
/// public API): dates, times and sun windows from raw bytes, extreme values included. Each call
/// must return; the finder keeps its rules' range.
extension FuzzTargets {
    static let sessionKitTargets: [FuzzTarget] = [
        FuzzTarget(
            name: "sessionkit-api",
            summary: "raw Int64 times, Ints and Doubles → LocalDate, ZoneClock, SunWindow, SessionRules, "
                + "SessionFinder, NoSessionReason, WaveID: every call returns",
            run: { data in SessionKitFuzz.run(data) },
            seeds: { _ in
                [
                    ("zeros", Data(count: 64)),
                    ("extremes", Data((0..<8).flatMap { _ in [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F] })),
                    ("minimum", Data((0..<8).flatMap { _ in [0, 0, 0, 0, 0, 0, 0, 0x80] })),
                ]
            })
    ]
}

/// Reads the input as little-endian 64-bit words and feeds them to the public API.
enum SessionKitFuzz {
    static func run(_ data: Data) {
        var words: [Int64] = stride(from: 0, to: data.count - 7, by: 8).map { offset in
            data[data.startIndex + offset..<data.startIndex + offset + 8].enumerated().reduce(Int64(0)) {
                $0 | Int64($1.element) << (8 * Int64($1.offset))
            }
        }
        guard words.count >= 6 else { return }
        let sun = SunWindow(
            sunrise: words[0], sunset: words[1], civilTwilightBegin: words[2], civilTwilightEnd: words[3])
        let date = LocalDate(daysSinceEpoch: Int(truncatingIfNeeded: words[4]))
        _ = (date.components, date.isoWeekday, date.weekdayName, date.description)
        _ = date.inYear(Int(truncatingIfNeeded: words[5]))
        _ = date.adding(days: Int(truncatingIfNeeded: words[5]))
        _ = date.days(to: LocalDate(daysSinceEpoch: Int(truncatingIfNeeded: words[0])))
        let clock = ZoneClock.zurich
        _ = clock.unixTime(of: date, secondsAfterMidnight: Int(truncatingIfNeeded: words[5]))
        _ = (clock.localDate(at: words[1]), clock.iso8601(words[1]), ZoneClock.utcISO8601(words[2]))
        _ = WaveID.make(
            stationUIC: Int(truncatingIfNeeded: words[3]), stationName: "", departureUnix: words[4], course: "0")
        words.removeFirst(6)
        let waves = words.sorted().map { Wave(time: $0, quality: Double(UInt64(bitPattern: $0) % 11)) }
        let best = SessionFinder.best(waves: waves, sun: sun, top: 5)
        let outside = waves.contains { !SessionRules.timeRange.contains($0.time) }
        precondition(!outside || best.isEmpty, "a window of a day with a wave outside the rules' times")
        _ = SessionFinder.bestAndDistinct(waves: waves, sun: sun, top: 3)
        _ = SessionFinder.distinct(waves: waves, sun: sun, limit: 3)
        _ = NoSessionReason.of(waves: waves, sun: sun)
        if let first = waves.first, let last = waves.last {
            let score = SessionRules.score(quality: 10, count: waves.count, start: first.time, end: last.time, sun: sun)
            precondition(!score.isNaN || first.time == last.time, "a NaN score over a window of some length")
        }
    }
}
