public import CivilTime
public import SessionCore
public import Solar

/// The sessions of one station on one day.
public struct StationDay: Sendable {
    public var station: Int
    public var stationName: String
    public var lake: String?
    public var date: LocalDate
    public var sun: SunWindow
    /// The computed sun times behind ``sun`` (their place: the station's or the app's point).
    public var sunTimes: SunTimes
    public var waveCount: Int
    /// Waves without a known ship (with or without a prediction).
    public var unknownShipWaves: Int
    public var predictedShipWaves: Int = 0
    /// The app's best windows (they may overlap), best first; empty when none qualifies.
    public var sessions: [SessionResult]
    /// Non-overlapping windows, best first.
    public var distinctSessions: [SessionResult] = []
    /// Every wave of the day.
    public var waves: [WaveDetail] = []
    /// Why there is no session (nil when there is one).
    public var noSession: NoSessionReason?

    public init(
        station: Int, stationName: String, lake: String?, date: LocalDate, sun: SunWindow, sunTimes: SunTimes,
        waveCount: Int, unknownShipWaves: Int, sessions: [SessionResult]
    ) {
        self.station = station
        self.stationName = stationName
        self.lake = lake
        self.date = date
        self.sun = sun
        self.sunTimes = sunTimes
        self.waveCount = waveCount
        self.unknownShipWaves = unknownShipWaves
        self.sessions = sessions
    }
}
