public import Foundation

/// Where page bytes come from: a site over HTTP, or a saved copy.
public protocol PageSource: Sendable {
    /// The body of the page at `url`.
    func page(at url: URL) async throws -> Data
}
