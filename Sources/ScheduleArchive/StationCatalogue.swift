public import Foundation
import JSONText
import SafeFiles
import TextFormats

/// The app's stations on its lakes: names, UIC ids, coordinates (for sun times), lakes, and
/// each lake's operators as the app lists them.
///
/// Format: `{"lakes": [{"name", "operators", "stations": [{"name", "uic_ref", "coordinates":
/// {"latitude", "longitude"}}]}]}`. Entries that lack an id or coordinates (the app's list holds
/// a bare name) are skipped and reported in ``warnings``.
public struct StationCatalogue: Sendable {
    public let stations: [Station]
    public let warnings: [String]
    /// Lake → its operators' codes as the list gives them ("ZSG"; empty strings dropped).
    public let operators: [String: [String]]
    private let byUIC: [Int: Station]

    public init(stations: [Station], warnings: [String] = [], operators: [String: [String]] = [:]) {
        self.stations = stations
        self.warnings = warnings
        self.operators = operators
        byUIC = Dictionary(stations.map { ($0.uic, $0) }, uniquingKeysWith: { first, _ in first })
    }

    package func station(uic: Int) -> Station? { byUIC[uic] }

    /// Lake names in file order.
    public var lakes: [String] {
        var seen = Set<String>()
        return stations.map(\.lake).filter { seen.insert($0).inserted }
    }

    /// Stations of a lake, matched case- and diacritic-insensitively (`zurichsee` finds Zürichsee).
    /// The stations of a lake named in full or by a unique prefix ("zürich" → Zürichsee; case
    /// and accents ignored); none for an unknown or ambiguous name.
    package func stations(onLake name: String) -> [Station] {
        guard let lake = lake(named: name) else { return [] }
        return stations.filter { $0.lake == lake }
    }

    /// The lake a name means: the list's name or one riders use ("Lake Geneva", "Genfersee";
    /// ``LakeNames``), or a unique prefix of those (case and accents ignored); nil otherwise.
    package func lake(named name: String) -> String? {
        if case .one(let lake) = lakeMatch(name) { return lake }
        return nil
    }

    /// Loads `stations.json`.
    /// - Throws: ``ArchiveError/malformed(path:reason:)`` when the file is not that shape at all.
    public static func load(from url: URL) throws -> StationCatalogue {
        let data: Data
        do { data = try BoundedFile.read(url, limit: BoundedFile.tableLimit, what: "station list") } catch let problem
            as FileProblem
        {
            throw ArchiveError.unreadable(problem)
        }
        let parsed: Any
        do { parsed = try JSONSerialization.jsonObject(with: data) } catch {
            throw ArchiveError.malformed(
                path: url.path,
                reason: "invalid JSON" + (JSONSyntax.place(of: error, in: data).map { " at \($0)" } ?? ""))
        }
        guard let root = parsed as? [String: Any], let lakes = root["lakes"] as? [[String: Any]] else {
            throw ArchiveError.malformed(path: url.path, reason: "expected {\"lakes\": [...]}")
        }
        var stations: [Station] = []
        var warnings: [String] = []
        var seen: [Int: String] = [:]
        var operators: [String: [String]] = [:]
        for (lakeIndex, lake) in lakes.enumerated() {
            let lakeName = lake["name"] as? String ?? "lake \(lakeIndex)"
            operators[lakeName, default: []] += ((lake["operators"] as? [Any]) ?? []).compactMap { $0 as? String }
                .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            for (index, entry) in (lake["stations"] as? [Any] ?? []).enumerated() {
                let place = "\(url.lastPathComponent): \(lakeName), station \(index)"
                guard let object = entry as? [String: Any],
                    let name = (object["name"] as? String).map({
                        String($0.unicodeScalars.filter { !VisibleText.isHidden($0) })
                    })
                else {
                    warnings.append("\(place) (\(entry)): not a station object with a name; skipped")
                    continue
                }
                guard let uicText = object["uic_ref"] as? String ?? (object["uic_ref"] as? Int).map(String.init),
                    let uic = Int(uicText)
                else {
                    warnings.append("\(place) \"\(name)\": no numeric uic_ref; skipped")
                    continue
                }
                guard let coordinates = object["coordinates"] as? [String: Any],
                    let latitude = (coordinates["latitude"] as? NSNumber)?.doubleValue,
                    let longitude = (coordinates["longitude"] as? NSNumber)?.doubleValue,
                    (-90...90).contains(latitude), (-180...180).contains(longitude)
                else {
                    warnings.append("\(place) \"\(name)\": no valid coordinates; skipped")
                    continue
                }
                if let other = seen[uic] {
                    warnings.append("\(place) \"\(name)\": uic_ref \(uic) already used by \"\(other)\"; skipped")
                    continue
                }
                seen[uic] = name
                stations.append(
                    Station(uic: uic, name: name, latitude: latitude, longitude: longitude, lake: lakeName))
            }
        }
        return StationCatalogue(stations: stations, warnings: warnings, operators: operators)
    }
}

extension StationCatalogue {
    /// The station an operator's stop name means ("Genève Jardin Anglais", "Wädenswil",
    /// "LAUSANNE-OUCHY"), when exactly one station of `lakes` (all lakes when empty) matches:
    /// names compared without case, accents, hyphens or a trailing "(See)", "(lac)", "(lago)".
    package func station(matchingStopName name: String, onLakes lakes: Set<String> = []) -> Station? {
        func key(_ text: String) -> String {
            var folded = TextKey.fold(text.replacingOccurrences(of: "-", with: " "))
            for suffix in [" (see)", " (lac)", " (lago)", " (schiff)"] where folded.hasSuffix(suffix) {
                folded.removeLast(suffix.count)
            }
            return folded
        }
        let wanted = key(name)
        guard !wanted.isEmpty else { return nil }
        let candidates = stations.filter { (lakes.isEmpty || lakes.contains($0.lake)) && key($0.name) == wanted }
        return candidates.count == 1 ? candidates[0] : nil
    }
}
