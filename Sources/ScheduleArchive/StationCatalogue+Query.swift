import Foundation
import TextFormats

extension StationCatalogue {
    /// The station a person means: a UIC id, or a name compared without case, accents and
    /// spacing, umlauts written or written out (``TextFormats/NameKey``): the whole name, or a
    /// prefix only one station's name starts with ("wadenswil" and "Waedenswil" find
    /// "Wädenswil (See)").
    /// - Throws: ``StationQueryError`` naming close matches, or the stations a prefix fits.
    /// - Parameter lake: only this lake's stations (its did-you-mean among them).
    public func resolve(_ query: String, onLake lake: String? = nil) throws -> Station {
        let pool = lake.map { lake in stations.filter { $0.lake == lake } } ?? stations
        let text = query.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) {
            if let uic = Int(text), let station = station(uic: uic), lake == nil || station.lake == lake {
                return station
            }
            throw StationQueryError.unknown(query, closest: [])
        }
        let key = NameKey(text)
        guard !key.isEmpty else { throw StationQueryError.unknown(query, closest: []) }
        if let exact = pool.first(where: { key.matches(NameKey($0.name)) }) { return exact }
        let prefixed = pool.filter { key.starts(NameKey($0.name)) }
        if prefixed.count == 1 { return prefixed[0] }
        if prefixed.count > 1 {
            throw StationQueryError.ambiguous(query, matches: prefixed.map { "\($0.name) (\($0.uic))" })
        }
        throw StationQueryError.unknown(query, closest: NameMatch.closest(to: text, in: pool.map(\.name)))
    }

    /// Several queries, each a name or id, or a comma-separated list of them; each station once.
    public func resolve(all queries: [String], onLake lake: String? = nil) throws -> [Station] {
        var result: [Station] = []
        for query in queries {
            // A list's empty items are skipped ("wadenswil," is one station); a query of none
            // at all ("", ",") is refused, not read as no stations.
            let items = query.split(separator: ",").map(String.init)
            guard items.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
                throw StationQueryError.unknown(query, closest: [])
            }
            for item in items where !item.trimmingCharacters(in: .whitespaces).isEmpty {
                let station = try resolve(item, onLake: lake)
                if !result.contains(station) { result.append(station) }
            }
        }
        return result
    }

    /// The stations of a lake (by any name riders use), or an error naming the lakes a prefix
    /// fits, or the lakes there are.
    package func stations(ofLake name: String) throws -> [Station] {
        switch lakeMatch(name) {
        case .one(let lake): return stations.filter { $0.lake == lake }
        case .several(let lakes): throw StationQueryError.ambiguousLake(name, matches: lakes)
        case .none: throw StationQueryError.unknownLake(name, known: lakes)
        }
    }
}
