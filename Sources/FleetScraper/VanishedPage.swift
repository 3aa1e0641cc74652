import Foundation
import WebPages

/// A listed ship page that no longer describes a ship: the site answered "not found" (404) or
/// "gone" (410), or redirected the request to a page that is not a ship page (an overview, the
/// home page).
public struct VanishedPage: Sendable, Equatable {
    public var url: String
    /// 404 or 410; for a redirect, the redirect's status (301, 302, …).
    public var status: Int
    /// Where the site sent the request, for a redirect; nil for a page that answered 404 or 410.
    public var redirectedTo: String?

    public init(url: String, status: Int, redirectedTo: String? = nil) {
        self.url = url
        self.status = status
        self.redirectedTo = redirectedTo
    }

    /// The statuses that mean the page is gone, not that the fetch failed.
    package static let statuses: Set<Int> = [404, 410]

    /// What the site answered, in words: "HTTP 404", "redirected (HTTP 301) to <url>, not a ship
    /// page".
    public var answer: String {
        guard let redirectedTo else { return "HTTP \(status)" }
        return "redirected (HTTP \(status)) to \(redirectedTo), not a ship page"
    }

    /// The warning a run prints for it.
    package var warning: String { "\(url): \(answer); the page is gone" }
}
