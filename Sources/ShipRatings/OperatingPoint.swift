/// Where the legacy model evaluates every ship: one speed and one water depth.
public struct OperatingPoint: Sendable, Equatable {
    /// Ship speed, km/h (> 0).
    public var speedKmh: Double
    /// Water depth, m (> 0).
    public var trackDepthM: Double

    public init(speedKmh: Double, trackDepthM: Double) {
        self.speedKmh = speedKmh
        self.trackDepthM = trackDepthM
    }

    /// The legacy script's defaults: 18 km/h (5 m/s) over 10 m of water.
    public static let legacy = OperatingPoint(speedKmh: 18, trackDepthM: 10)
}
