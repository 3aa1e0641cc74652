package import Foundation

extension URL {
    /// Whether this is an address a fetch can go to: an `http` or `https` URL (any case) with a
    /// host. The one rule for every URL a job or an option takes.
    package var isWebAddress: Bool {
        ["http", "https"].contains(scheme?.lowercased() ?? "") && host != nil
    }
}
