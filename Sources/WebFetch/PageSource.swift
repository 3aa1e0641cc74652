public import Foundation

/// Where page bytes come from: a site over HTTP, or a saved copy.
public protocol PageSource: Sendable {
    /// The body of the page at `url`.
    func page(at url: URL) async throws -> Data
}

/// What a page source reports while it works (for progress on stderr).
public enum FetchEvent: Sendable {
    case fetching(url: String)
    case retrying(url: String, attempt: Int, after: Double, reason: String)
}
