public import CivilTime
public import SessionCore
public import Solar

/// One station-day as the finder takes it: its waves in time order, the ship of each (nil:
/// unknown) and the day's sun times.
public struct StationDayWaves: Sendable {
    public var station: Int
    public var stationName: String
    public var lake: String?
    public var date: LocalDate
    public var waves: [Wave]
    /// The known ship of each wave (nil: not known; see ``details`` for predictions).
    public var ships: [String?]
    public var sun: SunWindow
    /// The computed sun times behind ``sun``.
    public var sunTimes: SunTimes
    /// Each wave in full.
    public var details: [WaveDetail] = []

    package init(
        station: Int, stationName: String, lake: String?, date: LocalDate, waves: [Wave], ships: [String?],
        sun: SunWindow, sunTimes: SunTimes, details: [WaveDetail] = []
    ) {
        self.station = station
        self.stationName = stationName
        self.lake = lake
        self.date = date
        self.waves = waves
        self.ships = ships
        self.sun = sun
        self.sunTimes = sunTimes
        self.details = details
    }
}
