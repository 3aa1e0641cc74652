import JSONText
import ShipRatingTable

/// The curated fleet file as people edit it (`Data/fleet.json`, schema
/// `schemas/fleet.schema.json`): checked as a whole, every problem at once
/// (`FleetFile+Check.swift`); read and changed as records (``Document``, ``Record``) by
/// `nextwave fleet add`, `set`, `rename` and `retire` (`FleetFile+Edits.swift`); written in one
/// canonical form so that an edit is a small diff; read and updated on disk under its folder's
/// lock (`FleetFile+Disk.swift`).
package enum FleetFile {
    /// One problem of a fleet file: where (entry and field) and why.
    package struct Problem: Sendable, Equatable, CustomStringConvertible {
        /// The ship's index and name, e.g. `ships[3] (Helvetia)`; nil for the file itself.
        package var entry: String?
        package var field: String?
        package var reason: String

        package var description: String {
            [entry, field].compactMap { $0 }.joined(separator: ", ") + (entry == nil && field == nil ? "" : ": ")
                + reason
        }
    }

    /// The type prefixes ships carry.
    package static let prefixes = ["MS", "DS", "EMS"]

    /// The file's canonical text: fields in ``FleetField`` order, sourced values as value, source,
    /// overridesPage.
    package static func format(_ object: Any) -> String {
        PrettyJSON.text(object) { path, keys in
            switch path.count {
            case 0: return ["description", "ships"]
            case 1: return FleetField.allCases.map(\.rawValue)
            default:
                switch path.last {
                case "retired": return ["since", "reason", "source"]
                case "riderRating": return ["value", "source", "reason"]
                default: return ["value", "source", "overridesPage"]
                }
            }
        }
    }

    /// The error for a file with `problems`: the one problem, or all of them as a list.
    static func invalid(_ path: String, _ problems: [Problem]) -> RatingsError {
        .invalidFile(
            path: path,
            reason: problems.count == 1
                ? problems[0].description
                : "\(problems.count) problems:\n" + problems.map { "  - \($0)" }.joined(separator: "\n"))
    }
}
