import Foundation
import ShipRatingReader

/// Ship-name rules shared by the rating table and the schedule side (page titles are the
/// scraper's: `FleetScraper.ShipTitle`).
public enum ShipNames {
    /// The key names are compared by: trimmed, white space folded, case and diacritics ignored,
    /// quotation marks dropped («Linth», "Linth"), and the ASCII spellings of umlauts folded with
    /// them ("Zuerichsee" and "Zürichsee" share a key). The app's reader compares names the same
    /// way (`ShipRatingReader/PublishedRatings/key(_:)` is this rule).
    public static func key(_ name: String) -> String { PublishedRatings.key(name) }

    /// `text` with umlauts and accents spelled in ASCII as Swiss German does (ä → ae, ö → oe,
    /// ü → ue; other accents dropped): "Zürichsee" → "Zuerichsee". nil when nothing changes.
    public static func asciiSpelling(_ text: String) -> String? {
        var out = ""
        for character in text {
            switch character {
            case "ä": out += "ae"
            case "ö": out += "oe"
            case "ü": out += "ue"
            case "Ä": out += "Ae"
            case "Ö": out += "Oe"
            case "Ü": out += "Ue"
            default:
                out += String(character).folding(options: .diacriticInsensitive, locale: nil)
            }
        }
        return out == text ? nil : out
    }

    /// The lakes (and the river) the app knows: never a ship's bare alias, so that a ship named
    /// after its lake cannot be mistaken for it.
    public static let lakeNames: Set<String> = Set(
        [
            "Zürichsee", "Vierwaldstättersee", "Bodensee", "Lac Léman", "Genfersee", "Thunersee", "Brienzersee",
            "Lago Maggiore", "Lago di Lugano", "Luganersee", "Bielersee", "Neuenburgersee", "Lac de Neuchâtel",
            "Murtensee", "Aare", "Zugersee", "Walensee", "Hallwilersee", "Ägerisee", "Rhein", "Untersee",
        ].map(key))

    /// Whether `name` is the name of a lake the app knows.
    public static func isLakeName(_ name: String) -> Bool { lakeNames.contains(key(name)) }
}
