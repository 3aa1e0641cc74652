import Foundation

/// A station of the app's list (`Data/stations.json`).
public struct Station: Hashable, Sendable {
    /// UIC id as the transport API uses it.
    public var uic: Int
    public var name: String
    /// Degrees north / east (WGS84).
    public var latitude: Double
    public var longitude: Double
    /// The lake the app lists it under.
    public var lake: String
}
