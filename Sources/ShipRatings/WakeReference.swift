import ShipRatingTable
import WakeModels

/// Where the distance-aware models rate a ship: a rider `distanceM` from the sailing line in
/// `riderDepthM` of water, the ship sailing over `trackDepthM`, at a fixed speed or at its own
/// operating speed (``OperatingSpeeds``).
public struct WakeReference: Sendable, Equatable {
    public enum Speed: Sendable, Equatable {
        /// Every ship at this speed, km/h.
        case fixed(Double)
        /// Each ship at its operating speed from evidence (published, courses, sister ship,
        /// Admiralty relation); ships without one are not rated by the wake model.
        case operating
    }

    /// The rider's distance from the sailing line, m.
    public var distanceM: Double
    /// Where the ship sails, m.
    public var trackDepthM: Double
    /// At the rider's spot, m.
    public var riderDepthM: Double
    public var speed: Speed

    public init(distanceM: Double = 50, trackDepthM: Double = 10, riderDepthM: Double = 3, speed: Speed = .operating) {
        self.distanceM = distanceM
        self.trackDepthM = trackDepthM
        self.riderDepthM = riderDepthM
        self.speed = speed
    }

    /// A rider 50 m from the sailing line (the distance the app tells riders to keep) in 3 m of
    /// water, the ship over 10 m at its operating speed (docs/SCIENCE.md §5.5).
    public static let standard = WakeReference()
}
