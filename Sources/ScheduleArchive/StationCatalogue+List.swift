import JSONText
import TextFormats

extension StationCatalogue {
    /// The stations of `lake` (any name riders use, or a unique prefix; nil: every lake) whose
    /// names contain `search` with case and accents ignored (nil: all), in the list's order.
    /// - Throws: ``StationQueryError`` for a lake name that fits none or several.
    package func stations(ofLake lake: String?, containing search: String?) throws -> [Station] {
        let pool = try lake.map { try stations(ofLake: $0) } ?? stations
        guard let search else { return pool }
        let key = NameKey(search)
        return pool.filter { key.occurs(in: NameKey($0.name)) }
    }
}

/// The station list `nextwave stations` prints.
package enum StationListing {
    /// What a search that found nothing says: which search, where, and what to try: the close
    /// names, as `--station` offers them ("wädi": Wädenswil), else a shorter part.
    /// - Parameter lake: the lake's name as the station list writes it, when the search had one.
    package static func noMatch(_ search: String, lake: String?, in catalogue: StationCatalogue) -> String {
        var next = "try a shorter part"
        do {
            next = NameMatch.didYouMean(try catalogue.resolve(all: [search], onLake: lake).map(\.name))
        } catch StationQueryError.unknown(_, let closest) where !closest.isEmpty {
            next = NameMatch.didYouMean(closest)
        } catch {}
        return "no station\(lake.map { " of \($0)" } ?? "") has \"\(search)\" in its name; \(next)"
    }

    /// A table: UIC id, name, lake, latitude and longitude (degrees, 4 decimals: about 10 m).
    package static func text(_ stations: [Station]) -> String {
        TextTable.render(
            header: ["UIC", "Station", "Lake", "Lat", "Lon"],
            rows: stations.map { [String($0.uic), $0.name, $0.lake, fixed($0.latitude, 4), fixed($0.longitude, 4)] })
    }

    /// JSON, one station a line: `[{"stationId": "<uic>", "name", "lake", "latitude",
    /// "longitude"}]` (the id a string, as the app's list and every other output give it;
    /// degrees in full precision).
    package static func json(_ stations: [Station]) -> String {
        let rows = stations.map { s in
            "  {\"stationId\": \"\(s.uic)\", \"name\": \(PrettyJSON.quoted(s.name)), "
                + "\"lake\": \(PrettyJSON.quoted(s.lake)), \"latitude\": \(s.latitude), \"longitude\": \(s.longitude)}"
        }
        return "[\n" + rows.joined(separator: ",\n") + (rows.isEmpty ? "]" : "\n]")
    }
}
