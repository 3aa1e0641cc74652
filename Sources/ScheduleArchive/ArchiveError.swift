import Foundation
package import JobContract
package import SafeFiles

/// Why reading, importing or fetching schedule data failed. Every case names where.
package enum ArchiveError: KindedError, Equatable {
    /// A file that is not what its place in the archive says it is (bad JSON, missing field…).
    case malformed(path: String, reason: String)
    /// A GTFS table lacks a column, or a row is unusable.
    case gtfs(file: String, line: Int?, reason: String)
    /// A feed too long for one import: its calendar or its departures exceed the bounds.
    case gtfsNeedsWindow(file: String, line: Int?, reason: String)
    /// The schedule store (SQLite) failed.
    case store(path: String, reason: String)
    /// The archive directory or a feed cannot be read.
    case unreadable(path: String, reason: String, kind: ProblemKind = .missingInput)
    /// A fetched body that is not what the endpoint promises.
    case badResponse(url: String, reason: String)
    /// The run's time ran out while `url` was being read (its pages, its board): not a fault of
    /// the site; a longer run reads it.
    case runTimeExceeded(url: String)
    /// The store's file is damaged and holds what only a new GTFS import restores.
    case damagedStore(path: String, problem: String, feeds: [String])
    /// The store records a schema version this build does not know (a newer tool wrote it): not
    /// damage, so it is neither moved aside nor rebuilt.
    case otherSchema(path: String, found: String, expected: Int)

    package var description: String {
        switch self {
        case .malformed(let path, let reason): "\(path): \(reason)"
        case .gtfs(let file, let line, let reason), .gtfsNeedsWindow(let file, let line, let reason):
            line.map { "\(file), line \($0): \(reason)" } ?? "\(file): \(reason)"
        case .store(let path, let reason): "schedule store \(path): \(reason)"
        case .otherSchema(let path, let found, let expected):
            "schedule store \(path): schema version \(found), expected \(expected); delete the file to rebuild"
        case .unreadable(let path, let reason, _): "\(path): \(reason)"
        case .badResponse(let url, let reason): "\(url): \(reason)"
        case .runTimeExceeded(let url): "\(url): the run's time ran out while reading it"
        case .damagedStore(let path, let problem, let feeds):
            "\(path) is damaged (\(problem)); "
                + (feeds.isEmpty
                    ? "what it holds cannot be read, so it is not rebuilt on its own: "
                    : "it holds departures imported from GTFS (\(feeds.joined(separator: ", "))), which only a new "
                        + "import restores: ")
                + "move it away (mv \(path) \(path).damaged); the next run rebuilds the stationboards' index from the "
                + "archive's files"
                + (feeds.isEmpty ? "" : ", and each feed it held is to be imported again")
        }
    }
}

extension ArchiveError {
    /// A file the archive could not read, keeping the reader's kind of problem.
    package static func unreadable(_ problem: FileProblem) -> ArchiveError {
        .unreadable(path: problem.path, reason: problem.reason, kind: problem.kind)
    }

    /// A file's problem: malformed content, or a file that could not be read (with its kind).
    package static func file(_ problem: FileProblem) -> ArchiveError {
        problem.kind == .badData ? .malformed(path: problem.path, reason: problem.reason) : .unreadable(problem)
    }

    /// Bad content of a file or answer; a file that is not there, missing.
    package var kind: ProblemKind {
        switch self {
        case .malformed, .gtfs, .gtfsNeedsWindow, .damagedStore: .badData
        case .unreadable(_, _, let kind): kind
        case .store, .otherSchema: .failed
        case .badResponse, .runTimeExceeded: .unreachable
        }
    }

    package var location: String? {
        switch self {
        case .malformed(let path, _), .store(let path, _), .unreadable(let path, _, _), .damagedStore(let path, _, _),
            .otherSchema(let path, _, _):
            path
        case .gtfs(let file, _, _), .gtfsNeedsWindow(let file, _, _): file
        case .badResponse(let url, _), .runTimeExceeded(let url): url
        }
    }
}
