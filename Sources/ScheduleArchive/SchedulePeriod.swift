public import CivilTime
import Foundation

/// A timetable period of a lake (`schedule_periods.json`): summer, winter, …
public struct SchedulePeriod: Hashable, Sendable {
    public var lake: String
    public var name: String
    public var type: Season
    public var start: LocalDate
    /// Inclusive.
    public var end: LocalDate
}
