import CivilTime
import ScheduleArchive

/// A window that recurs: the day's best session from `start` to `end` (local clock), the days
/// it was the best, of the days that matched, and its typical (median) score.
public struct RecurringWindow: Hashable, Sendable {
    /// Minutes after local midnight.
    public var startMinute: Int
    public var endMinute: Int
    /// Days on which it was the day's best session.
    public var days: Int
    /// Days considered (those with waves at the station, of the weekday or period asked for).
    public var of: Int
    /// Median score over the days it was the best.
    public var typicalScore: Double
    public var bestScore: Double

    /// "14:31–16:31".
    public var clockText: String {
        func hm(_ m: Int) -> String { "\(m / 60 < 10 ? "0" : "")\(m / 60):\(m % 60 < 10 ? "0" : "")\(m % 60)" }
        return "\(hm(startMinute))–\(hm(endMinute))"
    }
}
