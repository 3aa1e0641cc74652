public import JobContract
package import SafeFiles
import TextFormats

/// Why a rating table could not be built or written.
public enum RatingsError: KindedError, Equatable {
    /// A data file is unreadable or malformed.
    case invalidFile(path: String, reason: String, kind: ProblemKind = .badData)
    /// The new table is worse than the previous one (ships lost, ratings lost); `vanished` are
    /// the ship pages that answered 404 or 410 on the way.
    case regression(previous: String, problems: [String], vanished: [VanishedShipPage] = [])
    /// The wake model's height thresholds cannot be set.
    case wakeThresholds(String)
    /// The table already in the output folder cannot be read, so the new one cannot be checked
    /// against it.
    case unreadableExisting(path: String, reason: String)
    /// The table to publish cites pages on this machine (a mirror run): the apps would show
    /// sources nobody can open.
    case localSources(example: String, count: Int)
    /// A ship to add is already in the fleet file, as `ships[index]`.
    case shipExists(path: String, ship: String, index: Int)
    /// A ship to add is spelled like `existing`, already in the fleet file as `ships[index]`: a
    /// typo would add a second entry for one ship.
    case similarShip(path: String, ship: String, existing: String, index: Int)
    /// The table at `table` has no ship by the name a person gave: the `closest` of its names
    /// (best first; none when nothing is close), and all it has (`known`).
    case unknownShip(table: String, name: String, closest: [String], known: [String])
    /// A published table whose bytes are not the ones its manifest names (`bytes` and `sha256`
    /// found, `expected` named): changed or damaged after publication; `folder` is the
    /// publishing folder, where the reviewed table is published again.
    case publishedTableChanged(
        path: String, folder: String, bytes: Int, sha256: String, expectedBytes: Int, expectedSHA256: String)

    public var description: String {
        switch self {
        case .invalidFile(let path, let reason, _): "\(path): \(reason)"
        case .regression(let previous, let problems, _):
            "the new rating table is worse than \(previous):\n"
                + problems.map { "  - \($0)" }.joined(separator: "\n")
                + "\nNothing was written."
        case .wakeThresholds(let reason): reason
        case .publishedTableChanged(let path, _, let bytes, let sha256, let expectedBytes, let expectedSHA256):
            "\(path): holds \(bytes) bytes with SHA-256 \(sha256.prefix(16))…, but manifest.json names "
                + "\(expectedBytes) bytes with \(expectedSHA256.prefix(16))…: the published table was changed or "
                + "damaged after publication"
        case .shipExists(let path, let ship, let index): "\(path): \(ship) is already in the file (ships[\(index)])"
        case .similarShip(let path, let ship, let existing, let index):
            "\(path): \(ship) is spelled like \(existing), already in the file (ships[\(index)])"
        case .unknownShip(let table, let name, let closest, let known):
            "\(table) has no ship \"\(VisibleText.excerpt(name))\""
                + (closest.isEmpty
                    ? "; it has \(known.joined(separator: ", "))"
                    : "; " + NameMatch.didYouMean(closest))
        case .localSources(let example, let count):
            "the table cites \(counted(count, "source")) on this machine (e.g. \(example)); the apps would "
                + "show addresses nobody can open. Nothing was written."
        case .unreadableExisting(let path, let reason):
            "\(path) cannot be read (\(reason)), so the new table cannot be checked against it. Nothing was "
                + "written."
        }
    }
}

extension RatingsError {
    /// A file that could not be read as it should, keeping the reader's kind of problem.
    package static func invalidFile(_ problem: FileProblem) -> RatingsError {
        .invalidFile(path: problem.path, reason: problem.reason, kind: problem.kind)
    }

    /// A file's problem by its kind; a ship already there is a usage error; the safety checks
    /// refuse.
    public var kind: ProblemKind {
        switch self {
        case .invalidFile(_, _, let kind): kind
        case .publishedTableChanged: .badData
        case .shipExists, .similarShip, .unknownShip: .usage
        case .regression, .localSources, .unreadableExisting, .wakeThresholds: .refused
        }
    }

    public var location: String? {
        switch self {
        case .invalidFile(let path, _, _), .unreadableExisting(let path, _), .shipExists(let path, _, _),
            .similarShip(let path, _, _, _), .unknownShip(let path, _, _, _),
            .publishedTableChanged(let path, _, _, _, _, _):
            path
        case .regression(let previous, _, _): previous
        case .localSources, .wakeThresholds: nil
        }
    }
}
