/// A ship page that answered "not found" (404) or "gone" (410) during a run, and the ship the
/// previous table rated from it, if any.
public struct VanishedShipPage: Sendable, Equatable {
    public var url: String
    public var status: Int
    /// The ship of the previous table whose source this page was.
    public var ship: String?

    public init(url: String, status: Int, ship: String?) {
        self.url = url
        self.status = status
        self.ship = ship
    }
}
