import Foundation
import ScheduleArchive
import Testing
import _TestSupport

/// `nextwave stations`' search and list, against Data/stations.json read here with
/// JSONSerialization and names compared with Foundation's own case and accent folding.
@Suite struct StationListingTests {
    let catalogue: StationCatalogue
    /// (UIC id as written, name, lake, latitude, longitude) of every station with a numeric id
    /// and coordinates (one entry's id is a name: the catalogue skips it), in the file's order, each id once (a station on two lakes' lists, such as a
    /// pier two lakes share, is listed under the first).
    let raw: [(id: String, name: String, lake: String, latitude: Double, longitude: Double)]

    init() throws {
        catalogue = try StationCatalogue.load(from: RepositoryPaths.stations)
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: RepositoryPaths.stations)) as! [String: Any]
        var seen = Set<String>()
        raw = (root["lakes"] as! [[String: Any]]).flatMap { lake in
            // The app's list also holds bare names (no id, no place): the catalogue skips them.
            (lake["stations"] as! [Any]).compactMap { entry in
                guard let station = entry as? [String: Any], let id = station["uic_ref"] as? String,
                    let point = station["coordinates"] as? [String: Double]
                else { return nil }
                guard Int(id) != nil, seen.insert(id).inserted else { return nil }
                return (
                    id, station["name"] as! String, lake["name"] as! String, point["latitude"]!, point["longitude"]!
                )
            }
        }
    }

    func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    @Test func searchIgnoresCaseAndAccentsWithinALake() throws {
        for search in ["wad", "WÄD", "see)", "zürich", "Lac"] {
            let expected = raw.filter { folded($0.name).contains(folded(search)) }.map(\.name)
            #expect(try catalogue.stations(ofLake: nil, containing: search).map(\.name) == expected, "\(search)")
            let onLake = raw.filter { $0.lake == "Zürichsee" && folded($0.name).contains(folded(search)) }.map(\.name)
            #expect(
                try catalogue.stations(ofLake: "Lake Zurich", containing: search).map(\.name) == onLake, "\(search)")
        }
        #expect(try catalogue.stations(ofLake: nil, containing: nil).count == raw.count)
        #expect(throws: StationQueryError.self) { try catalogue.stations(ofLake: "Lago", containing: nil) }
    }

    @Test func theJSONListHoldsEveryStationAsTheFileDoes() throws {
        let text = StationListing.json(catalogue.stations)
        #expect(text.split(separator: "\n").count == raw.count + 2)
        let rows = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [[String: Any]]
        #expect(rows.count == raw.count)
        for (row, station) in zip(rows, raw) {
            #expect(row["stationId"] as? String == station.id && row["name"] as? String == station.name)
            #expect(row["lake"] as? String == station.lake)
            #expect(row["latitude"] as? Double == station.latitude && row["longitude"] as? Double == station.longitude)
        }
        #expect(StationListing.json([]) == "[\n]")
    }

    /// Zürich Bürkliplatz (See) is at 47.365662 N, 8.541005 E in the file: 47.3657, 8.5410.
    @Test func theTableRoundsToFourDecimals() throws {
        let lines = StationListing.text(try catalogue.stations(ofLake: "Zürichsee", containing: "bürkli"))
            .split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(lines.first == ["UIC", "Station", "Lake", "Lat", "Lon"])
        #expect(
            lines.dropFirst().filter { !$0.allSatisfy { $0.allSatisfy { $0 == "-" } } }.last
                == ["8503651", "Zürich", "Bürkliplatz", "(See)", "Zürichsee", "47.3657", "8.5410"])
    }
}
