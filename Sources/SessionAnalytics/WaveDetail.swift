import SessionCore
public import ShipRatingTable
public import WaveRating

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
    /// Where the course ends; nil when the source does not say.
    public var destination: String?
    /// Unix seconds the ship arrives before it departs (a through call); nil at the course's
    /// first stop or when the source gives no arrival.
    public var arrival: Int64?
    /// What decided the known ship's rating, as the table says; nil without one.
    public var ratingBasis: RatingBasis?

    public init(
        time: Int64, course: String, category: String, nextStop: Int?, nextStopName: String?, ship: WaveShip,
        rating: Rating?, points: Double, waveHeightM: Double?
    ) {
        self.time = time
        self.course = course
        self.category = category
        self.nextStop = nextStop
        self.nextStopName = nextStopName
        self.ship = ship
        self.rating = rating
        self.points = points
        self.waveHeightM = waveHeightM
    }
}
