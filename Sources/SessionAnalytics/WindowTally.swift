import CivilTime
import ScheduleArchive
import SessionCore

/// The best sessions of a set of days, tallied by their clock window (timetables repeat, so
/// the same window recurs to the minute).
package struct WindowTally: Sendable {
    struct Key: Hashable {
        var start: Int
        var end: Int
    }
    private var scores: [Key: [Double]] = [:]
    /// Days considered.
    package private(set) var days = 0

    mutating func add(best: (start: Int, end: Int, score: Double)?) {
        days += 1
        if let best { scores[Key(start: best.start, end: best.end), default: []].append(best.score) }
    }

    /// Every window, most frequent first (then the higher typical score, then the earlier).
    package var windows: [RecurringWindow] {
        scores.map { key, values in
            let sorted = values.sorted()
            let middle = sorted.count / 2
            let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
            return RecurringWindow(
                startMinute: key.start, endMinute: key.end, days: values.count, of: days, typicalScore: median,
                bestScore: sorted.last!)
        }.sorted {
            ($0.days, $0.typicalScore, -$0.startMinute, -$0.endMinute) > (
                $1.days, $1.typicalScore, -$1.startMinute, -$1.endMinute
            )
        }
    }

    /// The usual best window: the one that was the day's best most often.
    package var usual: RecurringWindow? { windows.first }
}
