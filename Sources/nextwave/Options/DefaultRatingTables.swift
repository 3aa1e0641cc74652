import Foundation
import NextWaveSupport

/// The rating tables `sessions`, `plan` and `today` score with when --ratings is not given:
/// the app's own ratings for Lake Zurich (what the app scores with), and for the other lakes
/// their operators' bundled tables (`Data/ratings/<id>.json`, written by `nextwave ratings
/// --operator ID` through scripts/operator-tables), so that every lake's known ships score by
/// their ratings. A station served by two operators gets both tables.
enum DefaultRatingTables {
    struct Choice {
        var main: (url: URL, name: String)
        var more: [(url: URL, name: String)]
    }

    static func choose(lakes: [String], data: DataOptions) throws -> Choice {
        let catalogue = try OperatorCatalogue.inDataFolder(data)
        var seen = Set<String>()
        var tables: [(url: URL, name: String)] = []
        for lake in lakes {
            for chosen in catalogue.operators(onLake: lake) where chosen.id != "zsg" && seen.insert(chosen.id).inserted
            {
                let url = try data.file("ratings/\(chosen.id).json")
                if FileManager.default.fileExists(atPath: url.path) {
                    tables.append((url, "Data/ratings/\(chosen.id).json"))
                }
            }
        }
        let app = (url: try data.file("app-ratings.json"), name: "Data/app-ratings.json")
        if tables.isEmpty || lakes.contains("Zürichsee") { return Choice(main: app, more: tables) }
        return Choice(main: tables[0], more: Array(tables.dropFirst()))
    }
}
