public import CivilTime
public import SessionCore
public import Solar
public import WaveRating

/// Whose wake a wave is: the ship the operator assigned, the ships predicted from archived
/// days, or nobody known.
public enum WaveShip: Hashable, Sendable {
    case known(String)
    /// Most likely first; shares sum to 1 (``ShipPredictions``).
    case predicted([ShipShare])
    case none

    /// The known ship, or the most likely predicted one.
    public var likely: String? {
        switch self {
        case .known(let ship): ship
        case .predicted(let shares): shares.first?.ship
        case .none: nil
        }
    }
}

/// One wave of a station-day, as the wave lists show it.
public struct WaveDetail: Hashable, Sendable {
    /// Unix seconds.
    public var time: Int64
    /// Course number without leading zeros ("" when the source gave none).
    public var course: String
    /// `BAT`, `BAV` or `FAE`.
    public var category: String
    /// The station the course calls at next that day (nil at its last departure).
    public var nextStop: Int?
    public var nextStopName: String?
    public var ship: WaveShip
    /// The known ship's rating (nil for predicted or unknown ships, or an unrated ship).
    public var rating: Rating?
    /// Its points: the app's 10/5/2/1, or the expected points of a predicted ship.
    public var points: Double
    /// The wave height the rating table gives the ship at its reference point (the ensemble
    /// median; share-weighted for a prediction), m; nil without one.
    public var waveHeightM: Double?
}

/// One scored session, ready for reports.
public struct SessionResult: Hashable, Sendable {
    public var start: Int64
    public var end: Int64
    public var waves: Int
    /// Σ of the waves' points (expected points for predicted ships).
    public var quality: Double
    public var score: Double
    /// Known ships in the window, in order of first wave.
    public var ships: [String]
    /// Waves whose ship is not known (predicted or none).
    public var unknownWaves: Int
    /// Of those, waves with a predicted ship, and the most likely ship of each (distinct).
    public var predictedWaves: Int = 0
    public var predictedShips: [String] = []

    public init(
        start: Int64, end: Int64, waves: Int, quality: Double, score: Double, ships: [String], unknownWaves: Int,
        predictedWaves: Int = 0, predictedShips: [String] = []
    ) {
        self.start = start
        self.end = end
        self.waves = waves
        self.quality = quality
        self.score = score
        self.ships = ships
        self.unknownWaves = unknownWaves
        self.predictedWaves = predictedWaves
        self.predictedShips = predictedShips
    }
}

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
}
