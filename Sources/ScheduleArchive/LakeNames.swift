import Foundation
import TextFormats

/// The names riders use for the lakes of the station list: German, French, Italian and English,
/// and common short or older forms. Keys are the lakes as `stations.json` names them.
package enum LakeNames {
    package static let aliases: [String: [String]] = [
        "Zürichsee": ["Lake Zurich", "Lac de Zurich", "Lago di Zurigo", "Zürisee"],
        "Vierwaldstättersee": [
            "Lake Lucerne", "Lac des Quatre-Cantons", "Lago dei Quattro Cantoni", "Luzernersee", "Lucerne",
        ],
        "Bodensee": ["Lake Constance", "Lac de Constance", "Lago di Costanza"],
        "Lac Léman": [
            "Lake Geneva", "Genfersee", "Genfer See", "Lac de Genève", "Léman", "Lago Lemano", "Lago di Ginevra",
        ],
        "Thunersee": ["Lake Thun", "Lac de Thoune", "Lago di Thun"],
        "Brienzersee": ["Lake Brienz", "Lac de Brienz", "Lago di Brienz"],
        "Lago Maggiore": ["Lake Maggiore", "Langensee", "Lac Majeur"],
        "Lago di Lugano": ["Lake Lugano", "Luganersee", "Lac de Lugano", "Ceresio"],
        "Bielersee": ["Lake Biel", "Lac de Bienne", "Lago di Bienne"],
        "Neuenburgersee": ["Lake Neuchâtel", "Lac de Neuchâtel", "Lago di Neuchâtel"],
        "Murtensee": ["Lake Murten", "Lake Morat", "Lac de Morat", "Lago di Morat"],
        "Aare": ["River Aare", "Aar"],
        "Zugersee": ["Lake Zug", "Lac de Zoug", "Lago di Zugo"],
        "Walensee": ["Lake Walen", "Lac de Walenstadt", "Lago di Walenstadt"],
        "Hallwilersee": ["Lake Hallwil", "Lac de Hallwil", "Lago di Hallwil"],
        "Ägerisee": ["Lake Ägeri", "Aegerisee", "Lac d'Ägeri"],
        "Lac de Joux": ["Lake Joux", "Jouxsee"],
        "Greifensee": ["Lake Greifen", "Lac de Greifensee", "Lago di Greifensee"],
    ]

    /// Every name of `lake`: itself and its aliases.
    package static func names(of lake: String) -> [String] { [lake] + (aliases[lake] ?? []) }
}

extension StationCatalogue {
    /// What a lake name asks for: one lake, several (an ambiguous prefix), or none.
    package enum LakeMatch: Equatable {
        case one(String)
        case several([String])
        case none
    }

    /// The lake a name means: the station list's name or any of ``LakeNames`` (case, accents and
    /// spacing ignored); else the lakes whose list name starts with it ("Lago": Lago Maggiore,
    /// Lago di Lugano); else those one of whose other names does.
    package func lakeMatch(_ name: String) -> LakeMatch {
        let key = NameKey(name)
        guard !key.isEmpty else { return .none }
        let names = lakes.map { lake in (lake, LakeNames.names(of: lake).map { NameKey($0) }) }
        if let exact = names.first(where: { $0.1.contains { key.matches($0) } }) { return .one(exact.0) }
        var prefixed = names.filter { key.starts($0.1[0]) }.map(\.0)
        if prefixed.isEmpty { prefixed = names.filter { $0.1.contains { key.starts($0) } }.map(\.0) }
        switch prefixed.count {
        case 0: return .none
        case 1: return .one(prefixed[0])
        default: return .several(prefixed)
        }
    }
}
