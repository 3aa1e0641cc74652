import Foundation

/// Why reading, importing or fetching schedule data failed. Every case names where.
package enum ArchiveError: Error, Equatable, CustomStringConvertible {
    /// A file that is not what its place in the archive says it is (bad JSON, missing field…).
    case malformed(path: String, reason: String)
    /// A GTFS table lacks a column, or a row is unusable.
    case gtfs(file: String, line: Int?, reason: String)
    /// A feed too long for one import: its calendar or its departures exceed the bounds.
    case gtfsNeedsWindow(file: String, line: Int?, reason: String)
    /// The schedule store (SQLite) failed.
    case store(path: String, reason: String)
    /// The archive directory or a feed cannot be read.
    case unreadable(path: String, reason: String)
    /// A fetched body that is not what the endpoint promises.
    case badResponse(url: String, reason: String)

    package var description: String {
        switch self {
        case .malformed(let path, let reason): "\(path): \(reason)"
        case .gtfs(let file, let line, let reason), .gtfsNeedsWindow(let file, let line, let reason):
            line.map { "\(file), line \($0): \(reason)" } ?? "\(file): \(reason)"
        case .store(let path, let reason): "schedule store \(path): \(reason)"
        case .unreadable(let path, let reason): "\(path): \(reason)"
        case .badResponse(let url, let reason): "\(url): \(reason)"
        }
    }
}
