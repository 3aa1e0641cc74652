import Foundation
package import JobContract
package import SafeFiles

/// Why a scrape failed for a reason of the fleet pages themselves (fetch failures are
/// ``WebPages/WebFetchError``). Every case names where: the URL, and the field or element.
package enum ScrapeError: KindedError, Equatable {
    /// The fleet index has no ship links: the operator's layout has changed.
    case noShipLinks(url: String, expected: String)
    /// An index page linking more vessel pages than a run reads (``PageLayout/maximumShipPages``).
    case tooManyShipLinks(url: String, count: Int, limit: Int)
    /// A ship page lacks the element the legacy layout puts there.
    case layoutChanged(url: String, missing: String)
    /// A snapshot lacks a page or is malformed.
    case snapshot(path: String, reason: String, kind: ProblemKind = .badData)
    /// Every listed ship page answered 404/410: the address or the page list is wrong.
    case allPagesGone(first: String, count: Int)
    /// A page list has a bad line (or none).
    case pageList(path: String, line: Int?, reason: String)
    /// A page list names a page on another site than the one fetched.
    case pageOffSite(path: String, line: Int, url: String, site: String)
    /// A snapshot would replace a folder that holds files.
    case snapshotNotEmpty(path: String, entries: Int)
    /// A folder a snapshot may not be written to (a file, the home folder, a repository).
    case snapshotTargetRefused(path: String, reason: String)
    /// A page the run asked for that the snapshot does not hold: it holds only what the run that
    /// saved it read.
    case pageNotInSnapshot(path: String, url: String)

    package var description: String {
        switch self {
        case .noShipLinks(let url, let expected):
            "\(url): no ship links found (\(expected)); the site's layout has probably changed"
        case .tooManyShipLinks(let url, let count, let limit):
            "\(url) links \(count) vessel pages, more than the \(limit) a run reads (a fleet has dozens); refused "
                + "before fetching them"
        case .layoutChanged(let url, let missing):
            "\(url): \(missing) not found; the ship page layout has probably changed"
        case .snapshot(let path, let reason, _): "snapshot \(path): \(reason)"
        case .allPagesGone(let first, let count):
            "all \(count) listed ship pages answered \"not found\" (the first: \(first)). Nothing was "
                + "written"
        case .pageList(let path, let line, let reason): "\(path)\(line.map { ", line \($0)" } ?? ""): \(reason)"
        case .pageOffSite(let path, let line, let url, let site): "\(path), line \(line): \(url) is not on \(site)"
        case .snapshotNotEmpty(let path, let entries): "snapshot \(path): the folder is not empty (\(entries) entries)"
        case .snapshotTargetRefused(let path, let reason): "snapshot \(path): \(reason)"
        case .pageNotInSnapshot(let path, let url):
            "snapshot \(path): no page for \(url); the snapshot holds only what its run read"
        }
    }
}

extension ScrapeError {
    /// A snapshot file that could not be read, keeping the reader's kind of problem.
    package static func snapshot(_ problem: FileProblem, reason: String? = nil) -> ScrapeError {
        .snapshot(path: problem.path, reason: reason ?? problem.reason, kind: problem.kind)
    }

    package var kind: ProblemKind {
        switch self {
        case .noShipLinks, .tooManyShipLinks, .layoutChanged, .pageList, .pageOffSite, .pageNotInSnapshot: .badData
        case .snapshot(_, _, let kind): kind
        case .snapshotNotEmpty, .snapshotTargetRefused: .cannotWrite
        case .allPagesGone: .unreachable
        }
    }

    package var location: String? {
        switch self {
        case .noShipLinks(let url, _), .layoutChanged(let url, _), .tooManyShipLinks(let url, _, _): url
        case .snapshot(let path, _, _), .pageList(let path, _, _), .pageOffSite(let path, _, _, _),
            .snapshotNotEmpty(let path, _), .snapshotTargetRefused(let path, _), .pageNotInSnapshot(let path, _):
            path
        case .allPagesGone(let first, _): first
        }
    }
}
