import Foundation

/// What a page source reports while it works (for progress on stderr).
public enum FetchEvent: Sendable {
    case fetching(url: String)
    case retrying(url: String, attempt: Int, after: Double, reason: String)
}
