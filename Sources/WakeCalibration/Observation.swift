public import WakeModels

/// One measured wake: the ship, where and how it passed, and the highest wave seen.
public struct Observation: Sendable, Equatable {
    /// The file line it was read from (1 is the header).
    public var line: Int
    public var ship: String?
    public var hull: WakeHull
    /// Ship speed, km/h.
    public var speedKmh: Double
    /// Water depth at the sailing line, m.
    public var trackDepthM: Double
    /// Distance of the observer from the sailing line, m.
    public var distanceM: Double
    /// Observed maximum wave height, m.
    public var heightM: Double

    public init(
        line: Int, ship: String?, hull: WakeHull, speedKmh: Double, trackDepthM: Double, distanceM: Double,
        heightM: Double
    ) {
        self.line = line
        self.ship = ship
        self.hull = hull
        self.speedKmh = speedKmh
        self.trackDepthM = trackDepthM
        self.distanceM = distanceM
        self.heightM = heightM
    }
}
