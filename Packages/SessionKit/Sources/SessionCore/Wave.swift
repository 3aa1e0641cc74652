/// One wave at a station: a ship departure and what it is worth.
public struct Wave: Hashable, Sendable {
    /// Unix seconds.
    public var time: Int64
    /// Quality points: the app's whole points (``SessionRules/quality(rating:named:)``), or the
    /// expected points of a wave whose ship is predicted (Σ share × points,
    /// ``SessionRules/expectedQuality(_:)``).
    public var quality: Double

    public init(time: Int64, quality: Double) {
        self.time = time
        self.quality = quality
    }

    /// A wave worth the app's whole points.
    public init(time: Int64, quality: Int) { self.init(time: time, quality: Double(quality)) }
}
