/// A ship page that answered "not found" (404) or "gone" (410) during a run, or was redirected
/// to a page that is not a ship page, and the ship the previous table rated from it, if any.
public struct VanishedShipPage: Sendable, Equatable {
    public var url: String
    /// 404 or 410; for a redirect, its status.
    public var status: Int
    /// Where the site sent the request, for a redirect.
    public var redirectedTo: String?
    /// The ship of the previous table whose source this page was.
    public var ship: String?

    public init(url: String, status: Int, redirectedTo: String? = nil, ship: String?) {
        self.url = url
        self.status = status
        self.redirectedTo = redirectedTo
        self.ship = ship
    }

    /// What the site answered: "answered HTTP 404", "was redirected (HTTP 301) to <url>".
    public var answer: String {
        redirectedTo.map { "was redirected (HTTP \(status)) to \($0)" } ?? "answered HTTP \(status)"
    }
}
