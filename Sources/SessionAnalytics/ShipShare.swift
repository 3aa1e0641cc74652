import CivilTime
import ScheduleArchive

/// One ship a course is predicted to run with, and its share of the archived days.
public struct ShipShare: Hashable, Sendable {
    public var ship: String
    /// Days the course ran with this ship / days it ran with a known ship (0…1).
    public var share: Double

    public init(ship: String, share: Double) {
        self.ship = ship
        self.share = share
    }
}
