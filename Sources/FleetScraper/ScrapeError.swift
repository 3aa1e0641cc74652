import Foundation

/// Why a scrape failed for a reason of the fleet pages themselves (fetch failures are
/// ``WebFetch/WebFetchError``). Every case names where: the URL, and the field or element.
package enum ScrapeError: Error, Equatable, CustomStringConvertible {
    /// The fleet index has no ship links: the operator's layout has changed.
    case noShipLinks(url: String, expected: String)
    /// A ship page lacks the element the legacy layout puts there.
    case layoutChanged(url: String, missing: String)
    /// A snapshot lacks a page or is malformed.
    case snapshot(path: String, reason: String)
    /// Every listed ship page answered 404/410: the address or the page list is wrong.
    case allPagesGone(first: String, count: Int)
    /// A page list has a bad line (or none).
    case pageList(path: String, line: Int?, reason: String)

    package var description: String {
        switch self {
        case .noShipLinks(let url, let expected):
            "\(url): no ship links found (\(expected)); the site's layout has probably changed"
        case .layoutChanged(let url, let missing):
            "\(url): \(missing) not found; the ship page layout has probably changed"
        case .snapshot(let path, let reason): "snapshot \(path): \(reason)"
        case .allPagesGone(let first, let count):
            "all \(count) listed ship pages answered \"not found\" (the first: \(first)); check --base-url and the "
                + "page list. Nothing was written"
        case .pageList(let path, let line, let reason): "\(path)\(line.map { ", line \($0)" } ?? ""): \(reason)"
        }
    }
}
