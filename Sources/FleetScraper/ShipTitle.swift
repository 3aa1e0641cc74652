import Foundation
import TextFormats

/// Ship names in page titles and link texts: the type word that opens them, and the ships a
/// title names (a class page names several).
package enum ShipTitle {
    /// Type words (folded: case and diacritics ignored) with the prefix they stand for, longest
    /// first: German, French, Italian and English (docs/SCIENCE.md §8), and the prefixes themselves.
    static let typeWords: [(word: String, prefix: String)] = [
        ("bateaux a moteur", "MS"), ("bateau a moteur", "MS"), ("bateaux a vapeur", "DS"), ("bateau a vapeur", "DS"),
        ("e-motorschiffe", "EMS"), ("e-motorschiff", "EMS"), ("elektro-motorschiff", "EMS"),
        ("elektromotorschiff", "EMS"), ("elektroschiffe", "EMS"), ("elektroschiff", "EMS"), ("motorschiffe", "MS"),
        ("motorschiff", "MS"), ("raddampfer", "DS"), ("salondampfer", "DS"), ("dampfer", "DS"),
        ("dampfschiffe", "DS"), ("dampfschiff", "DS"), ("motor vessel", "MS"), ("motor ship", "MS"),
        ("paddle steamer", "DS"), ("steamship", "DS"), ("motonavi", "MS"), ("motonave", "MS"), ("piroscafi", "DS"),
        ("piroscafo", "DS"), ("e-ms", "EMS"), ("m/s", "MS"), ("d/s", "DS"), ("m.s.", "MS"), ("d.s.", "DS"),
        ("ems", "EMS"), ("em", "EMS"), ("ms", "MS"), ("ds", "DS"),
    ]

    /// A title split into the ships it names, with the prefix its type word implies:
    /// "Motorschiffe Albis, Pfannenstiel & Uetliberg" → (MS, [Albis, Pfannenstiel, Uetliberg]);
    /// "Bateau à moteur Lausanne" → (MS, [Lausanne]). Without a type word the prefix is nil.
    package static func ships(in title: String) -> (prefix: String?, names: [String]) {
        // "Stadt Zürich (Schiff, 1909)": a bracketed note is not part of the name.
        var rest = title
        while let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") {
            rest.removeSubrange(open...close)
        }
        rest = rest.trimmingCharacters(in: .whitespacesAndNewlines)
        var prefix: String?
        let words = rest.split(separator: " ", omittingEmptySubsequences: true)
        for (word, p) in typeWords {
            let count = word.split(separator: " ").count
            guard words.count > count, TextKey.fold(words.prefix(count).joined(separator: " ")) == word else {
                continue
            }
            prefix = p
            rest = words.dropFirst(count).joined(separator: " ")
            break
        }
        var names = rest
        for separator in [" & ", " und ", " et ", " and ", " e "] {
            names = names.replacingOccurrences(of: separator, with: ",")
        }
        // Guillemets and quotes around a name («Linth», "Linth") are not part of it.
        let quotes = CharacterSet(charactersIn: "«»‹›\"„“”‚‘’'").union(.whitespaces)
        return (prefix, names.split(separator: ",").map { $0.trimmingCharacters(in: quotes) }.filter { !$0.isEmpty })
    }
}
