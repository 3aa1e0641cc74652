/// One lake's waves on one day (`<lake>/<date>.<hash>.json`; schemas/feed-day.schema.json):
/// every departure at every station of the lake, in time order.
public struct FeedDay: Codable, Sendable, Equatable {
    /// The feed's format version (1).
    public var schemaVersion: Int
    /// The lake as the app names it.
    public var lake: String
    /// The local date, `YYYY-MM-DD`.
    public var date: String
    /// The zone of `time` ("Europe/Zurich").
    public var timeZone: String
    public var waves: [FeedWave]

    public init(schemaVersion: Int, lake: String, date: String, timeZone: String, waves: [FeedWave]) {
        self.schemaVersion = schemaVersion
        self.lake = lake
        self.date = date
        self.timeZone = timeZone
        self.waves = waves
    }

    /// The waves at one station (by UIC id), in time order.
    public func waves(atStation uic: String) -> [FeedWave] { waves.filter { $0.stationId == uic } }
}

/// One departure: a wave at a station.
public struct FeedWave: Codable, Sendable, Equatable {
    /// The app's wave id (``WaveID``).
    public var waveId: String
    /// The station's UIC id, as text (the app's `uic_ref`).
    public var stationId: String
    public var stationName: String
    /// Local time with its offset, `2026-09-22T14:31:00+02:00`.
    public var time: String
    /// The same instant in UTC, `2026-09-22T12:31:00Z` (the wave id's).
    public var timeUTC: String
    /// The course number without leading zeros ("" when the timetable gave none).
    public var course: String
    /// `BAT` (ship), `BAV` or `FAE` (ferry), as the timetable categorises the course.
    public var category: String
    /// Where the course calls next (nil at its last stop of the day).
    public var nextStopId: String?
    public var nextStopName: String?
    /// The ship as the rating table names it; nil when not known.
    public var ship: String?
    /// `published`: the operator's own assignment names the ship; `predicted`: the ships that
    /// ran this course on archived days of the same timetable period (``predictedShips``, most
    /// likely first); `none`: neither.
    public var shipSource: ShipSource
    /// 1 for a published ship; the most likely ship's share for a prediction; nil for none.
    public var shipShare: Double?
    /// A prediction's ships with their shares (summing to 1) and ratings.
    public var predictedShips: [PredictedShip]?
    /// The published ship's rating (1–3); nil for a prediction, an unknown or an unrated ship.
    public var rating: Int?
    /// What decided that rating, as the table says (`riders`, `energy`, `wave height at the
    /// rider`, …).
    public var ratingBasis: String?
    /// The height at the rider the table gives the ship at its reference point (for a
    /// prediction, share-weighted), m.
    public var waveHeightM: Double?

    /// How the ship is known.
    public enum ShipSource: String, Codable, Sendable {
        case published, predicted, none
    }

    /// One ship of a prediction.
    public struct PredictedShip: Codable, Sendable, Equatable {
        public var ship: String
        public var share: Double
        public var rating: Int?

        public init(ship: String, share: Double, rating: Int?) {
            self.ship = ship
            self.share = share
            self.rating = rating
        }
    }

    public init(
        waveId: String, stationId: String, stationName: String, time: String, timeUTC: String, course: String,
        category: String, nextStopId: String?, nextStopName: String?, ship: String?, shipSource: ShipSource,
        shipShare: Double?, predictedShips: [PredictedShip]?, rating: Int?, ratingBasis: String?, waveHeightM: Double?
    ) {
        self.waveId = waveId
        self.stationId = stationId
        self.stationName = stationName
        self.time = time
        self.timeUTC = timeUTC
        self.course = course
        self.category = category
        self.nextStopId = nextStopId
        self.nextStopName = nextStopName
        self.ship = ship
        self.shipSource = shipSource
        self.shipShare = shipShare
        self.predictedShips = predictedShips
        self.rating = rating
        self.ratingBasis = ratingBasis
        self.waveHeightM = waveHeightM
    }

    // Every key is written, null included, so the schema can require them all.
    enum CodingKeys: String, CodingKey {
        case waveId, stationId, stationName, time, timeUTC, course, category, nextStopId, nextStopName, ship
        case shipSource, shipShare, predictedShips, rating, ratingBasis, waveHeightM
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(waveId, forKey: .waveId)
        try c.encode(stationId, forKey: .stationId)
        try c.encode(stationName, forKey: .stationName)
        try c.encode(time, forKey: .time)
        try c.encode(timeUTC, forKey: .timeUTC)
        try c.encode(course, forKey: .course)
        try c.encode(category, forKey: .category)
        try c.encode(nextStopId, forKey: .nextStopId)
        try c.encode(nextStopName, forKey: .nextStopName)
        try c.encode(ship, forKey: .ship)
        try c.encode(shipSource, forKey: .shipSource)
        try c.encode(shipShare, forKey: .shipShare)
        try c.encode(predictedShips, forKey: .predictedShips)
        try c.encode(rating, forKey: .rating)
        try c.encode(ratingBasis, forKey: .ratingBasis)
        try c.encode(waveHeightM, forKey: .waveHeightM)
    }
}
