public import WaveRating

/// One lake's waves on one day (`<lake>/<date>.<hash>.json`; schemas/feed-day.schema.json):
/// every departure at every station of the lake, in time order. A day that was fetched and has
/// no departure has a file with no waves; a day that was not fetched has none (the index does
/// not list it).
public struct FeedDay: Codable, Sendable, Equatable {
    /// The feed's format version (``FeedIndex/currentVersion``).
    public var schemaVersion: Int
    /// The lake as the app names it.
    public var lake: String
    /// The local date, `YYYY-MM-DD`.
    public var date: String
    /// The zone of `time` ("Europe/Zurich").
    public var timeZone: String
    /// Where each wave's ``FeedWave/waveHeightM`` is meant: one reference point per rating table
    /// of the lake (version 2; nil in a version 1 file).
    public var waveHeightReference: [HeightReference]?
    public var waves: [FeedWave]

    public init(
        schemaVersion: Int, lake: String, date: String, timeZone: String,
        waveHeightReference: [HeightReference]? = nil, waves: [FeedWave]
    ) {
        self.schemaVersion = schemaVersion
        self.lake = lake
        self.date = date
        self.timeZone = timeZone
        self.waveHeightReference = waveHeightReference
        self.waves = waves
    }

    /// The waves at one station (by UIC id), in time order.
    public func waves(atStation uic: String) -> [FeedWave] { waves.filter { $0.stationId == uic } }

    /// Where a rating table's heights are computed: the wave a rider meets `distanceM` from the
    /// ship's sailing line, standing in `riderDepthM` of water, while the ship sails over
    /// `trackDepthM` at `speedKmh` (nil: each ship at its own operating speed). The height is the
    /// distance-aware wake models' central height there (`ship-ratings.json`, `model.wake`).
    public struct HeightReference: Codable, Sendable, Equatable {
        /// The operator whose table this is ("ZSG").
        public var `operator`: String
        public var distanceM: Double
        public var riderDepthM: Double
        public var trackDepthM: Double
        /// nil: each ship at its operating speed.
        public var speedKmh: Double?

        public init(operator: String, distanceM: Double, riderDepthM: Double, trackDepthM: Double, speedKmh: Double?) {
            self.operator = `operator`
            self.distanceM = distanceM
            self.riderDepthM = riderDepthM
            self.trackDepthM = trackDepthM
            self.speedKmh = speedKmh
        }

        // Every key is written, null included.
        enum CodingKeys: String, CodingKey { case `operator`, distanceM, riderDepthM, trackDepthM, speedKmh }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(self.operator, forKey: .operator)
            try c.encode(distanceM, forKey: .distanceM)
            try c.encode(riderDepthM, forKey: .riderDepthM)
            try c.encode(trackDepthM, forKey: .trackDepthM)
            try c.encode(speedKmh, forKey: .speedKmh)
        }
    }
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
    /// Where the course ends (the stationboard journey's `to`); nil when the source does not say
    /// (version 2).
    public var destination: String?
    /// Local time the ship arrives here before it departs, with its offset: a through call. Nil
    /// at the course's first stop, or when the source gives no arrival. The app's
    /// `WaveEvent.isArrival` is `arrival != nil`. Every wave is a call the ship departs from
    /// (the stationboard's departures, as the app lists them): a call where a course ends is
    /// never one (version 2).
    public var arrival: String?
    /// The daylight phase at `time` at the station (version 2): day, civil twilight, or night.
    public var daylight: Daylight?
    /// The ship as the rating table names it; nil when not known.
    public var ship: String?
    /// `known`: the operator's own assignment names the ship (`published` in version 2, the
    /// word no session report used); `predicted`: the ships that ran this course on archived days
    /// of the same timetable period (``predictedShips``, most likely first); `none`: neither.
    public var shipSource: ShipSource
    /// 1 for a known ship; the most likely ship's share for a prediction; nil for none.
    public var shipShare: Double?
    /// A prediction's ships with their shares (summing to 1) and ratings.
    public var predictedShips: [PredictedShip]?
    /// The known ship's rating (1–3, a closed set: a feed naming another is refused); nil
    /// for a prediction, an unknown or an unrated ship.
    public var rating: Rating?
    /// What decided that rating, as the table says.
    public var ratingBasis: RatingBasis?
    /// The height at the rider the table gives the ship at its reference point (the day's
    /// ``FeedDay/waveHeightReference``; for a prediction, share-weighted), m.
    public var waveHeightM: Double?

    /// How the ship is known: the words of every session report (`sessions.json`, `waves.csv`,
    /// `plan --json`). A version 2 feed's `published` reads as ``known``.
    public enum ShipSource: String, Codable, Sendable, CaseIterable {
        case known, predicted, none

        public init(from decoder: any Decoder) throws {
            let word = try decoder.singleValueContainer().decode(String.self)
            guard let source = ShipSource(rawValue: word == "published" ? "known" : word) else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath,
                        debugDescription: "shipSource \"\(word)\" is not known, predicted or none"))
            }
            self = source
        }
    }

    /// The daylight phase of a wave, from the toolkit's sun times at the station (NOAA's method).
    public enum Daylight: String, Codable, Sendable, CaseIterable {
        /// Between sunrise and sunset.
        case day
        /// Civil twilight: the sun between 0.833° and 6° below the horizon.
        case twilight
        /// Before civil dawn or after civil dusk.
        case night
    }

    /// What decided a rating (`ratingBasis` in `ship-ratings.json`).
    public enum RatingBasis: String, Codable, Sendable, CaseIterable {
        /// The riders' own rating.
        case riders
        /// The legacy model by its energy, its force, or both.
        case energy, force
        case energyAndForce = "energy and force"
        /// The distance-aware wake model's height at the rider.
        case waveHeightAtRider = "wave height at the rider"
    }

    /// One ship of a prediction.
    public struct PredictedShip: Codable, Sendable, Equatable {
        public var ship: String
        public var share: Double
        public var rating: Rating?

        public init(ship: String, share: Double, rating: Rating?) {
            self.ship = ship
            self.share = share
            self.rating = rating
        }
    }

    public init(
        waveId: String, stationId: String, stationName: String, time: String, timeUTC: String, course: String,
        category: String, nextStopId: String?, nextStopName: String?, ship: String?, shipSource: ShipSource,
        shipShare: Double?, predictedShips: [PredictedShip]?, rating: Rating?, ratingBasis: RatingBasis?,
        waveHeightM: Double?, destination: String? = nil, arrival: String? = nil, daylight: Daylight? = nil
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
        self.destination = destination
        self.arrival = arrival
        self.daylight = daylight
    }

    // Every key is written, null included, so the schema can require them all.
    enum CodingKeys: String, CodingKey {
        case waveId, stationId, stationName, time, timeUTC, course, category, nextStopId, nextStopName, destination
        case arrival, daylight, ship, shipSource, shipShare, predictedShips, rating, ratingBasis, waveHeightM
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
        try c.encode(destination, forKey: .destination)
        try c.encode(arrival, forKey: .arrival)
        try c.encode(daylight, forKey: .daylight)
        try c.encode(ship, forKey: .ship)
        try c.encode(shipSource, forKey: .shipSource)
        try c.encode(shipShare, forKey: .shipShare)
        try c.encode(predictedShips, forKey: .predictedShips)
        try c.encode(rating, forKey: .rating)
        try c.encode(ratingBasis, forKey: .ratingBasis)
        try c.encode(waveHeightM, forKey: .waveHeightM)
    }
}
