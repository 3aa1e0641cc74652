public import CivilTime
public import SessionCore

/// What a survey covers and how it scores.
public struct SurveySettings: Sendable {
    public var from: LocalDate
    public var to: LocalDate
    /// UIC ids to score; `nil`: every station with departures.
    public var stations: Set<Int>?
    public var sun: SunSource
    /// Sessions kept per station and day; below 1 keeps none.
    public var top: Int
    /// Which ship categories make waves (default: every ship, BAT, BAV and FAE).
    public var categories: WaveCategories = .ships

    /// Any values are a survey: one whose `from` is after its `to` covers no day, one whose `top`
    /// is below 1 keeps no session (`SessionsJob` refuses both, naming the field).
    public init(from: LocalDate, to: LocalDate, stations: Set<Int>? = nil, sun: SunSource = .station, top: Int = 5) {
        self.from = from
        self.to = to
        self.stations = stations
        self.sun = sun
        self.top = top
    }
}
