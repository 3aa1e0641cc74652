public import Foundation

/// Where page bytes come from: a site over HTTP, or a saved copy.
public protocol PageSource: Sendable {
    /// The body of the page at `url`.
    func page(at url: URL) async throws -> Data

    /// The body of the page at `url` and where it was read from: another address when the site
    /// redirected the request (a page that moved, or a page gone to an overview). A source
    /// without redirects answers `url` itself.
    func resolvedPage(at url: URL) async throws -> ResolvedPage
}

/// A page as a source answered it: its bytes, and the address they came from.
public struct ResolvedPage: Sendable, Equatable {
    public var data: Data
    /// The address the bytes came from: the one asked for, unless the site redirected it.
    public var url: URL
    /// The status of the first redirect (301, 302, 303, 307, 308); nil when none.
    public var redirectStatus: Int?

    public init(data: Data, url: URL, redirectStatus: Int? = nil) {
        self.data = data
        self.url = url
        self.redirectStatus = redirectStatus
    }

    /// Whether the site sent the request elsewhere.
    public var wasRedirected: Bool { redirectStatus != nil }
}

extension PageSource {
    public func resolvedPage(at url: URL) async throws -> ResolvedPage {
        ResolvedPage(data: try await page(at: url), url: url)
    }
}
