import CivilTime
import SessionCore
import Solar

/// One scored session, ready for reports.
public struct SessionResult: Hashable, Sendable {
    public var start: Int64
    public var end: Int64
    public var waves: Int
    public var quality: Int
    public var score: Double
    /// Named ships in the window, in order of first wave.
    public var ships: [String]
    /// Waves whose ship is not known.
    public var unknownWaves: Int
}

/// The sessions of one station on one day.
public struct StationDay: Sendable {
    public var station: Int
    public var stationName: String
    public var date: LocalDate
    public var sun: SunWindow
    /// The computed sun times behind ``sun`` (their place: the station's or the app's point).
    public var sunTimes: SunTimes
    public var waveCount: Int
    public var unknownShipWaves: Int
    /// Best first; empty when no window qualifies.
    public var sessions: [SessionResult]
}

/// One station-day as the finder takes it: its waves in time order, the ship of each (nil:
/// unknown) and the day's sun times.
public struct StationDayWaves: Sendable {
    public var station: Int
    public var stationName: String
    public var date: LocalDate
    public var waves: [Wave]
    public var ships: [String?]
    public var sun: SunWindow
    /// The computed sun times behind ``sun``.
    public var sunTimes: SunTimes
}
