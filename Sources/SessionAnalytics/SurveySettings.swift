public import CivilTime
public import SessionCore

/// What a survey covers and how it scores.
public struct SurveySettings: Sendable {
    public var from: LocalDate
    public var to: LocalDate
    /// UIC ids to score; `nil`: every station with departures.
    public var stations: Set<Int>?
    public var sun: SunSource
    /// Sessions kept per station and day (≥ 1).
    public var top: Int

    public init(from: LocalDate, to: LocalDate, stations: Set<Int>? = nil, sun: SunSource = .station, top: Int = 5) {
        precondition(from <= to, "from must not be after to")
        precondition(top >= 1, "top must be at least 1")
        self.from = from
        self.to = to
        self.stations = stations
        self.sun = sun
        self.top = top
    }
}
