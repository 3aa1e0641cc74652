import ScheduleArchive
public import WaveRating

/// One ship a course is predicted to run with, its share of the archived days, and its rating.
public struct ShipShare: Hashable, Sendable {
    public var ship: String
    /// Days the course ran with this ship / days it ran with a known ship (0…1).
    public var share: Double
    /// The ship's rating in the table the waves are scored with (nil: unrated or not in it).
    public var rating: Rating?

    public init(ship: String, share: Double, rating: Rating? = nil) {
        self.ship = ship
        self.share = share
        self.rating = rating
    }
}
