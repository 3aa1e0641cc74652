import Foundation
public import ShipRatingTable

/// One ship's operating speed, where it comes from, and how uncertain it is.
public struct OperatingSpeed: Sendable, Equatable {
    /// km/h.
    public var kmh: Double
    public var basis: SpeedBasis
    /// A URL, or what the estimate rests on.
    public var source: String
    /// One standard deviation, km/h; nil when none is known (fixed, published).
    public var spreadKmh: Double?

    public init(kmh: Double, basis: SpeedBasis, source: String, spreadKmh: Double? = nil) {
        self.kmh = kmh
        self.basis = basis
        self.source = source
        self.spreadKmh = spreadKmh
    }
}
