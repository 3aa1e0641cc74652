import Foundation
import WebPages

/// A listed ship page the site answered with "not found" or "gone".
public struct VanishedPage: Sendable, Equatable {
    public var url: String
    /// 404 or 410.
    public var status: Int

    public init(url: String, status: Int) {
        self.url = url
        self.status = status
    }

    /// The statuses that mean the page is gone, not that the fetch failed.
    package static let statuses: Set<Int> = [404, 410]
}
