package import Foundation
package import NextWaveSupport
package import ScheduleArchive

/// The rating tables `sessions`, `plan` and `today` score with when --ratings is not given:
/// the app's own ratings for Lake Zurich (what the app scores with), and for the other lakes
/// their operators' bundled tables (`Data/ratings/<id>.json`, written by `nextwave ratings
/// --operator ID` through scripts/operator-tables), so that every lake's known ships score by
/// their ratings. A station served by two operators gets both tables.
package enum DefaultRatingTables {
    package struct Choice {
        package var main: (url: URL, name: String)
        package var more: [(url: URL, name: String)]
        /// Whose table ``main`` is.
        package var origin: Origin

        /// The operators whose tables ``more`` are (`Data/ratings/<id>.json`), by id.
        package var moreOperators: [String] {
            more.map { URL(fileURLWithPath: $0.name).deletingPathExtension().lastPathComponent }
        }
    }

    /// Whose table a run scores with.
    package enum Origin: Equatable {
        /// The one the user named.
        case given
        /// The app's own ratings (`Data/app-ratings.json`): for Lake Zurich, or a lake with no
        /// operator's table.
        case app
        /// The lake's operator's bundled table.
        case lakeOperator
    }

    /// The tables for stations on `lakes`, from the data folder `data` and its operator
    /// catalogue.
    package static func choose(lakes: [String], data: URL, catalogue: OperatorCatalogue) -> Choice {
        var seen = Set<String>()
        var tables: [(url: URL, name: String)] = []
        for lake in lakes {
            for chosen in catalogue.operators(onLake: lake) where !chosen.isHome && seen.insert(chosen.id).inserted {
                let url = data.appendingPathComponent("ratings/\(chosen.id).json")
                if FileManager.default.fileExists(atPath: url.path) {
                    tables.append((url, "Data/ratings/\(chosen.id).json"))
                }
            }
        }
        let app = (url: data.appendingPathComponent("app-ratings.json"), name: "Data/app-ratings.json")
        if tables.isEmpty || lakes.contains("Zürichsee") { return Choice(main: app, more: tables, origin: .app) }
        return Choice(main: tables[0], more: Array(tables.dropFirst()), origin: .lakeOperator)
    }

    /// The tables a run at `stations` (nil: every station of `catalogue`) scores with: the one
    /// the user named (`given`, its path as given), alone; else the lakes' defaults.
    /// - Throws: ``FileProblem`` (a missing input) when the named table is not there.
    package static func choose(
        given: String?, stations: [Station]?, catalogue: StationCatalogue, data: URL, operators: OperatorCatalogue
    ) throws -> Choice {
        if let given {
            let url = URL(fileURLWithPath: given)
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw FileProblem(
                    path: given, reason: "no rating table; run `nextwave ratings` first or pass another --ratings",
                    kind: .missingInput)
            }
            return Choice(main: (url, given), more: [], origin: .given)
        }
        let lakes = Array(Set((stations ?? catalogue.stations).map(\.lake))).sorted()
        return choose(lakes: lakes, data: data, catalogue: operators)
    }
}
